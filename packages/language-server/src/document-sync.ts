import { isLarge } from "./check-worker.js";
import { configChanged, schedule, serviceChanged, unschedule } from "./diagnostics.js";
import { fileOf, isConfig, isService, isTest } from "./documents.js";
import { isRequest, reviewUnits } from "./request-files.js";
import type { ServerState } from "./state.js";

/**
 * Document sync: what opening, editing and closing a document sets off. A service, test or request file's
 * diagnostics (an organizational unit's too, once its configuration is found to name it) are published at once on
 * open and once typing pauses after an edit; an edited configuration relints every open service, an edited or
 * closed service every open test and request file (which read it from its open document); a closed document is
 * dropped from everything, its diagnostics cleared.
 */
export function registerDocumentSync(state: ServerState): void {
  const { documents } = state;

  // A JSON file may be the organizational unit a configuration names: then checked as one.
  documents.onDidOpen(({ document }) => {
    reviewUnits(state, [document.uri]).catch((error) => state.log(`reading ${document.uri}`, error));
  });

  documents.onDidChangeContent(({ document }) => {
    const { uri } = document;
    if (isConfig(uri)) configChanged(state);
    const service = isService(document);
    if (!service && !isTest(uri) && !isRequest(state, uri)) return;
    // The first content is the open: shown at once. Edits wait until typing pauses.
    const first = !state.opened.has(uri);
    state.opened.add(uri);
    schedule(state, uri, first ? 0 : state.client.options.diagnosticsDelay);
    if (service) serviceChanged(state);
  });

  documents.onDidClose(({ document }) => {
    const { uri } = document;
    unschedule(state, uri);
    state.parses.delete(uri);
    state.testParses.delete(uri);
    state.settings.delete(uri);
    state.units.delete(uri);
    // The last simulation on samples may be this document's: it is cheap to run again, and may hold PDFs.
    state.samples = undefined;
    // With no large document left open (this one is gone from `documents`), the worker ends, freeing all it holds.
    if (!documents.all().some((open) => isLarge(open.getText()))) state.checker.stop();
    if (isConfig(uri)) configChanged(state);
    if (uri.startsWith("file:") && isService(document)) {
      state.workspace.close(fileOf(uri)).catch((error) => state.log(`indexing ${uri}`, error));
    }
    if (state.opened.delete(uri)) void state.connection.sendDiagnostics({ uri, diagnostics: [] });
    // Its unsaved edits are gone: what reads it reads its file again.
    if (isService(document)) serviceChanged(state);
  });
}
