import { basename } from "node:path";
import { describeValue, diagnoseAgainst, type Location, locatorOf } from "@mailroom/compiler";
import {
  CONFIGURABLE_CODES,
  type Diagnostic,
  diagnostic,
  isBaseCode,
  isJsonObject,
  nearest,
  type PathSegment,
  parseYaml,
  quotedList,
  type Severity,
  toJson,
} from "@mailroom/syntax";
import * as z from "zod";
import { RULES } from "../rules/index.js";
import { configSchema, type Environment, MailroomConfig, RuleSettingObject, SeveritySetting } from "./schema.js";

/** One rule's entry in one layer of the configuration: what it sets, options already validated. */
export interface ConfiguredRule {
  readonly severity?: Severity | "off";
  /** Present when the layer sets options (which then replace any set before). */
  readonly options?: { readonly value: unknown };
}

export type RuleLayer = Readonly<Record<string, ConfiguredRule>>;

/** A configuration read and validated: rule ids known, options parsed by each rule's schema. */
export interface ResolvedConfig {
  readonly rules: RuleLayer;
  readonly overrides: readonly { readonly files: readonly string[]; readonly rules: RuleLayer }[];
  readonly ignore: readonly string[];
  /** The unit of areas, when the configuration sets it. */
  readonly areaUnit?: "pt" | "mm";
  /** Where reports link the documentation, when the configuration sets it. */
  readonly docsUrl?: string;
  /** A sample file per box name, as written (relative to the configuration's directory). */
  readonly samples?: Readonly<Record<string, string>>;
  /** How many findings of one code a file lists, when the configuration sets it. */
  readonly maxFindingsPerCode?: number;
  /** The platforms services are pulled from, by name; their paths as written (relative to the configuration). */
  readonly environments?: Readonly<Record<string, Environment>>;
}

export interface ParsedConfig {
  /** The configuration file, as given. */
  readonly file: string;
  /** Undefined when the file has any problem: a configuration is used whole or not at all. */
  readonly config?: ResolvedConfig;
  /** Every problem, located in the configuration's text, in text order; all are errors. */
  readonly diagnostics: Diagnostic[];
}

type Json = Record<string, unknown>;
type Locate = (path: readonly PathSegment[]) => Location;

const isObject = (value: unknown): value is Json => isJsonObject(value);

/** Whether the text holds nothing but blank lines and comments: a configuration that sets nothing. */
const isBlank = (text: string): boolean => text.split(/\r\n|\r|\n/).every((line) => /^\s*(#.*)?$/.test(line));

const keyOrValue = (location: Location) => location.keySpan ?? location.span;

/** Every `rules` map of a configuration (top level, then each override's) that is an object, with its path. */
function ruleMaps(json: unknown): { at: PathSegment[]; rules: Json }[] {
  if (!isObject(json)) return [];
  const maps: { at: PathSegment[]; rules: Json }[] = [];
  if (isObject(json.rules)) maps.push({ at: ["rules"], rules: json.rules });
  if (Array.isArray(json.overrides)) {
    json.overrides.forEach((override: unknown, i) => {
      if (isObject(override) && isObject(override.rules)) {
        maps.push({ at: ["overrides", i, "rules"], rules: override.rules });
      }
    });
  }
  return maps;
}

/**
 * Reads `mailroom.config.yaml` text. Beyond its shape (the `MailroomConfig` schema, from which
 * `schemas/mailroom-config.schema.json` is generated), every rule id must name a rule (the nearest is
 * suggested) and every `options` must satisfy its rule's `meta.options`. Every problem is an error, and all
 * are reported at once: a typo in a configuration must never lint quietly with other settings than meant.
 */
export function parseConfig(file: string, text: string): ParsedConfig {
  if (isBlank(text)) return { file, config: { rules: {}, overrides: [], ignore: [] }, diagnostics: [] };
  const parsed = parseYaml(text);
  if (!parsed.root || parsed.diagnostics.some((d) => d.severity === "error")) {
    return { file, diagnostics: parsed.diagnostics.map(asError) };
  }
  const locate = locatorOf(parsed.root);
  const json = toJson(parsed.root);
  const maps = ruleMaps(json);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics, ...checkShape(basename(file), json, locate)];
  for (const { at, rules } of maps) {
    for (const [id, setting] of Object.entries(rules)) {
      const problem = checkRuleId(id, locate([...at, id]));
      if (problem) diagnostics.push(problem);
      else if (isObject(setting) && Object.hasOwn(setting, "options")) {
        diagnostics.push(...checkOptions(id, setting.options, [...at, id, "options"], locate));
      }
    }
  }
  if (diagnostics.length > 0) {
    return { file, diagnostics: diagnostics.map(asError).sort((a, b) => a.span.offset - b.span.offset) };
  }

  const value = MailroomConfig.parse(json);
  const layer = (rules: MailroomConfig["rules"]): RuleLayer =>
    Object.fromEntries(
      Object.entries(rules ?? {}).map(([id, setting]): [string, ConfiguredRule] => {
        if (typeof setting === "string") return [id, { severity: setting }];
        const schema = RULES.get(id)?.meta.options;
        return [
          id,
          {
            ...(setting.severity !== undefined ? { severity: setting.severity } : {}),
            ...(Object.hasOwn(setting, "options") && schema
              ? { options: { value: schema.parse(setting.options) } }
              : {}),
          },
        ];
      }),
    );
  const config: ResolvedConfig = {
    rules: layer(value.rules),
    overrides: (value.overrides ?? []).map((override) => ({ files: override.files, rules: layer(override.rules) })),
    ignore: value.ignore ?? [],
    ...(value.areaUnit !== undefined && { areaUnit: value.areaUnit }),
    ...(value.docsUrl !== undefined && { docsUrl: value.docsUrl }),
    ...(value.samples !== undefined && { samples: value.samples }),
    ...(value.maxFindingsPerCode !== undefined && { maxFindingsPerCode: value.maxFindingsPerCode }),
    ...(value.environments !== undefined && { environments: value.environments }),
  };
  return { file, config, diagnostics: [] };
}

const asError = (d: Diagnostic): Diagnostic => (d.severity === "error" ? d : { ...d, severity: "error" });

/**
 * The configuration's shape. Settings are validated in their long form (a severity `s` read as `{ severity:
 * s }`), so that a wrong severity is named as such; a setting of neither form is reported here. The value is
 * put under a key named after the file, so that messages name "mailroom.config.yaml" rather than a service.
 */
function checkShape(name: string, json: unknown, locate: Locate): Diagnostic[] {
  if (!isObject(json)) {
    return [diagnostic("wrong-type", "configTop", { value: describeValue(json), file: name }, locate([]).span)];
  }
  const problems: Diagnostic[] = [];
  const normalized = structuredClone(json);
  for (const { at } of ruleMaps(normalized)) {
    const rules = at.reduce<unknown>((value, key) => (value as Json)[key], normalized) as Json;
    for (const [id, setting] of Object.entries(rules)) {
      if (typeof setting === "string") rules[id] = { severity: setting };
      else if (!isObject(setting)) {
        const data = { rule: id, value: describeValue(setting), severities: quotedList(SeveritySetting.options) };
        problems.push(diagnostic("wrong-type", "configSetting", data, locate([...at, id]).span));
        rules[id] = {};
      }
    }
  }
  const wrapped = z.strictObject({ [name]: configSchema(RuleSettingObject) });
  const shape = diagnoseAgainst(wrapped, { [name]: normalized }, (path) => locate(path.slice(1)));
  return [...problems, ...shape];
}

function checkRuleId(id: string, location: Location): Diagnostic | undefined {
  if (RULES.has(id) || CONFIGURABLE_CODES.has(id)) return undefined;
  const span = keyOrValue(location);
  if (isBaseCode(id)) {
    const configurable = quotedList([...CONFIGURABLE_CODES.keys()], "and");
    return diagnostic("unknown-rule", "notARule", { code: id, configurable }, span);
  }
  const guess = nearest(id, [...RULES.keys(), ...CONFIGURABLE_CODES.keys()]);
  return guess
    ? diagnostic("unknown-rule", "unknownNear", { rule: id, suggestion: guess }, span)
    : diagnostic("unknown-rule", "unknown", { rule: id }, span);
}

function checkOptions(id: string, options: unknown, at: readonly PathSegment[], locate: Locate): Diagnostic[] {
  const schema = RULES.get(id)?.meta.options;
  if (!schema) {
    // An error, not the code's default warning: a configuration is used whole or not at all.
    const problem = diagnostic("unknown-key", "configOptions", { rule: id }, keyOrValue(locate(at)));
    return [{ ...problem, severity: "error" }];
  }
  // Under the rule's id, so that messages name the rule: `"requirements" in "options"`, `"options" in "<id>"`.
  const wrapped = z.strictObject({ [id]: z.strictObject({ options: schema }) });
  return diagnoseAgainst(wrapped, { [id]: { options } }, (path) => locate([...at, ...path.slice(2)]));
}
