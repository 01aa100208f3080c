import { toCodeAction, toSpan, toTextEdit } from "../convert.js";
import { diagnosticsOf } from "../diagnostics.js";
import { requestCodeActions } from "../request-files.js";
import type { ServerState } from "../state.js";
import { cancelled, request } from "./guard.js";

/** Changes the editor applies: code actions (fixes of the diagnostics published) and formatting. */
export function registerEditRequests(state: ServerState): void {
  const { connection, service } = state;

  /** The kinds of action the client asked for (`only`), each kind including its subkinds. */
  const wanted = (only: readonly string[] | undefined, kind: string | undefined) =>
    !only || only.some((o) => kind === o || kind?.startsWith(`${o}.`));
  connection.onCodeAction(
    request(
      state,
      "codeAction",
      [],
      async (document, params, token) => {
        const uri = params.textDocument.uri;
        const checked = await diagnosticsOf(state, uri);
        cancelled(token);
        if (!checked || checked.document.version !== document.version) return [];
        return service
          .codeActions(document, toSpan(document.lines, params.range), checked.diagnostics)
          .filter((action) => wanted(params.context.only, action.kind))
          .map((action) => toCodeAction(document.lines, uri, action, params.context.diagnostics));
      },
      undefined,
      async (params) =>
        (await requestCodeActions(state, params.textDocument.uri, params.range, params.context.diagnostics)).filter(
          (action) => wanted(params.context.only, action.kind),
        ),
    ),
  );

  connection.onDocumentFormatting(
    request(state, "formatting", [], (document) =>
      service.format(document).map((edit) => toTextEdit(document.lines, edit)),
    ),
  );
}
