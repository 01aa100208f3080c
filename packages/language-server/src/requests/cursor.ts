import { completeRequest, hoverRequest } from "@mailroom/language";
import { LineIndex } from "@mailroom/syntax";
import { toCompletionList, toHover, toOffset, toSignatureHelp } from "../convert.js";
import { calledServiceOf } from "../request-files.js";
import { sampleValue } from "../samples.js";
import type { ServerState } from "../state.js";
import { testContext } from "../test-files.js";
import { request } from "./guard.js";

/** Help at the cursor: completion, hover and signature help; completion and hover in test files too. */
export function registerCursorRequests(state: ServerState): void {
  const { connection, service } = state;

  connection.onCompletion(
    request(
      state,
      "completion",
      null,
      (document, params) =>
        toCompletionList(document.lines, service.complete(document, toOffset(document.lines, params.position))),
      async (test, params) => {
        const offset = toOffset(test.lines, params.position);
        return toCompletionList(
          test.lines,
          await service.completeTestFile(test, offset, await testContext(state, test)),
        );
      },
      async (params) => {
        const request = await calledServiceOf(state, params.textDocument.uri);
        if (!request) return null;
        const lines = new LineIndex(request.text);
        const { file, text, kind, called, optionValues } = request;
        const offset = toOffset(lines, params.position);
        return toCompletionList(lines, completeRequest(file, text, kind, offset, called, optionValues));
      },
    ),
  );

  connection.onHover(
    request(
      state,
      "hover",
      null,
      async (document, params) => {
        const hover = service.hover(document, toOffset(document.lines, params.position));
        if (!hover) return null;
        const sample = hover.metadata && (await sampleValue(state, params.textDocument.uri, document, hover.metadata));
        return toHover(document.lines, sample ? { ...hover, contents: `${hover.contents}\n\n${sample}` } : hover);
      },
      (test, params) => {
        const hover = service.hoverTestFile(test, toOffset(test.lines, params.position));
        return hover ? toHover(test.lines, hover) : null;
      },
      async (params) => {
        const request = await calledServiceOf(state, params.textDocument.uri);
        if (!request) return null;
        const lines = new LineIndex(request.text);
        const { file, text, kind, called } = request;
        const hover = hoverRequest(file, text, kind, toOffset(lines, params.position), called);
        return hover ? toHover(lines, hover) : null;
      },
    ),
  );

  connection.onSignatureHelp(
    request(state, "signatureHelp", null, (document, params) => {
      const help = service.signatureHelp(document, toOffset(document.lines, params.position));
      return help ? toSignatureHelp(help) : null;
    }),
  );
}
