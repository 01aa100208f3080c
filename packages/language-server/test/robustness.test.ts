import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CancellationTokenSource,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  HoverRequest,
  LSPErrorCodes,
  SemanticTokensRequest,
} from "vscode-languageserver-protocol";
import { TextDocument } from "vscode-languageserver-textdocument";
import { repoRoot, serverForAll, uriOf } from "./client.js";

const BASE = readFileSync(join(repoRoot, "examples/payslips.service.yaml"), "utf8");
const RUNS = 25 * Number(process.env.MAILROOM_PROPERTY_RUNS ?? 1);

/** What a person types half-way, what breaks YAML, and text no service has. */
const inserted = fc.oneof(
  fc.constantFrom(
    "meta.",
    "meta.employee",
    "pdfText(1, [",
    "concat(",
    "fileName[0:",
    " | clean(trim, ",
    "req.",
    "ou.",
    "coalesce(meta.x,",
    "matches(meta.a, /[A-",
    'formatDate("yyyy',
    "== ",
    " and ",
    "box=",
    '"@type": exv.',
  ),
  fc.constantFrom(
    "\t",
    "'",
    '"',
    ":",
    ": :",
    "- ",
    "\n  ",
    "{",
    "[",
    "&a ",
    "*a",
    "? ",
    "#",
    "\n\t- x:",
    "---\n",
    "|\n",
    "\r",
  ),
  fc.constantFrom("é", "😀", "\u0000", "\uFEFF", "\u2028", "\r\n"),
  fc.string({ unit: "binary", maxLength: 6 }),
);

type Step =
  | { kind: "edit"; at: number; remove: number; text: string; full: boolean }
  | { kind: "request"; method: number; at: number; cancel: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("edit" as const),
    at: fc.nat(),
    remove: fc.nat({ max: 6 }),
    text: inserted,
    full: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("request" as const),
    method: fc.nat({ max: 6 }),
    at: fc.nat(),
    cancel: fc.nat({ max: 5 }).map((n) => n === 0),
  }),
);

describe("robustness over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 10 } });

  it("answers every request while random edits break the text, and stays alive", { timeout: 90_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        run++;
        const uri = server.client.open(join(server.dir, `run-${run}.service.yaml`), BASE);
        let document = TextDocument.create(uri, "yaml", 1, BASE);
        const answers: Promise<unknown>[] = [];
        for (const s of steps) {
          const text = document.getText();
          if (s.kind === "edit") {
            const start = s.at % (text.length + 1);
            const end = Math.min(text.length, start + s.remove);
            const range = { start: document.positionAt(start), end: document.positionAt(end) };
            const next = document.version + 1;
            const updated = text.slice(0, start) + s.text + text.slice(end);
            server.client.change(uri, next, s.full ? [{ text: updated }] : [{ range, text: s.text }]);
            document = TextDocument.update(document, [{ text: updated }], next);
          } else {
            const position = document.positionAt(s.at % (text.length + 1));
            const textDocument = { uri };
            const source = new CancellationTokenSource();
            const requests = [
              () =>
                server.client.connection.sendRequest(CompletionRequest.type, { textDocument, position }, source.token),
              () => server.client.connection.sendRequest(HoverRequest.type, { textDocument, position }, source.token),
              () => server.client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }, source.token),
              () => server.client.connection.sendRequest(SemanticTokensRequest.type, { textDocument }, source.token),
              () =>
                server.client.connection.sendRequest(
                  DocumentFormattingRequest.type,
                  { textDocument, options: { tabSize: 2, insertSpaces: true } },
                  source.token,
                ),
              () =>
                server.client.connection.sendRequest(
                  CodeActionRequest.type,
                  { textDocument, range: { start: position, end: position }, context: { diagnostics: [] } },
                  source.token,
                ),
              () =>
                server.client.connection.sendRequest(DefinitionRequest.type, { textDocument, position }, source.token),
            ];
            const answer = (requests[s.method] ?? requests[0])?.();
            if (s.cancel) source.cancel();
            answers.push(
              (answer ?? Promise.resolve()).catch((error: { code?: number }) => {
                // Only a request the client cancelled may fail, and only with the cancellation error.
                if (!(s.cancel && error.code === LSPErrorCodes.RequestCancelled)) throw error;
              }),
            );
          }
        }
        await Promise.all(answers);
        // The last version's diagnostics come (the server did not stop publishing), then the document closes.
        await server.client.diagnostics(uri, (p) => p.version === document.version);
        server.client.close(uri);
        expect(server.client.process.exitCode).toBeNull();
      }),
      { numRuns: RUNS },
    );
    const symbols = await server.client.connection.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri: uriOf(join(server.dir, "run-1.service.yaml")) },
    });
    expect(symbols).toEqual([]);
    expect(server.client.process.exitCode).toBeNull();
    // Failures are answered empty but logged: none should have happened.
    expect(server.client.stderr()).not.toMatch(/failed:/);
  });
});
