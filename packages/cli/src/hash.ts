/**
 * The SHA-256 of a text, in hex (fingerprints of problems). `node:crypto` is loaded on the first call rather than
 * imported: a clean lint hashes nothing, and loading it is a few milliseconds of every start.
 */
export function sha256(text: string): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(text).digest("hex");
}
