/** `node:module`: nothing is required at run time in the browser; what a module would require is bundled. */
export function createRequire(from: string | URL): never {
  throw new Error(`require() is not available in the browser (asked from ${from})`);
}
