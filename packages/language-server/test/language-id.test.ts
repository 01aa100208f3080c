import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CompletionList,
  CompletionRequest,
  type Diagnostic,
  DidOpenTextDocumentNotification,
} from "vscode-languageserver-protocol";
import { positionOf, SAMPLE, serverForAll, uriOf, writeFile } from "./client.js";

/**
 * A document the client gives the language id `mailroom-service` is a service whatever its name, and DSL unless
 * its name ends in `.json`: an unsaved buffer, a file without an extension.
 */
describe("documents with the language id mailroom-service", () => {
  const server = serverForAll();

  const open = (uri: string): void => {
    void server.client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "mailroom-service", version: 1, text: SAMPLE },
    });
  };

  const found = (diagnostics: Diagnostic[]) => diagnostics.map((d) => [d.code, d.severity, d.range]);
  /** What the same text gives as a `.service.yaml` file: the DSL's diagnostics. */
  let expected: ReturnType<typeof found> = [];
  beforeAll(async () => {
    const file = writeFile(join(server.dir, "letter.service.yaml"), SAMPLE);
    expected = found((await server.client.diagnostics(server.client.open(file, SAMPLE))).diagnostics);
    expect(expected.map(([code]) => code)).toContain("undefined-metadata");
  });

  it("an untitled buffer is compiled as the DSL: its rule diagnostics, not a JSON syntax error", async () => {
    const uri = "untitled:Untitled-1";
    open(uri);
    const published = await server.client.diagnostics(uri);
    expect(found(published.diagnostics)).toEqual(expected);
  });

  it("an untitled buffer is completed as the DSL: the metadata names after `meta.`", async () => {
    const uri = "untitled:Untitled-2";
    open(uri);
    await server.client.diagnostics(uri);
    const result = (await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: positionOf(SAMPLE, "meta.recipientNmae", "meta.".length),
    })) as CompletionList | null;
    expect(result?.items.map((item) => item.label)).toContain("recipientName");
  });

  it("a file without an extension is compiled as the DSL", async () => {
    const uri = uriOf(join(server.dir, "letter"));
    open(uri);
    const published = await server.client.diagnostics(uri);
    expect(found(published.diagnostics)).toEqual(expected);
  });
});
