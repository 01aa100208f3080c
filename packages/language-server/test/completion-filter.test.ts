import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompletionItem, CompletionRequest, type TextEdit } from "vscode-languageserver-protocol";
import { positionOf, SAMPLE, serverForAll, writeFile } from "./client.js";

/**
 * Completion offers only what the place accepts, over stdio: values where a value goes, the boxes of the types a
 * box argument or key accepts, every value of an enum (replacing the one written), at any line of a large file.
 */
describe("completion filtered by what the place accepts, over stdio", () => {
  const server = serverForAll();

  /** Opens `text` with the cursor at its `§` (removed: the text has pipes), and completes there. */
  const completeAt = async (name: string, withCursor: string): Promise<{ text: string; items: CompletionItem[] }> => {
    const offset = withCursor.indexOf("§");
    const text = withCursor.slice(0, offset) + withCursor.slice(offset + 1);
    const uri = server.client.open(writeFile(join(server.dir, name), text), text);
    const before = text.slice(0, offset);
    const position = { line: before.split("\n").length - 1, character: offset - before.lastIndexOf("\n") - 1 };
    const list = await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position,
    });
    return { text, items: Array.isArray(list) ? list : (list?.items ?? []) };
  };
  const labelsAt = async (name: string, withCursor: string) =>
    (await completeAt(name, withCursor)).items.map((i) => i.label);

  /** The sample with an archive box and a data-file box besides its two PDF boxes. */
  const SERVICE = SAMPLE.replace(
    "channels:\n",
    "  BUNDLE:\n    type: archive\n    elements: 0..1\n  LEDGER:\n    type: data-file\n    elements: 1\nchannels:\n",
  );
  const CONDITIONS = ["contains", "startsWith", "endsWith", "numEqual", "matches"];

  it("offers values, not conditions, in a value; conditions in a condition", async () => {
    const inConcat = await labelsAt(
      "value.service.yaml",
      SERVICE.replace('concat(meta.recipientName, "-", ', "concat(§"),
    );
    const piped = await labelsAt("piped.service.yaml", SERVICE.replace(" | upper\n", " | §\n"));
    for (const labels of [inConcat, piped]) {
      expect(labels).toContain("upper");
      for (const condition of CONDITIONS) expect(labels).not.toContain(condition);
    }
    const when = await labelsAt(
      "condition.service.yaml",
      SERVICE.replace("meta.annexOwner == meta.letterReference", "§"),
    );
    expect(when).toEqual(expect.arrayContaining(["startsWith", "matches", "upper", "meta"]));
    const cleaned = await labelsAt("clean.service.yaml", SERVICE.replace(" | upper\n", " | clean(§\n"));
    expect(cleaned).toEqual(["trim", "normalizeSpace", "removeDiacritics", "multiline"]);
  });

  it("offers PDF boxes for pdfText(box=, archive boxes for from.archive", async () => {
    const pdf = await labelsAt(
      "pdf-box.service.yaml",
      SERVICE.replace("annexOwner: fileName[0:8]", "annexOwner: pdfText(1, [1, 1, 1, 1], box=§)"),
    );
    expect(pdf).toEqual(["LETTER", "ANNEXES"]);
    const archive = await labelsAt(
      "archive.service.yaml",
      SERVICE.replace("    elements: 0..5\n", "    elements: 0..5\n    from:\n      archive: §\n"),
    );
    expect(archive).toEqual(["BUNDLE"]);
  });

  it("offers every box type at a written type, replacing it whole", async () => {
    const { text, items } = await completeAt(
      "type.service.yaml",
      SERVICE.replace("  ANNEXES:\n    type: pdf", "  ANNEXES:\n    type: p§df"),
    );
    expect(items.map((i) => i.label)).toEqual(["pdf", "data-file", "archive"]);
    const start = positionOf(text, "  ANNEXES:\n    type: pdf", "  ANNEXES:\n    type: ".length);
    for (const item of items) {
      const edit = item.textEdit as TextEdit;
      expect(edit.range).toEqual({ start, end: { line: start.line, character: start.character + 3 } });
      expect(edit.newText).toBe(item.label);
    }
  });

  it("completes at the last line of a 10,000-line service", async () => {
    const boxes = Array.from(
      { length: 2000 },
      (_, i) => `  BOX${i}:\n    type: pdf\n    elements: 1\n    metadata:\n      m${i}: fileName\n`,
    );
    const text = `${SERVICE.replace("channels:\n", `${boxes.join("")}  LAST:\n    type: pdf\n    §\nchannels:\n`)}`;
    expect(text.split("\n").length).toBeGreaterThan(10_000);
    const labels = await labelsAt("large.service.yaml", text);
    expect(labels).toEqual(expect.arrayContaining(["elements", "metadata", "reconcile"]));
    expect(labels).not.toContain("type");
  });
});
