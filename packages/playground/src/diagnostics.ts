import { type Diagnostic, setDiagnostics } from "@codemirror/lint";
import { type LSPClient, type LSPClientExtension, LSPPlugin } from "@codemirror/lsp-client";
import type { ChangeSpec } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import type * as lsp from "vscode-languageserver-protocol";

/*
 * The server's diagnostics in the editor, each with the server's quick fixes as its actions (buttons in the
 * diagnostic's tooltip): @codemirror/lsp-client shows diagnostics but asks for no code actions.
 */

const SEVERITIES = ["error", "error", "warning", "info", "hint"] as const;

/** The quick fixes of one diagnostic, as the server gives them for its range. */
async function fixesOf(client: LSPClient, uri: string, item: lsp.Diagnostic): Promise<lsp.CodeAction[]> {
  const params: lsp.CodeActionParams = {
    textDocument: { uri },
    range: item.range,
    context: { diagnostics: [item], only: ["quickfix"] },
  };
  const answer = await client.request<lsp.CodeActionParams, (lsp.CodeAction | lsp.Command)[] | null>(
    "textDocument/codeAction",
    params,
  );
  return (answer ?? []).filter((a): a is lsp.CodeAction => "edit" in a && a.edit?.changes?.[uri] !== undefined);
}

/** An edit of the server's, applied to the document as it is now (edits typed since are mapped over). */
function apply(view: EditorView, uri: string, action: lsp.CodeAction): void {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return;
  const changes: ChangeSpec[] = (action.edit?.changes?.[uri] ?? []).map((edit) => ({
    from: plugin.unsyncedChanges.mapPos(plugin.fromPosition(edit.range.start, plugin.syncedDoc)),
    to: plugin.unsyncedChanges.mapPos(plugin.fromPosition(edit.range.end, plugin.syncedDoc)),
    insert: edit.newText,
  }));
  view.dispatch({ changes });
}

export function diagnosticsWithFixes(): LSPClientExtension {
  return {
    clientCapabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
    notificationHandlers: {
      "textDocument/publishDiagnostics": (client, params: lsp.PublishDiagnosticsParams) => {
        const file = client.workspace.getFile(params.uri);
        const view = file?.getView();
        const plugin = view && LSPPlugin.get(view);
        if (!file || !view || !plugin || (params.version != null && params.version !== file.version)) return false;
        const { syncedDoc } = plugin;
        void Promise.all(
          params.diagnostics.map((item) => fixesOf(client, params.uri, item).catch(() => [] as lsp.CodeAction[])),
        ).then((fixes) => {
          // A newer version came meanwhile: its own diagnostics are on their way.
          if (LSPPlugin.get(view) !== plugin || plugin.syncedDoc !== syncedDoc) return;
          const diagnostics: Diagnostic[] = params.diagnostics.map((item, i) => ({
            from: plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.start, syncedDoc)),
            to: plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.end, syncedDoc)),
            severity: SEVERITIES[item.severity ?? 1] ?? "error",
            message: typeof item.message === "string" ? item.message : item.message.value,
            source: typeof item.code === "string" ? item.code : undefined,
            actions: (fixes[i] ?? []).map((action) => ({
              name: action.title,
              apply: (target: EditorView) => apply(target, params.uri, action),
            })),
          }));
          view.dispatch(setDiagnostics(view.state, diagnostics));
        });
        return true;
      },
    },
  };
}
