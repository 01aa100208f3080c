import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CompletionItem,
  CompletionRequest,
  DefinitionRequest,
  HoverRequest,
  InsertTextFormat,
  type Location,
  type MarkupContent,
} from "vscode-languageserver-protocol";
import { positionOf, repoRoot, SAMPLE, serverForAll, writeFile } from "./client.js";

/**
 * The completion, hover and definition kinds the issue names, each once over stdio, on a DSL file and on a JSON
 * service as the API returns it (features.test.ts has one of each on the DSL sample).
 */
describe("completion, hover and definition kinds over stdio", () => {
  const server = serverForAll();
  let dslUri: string;
  let jsonUri: string;
  let json: string;
  let dsl: string;

  beforeAll(async () => {
    // The sample, with a suppression comment to hover and a half-typed key to complete.
    dsl = SAMPLE.replace(
      "      sentOn:",
      "      # mailroom-disable-next-line time-zone -- checked by the printer\n      sentOn:",
    ).replace("    elements: 1\n", "    elements: 1\n    rec\n");
    dslUri = server.client.open(writeFile(join(server.dir, "letter.service.yaml"), dsl), dsl);
    json = readFileSync(join(repoRoot, "examples/supplier-invoices.service.json"), "utf8");
    jsonUri = server.client.open(writeFile(join(server.dir, "invoices.service.json"), json), json, "json");
    await server.client.diagnostics(dslUri);
    await server.client.diagnostics(jsonUri);
  });

  const complete = async (uri: string, position: { line: number; character: number }): Promise<CompletionItem[]> => {
    const list = await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position,
    });
    return Array.isArray(list) ? list : (list?.items ?? []);
  };
  const hover = async (uri: string, position: { line: number; character: number }) =>
    (
      (await server.client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }))?.contents as
        | MarkupContent
        | undefined
    )?.value ?? "";

  it("completes the keys valid in a box, without those already written", async () => {
    const labels = (await complete(dslUri, positionOf(dsl, "    rec\n", 7))).map((i) => i.label);
    expect(labels).toContain("reconcile");
    expect(labels).not.toContain("elements");
  });

  it("completes functions with snippets for their arguments", async () => {
    const items = await complete(dslUri, positionOf(dsl, "concat(", 3));
    const concat = items.find((i) => i.label.startsWith("concat"));
    expect(concat?.insertTextFormat).toBe(InsertTextFormat.Snippet);
    expect(concat?.textEdit && "newText" in concat.textEdit ? concat.textEdit.newText : concat?.insertText).toMatch(
      /\$\{1/,
    );
  });

  it("completes time zones where a time zone is expected", async () => {
    const labels = (await complete(dslUri, positionOf(dsl, '"Europe/Pariss"', 8))).map((i) => i.label);
    expect(labels).toContain("Europe/Paris");
  });

  it("hovers a rule id in a suppression comment with the rule's description", async () => {
    const text = await hover(dslUri, positionOf(dsl, "time-zone --", 3));
    expect(text).toMatch(/time-zone/);
    expect(text).toMatch(/rules\/time-zone\.md/);
  });

  it("hovers an expression with the JSON it compiles to", async () => {
    const text = await hover(dslUri, positionOf(dsl, "fileName[0:8]", 2));
    expect(text).toMatch(/```json/);
    expect(text).toMatch(/"@type": "exv\.FileName"/);
  });

  it("hovers an expression and a metadata name with what they compute in words", async () => {
    expect(await hover(dslUri, positionOf(dsl, "fileName[0:8]", 2))).toMatch(/^Characters 1 to 8 of the file name\./);
    expect(await hover(dslUri, positionOf(dsl, "recipientName:", 3))).toContain(
      "**recipientName**: the text on page 1 in the area 110, 48, 85 x 6 (left, top, width, height), in upper case.",
    );
  });

  it("completes `@type` names in a JSON service's expression", async () => {
    const at = json.indexOf('"@type": "exv.Substring"') + '"@type": "'.length;
    const position = positionOf(json, '"@type": "exv.Substring"', '"@type": "'.length);
    expect(json.slice(at, at + 4)).toBe("exv.");
    const labels = (await complete(jsonUri, position)).map((i) => i.label);
    expect(labels).toContain("exv.Substring");
    expect(labels).toContain("exv.Concat");
    expect(labels.some((label) => label.startsWith("exb."))).toBe(false);
  });

  it("completes the archive box names in a JSON archive parent's boxName", async () => {
    const labels = (await complete(jsonUri, positionOf(json, '"boxName": "ANNEXES"', '"boxName": "'.length))).map(
      (i) => i.label,
    );
    expect(labels).toEqual(["ANNEXES"]);
  });

  it("goes from a JSON archive parent to the archive box's name", async () => {
    const found = (await server.client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: jsonUri },
      position: positionOf(json, '"boxName": "ANNEXES"', '"boxName": "'.length + 2),
    })) as Location[];
    expect(found.map((l) => l.range.start)).toEqual([positionOf(json, '"name": "ANNEXES"', '"name": "'.length)]);
  });

  it("hovers a JSON key with its description from the model", async () => {
    const text = await hover(jsonUri, positionOf(json, '"fileMatcher"', 3));
    expect(text.length).toBeGreaterThan(20);
    expect(text).toMatch(/archive|file/i);
  });
});
