/*
 * The files the worker's modules see through `node:fs`: held in memory, by absolute POSIX path. The playground
 * puts the bundled example (service, test file, configuration, samples) and the dropped files here; the language
 * server, the checker and the runtime read them with the same calls that read a disk under `mailroom lsp`.
 */

import { WORK_FOLDER } from "../protocol.js";

const files = new Map<string, Uint8Array>();
/** Folders that hold no file but exist: the root. */
const folders = new Set<string>(["/"]);

/** A path as the files are kept: absolute (a relative one is in the work folder, the commands' working directory). */
const normal = (path: string): string => {
  const parts: string[] = [];
  for (const part of (path.startsWith("/") ? path : `${WORK_FOLDER}/${path}`).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
};

export function writeMemoryFile(path: string, content: Uint8Array | string): void {
  files.set(normal(path), typeof content === "string" ? new TextEncoder().encode(content) : content);
}

export const removeMemoryFile = (path: string): boolean => files.delete(normal(path));

export type Kind = "file" | "folder";

export function kindOf(path: string): Kind | undefined {
  const at = normal(path);
  if (files.has(at)) return "file";
  if (folders.has(at)) return "folder";
  const prefix = at === "/" ? "/" : `${at}/`;
  for (const key of files.keys()) if (key.startsWith(prefix)) return "folder";
  return undefined;
}

export const bytesOf = (path: string): Uint8Array | undefined => files.get(normal(path));

/** The names directly in a folder, each with its kind. */
export function entriesOf(path: string): { name: string; kind: Kind }[] {
  const at = normal(path);
  const prefix = at === "/" ? "/" : `${at}/`;
  const found = new Map<string, Kind>();
  for (const key of [...files.keys(), ...folders]) {
    if (!key.startsWith(prefix) || key === at) continue;
    const [name, ...rest] = key.slice(prefix.length).split("/");
    if (name) found.set(name, rest.length > 0 || folders.has(key) ? (found.get(name) ?? "folder") : "file");
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, kind]) => ({ name, kind }));
}

/** An error shaped as Node's system errors are (`code`, `syscall`, `path`), which the callers tell apart. */
export function systemError(code: "ENOENT" | "EISDIR" | "ENOTDIR", syscall: string, path: string): Error {
  const description = {
    ENOENT: "no such file or directory",
    EISDIR: "illegal operation on a directory",
    ENOTDIR: "not a directory",
  }[code];
  return Object.assign(new Error(`${code}: ${description}, ${syscall} '${path}'`), { code, syscall, path });
}

export const normalPath = normal;
