import { dirname, resolve } from "node:path";
import type { Diagnostic } from "@mailroom/syntax";
import { readSource, type UnreadSource, unreadDiagnostic } from "../source-file.js";
import { findConfig } from "./find.js";
import { type ParsedConfig, parseConfig } from "./parse.js";
import { type FileSettings, settingsFor } from "./settings.js";

/** A configuration file's text, or why it cannot be read (`text` is then whatever could be decoded). */
export type ConfigText = { readonly ok: true; readonly text: string } | UnreadSource;

/** How the resolver reads a configuration: from disk as every file is read (`readSource`), or an editor's open buffer. */
export type ConfigReader = (path: string) => Promise<ConfigText>;

/** A file's settings and the configuration they come from (none: every rule with its defaults). */
export interface ResolvedSettings extends FileSettings {
  readonly config?: string;
}

/** A configuration with problems: its text, for a code frame, and every problem found in it. */
export interface ConfigProblems {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

export interface ConfigResolverOptions {
  /** A configuration that applies to every file, instead of the nearest one (`--config`). */
  readonly explicit?: string;
  readonly read?: ConfigReader;
}

const DEFAULTS: FileSettings = { ignored: false, rules: {} };

/**
 * Finds and reads the configuration of each file: the explicit one when given, else the nearest
 * `mailroom.config.yaml` above the file. Each configuration is read once, until `forget()`. A configuration
 * with problems gives no settings; its problems are kept, for `problems()`.
 */
export class ConfigResolver {
  readonly #explicit: string | undefined;
  readonly #read: ConfigReader;
  readonly #configs = new Map<string, Promise<ParsedConfig>>();
  readonly #found = new Map<string, Promise<string | undefined>>();
  readonly #texts = new Map<string, string>();

  constructor(options: ConfigResolverOptions = {}) {
    this.#explicit = options.explicit;
    this.#read = options.read ?? ((path) => readSource(path, "YAML"));
  }

  get explicit(): string | undefined {
    return this.#explicit;
  }

  async settingsFor(file: string): Promise<ResolvedSettings> {
    const path = this.#explicit ?? (await this.#nearest(dirname(resolve(file))));
    if (path === undefined) return DEFAULTS;
    const parsed = await this.config(path);
    if (!parsed.config) return { ...DEFAULTS, config: path };
    return { ...settingsFor(parsed.config, dirname(resolve(path)), file), config: path };
  }

  /** Every configuration read so far that has problems. */
  async problems(): Promise<ConfigProblems[]> {
    const problems: ConfigProblems[] = [];
    for (const parsed of await Promise.all(this.#configs.values())) {
      if (parsed.diagnostics.length === 0) continue;
      problems.push({ file: parsed.file, text: this.#texts.get(parsed.file) ?? "", diagnostics: parsed.diagnostics });
    }
    return problems;
  }

  /** The configuration at `path`, read (once) and validated. */
  config(path: string): Promise<ParsedConfig> {
    let parsed = this.#configs.get(path);
    if (!parsed) {
      parsed = this.#read(path).then((source): ParsedConfig => {
        this.#texts.set(path, source.text);
        return source.ok ? parseConfig(path, source.text) : { file: path, diagnostics: [unreadDiagnostic(source)] };
      });
      this.#configs.set(path, parsed);
    }
    return parsed;
  }

  /** Drops every configuration read and every lookup made: a configuration was created, changed or deleted. */
  forget(): void {
    this.#configs.clear();
    this.#found.clear();
    this.#texts.clear();
  }

  #nearest(directory: string): Promise<string | undefined> {
    let found = this.#found.get(directory);
    if (!found) {
      found = findConfig(directory);
      this.#found.set(directory, found);
    }
    return found;
  }
}
