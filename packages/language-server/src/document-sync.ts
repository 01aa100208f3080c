import { configChanged, schedule, unschedule } from "./diagnostics.js";
import { fileOf, isConfig, isService } from "./documents.js";
import type { ServerState } from "./state.js";

/**
 * Document sync: what opening, editing and closing a document sets off. A service document's diagnostics are
 * published at once on open and once typing pauses after an edit; an edited configuration relints every open
 * service; a closed document is dropped from everything, its diagnostics cleared.
 */
export function registerDocumentSync(state: ServerState): void {
  const { documents } = state;

  documents.onDidChangeContent(({ document }) => {
    const { uri } = document;
    if (isConfig(uri)) configChanged(state);
    if (!isService(document)) return;
    // The first content is the open: shown at once. Edits wait until typing pauses.
    const first = !state.opened.has(uri);
    state.opened.add(uri);
    schedule(state, uri, first ? 0 : state.client.options.diagnosticsDelay);
  });

  documents.onDidClose(({ document }) => {
    const { uri } = document;
    unschedule(state, uri);
    state.parses.delete(uri);
    state.settings.delete(uri);
    if (isConfig(uri)) configChanged(state);
    if (uri.startsWith("file:") && isService(document)) {
      state.workspace.close(fileOf(uri)).catch((error) => state.log(`indexing ${uri}`, error));
    }
    if (state.opened.delete(uri)) void state.connection.sendDiagnostics({ uri, diagnostics: [] });
  });
}
