import { toDocumentSymbol, toFoldingRanges, toInlayHint, toSemanticTokens, toSpan } from "../convert.js";
import type { ServerState } from "../state.js";
import { request } from "./guard.js";

/** What the editor draws over a document: its outline, folding ranges, semantic tokens and inlay hints. */
export function registerViewRequests(state: ServerState): void {
  const { connection, service } = state;

  connection.onDocumentSymbol(
    request(state, "documentSymbol", [], (document) =>
      service.documentSymbols(document).map((s) => toDocumentSymbol(document.lines, s)),
    ),
  );

  connection.onFoldingRanges(
    request(state, "foldingRange", [], (document) => toFoldingRanges(document.lines, service.foldingRanges(document))),
  );

  connection.languages.semanticTokens.on(
    request(state, "semanticTokens", { data: [] }, (document) =>
      toSemanticTokens(document.lines, service.semanticTokens(document)),
    ),
  );

  connection.languages.inlayHint.on(
    request(state, "inlayHint", [], (document, params) =>
      service
        .inlayHints(document, toSpan(document.lines, params.range))
        .map((hint) => toInlayHint(document.lines, hint)),
    ),
  );
}
