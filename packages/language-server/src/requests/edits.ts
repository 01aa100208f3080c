import { toCodeAction, toSpan, toTextEdit } from "../convert.js";
import { diagnosticsOf } from "../diagnostics.js";
import type { ServerState } from "../state.js";
import { cancelled, request } from "./guard.js";

/** Changes the editor applies: code actions (fixes of the diagnostics published) and formatting. */
export function registerEditRequests(state: ServerState): void {
  const { connection, service } = state;

  connection.onCodeAction(
    request(state, "codeAction", [], async (document, params, token) => {
      const uri = params.textDocument.uri;
      const checked = await diagnosticsOf(state, uri);
      cancelled(token);
      if (!checked || checked.document.version !== document.version) return [];
      const { diagnostics } = checked;
      const only = params.context.only;
      const wanted = (kind: string) => !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
      return service
        .codeActions(document, toSpan(document.lines, params.range), diagnostics)
        .filter((action) => wanted(action.kind))
        .map((action) => toCodeAction(document.lines, uri, action, params.context.diagnostics));
    }),
  );

  connection.onDocumentFormatting(
    request(state, "formatting", [], (document) =>
      service.format(document).map((edit) => toTextEdit(document.lines, edit)),
    ),
  );
}
