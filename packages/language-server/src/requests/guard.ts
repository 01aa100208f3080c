import type { ParsedDocument, ParsedTestFile } from "@mailroom/language";
import * as lsp from "vscode-languageserver";
import { parse, parseTest } from "../documents.js";
import { isRequest } from "../request-files.js";
import type { ServerState } from "../state.js";

/** Ends a request whose client cancelled it, with LSP's cancellation error. */
export function cancelled(token: lsp.CancellationToken): void {
  if (token.isCancellationRequested)
    throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestCancelled, "Request cancelled.");
}

/** Lets the connection read what arrived meanwhile (a `$/cancelRequest`, say) before the next stage. */
const tick = (): Promise<void> => new Promise((done) => setImmediate(done));

/** A request handler as the connection takes it. */
export type Handler<P, R> = (params: P, token: lsp.CancellationToken) => Promise<R>;

/**
 * A request's answer, guarded: it yields first so that a cancellation sent meanwhile is seen, and answers
 * `empty` when anything goes wrong (logged), never failing; only cancellation and refusals are errors.
 */
export function guarded<P, R, E>(
  state: ServerState,
  name: string,
  empty: E,
  run: (params: P, token: lsp.CancellationToken) => R | Promise<R>,
): Handler<P, R | E> {
  return async (params, token) => {
    if (!state.initialized) {
      throw new lsp.ResponseError(
        lsp.ErrorCodes.ServerNotInitialized,
        "The server is not initialized: send initialize first.",
      );
    }
    try {
      await tick();
      cancelled(token);
      const result = await run(params, token);
      cancelled(token);
      return result;
    } catch (error) {
      if (error instanceof lsp.ResponseError) throw error;
      state.log(name, error);
      return empty;
    }
  };
}

/**
 * A guarded request on a service document, or with `onTest` on a service's test file too, or with `onRequest` on
 * a request file (a job, a delivery command, a unit): parsed once per version, cancellation checked again after
 * parsing.
 */
export function request<P extends { textDocument: lsp.TextDocumentIdentifier }, R, E>(
  state: ServerState,
  name: string,
  empty: E,
  run: (document: ParsedDocument, params: P, token: lsp.CancellationToken) => R | Promise<R>,
  onTest?: (document: ParsedTestFile, params: P) => R | Promise<R>,
  onRequest?: (params: P) => R | Promise<R>,
): Handler<P, R | E> {
  return guarded<P, R | E, E>(state, name, empty, async (params, token) => {
    if (isRequest(state, params.textDocument.uri)) return onRequest ? onRequest(params) : empty;
    const test = onTest && parseTest(state, params.textDocument.uri);
    const document = test ? undefined : parse(state, params.textDocument.uri);
    if (!test && !document) return empty;
    // Parsing a new version may have taken a while: see what arrived meanwhile.
    await tick();
    cancelled(token);
    if (test) return onTest(test, params);
    return run(document as ParsedDocument, params, token);
  });
}
