import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readSource } from "@mailroom/checker";
import { requestDefinition } from "@mailroom/language";
import { LineIndex } from "@mailroom/syntax";
import * as lsp from "vscode-languageserver";
import { toOffset, toRange, toTextEdit, toWorkspaceSymbol } from "../convert.js";
import { locations, placeResolver } from "../places.js";
import { calledServiceOf } from "../request-files.js";
import type { ServerState } from "../state.js";
import { guarded, request } from "./guard.js";

/** Going from a name to its definition and uses, renaming it everywhere, and finding symbols in the workspace. */
export function registerNavigationRequests(state: ServerState): void {
  const { connection, service } = state;

  connection.onDefinition(
    request(
      state,
      "definition",
      [],
      (document, params) =>
        locations(
          state,
          service.definition(document, toOffset(document.lines, params.position)),
          params.textDocument.uri,
          document,
        ),
      undefined,
      async (params) => {
        const request = await calledServiceOf(state, params.textDocument.uri);
        if (!request?.called) return [];
        const { file, text, kind, called } = request;
        const places = requestDefinition(file, text, kind, toOffset(new LineIndex(text), params.position), called);
        const source = await readSource(called.file);
        if (!source.ok) return [];
        const lines = new LineIndex(source.text);
        return places.map((place) => ({
          uri: pathToFileURL(resolve(place.file)).href,
          range: toRange(lines, place.span),
        }));
      },
    ),
  );

  connection.onReferences(
    request(state, "references", [], (document, params) =>
      locations(
        state,
        service.references(document, toOffset(document.lines, params.position), params.context.includeDeclaration),
        params.textDocument.uri,
        document,
      ),
    ),
  );

  connection.onPrepareRename(
    request(state, "prepareRename", null, (document, params) => {
      const prepared = service.prepareRename(document, toOffset(document.lines, params.position));
      if (prepared === undefined) return null;
      if ("message" in prepared) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, prepared.message);
      return { range: toRange(document.lines, prepared.span), placeholder: prepared.placeholder };
    }),
  );

  connection.onRenameRequest(
    request(state, "rename", null, async (document, params) => {
      const result = service.rename(document, toOffset(document.lines, params.position), params.newName);
      if (!result.ok) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, result.message);
      const resolvePlace = await placeResolver(state, params.textDocument.uri, document, result.edit.changes.keys());
      const changes: Record<string, lsp.TextEdit[]> = {};
      for (const [file, edits] of result.edit.changes) {
        const target = resolvePlace(file);
        if (target) changes[target.uri] = edits.map((edit) => toTextEdit(target.lines, edit));
      }
      return { changes };
    }),
  );

  connection.onWorkspaceSymbol(
    guarded(state, "workspace symbols", [], (params: lsp.WorkspaceSymbolParams) =>
      state.workspace.symbols(params.query).map(toWorkspaceSymbol),
    ),
  );
}
