import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ObjectNode } from "../src/tree.js";
import { parseYaml } from "../src/yaml.js";
import { type FastReading, readFastYaml, rereadFastYaml } from "../src/yaml-fast.js";
import { edited, examples, observed, randomEdit, repo } from "./yaml-corpus.js";

// The benchmark's generator of realistic services (it compiles them with the built compiler: `npx tsc -b` first).
const generator = (await import(pathToFileURL(join(repo, "bench/generate.js")).href)) as {
  wideService(boxes: number, metadatas: number, range: [number, number]): { dsl: string };
};
const wide = generator.wideService(12, 11, [3, 6]).dsl;

const read = (text: string): FastReading => readFastYaml(text) as FastReading;

/** `text` with `insert` put at the `n`th occurrence of `needle` plus `after` characters. */
function typedAt(text: string, needle: string, n: number, after: number, insert: string): string {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`no ${needle} #${n}`);
  at += after;
  return text.slice(0, at) + insert + text.slice(at);
}

function boxesOf(reading: FastReading | undefined) {
  const boxes = (reading?.root as ObjectNode | undefined)?.properties.find((p) => p.key === "boxes");
  return (boxes?.value as ObjectNode | undefined)?.properties ?? [];
}

describe("reading an edited text again from its previous reading", () => {
  it("reads only the entry typed in, and takes over the others: before it as they were, after it moved", () => {
    const before = read(wide);
    const text = typedAt(wide, "label: ", 5, "label: ".length, "x");
    const again = rereadFastYaml(before, text);
    expect(again).toBeDefined();
    expect(observed(text, { previous: before })).toEqual(observed(text));
    const [old, now] = [boxesOf(before), boxesOf(again)];
    const edited5 = now.findIndex((p, i) => p !== old[i]);
    expect(edited5).toBeGreaterThan(0);
    expect(now.slice(0, edited5)).toEqual(old.slice(0, edited5));
    for (let i = 0; i < edited5; i++) expect(now[i]).toBe(old[i]);
    expect(now[edited5 + 1]?.keySpan.offset).toBe((old[edited5 + 1]?.keySpan.offset as number) + 1);
  });

  it("reads the whole text where the edit is not inside one entry's value, or changes where the next begins", () => {
    const before = read(wide);
    const cases = [
      // A key edited.
      typedAt(wide, "\n  ", 3, 3, "X"),
      // The last box, and the root's own keys.
      typedAt(wide, "channels:", 0, -4, "x"),
      typedAt(wide, "name: ", 0, "name: ".length, "x"),
      // An entry that now runs on into the next ones: a quoted scalar left open.
      typedAt(wide, "label: ", 5, "label: ".length, '"'),
      // An anchor in the entry: what aliases read may change.
      typedAt(wide, "label: ", 5, "label: ".length, "&x "),
    ];
    for (const [i, text] of cases.entries()) {
      expect([i, rereadFastYaml(before, text)]).toEqual([i, undefined]);
      expect(observed(text, { previous: before })).toEqual(observed(text));
    }
  });

  it("reads the whole text where the entry edited held an anchor, which a later alias may read", () => {
    const text = "boxes:\n  A:\n    label: &l First\n  B:\n    label: *l\n  C:\n    label: x\n  D:\n    label: y\n";
    const before = read(text);
    for (const edited of [text.replace("&l First", "First"), text.replace("&l First", "&l Other")]) {
      expect(rereadFastYaml(before, edited)).toBeUndefined();
      expect(observed(edited, { previous: before })).toEqual(observed(edited));
    }
    // Typed in an entry after the anchor and its alias: read alone.
    const typed = text.replace("label: x", "label: xy");
    expect(rereadFastYaml(before, typed)).toBeDefined();
    expect(observed(typed, { previous: before })).toEqual(observed(typed));
  });

  it("reads again from the previous reading most letters typed anywhere in a service", () => {
    const before = read(wide);
    let reread = 0;
    let typed = 0;
    for (let at = 0; at < wide.length; at += 89) {
      const text = `${wide.slice(0, at)}a${wide.slice(at)}`;
      typed++;
      if (rereadFastYaml(before, text)) reread++;
      expect(observed(text, { previous: before })).toEqual(observed(text));
    }
    expect(reread / typed).toBeGreaterThan(0.6);
  });

  it("gives what a full reading gives along random edits, whether it reads again from the previous reading or not", () => {
    const texts = [wide, ...examples];
    // Most of them in a box; some break the YAML, or add what only a full reading reads.
    const inserts = [
      "a",
      "b",
      "1",
      " ",
      "\n",
      "#c",
      "\n    # note\n",
      "\n\n",
      ": ",
      "- ",
      "x: 1\n",
      "'",
      '"',
      "[",
      "{",
      "&a ",
      "*a",
      "|\n",
      "\t",
    ];
    const edit = randomEdit(inserts, 3);
    let reread = 0;
    let edits = 0;
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 8 }), (i, steps) => {
        let text = texts[i] as string;
        let previous = parseYaml(text).reading;
        for (const step of steps) {
          text = edited(text, step);
          edits++;
          if (previous && rereadFastYaml(previous, text)) reread++;
          expect(observed(text, { previous })).toEqual(observed(text));
          previous = parseYaml(text, { previous }).reading;
        }
      }),
      { numRuns: 150, seed: 20261126 },
    );
    // Both ways are taken.
    expect(reread).toBeGreaterThan(10);
    expect(reread).toBeLessThan(edits);
  });
});
