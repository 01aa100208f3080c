import { stat } from "node:fs/promises";
import { type ResolvedSettings, ConfigResolver as SharedResolver } from "@mailroom/checker";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";

/**
 * The checker's resolver, reading configurations from disk, and refusing a `--config` that does not exist as a
 * usage error.
 */
export class ConfigResolver extends SharedResolver {
  constructor(explicit?: string) {
    super({ explicit });
  }

  /** Reads the explicit configuration, if any; a missing one is a usage error. */
  async init(): Promise<void> {
    const explicit = this.explicit;
    if (explicit === undefined) return;
    const info = await stat(explicit).catch(() => undefined);
    if (!info) throw new UsageError(`Configuration "${explicit}" does not exist.`);
    // A device or a pipe is read like a file, within the size limit; only a directory cannot be one.
    if (info.isDirectory()) throw new UsageError(`Configuration "${explicit}" is a directory; expected a file.`);
    // Read now, so that its problems are reported even when no file is linted.
    await this.config(explicit);
  }
}

/**
 * The settings of each file from its configuration, for the commands that honour rule severities without
 * linting (`build`, `docs`); undefined, with the problems printed, when a configuration has problems. `what`
 * says what is then not done: "built", "documented".
 */
export async function settingsOf(
  resolver: ConfigResolver,
  files: readonly { readonly file: string }[],
  io: Io,
  what: string,
): Promise<ResolvedSettings[] | undefined> {
  const settings: ResolvedSettings[] = [];
  for (const { file } of files) settings.push(await resolver.settingsFor(file));
  const broken = await resolver.problems();
  if (broken.length === 0) return settings;
  io.err(formatPlain(broken));
  io.err(`mailroom: the configuration has problems; nothing was ${what}.\n`);
  return undefined;
}
