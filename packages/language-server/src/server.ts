import type { LanguageService } from "@mailroom/language";
import type * as lsp from "vscode-languageserver";
import { registerDocumentSync } from "./document-sync.js";
import { registerLifecycle } from "./lifecycle.js";
import { registerCursorRequests } from "./requests/cursor.js";
import { registerEditRequests } from "./requests/edits.js";
import { registerNavigationRequests } from "./requests/navigation.js";
import { registerViewRequests } from "./requests/views.js";
import { registerCaseRuns } from "./run-cases.js";
import { createState } from "./state.js";
import { registerWatchedFiles } from "./workspace.js";

/**
 * The stdio server: an adapter from LSP to the language service. It keeps one parse per open document version,
 * shared by every request, publishes diagnostics (at once on open, debounced on change), reads each file's
 * `mailroom.config.yaml` through the checker's resolver (open buffers first), and turns every answer's spans
 * into ranges (`convert.ts`). Each concern registers its own handlers over one shared state; each handler
 * catches what goes wrong, logs it and answers empty: the server outlives any input.
 */
export function createServer(connection: lsp.Connection, service: LanguageService): void {
  const state = createState(connection, service);
  registerLifecycle(state);
  registerDocumentSync(state);
  registerWatchedFiles(state);
  registerCursorRequests(state);
  registerNavigationRequests(state);
  registerViewRequests(state);
  registerEditRequests(state);
  registerCaseRuns(state);
  state.documents.listen(connection);
  connection.listen();
}
