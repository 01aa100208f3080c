import { chmod, mkdir, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  DSL_SERVICE_FILE,
  findServiceFiles,
  ioReason,
  isSystemError,
  JSON_SERVICE_FILE,
  REQUEST_FILE,
  statOf,
  TEST_FILE,
  type UnreadSource,
  unreadDiagnostic,
} from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import { type Diagnostic, diagnostic } from "@mailroom/syntax";
import { UsageError } from "./io.js";
import { displayPath, type FileReport } from "./report.js";

/** A file to process, and the directory it was found in when it came from a directory search. */
export interface FoundFile {
  readonly file: string;
  readonly root?: string;
}

/**
 * Expands the paths given on the command line: files as given, directories searched recursively (skipping
 * node_modules and hidden folders) for files named like `names`. The order is sorted, so output is deterministic.
 * What cannot be read is still listed, so that reading it reports why, for that path, and the others go on: a
 * directory the search cannot enter, a symbolic link to nothing, a path that cannot be looked at (but one that
 * does not exist is a usage error). Finding no file at all is a usage error too, naming the paths and the patterns
 * looked for, so that a wrong path fails CI rather than passing it with nothing checked; unless `none` allows it.
 */
export async function expandPaths(
  paths: readonly string[],
  names: RegExp = SERVICE_FILE,
  none: "allowed" | "refused" = "refused",
): Promise<FoundFile[]> {
  const found = new Map<string, FoundFile>();
  for (const path of paths) {
    const info = await statOf(path).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") throw new UsageError(`Path "${path}" does not exist.`);
      return undefined;
    });
    if (info?.isDirectory()) {
      const search = { names, links: true, unreadableDirectories: true };
      for (const file of await findServiceFiles([path], search)) {
        if (!found.has(file)) found.set(file, { file, root: path });
      }
    } else if (TEST_FILE.test(path) && !names.test(path)) {
      throw new UsageError(`"${path}" is a service's test file: mailroom test runs it.`);
    } else if (!found.has(path)) found.set(path, { file: path });
  }
  if (found.size === 0 && none === "refused") {
    const where = paths.map((path) => `"${path}"`).join(", ");
    throw new UsageError(`No ${patternsOf(names)} file found in ${where}.`);
  }
  return [...found.values()];
}

/** What `lint` looks for: services, and the request files checked against them. */
export const LINTED_FILE = new RegExp(`${SERVICE_FILE.source}|${REQUEST_FILE.source}`, "i");

/** The file names a search looks for, as globs: what a user can compare their file names with. */
function patternsOf(names: RegExp): string {
  const globs = new Map<RegExp, string>([
    [SERVICE_FILE, "*.service.yaml, *.service.yml or *.service.json"],
    [DSL_SERVICE_FILE, "*.service.yaml or *.service.yml"],
    [JSON_SERVICE_FILE, "*.service.json"],
    [TEST_FILE, "*.service.test.yaml"],
    [
      LINTED_FILE,
      "*.service.yaml, *.service.yml, *.service.json, *.job.yaml, *.job.json, *.delivery.yaml, *.delivery.json or *.ou.json",
    ],
  ]);
  return globs.get(names) ?? `/${names.source}/`;
}

const JSON_FILE = /\.service\.json$/i;

/** A JSON file whose DSL source is among `names`: `build`'s output, documented or compared once, as its source. */
export const builtFrom = (file: string, names: ReadonlySet<string>): boolean =>
  JSON_FILE.test(file) && [".service.yaml", ".service.yml"].some((ext) => names.has(file.replace(JSON_FILE, ext)));

/** Temporary files of this process, numbered: short names, whatever the length of the file's. */
let temporaries = 0;

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so readers never see half a file. A
 * symbolic link is written through, to the file it names; a file replaced keeps its permissions.
 */
export async function writeAtomic(link: string, text: string): Promise<void> {
  const path = await realpath(link).catch(() => link);
  const mode = await stat(path).then(
    (info) => info.mode & 0o7777,
    () => undefined,
  );
  const temporary = join(dirname(path), `.mailroom-${process.pid}-${++temporaries}.tmp`);
  try {
    await writeFile(temporary, text, mode === undefined ? {} : { mode });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes an output file atomically, creating its directory. When the system refuses, returns the `cannot-write`
 * diagnostic to report on the file the output was for (at its start), so that a command goes on with the others.
 */
export async function writeOutput(target: string, text: string): Promise<Diagnostic | undefined> {
  try {
    // A file where the directory should be: writing then says "not a directory", which says why.
    await mkdir(dirname(target), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await writeAtomic(target, text);
    return undefined;
  } catch (error) {
    if (!isSystemError(error)) throw error;
    const data = { file: displayPath(target), reason: ioReason(error) };
    return diagnostic("cannot-write", "unwritable", data, { offset: 0, length: 0 });
  }
}

/** How many outputs `writeOutputs` writes at once: each write waits on the system several times. */
const WRITERS = 8;

/**
 * `writeOutput` for each of many outputs (the pages of `docs`), a few at a time rather than one after the other:
 * the problems, in the outputs' order. The paths are distinct.
 */
export async function writeOutputs(
  outputs: readonly { readonly path: string; readonly text: string }[],
): Promise<(Diagnostic | undefined)[]> {
  const problems: (Diagnostic | undefined)[] = [];
  let next = 0;
  const writer = async () => {
    for (let i = next++; i < outputs.length; i = next++) {
      const output = outputs[i] as { readonly path: string; readonly text: string };
      problems[i] = await writeOutput(output.path, output.text);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, outputs.length) }, writer));
  return problems;
}

/** The report of a file that could not be read: why, where. */
export const unreadFile = (file: string, source: UnreadSource): FileReport => ({
  file,
  text: source.text,
  diagnostics: [unreadDiagnostic(source)],
});
