import { isAscii, isUtf8 } from "node:buffer";
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { isDslFile } from "@mailroom/compiler";
import { type Diagnostic, message, type Utf8Text } from "@mailroom/syntax";

/*
 * The reading step, for every adapter: the CLI's commands and the language server (its workspace index and the
 * configurations it reads) read files through `readSource`, and the server holds an editor's buffer to the same
 * limits through `sourceOfText`; a source that cannot be read becomes its diagnostic through `unreadDiagnostic`.
 * So the limits, the encodings and the words for a file that cannot be read are the same everywhere. It lives in
 * the checker, the lowest package that reads files (configurations) and one that both adapters depend on.
 */

/**
 * `stat`, for callers that await it: synchronous, as reading is (readRegularFile). `node:fs/promises` is loaded on
 * first use in the published CLI (it took about a millisecond of every start), and an asynchronous `stat` would
 * start libuv's thread pool, which a lint of one file otherwise never needs.
 */
export const statOf = async (path: string): Promise<Stats> => statSync(path);

/**
 * The largest DSL file read (`.yaml`/`.yml`, the configuration included). Real services are a few KiB to a few
 * hundred KiB of DSL; at this size the costliest reader, the formatter, takes about 2.5 s and 550 MB on two cores,
 * within the 5 s and 1 GB the project allows the largest accepted file (`npm run bench` measures it).
 */
export const MAX_DSL_BYTES = 1024 * 1024;

/**
 * The largest JSON file read: a DSL file at its limit compiles to 4 to 10 times its size, which this still
 * accepts; at this size `mailroom lint` takes at most about 1.5 s and 570 MB on two cores (`npm run bench`).
 */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

/**
 * What a file is read as: by its name, a `.yaml`/`.yml` file is YAML and anything else JSON; a configuration is
 * YAML whatever its name (`--config /dev/stdin`).
 */
export type FileKind = "YAML" | "JSON";

const kindOf = (file: string): FileKind => (isDslFile(file) ? "YAML" : "JSON");

/** The size limit of a file of a kind. */
const maxFileBytes = (file: string, kind = kindOf(file)): number => (kind === "YAML" ? MAX_DSL_BYTES : MAX_JSON_BYTES);

/** The `file-too-large` message; `size` undefined when the file had more to give than the limit (a device, a pipe). */
function tooLargeMessage(file: string, size: number | undefined, kind = kindOf(file)): string {
  const limit = maxFileBytes(file, kind);
  const found = size === undefined ? `more than ${limit}` : size;
  return message("file-too-large", "tooLarge", { size: found, limit, mib: limit / 2 ** 20, kind });
}

/** Why a file cannot be read (the diagnostic's code, message and offset), and what could be decoded, for a frame. */
export interface UnreadSource {
  readonly ok: false;
  readonly text: string;
  readonly offset: number;
  readonly code: string;
  readonly message: string;
}

/** A file's text, or why it cannot be read. */
export type SourceText =
  | {
      readonly ok: true;
      readonly text: string;
      /** The file starts with a UTF-8 byte order mark, which `text` leaves out. */
      readonly bom: boolean;
      readonly binary?: undefined;
    }
  /**
   * A file read from disk with characters beyond ASCII: `text` is decoded when first read, and the JSON reader
   * parses its bytes (`binary`) without decoding it whole.
   */
  | (Utf8Text & { readonly ok: true; readonly bom: boolean })
  | UnreadSource;

const unread = (code: string, message: string): UnreadSource => ({ ok: false, text: "", offset: 0, code, message });

/** The error of a source that cannot be read, where reading stopped. */
export const unreadDiagnostic = (source: UnreadSource): Diagnostic => ({
  code: source.code,
  severity: "error",
  message: source.message,
  span: { offset: source.offset, length: 0 },
});

/**
 * An editor's buffer, held to the limits of the file it stands for: like `mailroom lint`, a text over the size
 * limit is not read.
 */
export function sourceOfText(file: string, text: string): SourceText {
  const limit = maxFileBytes(file);
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most texts need no counting.
  const bytes = text.length * 3 <= limit ? 0 : Buffer.byteLength(text);
  return bytes > limit ? unread("file-too-large", tooLargeMessage(file, bytes)) : { ok: true, text, bom: false };
}

/** What went wrong with a file operation, in the system's words and code: `permission denied (EACCES)`. */
export function ioReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  // Node's system errors read "CODE: description, syscall 'path'": the description is what a person needs.
  const prefix = `${code}: `;
  if (typeof code !== "string" || !message.startsWith(prefix)) return message;
  return `${message.slice(prefix.length).split(",")[0]} (${code})`;
}

/** Whether an error is the operating system's (a file that cannot be read or written), not a bug of ours. */
export const isSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";

/**
 * Reads a file as strict UTF-8 (a leading BOM is dropped), within its size limit. A file that cannot be read is a
 * result, with the diagnostic's code and message, not an exception.
 */
export async function readSource(path: string, kind = kindOf(path)): Promise<SourceText> {
  let read: Uint8Array | { readonly size: number | undefined };
  try {
    read = await readBounded(path, maxFileBytes(path, kind));
  } catch (error) {
    if (!isSystemError(error)) throw error;
    // A directory search also gives the directories it could not read, and links to nothing: say which it is.
    const what = await lstat(path).then(
      (info) => (info.isDirectory() ? "directory" : info.isSymbolicLink() ? "symbolic link" : "file"),
      () => "file",
    );
    const expected = what === "directory" ? what : "file";
    return unread(
      "file-unreadable",
      message("file-unreadable", "unreadable", { what, reason: ioReason(error), expected }),
    );
  }
  if (!(read instanceof Uint8Array)) return unread("file-too-large", tooLargeMessage(path, read.size, kind));
  return decodeSource(read);
}

/** The first read of a file whose size is unknown (a device, a pipe, /proc); the buffer doubles from there. */
const FIRST_READ = 64 * 1024;

/**
 * The file's bytes, or its size when it has more than `limit` (undefined when only reading could tell). At most
 * `limit + 1` bytes are read, whatever the file claims to be: /dev/zero, a pipe, a file growing meanwhile.
 */
async function readBounded(path: string, limit: number): Promise<Uint8Array | { readonly size: number | undefined }> {
  const regular = readRegularFile(path, limit);
  if (regular !== undefined) return regular;
  const handle = await open(path, "r");
  try {
    const info = await handle.stat();
    if (info.isFile() && info.size > limit) return { size: info.size };
    // One byte more than the size stated, to see the end of the file in one read, or that it grew.
    let buffer = Buffer.allocUnsafe(Math.min(limit + 1, info.isFile() && info.size > 0 ? info.size + 1 : FIRST_READ));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > limit) return { size: undefined };
        const bigger = Buffer.allocUnsafe(Math.min(limit + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) return buffer.subarray(0, length);
      length += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * A regular file's bytes (or its size, over `limit`), read at once and synchronously: a lint of a thousand small
 * files spent more time in the round trips of asynchronous reads than in reading. Undefined for anything else (a
 * device, a pipe) and for a file that grew while read: those are read as they come. Only what `stat` calls a
 * regular file is opened here: opening a named pipe's reading end, even to look, would pair it with a writer, who
 * would then write to no reader once it is closed (EPIPE). The open does not block should it change meanwhile.
 */
function readRegularFile(path: string, limit: number): Uint8Array | { readonly size: number } | undefined {
  if (!statSync(path).isFile()) return undefined;
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return undefined;
    if (info.size > limit) return { size: info.size };
    // One byte more than the size stated, to see that it grew. A read that ends at the size stated, short of what
    // was asked, ended at the end of the file: asking again would only be told so.
    const buffer = Buffer.allocUnsafe(info.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, null);
      if (bytesRead === 0 || (length + bytesRead === info.size && info.size > 0)) {
        return buffer.subarray(0, length + bytesRead);
      }
      length += bytesRead;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Byte order marks of encodings other than UTF-8, longest first (UTF-32 LE starts like UTF-16 LE). */
const FOREIGN_BOMS: readonly { bytes: readonly number[]; encoding: string; order: string; decoder?: string }[] = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: "UTF-32", order: "little-endian" },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: "UTF-32", order: "big-endian" },
  { bytes: [0xff, 0xfe], encoding: "UTF-16", order: "little-endian", decoder: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "UTF-16", order: "big-endian", decoder: "utf-16be" },
];

const utf8 = new TextDecoder("utf-8");
// For the text after a byte order mark already cut off: a U+FEFF there is the user's character, to keep.
const utf8AfterBom = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Decodes a file's bytes as strict UTF-8 (a leading BOM dropped); text in another Unicode encoding is named. Bytes
 * all ASCII are their text; others are decoded when the text is first read (see `binary`).
 */
export function decodeSource(bytes: Uint8Array): SourceText {
  const foreign = FOREIGN_BOMS.find((bom) => bom.bytes.every((byte, i) => bytes[i] === byte));
  if (foreign) {
    const { encoding, order, decoder } = foreign;
    return {
      ok: false,
      // Decoded as what it is, so that a code frame shows the first line as the user sees it.
      text: new TextDecoder(decoder ?? "utf-8").decode(bytes),
      offset: 0,
      code: "invalid-encoding",
      message: message("invalid-encoding", "foreignBom", { encoding, order }),
    };
  }
  if (!isUtf8(bytes)) {
    // Streaming holds back a character cut at the end of the prefix: what it returns ends at the bad sequence.
    const good = new TextDecoder("utf-8").decode(bytes.subarray(0, validUtf8Prefix(bytes)), { stream: true });
    return {
      ok: false,
      text: utf8.decode(bytes),
      offset: good.length,
      code: "invalid-encoding",
      message: message("invalid-encoding", "notUtf8", { byte: Buffer.byteLength(good) }),
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const binary = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", bom ? 3 : 0);
  return isAscii(bytes) ? { ok: true, text: binary, bom } : new DecodedLater(binary, bom);
}

/**
 * A file's text beyond ASCII, decoded when first read. A class, not an object literal with a getter: V8 makes
 * those in its old generation, where they keep what they point to from young-generation collections, and the
 * file's whole parse with it.
 */
class DecodedLater {
  readonly ok = true;
  #text: string | undefined;
  /** A Latin-1 character beyond ASCII is two bytes of UTF-8. */
  readonly beyondAscii: number;

  constructor(
    readonly binary: string,
    readonly bom: boolean,
  ) {
    this.beyondAscii = Buffer.byteLength(binary, "utf8") - binary.length;
  }

  get text(): string {
    // From the binary string, not the bytes: a file's buffer is not kept for as long as its source is.
    this.#text ??= utf8AfterBom.decode(Buffer.from(this.binary, "latin1"));
    return this.#text;
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
 * The documentation's folder, for a module of a mailroom package (its `import.meta.url`, in `dist/` or `src/`):
 * the package's own `docs/` when it was installed from a tarball (packing copies the repository's pages in), else
 * the repository's `docs/`, read where the pages are written so that they cannot go stale.
 */
export function docsFolder(module: string): URL {
  const packed = new URL("../docs/", module);
  return existsSync(fileURLToPath(new URL("diagnostics.md", packed))) ? packed : new URL("../../../docs/", module);
}
