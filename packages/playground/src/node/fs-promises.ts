import { Buffer } from "buffer";
import { bytesOf, entriesOf, kindOf, normalPath, systemError } from "./memory-files.js";

/** `node:fs/promises` over the files in memory: the calls the worker's modules make, nothing more. */

class Stats {
  constructor(
    readonly kind: "file" | "folder",
    readonly size: number,
  ) {}
  readonly mtimeMs = 0;
  isFile = () => this.kind === "file";
  isDirectory = () => this.kind === "folder";
  isSymbolicLink = () => false;
}

function statOf(path: string, syscall: string): Stats {
  const kind = kindOf(path);
  if (!kind) throw systemError("ENOENT", syscall, path);
  return new Stats(kind, bytesOf(path)?.length ?? 0);
}

export const stat = async (path: string): Promise<Stats> => statOf(path, "stat");
export const lstat = async (path: string): Promise<Stats> => statOf(path, "lstat");

export async function access(path: string): Promise<void> {
  statOf(path, "access");
}

export async function realpath(path: string): Promise<string> {
  statOf(path, "realpath");
  return normalPath(path);
}

export async function readFile(path: string, encoding?: string | { encoding?: string }): Promise<Buffer | string> {
  const bytes = bytesOf(path);
  if (!bytes) throw systemError(kindOf(path) === "folder" ? "EISDIR" : "ENOENT", "open", path);
  const buffer = Buffer.from(bytes);
  const wanted = typeof encoding === "string" ? encoding : encoding?.encoding;
  return wanted ? buffer.toString(wanted as Parameters<Buffer["toString"]>[0]) : buffer;
}

export async function readdir(path: string, options?: { withFileTypes?: boolean }): Promise<unknown[]> {
  if (kindOf(path) !== "folder") throw systemError(kindOf(path) ? "ENOTDIR" : "ENOENT", "scandir", path);
  const entries = entriesOf(path);
  if (!options?.withFileTypes) return entries.map((entry) => entry.name);
  return entries.map(({ name, kind }) => ({
    name,
    parentPath: path,
    isFile: () => kind === "file",
    isDirectory: () => kind === "folder",
    isSymbolicLink: () => false,
  }));
}

/** A file opened for reading: its bytes as they were when opened. */
class FileHandle {
  #position = 0;
  constructor(readonly bytes: Uint8Array) {}
  stat = async () => new Stats("file", this.bytes.length);
  async read(buffer: Uint8Array, offset: number, length: number, position: number | null) {
    // With no position, a read goes on from where the last one ended, as Node's do.
    const from = position ?? this.#position;
    const chunk = this.bytes.subarray(from, from + length);
    buffer.set(chunk, offset);
    this.#position = from + chunk.length;
    return { bytesRead: chunk.length, buffer };
  }
  readFile = async () => Buffer.from(this.bytes);
  close = async () => {};
}

export async function open(path: string): Promise<FileHandle> {
  const bytes = bytesOf(path);
  if (!bytes) throw systemError(kindOf(path) === "folder" ? "EISDIR" : "ENOENT", "open", path);
  return new FileHandle(bytes);
}
