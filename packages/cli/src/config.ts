import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { type FileSettings, findConfig, type ParsedConfig, parseConfig, settingsFor } from "@mailroom/checker";
import type { Diagnostic } from "@mailroom/syntax";
import { readSource, UsageError } from "./files.js";
import type { FileReport } from "./report.js";

/** A file's settings and the configuration they come from (none: every rule with its defaults). */
export interface ResolvedSettings extends FileSettings {
  readonly config?: string;
}

const DEFAULTS: FileSettings = { ignored: false, rules: {} };

/**
 * Finds and reads the configuration of each linted file: the one given with `--config`, else the nearest
 * `mailroom.config.yaml` above the file. Each configuration is read once. A configuration with problems gives
 * no settings; its problems are kept in `problems`, for the command to report before linting anything.
 */
export class ConfigResolver {
  readonly #explicit: string | undefined;
  readonly #configs = new Map<string, Promise<ParsedConfig>>();
  readonly #found = new Map<string, Promise<string | undefined>>();
  readonly #texts = new Map<string, string>();

  constructor(explicit?: string) {
    this.#explicit = explicit;
  }

  /** Reads the explicit configuration, if any; a missing one is a usage error. */
  async init(): Promise<void> {
    if (this.#explicit === undefined) return;
    const info = await stat(this.#explicit).catch(() => undefined);
    if (!info?.isFile()) throw new UsageError(`Configuration "${this.#explicit}" does not exist.`);
    // Read now, so that its problems are reported even when no file is linted.
    await this.#read(this.#explicit);
  }

  async settingsFor(file: string): Promise<ResolvedSettings> {
    const path = this.#explicit ?? (await this.#nearest(dirname(resolve(file))));
    if (path === undefined) return DEFAULTS;
    const parsed = await this.#read(path);
    if (!parsed.config) return { ...DEFAULTS, config: path };
    return { ...settingsFor(parsed.config, dirname(resolve(path)), file), config: path };
  }

  /** Every configuration read so far that has problems, as reports of those files. */
  async problems(): Promise<FileReport[]> {
    const reports: FileReport[] = [];
    for (const parsed of await Promise.all(this.#configs.values())) {
      if (parsed.diagnostics.length === 0) continue;
      reports.push({ file: parsed.file, text: this.#texts.get(parsed.file) ?? "", diagnostics: parsed.diagnostics });
    }
    return reports;
  }

  #nearest(directory: string): Promise<string | undefined> {
    let found = this.#found.get(directory);
    if (!found) {
      found = findConfig(directory);
      this.#found.set(directory, found);
    }
    return found;
  }

  #read(path: string): Promise<ParsedConfig> {
    let parsed = this.#configs.get(path);
    if (!parsed) {
      parsed = readSource(path).then((source): ParsedConfig => {
        this.#texts.set(path, source.text);
        if (source.ok) return parseConfig(path, source.text);
        const diagnostic: Diagnostic = {
          code: source.code,
          severity: "error",
          message: source.message,
          span: { offset: source.offset, length: 0 },
        };
        return { file: path, diagnostics: [diagnostic] };
      });
      this.#configs.set(path, parsed);
    }
    return parsed;
  }
}
