import { describe, expect, it } from "vitest";
import { complete } from "../src/completion.js";
import { cursorAt } from "../src/cursor.js";
import { parseDocument } from "../src/document.js";
import { marked } from "./marked.js";

/** The cursor at the `|` mark. */
function cursor(text: string, file = "x.service.yaml") {
  const { document, offset } = marked(file, text);
  return cursorAt(document, offset);
}

describe("the cursor's place in the document", () => {
  it("follows indentation and sequence entries in YAML that does not parse", () => {
    const c = cursor(
      "boxes:\n  a:\n    appositions:\n      - type: image\n      - type: overlay\n        tar|\n  b: [\n",
    );
    expect(c?.path).toEqual(["boxes", "a", "appositions", 1]);
    expect(c?.isKey).toBe(true);
    expect(c?.prefix).toBe("tar");
    expect([...(c?.present ?? [])]).toEqual(["type"]);
  });

  it("knows keys written below the cursor, and a value after its key", () => {
    const below = cursor("boxes:\n  a:\n    |\n    type: pdf\n    main: true\nchannels: {}\n");
    expect(below?.path).toEqual(["boxes", "a"]);
    expect([...(below?.present ?? [])].sort()).toEqual(["main", "type"]);
    const value = cursor("boxes:\n  a:\n    split: { area: [1, 2], page: fi| }\n");
    expect(value?.path).toEqual(["boxes", "a", "split", "page"]);
    expect(value?.isKey).toBe(false);
    expect(value?.prefix).toBe("fi");
  });

  it("handles a sequence at its key's indentation and the list form of boxes", () => {
    const c = cursor("boxes:\n- name: a\n  type: pdf\n- name: b\n  |\n");
    expect(c?.path).toEqual(["boxes", 1]);
    expect([...(c?.present ?? [])]).toEqual(["name"]);
  });

  it("reads discriminators written after the cursor", () => {
    const text = '{"properties": {"boxes": [{"|": 1, "@type": "box.ARCHIVE"}]}}';
    const c = cursor(text, "x.service.json");
    expect(c?.path).toEqual(["properties", "boxes", 0]);
    expect(c?.tagAt(3, "@type")).toBe("box.ARCHIVE");
    expect(c?.quote).toBe('"');
  });

  it("has no place in a comment", () => {
    expect(cursor("boxes: # a co|mment\n")).toBeUndefined();
  });

  it("completes in a large file (the bench measures the time; this checks the answer)", () => {
    const box = (i: number) =>
      `  box${i}:\n    type: pdf\n    elements: 1\n    metadata:\n${Array.from({ length: 20 }, (_, j) => `      m${j}: fileName[0:${j + 1}]\n`).join("")}`;
    const boxes = Array.from({ length: 420 }, (_, i) => box(i)).join("");
    const text = `id: 1\nname: big\ntype: ADVANCED\nboxes:\n${boxes}`;
    expect(text.split("\n").length).toBeGreaterThan(10_000);
    const offset = text.indexOf("m3: ") + 4;
    const doc = parseDocument("big.service.yaml", `${text.slice(0, offset)}meta.${text.slice(offset)}`);
    const items = complete(doc, offset + 5).items.map((i) => i.label);
    expect(items.slice(0, 3)).toEqual(["m0", "m1", "m2"]);
  });
});
