import { isAbsolute, relative, resolve, sep } from "node:path";
import { CONFIGURABLE_CODES, type Severity } from "@mailroom/syntax";
import picomatch from "picomatch";
import type { RuleSettings, RuleSettingsMap } from "../engine/run.js";
import { RULES } from "../rules/index.js";
import type { ResolvedConfig, RuleLayer } from "./parse.js";

/** How one file is linted under a configuration. */
export interface FileSettings {
  /** The file matches an `ignore` glob: it is not linted. */
  readonly ignored: boolean;
  /** Severity and options of every rule the configuration sets for the file. */
  readonly rules: RuleSettingsMap;
  /** The unit of the file's areas, when its configuration sets it. */
  readonly areaUnit?: "pt" | "mm";
  /** Where reports link the documentation, when its configuration sets it. */
  readonly docsUrl?: string;
  /** A sample file per box name, as absolute paths, when its configuration gives some. */
  readonly samples?: Readonly<Record<string, string>>;
  /** How many findings of one code the file lists, when its configuration sets it. */
  readonly maxFindingsPerCode?: number;
  /** The organizational units of its configuration's environments (their `ou`), as absolute paths. */
  readonly organizationalUnits?: readonly string[];
  /** The option listings of its configuration's environments that cache both, as absolute paths, by environment. */
  readonly optionListings?: Readonly<Record<string, { readonly types: string; readonly options: string }>>;
}

type Matcher = (path: string) => boolean;

interface Compiled {
  readonly ignore: Matcher;
  readonly overrides: readonly Matcher[];
}

const compiledConfigs = new WeakMap<ResolvedConfig, Compiled>();

/** `./a/b/` -> `a/b`: a pattern naming a directory, written any way, matches the directory itself. */
const normalizePattern = (pattern: string): string => pattern.replace(/^(\.\/)+/, "").replace(/\/+$/, "") || ".";

/**
 * A matcher of paths relative to the configuration's directory: true when a glob matches the path or one of
 * the directories it is in (so `legacy`, `legacy/` and `legacy/**` all cover everything under `legacy`).
 */
function matcher(patterns: readonly string[]): Matcher {
  if (patterns.length === 0) return () => false;
  const test = picomatch(patterns.map(normalizePattern), { dot: true });
  return (path) => {
    for (let at = path; at !== ""; at = at.includes("/") ? at.slice(0, at.lastIndexOf("/")) : "") {
      if (test(at)) return true;
    }
    return false;
  };
}

function compile(config: ResolvedConfig): Compiled {
  let compiled = compiledConfigs.get(config);
  if (!compiled) {
    compiled = { ignore: matcher(config.ignore), overrides: config.overrides.map((o) => matcher(o.files)) };
    compiledConfigs.set(config, compiled);
  }
  return compiled;
}

const defaultSeverity = (id: string): Severity =>
  RULES.get(id)?.meta.severity ?? CONFIGURABLE_CODES.get(id) ?? "warning";

/** Applies a layer over the settings so far: a severity replaces the one before, options replace options. */
function apply(settings: Record<string, RuleSettings>, layer: RuleLayer): void {
  for (const [id, configured] of Object.entries(layer)) {
    const before = settings[id];
    const severity = configured.severity ?? before?.severity ?? defaultSeverity(id);
    const options = configured.options ? configured.options.value : before?.options;
    settings[id] = options === undefined ? { severity } : { severity, options };
  }
}

/**
 * The settings of one file under a configuration found in (or given for) `configDir`: the top-level rules,
 * then each override whose `files` match, in order. Globs are matched against the file's path relative to
 * `configDir`, with `/` separators; a file outside that directory matches no glob (the top-level rules still
 * apply to it).
 */
export function settingsFor(config: ResolvedConfig, configDir: string, file: string): FileSettings {
  const path = relative(resolve(configDir), resolve(file)).split(sep).join("/");
  const inside = path !== "" && !path.startsWith("../") && path !== ".." && !isAbsolute(path);
  const compiled = compile(config);
  const rules: Record<string, RuleSettings> = {};
  apply(rules, config.rules);
  if (inside) {
    config.overrides.forEach((override, i) => {
      if (compiled.overrides[i]?.(path)) apply(rules, override.rules);
    });
  }
  return {
    ignored: inside && compiled.ignore(path),
    rules,
    ...(config.areaUnit !== undefined && { areaUnit: config.areaUnit }),
    ...(config.maxFindingsPerCode !== undefined && { maxFindingsPerCode: config.maxFindingsPerCode }),
    ...(config.docsUrl !== undefined && { docsUrl: config.docsUrl }),
    ...(config.environments !== undefined && environmentFiles(configDir, config.environments)),
    ...(config.samples !== undefined && {
      samples: Object.fromEntries(Object.entries(config.samples).map(([box, file]) => [box, resolve(configDir, file)])),
    }),
  };
}

/** The files a configuration's environments cache (`ou`, `options`, `optionTypes`) that checks read, resolved. */
function environmentFiles(
  configDir: string,
  environments: NonNullable<ResolvedConfig["environments"]>,
): Pick<FileSettings, "organizationalUnits" | "optionListings"> {
  const entries = Object.entries(environments);
  const listings = entries.flatMap(([name, { options, optionTypes }]) =>
    options !== undefined && optionTypes !== undefined
      ? [[name, { types: resolve(configDir, optionTypes), options: resolve(configDir, options) }] as const]
      : [],
  );
  return {
    organizationalUnits: entries.flatMap(([, { ou }]) => (ou === undefined ? [] : [resolve(configDir, ou)])),
    optionListings: Object.fromEntries(listings),
  };
}
