import { chmod, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { SERVICE_FILE } from "@mailroom/compiler";

/** DSL sources, for `build`. */
export const DSL_FILE = /\.service\.ya?ml$/;

/** Largest input read: far above any real service, small enough that a runaway file cannot exhaust memory. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export class UsageError extends Error {}

/** A file to process, and the directory it was found in when it came from a directory search. */
export interface FoundFile {
  readonly file: string;
  readonly root?: string;
}

/**
 * Expands the paths given on the command line: files as given, directories searched recursively (skipping
 * node_modules and hidden folders) for service files. The order is sorted, so output is deterministic.
 */
export async function expandPaths(paths: readonly string[], pattern: RegExp = SERVICE_FILE): Promise<FoundFile[]> {
  const found = new Map<string, FoundFile>();
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new UsageError(`Path "${path}" does not exist.`);
    if (info.isDirectory()) {
      for (const file of await walk(path, pattern)) if (!found.has(file)) found.set(file, { file, root: path });
    } else if (!found.has(path)) found.set(path, { file: path });
  }
  return [...found.values()];
}

async function walk(directory: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) files.push(...(await walk(path, pattern)));
    } else if (entry.isFile() && pattern.test(entry.name)) files.push(path);
  }
  return files;
}

/** A file's text, or why it cannot be read; `text` is then a lossy decoding, good for locating the problem. */
export type ReadResult =
  | { ok: true; text: string /** The file starts with a byte order mark, which `text` leaves out. */; bom: boolean }
  | { ok: false; text: string; offset: number; message: string; code: string };

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Reads a file as strict UTF-8 (a leading BOM is dropped); refuses oversized files and invalid bytes. */
export async function readSource(path: string): Promise<ReadResult> {
  const info = await stat(path);
  if (info.size > MAX_FILE_BYTES) {
    return {
      ok: false,
      text: "",
      offset: 0,
      code: "file-too-large",
      message: `Found a file of ${info.size} bytes; expected at most ${MAX_FILE_BYTES} bytes for a service file.`,
    };
  }
  const bytes = await readFile(path);
  try {
    // The decoder drops a leading BOM itself; the bytes tell whether there was one.
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return { ok: true, text: decoder.decode(bytes), bom };
  } catch {
    // Streaming holds back a character cut at the end of the prefix: what it returns ends at the bad sequence.
    const good = new TextDecoder("utf-8").decode(bytes.subarray(0, validUtf8Prefix(bytes)), { stream: true });
    return {
      ok: false,
      text: new TextDecoder("utf-8").decode(bytes),
      offset: good.length,
      code: "invalid-encoding",
      message: `Found a byte sequence that is not UTF-8 at byte ${Buffer.byteLength(good)}; expected UTF-8 text.`,
    };
  }
}

/** Length of the longest prefix of the bytes that is UTF-8 (streaming: a character cut at the end is fine). */
function validUtf8Prefix(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  // Prefix validity is monotonic, so a binary search finds the first bad byte; this runs only on bad files.
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      low = mid;
    } catch {
      high = mid - 1;
    }
  }
  return low;
}

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so readers never see half a file.
 * `mode` gives the new file the permissions of the one it replaces.
 */
export async function writeAtomic(path: string, text: string, mode?: number): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, mode === undefined ? {} : { mode });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
