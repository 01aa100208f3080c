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
 * The workspace index's view of files: the disk, read as `mailroom lint` reads it (a file that is gone, too large
 * or not UTF-8 reads as nothing), except for the files open in the editor, which are never read from disk.
 */
export const workspaceHost = (documents: ServerState["documents"]): WorkspaceHost => ({
  async readFile(path) {
    const source = await readSource(path);
    return source.ok ? source.text : undefined;
  },
  isOpen: (path) => documents.get(pathToFileURL(path).href) !== undefined,
});

/** Indexes the workspace folders' service files in the background; requests are answered meanwhile. */
export async function indexWorkspace(state: ServerState): Promise<void> {
  const started = Date.now();
  const roots = state.client.folders.filter((uri) => uri.startsWith("file:")).map(fileOf);
  // Regular files only, and a folder that cannot be read is skipped: the index takes what it can read.
  const files = await findServiceFiles(roots, { maxDepth: MAX_DEPTH, maxFiles: MAX_FILES });
  // Open documents, also those opened meanwhile, are indexed from the editor's text: the index skips them.
  await state.workspace.add(files);
  state.connection.console.info(`mailroom: indexed ${files.length} service files in ${Date.now() - started} ms`);
}

/**
 * Files changed on disk: a configuration relints the open services; a service file is indexed again (once closed,
 * if open: the editor's text counts until then), and the open test files are checked again.
 */
export function registerWatchedFiles(state: ServerState): void {
  state.connection.onDidChangeWatchedFiles(async ({ changes }) => {
    try {
      if (changes.some((change) => isConfig(change.uri))) configChanged(state);
      for (const change of changes) {
        const file = fileOf(change.uri);
        if (!change.uri.startsWith("file:") || !SERVICE_FILE.test(file)) continue;
        if (change.type === lsp.FileChangeType.Deleted) state.workspace.remove(file);
        else await state.workspace.refresh(file);
        // An open service's edits already had its test files checked again.
        if (!state.documents.get(change.uri)) serviceChanged(state);
      }
    } catch (error) {
      state.log("watched files", error);
    }
  });
}
