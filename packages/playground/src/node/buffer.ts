import { Buffer } from "buffer";

/*
 * node:buffer as the worker's modules use it: the `buffer` package's Buffer, and the two checks of bytes Node's
 * own module adds, here by the browser's strict decoder and a loop.
 */
export { Buffer };

const strict = new TextDecoder("utf-8", { fatal: true });

/** Whether the bytes are UTF-8. */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether every byte is ASCII. */
export const isAscii = (bytes: Uint8Array): boolean => bytes.every((byte) => byte < 0x80);
