import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CodeAction,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  type DocumentSymbol,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  type Location,
  type MarkupContent,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  SemanticTokensRequest,
  SignatureHelpRequest,
  type WorkspaceEdit,
} from "vscode-languageserver-protocol";
import { TextDocument } from "vscode-languageserver-textdocument";
import { applyEdits as apply, cliBin, positionOf, SAMPLE, serverForAll, writeFile } from "./client.js";

const run = promisify(execFile);

/** The text a range covers. */
const textAt = (
  text: string,
  range: { start: { line: number; character: number }; end: { line: number; character: number } },
) => {
  const document = TextDocument.create("file:///x", "yaml", 0, text);
  return text.slice(document.offsetAt(range.start), document.offsetAt(range.end));
};

describe("language features over stdio", () => {
  const server = serverForAll();
  let uri: string;
  const textDocument = () => ({ uri });

  beforeAll(async () => {
    const file = writeFile(join(server.dir, "letter.service.yaml"), SAMPLE);
    uri = server.client.open(file, SAMPLE);
    await server.client.diagnostics(uri);
  });

  /** The completion items at the end of the first `marker` of a document's text, and the text each replaces. */
  const completionAt = async (documentUri: string, text: string, marker: string, delta = marker.length) => {
    const list = await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: documentUri },
      position: positionOf(text, marker, delta),
    });
    const items = Array.isArray(list) ? list : (list?.items ?? []);
    const replaced = (label: string) => {
      const edit = items.find((i) => i.label === label)?.textEdit;
      return edit && "range" in edit ? textAt(text, edit.range) : undefined;
    };
    return { labels: items.map((item) => item.label), replaced };
  };

  it("completes metadata names after `meta.`, replacing the name typed so far", async () => {
    const { labels, replaced } = await completionAt(uri, SAMPLE, "meta.recipientNmae");
    // Every metadata of the box but the one being defined (reading itself would be a cycle).
    expect(labels).toContain("recipientName");
    expect(labels).toContain("sentOn");
    expect(labels).not.toContain("letterReference");
    expect(replaced("recipientName")).toBe("recipientNmae");
  });

  it("completes the codes of a suppression comment, less those it names already", async () => {
    const text = SAMPLE.replace(
      "      letterReference:\n",
      "      # mailroom-disable-next-line undefined-metadata, unu -- a reason\n      letterReference:\n",
    );
    const suppressed = server.client.open(writeFile(join(server.dir, "suppressed.service.yaml"), text), text);
    const { labels, replaced } = await completionAt(suppressed, text, ", unu");
    expect(labels).toContain("unused-metadata");
    expect(labels).toContain("unknown-key");
    expect(labels).not.toContain("undefined-metadata");
    expect(replaced("unused-metadata")).toBe("unu");
    // After the reason, nothing of the kind.
    expect((await completionAt(suppressed, text, "a reason", 1)).labels).not.toContain("unused-metadata");
    server.client.close(suppressed);
  });

  it("hovers a function with its documentation", async () => {
    const position = positionOf(SAMPLE, "concat(", 2);
    const hover = await server.client.connection.sendRequest(HoverRequest.type, {
      textDocument: textDocument(),
      position,
    });
    expect((hover?.contents as MarkupContent | undefined)?.value).toMatch(/concat/i);
    expect(hover?.range && textAt(SAMPLE, hover.range)).toMatch(/concat/);
  });

  it("goes to the definition of a metadata named in another box's reconcile", async () => {
    const position = positionOf(SAMPLE, "meta.letterReference", "meta.".length + 3);
    const found = (await server.client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: textDocument(),
      position,
    })) as Location[];
    expect(found).toHaveLength(1);
    expect(found[0]?.uri).toBe(uri);
    expect(found[0]?.range.start).toEqual(positionOf(SAMPLE, "letterReference:"));
  });

  it("finds every reference to a metadata", async () => {
    const position = positionOf(SAMPLE, "recipientName:", 1);
    const found = (await server.client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: textDocument(),
      position,
      context: { includeDeclaration: true },
    })) as Location[];
    const starts = found.map((l) => l.range.start).sort((a, b) => a.line - b.line || a.character - b.character);
    expect(starts).toEqual([positionOf(SAMPLE, "recipientName:"), positionOf(SAMPLE, "recipientName,")]);
  });

  it("renames a box everywhere, and refuses an invalid or clashing name", async () => {
    const position = positionOf(SAMPLE, "LETTER:", 2);
    const prepared = await server.client.connection.sendRequest(PrepareRenameRequest.type, {
      textDocument: textDocument(),
      position,
    });
    expect(prepared && "placeholder" in prepared ? prepared.placeholder : undefined).toBe("LETTER");
    const edit = (await server.client.connection.sendRequest(RenameRequest.type, {
      textDocument: textDocument(),
      position,
      newName: "MAIN_LETTER",
    })) as WorkspaceEdit;
    const renamed = apply(SAMPLE, edit.changes?.[uri] ?? []);
    expect(renamed).toContain("  MAIN_LETTER:\n");
    expect(renamed).not.toMatch(/\bLETTER\b/);

    // Another box's name, and a name no YAML key or JSON string of a service can hold on one line.
    for (const newName of ["ANNEXES", "TWO\nLINES"]) {
      await expect(
        server.client.connection.sendRequest(RenameRequest.type, { textDocument: textDocument(), position, newName }),
      ).rejects.toMatchObject({ message: expect.stringContaining(JSON.stringify(newName)) });
    }
  });

  it("outlines boxes with their metadata, and channels", async () => {
    const symbols = (await server.client.connection.sendRequest(DocumentSymbolRequest.type, {
      textDocument: textDocument(),
    })) as DocumentSymbol[];
    const names = (list: readonly DocumentSymbol[]): string[] =>
      list.flatMap((s) => [s.name, ...names(s.children ?? [])]);
    const all = names(symbols);
    for (const name of [
      "LETTER",
      "ANNEXES",
      "recipientName",
      "letterReference",
      "sentOn",
      "annexOwner",
      "Lettre recommandée AR",
    ]) {
      expect(all).toContain(name);
    }
    const find = (list: readonly DocumentSymbol[], name: string): DocumentSymbol | undefined =>
      list.map((s) => (s.name === name ? s : find(s.children ?? [], name))).find((s) => s !== undefined);
    const letter = find(symbols, "LETTER");
    expect(letter?.selectionRange.start).toEqual(positionOf(SAMPLE, "LETTER:"));
    expect(names(letter?.children ?? [])).toContain("sentOn");
  });

  it("folds boxes and their metadata", async () => {
    const ranges = await server.client.connection.sendRequest(FoldingRangeRequest.type, {
      textDocument: textDocument(),
    });
    const letter = positionOf(SAMPLE, "LETTER:").line;
    const annexes = positionOf(SAMPLE, "ANNEXES:").line;
    expect(ranges?.some((r) => r.startLine === letter && r.endLine === annexes - 1)).toBe(true);
    for (const r of ranges ?? []) expect(r.endLine).toBeGreaterThan(r.startLine);
  });

  it("offers the linter's fix and disabling the rule on the line", async () => {
    const published = server.client.publications.find((p) => p.uri === uri);
    const diagnostic = published?.diagnostics.find((d) => d.code === "undefined-metadata");
    expect(diagnostic).toBeDefined();
    if (!diagnostic) return;
    const actions = (await server.client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: textDocument(),
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.kind === "quickfix" && a.isPreferred);
    expect(apply(SAMPLE, fix?.edit?.changes?.[uri] ?? [])).toContain(
      'concat(meta.recipientName, "-", meta.recipientName)',
    );
    expect(fix?.diagnostics?.[0]?.code).toBe("undefined-metadata");
    const disable = actions.find((a) => a.title.match(/disable/i) && a.kind === "quickfix");
    const disabled = apply(SAMPLE, disable?.edit?.changes?.[uri] ?? []);
    expect(disabled).toMatch(/\n {8}# mailroom-disable-next-line undefined-metadata\b.*\n {8}value: concat/);
  });

  it("formats to the `mailroom fmt` layout", async () => {
    const messy = SAMPLE.replace("    elements: 1\n", "    elements:    1\n").replace("channels:\n", "\n\nchannels:\n");
    const file = writeFile(join(server.dir, "messy.service.yaml"), messy);
    const messyUri = server.client.open(file, messy);
    const edits = await server.client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: messyUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(edits?.length).toBeGreaterThan(0);
    const { stdout } = await run(process.execPath, [cliBin, "fmt", file]);
    expect(apply(messy, edits ?? [])).toBe(stdout);
  });

  it("helps with the signature of the call at the cursor", async () => {
    const position = positionOf(SAMPLE, '"Europe/Pariss"', 1);
    const help = await server.client.connection.sendRequest(SignatureHelpRequest.type, {
      textDocument: textDocument(),
      position,
    });
    const signature = help?.signatures[0];
    expect(signature?.label).toMatch(/formatDate/i);
    // The cursor is in the time zone argument (after the pattern; the piped value may count as the first).
    const active = signature?.parameters?.[help?.activeParameter ?? -1]?.label;
    expect(typeof active === "string" ? active : "").toMatch(/zone/i);
  });

  it("colours expression text with semantic tokens from the legend", async () => {
    const tokens = await server.client.connection.sendRequest(SemanticTokensRequest.type, {
      textDocument: textDocument(),
    });
    const data = tokens?.data ?? [];
    expect(data.length % 5).toBe(0);
    // Decode the relative encoding into absolute positions and type names.
    const { TOKEN_TYPES } = await import("@mailroom/language");
    const decoded: { line: number; character: number; length: number; type: string | undefined }[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < data.length; i += 5) {
      const [dLine = 0, dChar = 0, length = 0, type = 0] = data.slice(i, i + 4);
      line += dLine;
      character = dLine === 0 ? character + dChar : dChar;
      decoded.push({ line, character, length, type: TOKEN_TYPES[type] });
    }
    expect(decoded).toContainEqual({ ...positionOf(SAMPLE, "concat("), length: "concat".length, type: "function" });
    expect(decoded).toContainEqual({ ...positionOf(SAMPLE, "meta.recipientName,"), length: 4, type: "namespace" });
  });

  it("shows inlay hints of what the compiler infers", async () => {
    const end = positionOf(SAMPLE, "channels:");
    const hints = await server.client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: textDocument(),
      range: { start: { line: 0, character: 0 }, end },
    });
    expect(hints?.length).toBeGreaterThan(0);
    for (const hint of hints ?? []) {
      expect(hint.position.line).toBeLessThanOrEqual(end.line);
      expect(typeof hint.label === "string" ? hint.label : hint.label.map((p) => p.value).join("")).not.toBe("");
    }
  });
});
