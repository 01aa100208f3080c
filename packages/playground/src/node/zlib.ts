import { Buffer } from "buffer";
import { inflateSync } from "fflate";

/** `node:zlib`'s raw inflate (fflate's `inflateSync` reads raw DEFLATE too). */
export const inflateRawSync = (data: Uint8Array): Buffer => Buffer.from(inflateSync(data));
