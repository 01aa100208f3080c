import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { readSource } from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import type { WorkspaceHost } from "@mailroom/language";

/** The most service files indexed, and the deepest folder searched: a stray home directory stays cheap. */
const MAX_FILES = 20_000;
const MAX_DEPTH = 24;
/**
 * Reads service files from disk for the workspace index, as `mailroom lint` reads them; a file that is gone, too
 * large or not UTF-8 reads as nothing.
 */
export const diskHost: WorkspaceHost = {
  async readFile(path) {
    const source = await readSource(path);
    return source.ok ? source.text : undefined;
  },
};

/**
 * The service files under the workspace folders, sorted, skipping node_modules and hidden folders (`.git`):
 * one folder read at a time, so the scan never holds more than a directory listing beyond the result.
 */
export async function findServiceFiles(roots: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const walk = async (directory: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= MAX_FILES) return;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(path, depth + 1);
      } else if (entry.isFile() && SERVICE_FILE.test(entry.name)) found.push(path);
    }
  };
  for (const root of roots) await walk(root, 0);
  return found;
}
