import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceDocument } from "@mailroom/compiler";
import type { PathSegment } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edited, randomEdit } from "../../syntax/test/yaml-corpus.js";
import { CompileCache, compileDsl, isKeptBox } from "../src/index.js";
import { mainPdfBox, serviceHead } from "./service-text.js";

// The benchmark's generator of realistic services (it compiles them with the built compiler: `npx tsc -b` first).
const generator = (await import(new URL("../../../bench/generate.js", import.meta.url).href)) as {
  wideService(boxes: number, metadatas: number, range: [number, number]): { dsl: string };
};
const wide = generator.wideService(12, 11, [3, 6]).dsl;

const examples = join(import.meta.dirname, "../../../examples");
const texts = readdirSync(examples)
  .filter((name) => name.endsWith(".service.yaml"))
  .sort()
  .map((name) => readFileSync(join(examples, name), "utf8"));

/** Every path of a JSON value, depth first. */
function paths(value: unknown, prefix: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  out.push(prefix);
  if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value))
      paths(item, [...prefix, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/**
 * What a compile gives that anyone can observe: the JSON, the diagnostics, where every path comes from, and the
 * YAML tree and comments it read.
 */
function observed(document: SourceDocument) {
  return {
    tree: document.tree(),
    comments: document.comments,
    wellFormed: document.wellFormed,
    diagnostics: document.diagnostics,
    services: document.services.map((service) => ({
      json: service.json,
      locations: paths(service.json).map((path) => service.locate(path)),
    })),
  };
}

/** The compiled boxes of a document's service. */
const boxesOf = (document: SourceDocument) =>
  (document.services[0]?.json as { properties?: { boxes?: { label?: string }[] } } | undefined)?.properties?.boxes ??
  [];

describe("reusing what a document's previous version read and compiled", () => {
  it("compiles each version exactly as a compile from scratch does, along random edits", () => {
    const edit = randomEdit(["", "x", " ", "(", ")", '"', "meta.", " | upper", "\n", "1", ","], 6);
    fc.assert(
      fc.property(fc.nat({ max: texts.length }), fc.array(edit, { minLength: 1, maxLength: 6 }), (i, edits) => {
        let text = texts[i] ?? wide;
        let cache = new CompileCache();
        compileDsl("x.service.yaml", text, { cache });
        for (const step of edits) {
          text = edited(text, step);
          cache = new CompileCache(cache);
          const reused = compileDsl("x.service.yaml", text, { cache });
          expect(observed(reused)).toEqual(observed(compileDsl("x.service.yaml", text)));
        }
      }),
      { numRuns: 80, seed: 20261126 },
    );
  });

  it("takes over every box an edit leaves as it was, wherever its lines moved, and compiles the edited one", () => {
    const first = new CompileCache();
    const before = compileDsl("x.service.yaml", wide, { cache: first });
    let at = -1;
    for (let i = 0; i <= 5; i++) at = wide.indexOf("label: ", at + 1);
    at += "label: ".length;
    const text = `${wide.slice(0, at)}New ${wide.slice(at)}`;
    const after = compileDsl("x.service.yaml", text, { cache: new CompileCache(first) });
    expect(observed(after)).toEqual(observed(compileDsl("x.service.yaml", text)));
    const [old, now] = [boxesOf(before), boxesOf(after)];
    const changed = now.findIndex((box) => box.label?.startsWith("New "));
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(now.length - 1);
    now.forEach((box, i) => {
      if (i === changed) expect(box).not.toBe(old[i]);
      else expect(box).toBe(old[i]);
    });
  });

  it("marks the boxes it keeps for the next version, and none of a file compiled once", () => {
    // What the checker remembers by box (its expressions, its validity) only for these: a lint's boxes never recur.
    const kept = boxesOf(compileDsl("x.service.yaml", wide, { cache: new CompileCache() }));
    const once = boxesOf(compileDsl("x.service.yaml", wide));
    expect(kept.length).toBe(12);
    expect(kept.every((box) => isKeptBox(box))).toBe(true);
    expect(once.length).toBe(12);
    expect(once.some((box) => isKeptBox(box))).toBe(false);
  });

  it("compiles every box again when the YAML has errors: a reading that recovers may put anything anywhere", () => {
    const text = readFileSync(join(examples, "payslips.service.yaml"), "utf8");
    // The last box's last line runs into `channels:`, which the reading then takes for part of it.
    const broken = text.replace("meta.employeeId\n\nchannels:", "meta.employchannels:");
    expect(broken).not.toBe(text);
    const first = new CompileCache();
    compileDsl("x.service.yaml", text, { cache: first });
    const again = compileDsl("x.service.yaml", broken, { cache: new CompileCache(first) });
    expect(again.wellFormed).toBe(false);
    expect(observed(again)).toEqual(observed(compileDsl("x.service.yaml", broken)));
  });

  it("compiles again a box whose lines hold an alias: its lines alone do not say what it is", () => {
    const box = (name: string, label: string) =>
      `  ${name}:\n    type: data-file\n    label: ${label}\n    elements: 1\n`;
    const head = "id: 1\nname: Twins\ntype: ADVANCED\ndescription: &l Anchored\nboxes:\n";
    const text = `${head}${mainPdfBox("letters")}${box("A", "*l")}${box("B", "same")}${box("C", "last")}`;
    const first = new CompileCache();
    const before = boxesOf(compileDsl("x.service.yaml", text, { cache: first }));
    // The edit is outside the boxes: box A's own lines are as they were, but the alias reads the new value.
    const edited = text.replace("&l Anchored", "&l Other");
    const after = boxesOf(compileDsl("x.service.yaml", edited, { cache: new CompileCache(first) }));
    expect(after).toEqual(boxesOf(compileDsl("x.service.yaml", edited)));
    expect(after[1]).toMatchObject({ label: "Other" });
    expect(after[2]).toBe(before[2]);
  });

  it("hands an unchanged expression on, and never the same value to two places", () => {
    const text = `${serviceHead("Twins")}${mainPdfBox("letters")}    metadata:
      a: fileName[0:8]
      b: fileName[0:8]
      c: upper(meta.a)
`;
    type Compiled = { properties: { boxes: { metadatas: { content: unknown }[] }[] } };
    const metadata = (document: SourceDocument) =>
      (document.services[0]?.json as Compiled | undefined)?.properties.boxes[0]?.metadatas.map((m) => m.content) ?? [];
    const first = new CompileCache();
    const before = metadata(compileDsl("x.service.yaml", text, { cache: first }));
    const after = metadata(
      compileDsl("x.service.yaml", text.replace("upper(meta.a)", "lower(meta.a)"), { cache: new CompileCache(first) }),
    );
    expect(after).toHaveLength(3);
    // The two `fileName[0:8]` are reused, each once; the edited one is compiled again.
    expect(new Set([after[0], after[1]])).toEqual(new Set([before[0], before[1]]));
    expect(after[0]).not.toBe(after[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[2]).toEqual({ ...(before[2] as object), toUpper: false });
  });
});
