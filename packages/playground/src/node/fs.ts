import { kindOf } from "./memory-files.js";

/** `node:fs` over the files in memory: the one synchronous call the worker's modules make. */
export const existsSync = (path: string): boolean => kindOf(path) !== undefined;
