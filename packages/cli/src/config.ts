import { stat } from "node:fs/promises";
import { ConfigResolver as SharedResolver } from "@mailroom/checker";
import { readSource, UsageError } from "./files.js";

/**
 * The checker's resolver, reading files as the CLI reads every input (strict UTF-8, size limit), and refusing
 * a `--config` that does not exist as a usage error.
 */
export class ConfigResolver extends SharedResolver {
  constructor(explicit?: string) {
    super({ explicit, read: readSource });
  }

  /** Reads the explicit configuration, if any; a missing one is a usage error. */
  async init(): Promise<void> {
    const explicit = this.explicit;
    if (explicit === undefined) return;
    const info = await stat(explicit).catch(() => undefined);
    if (!info?.isFile()) throw new UsageError(`Configuration "${explicit}" does not exist.`);
    // Read now, so that its problems are reported even when no file is linted.
    await this.config(explicit);
  }
}
