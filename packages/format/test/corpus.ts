import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's root. */
export const root = resolve(import.meta.dirname, "../../..");

/** Every DSL file under a directory of the repository, sorted. */
export function dslFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.service\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
