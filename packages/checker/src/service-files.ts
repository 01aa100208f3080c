import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { SERVICE_FILE } from "@mailroom/compiler";
import { isSystemError } from "./source-file.js";

/*
 * Which files in a folder are services, for every adapter: the CLI's commands search the directories they are
 * given, the language server its workspace folders. One search, with the few ways the two differ as options.
 */

/** DSL service files, the sources `build` compiles and `fmt` formats. */
export const DSL_SERVICE_FILE = /\.service\.ya?ml$/;

/** JSON service files, what `decompile` turns into DSL. */
export const JSON_SERVICE_FILE = /\.service\.json$/;

/** The suffix of a service's test file: `payslips.service.test.yaml` tests `payslips.service.yaml` (`mailroom test`). */
export const TEST_FILE_SUFFIX = ".service.test.yaml";

/** Test files, for file searches. */
export const TEST_FILE = /\.service\.test\.yaml$/;

export interface FileSearch {
  /** The file names wanted; every service file, DSL or JSON, by default. */
  readonly names?: RegExp;
  /**
   * Whether symbolic links among the files are found (read through, so a broken one then says why): a command
   * reports every path it cannot read, an index takes regular files only.
   */
  readonly links?: boolean;
  /** Whether a directory the search cannot enter is found itself, so that reading it says why; else it is skipped. */
  readonly unreadableDirectories?: boolean;
  /** The deepest folder searched below a root (a root is at depth 0): no bound by default. */
  readonly maxDepth?: number;
  /** The most files found, over all the roots: no bound by default. */
  readonly maxFiles?: number;
}

/**
 * The files under each root (a directory), root by root, each one's sorted by name, skipping node_modules and
 * hidden folders (`.git`). Links to directories are not followed (no cycles). One folder is read at a time, so
 * the search never holds more than a directory listing beyond the result.
 */
export async function findServiceFiles(roots: readonly string[], search: FileSearch = {}): Promise<string[]> {
  const names = search.names ?? SERVICE_FILE;
  const maxDepth = search.maxDepth ?? Number.POSITIVE_INFINITY;
  const maxFiles = search.maxFiles ?? Number.POSITIVE_INFINITY;
  const found: string[] = [];
  const walk = async (directory: string, depth: number): Promise<void> => {
    if (depth > maxDepth || found.length >= maxFiles) return;
    const entries = await readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
      if (isSystemError(error)) return undefined;
      throw error;
    });
    if (!entries) {
      if (search.unreadableDirectories) found.push(directory);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= maxFiles) return;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(path, depth + 1);
      } else if ((entry.isFile() || (search.links === true && entry.isSymbolicLink())) && names.test(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const root of roots) await walk(root, 0);
  return found;
}
