import { pathToFileURL } from "node:url";
import { findServiceFiles, readSource } from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import type { WorkspaceHost } from "@mailroom/language";
import * as lsp from "vscode-languageserver";
import { configChanged, serviceChanged } from "./diagnostics.js";
import { fileOf, isConfig } from "./documents.js";
import type { ServerState } from "./state.js";

/*
 * The workspace index: every service file under the workspace folders, indexed in the background from disk (open
 * documents from the editor's text), and kept up to date as watched files change.
 */

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

/** Indexes the workspace folders' service files in the background; requests are answered meanwhile. */
export async function indexWorkspace(state: ServerState): Promise<void> {
  const started = Date.now();
  const roots = state.client.folders.filter((uri) => uri.startsWith("file:")).map(fileOf);
  // Regular files only, and a folder that cannot be read is skipped: the index takes what it can read.
  const files = await findServiceFiles(roots, { maxDepth: MAX_DEPTH, maxFiles: MAX_FILES });
  // Open documents are already indexed from the editor's text.
  await state.workspace.add(files.filter((file) => !state.documents.get(pathToFileURL(file).href)));
  state.connection.console.info(`mailroom: indexed ${files.length} service files in ${Date.now() - started} ms`);
}

/**
 * Files changed on disk: a configuration relints the open services; a service file not open is indexed again, and
 * the open test files are checked again.
 */
export function registerWatchedFiles(state: ServerState): void {
  state.connection.onDidChangeWatchedFiles(async ({ changes }) => {
    try {
      if (changes.some((change) => isConfig(change.uri))) configChanged(state);
      for (const change of changes) {
        const file = fileOf(change.uri);
        if (!change.uri.startsWith("file:") || !SERVICE_FILE.test(file) || state.documents.get(change.uri)) continue;
        if (change.type === lsp.FileChangeType.Deleted) state.workspace.remove(file);
        else await state.workspace.refresh(file);
        serviceChanged(state);
      }
    } catch (error) {
      state.log("watched files", error);
    }
  });
}
