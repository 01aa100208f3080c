import { bytesOf, kindOf, systemError } from "./memory-files.js";

/** `node:fs` over the files in memory: the synchronous calls the worker's modules make. */
export const existsSync = (path: string): boolean => kindOf(path) !== undefined;

/** Files opened synchronously, by descriptor: their bytes as they were when opened (none for a folder), and where
 * the next read starts. */
const opened = new Map<number, { bytes: Uint8Array | undefined; position: number }>();
let nextDescriptor = 3;

/** The flags the checker opens files with; in memory, every open is a read that never blocks. */
export const constants = { O_RDONLY: 0, O_NONBLOCK: 0 };

export function openSync(path: string): number {
  if (kindOf(path) === undefined) throw systemError("ENOENT", "open", path);
  opened.set(nextDescriptor, { bytes: bytesOf(path), position: 0 });
  return nextDescriptor++;
}

const openedAs = (descriptor: number) => {
  const file = opened.get(descriptor);
  if (!file) throw new Error(`EBADF: bad file descriptor, ${descriptor}`);
  return file;
};

export function statSync(path: string): { isFile(): boolean; size: number } {
  const kind = kindOf(path);
  if (kind === undefined) throw systemError("ENOENT", "stat", path);
  return { isFile: () => kind === "file", size: bytesOf(path)?.length ?? 0 };
}

export function fstatSync(descriptor: number): { isFile(): boolean; size: number } {
  const { bytes } = openedAs(descriptor);
  return { isFile: () => bytes !== undefined, size: bytes?.length ?? 0 };
}

export function readSync(
  descriptor: number,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number | null,
): number {
  const file = openedAs(descriptor);
  const start = position ?? file.position;
  const chunk = (file.bytes ?? new Uint8Array()).subarray(start, start + length);
  buffer.set(chunk, offset);
  if (position === null) file.position += chunk.length;
  return chunk.length;
}

export function closeSync(descriptor: number): void {
  opened.delete(descriptor);
}
