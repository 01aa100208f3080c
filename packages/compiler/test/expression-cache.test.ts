import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceDocument } from "@mailroom/compiler";
import type { PathSegment } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileDsl, ExpressionCache } from "../src/index.js";
import { mainPdfBox, serviceHead } from "./service-text.js";

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

/** What a compile gives that anyone can observe: the JSON, the diagnostics, and where every path comes from. */
function observed(document: SourceDocument) {
  return {
    diagnostics: document.diagnostics,
    services: document.services.map((service) => ({
      json: service.json,
      locations: paths(service.json).map((path) => service.locate(path)),
    })),
  };
}

describe("reusing the expressions of a document's previous version", () => {
  it("compiles each version exactly as a compile from scratch does, along random edits", () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.nat({ max: 6 }),
      insert: fc.constantFrom("", "x", " ", "(", ")", '"', "meta.", " | upper", "\n", "1", ","),
    });
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 6 }), (i, edits) => {
        let text = texts[i] as string;
        let cache = new ExpressionCache();
        compileDsl("x.service.yaml", text, { expressions: cache });
        for (const { at, remove, insert } of edits) {
          const offset = at % (text.length + 1);
          text = text.slice(0, offset) + insert + text.slice(offset + remove);
          cache = new ExpressionCache(cache);
          const reused = compileDsl("x.service.yaml", text, { expressions: cache });
          expect(observed(reused)).toEqual(observed(compileDsl("x.service.yaml", text)));
        }
      }),
      { numRuns: 60 },
    );
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
    const first = new ExpressionCache();
    const before = metadata(compileDsl("x.service.yaml", text, { expressions: first }));
    const after = metadata(
      compileDsl("x.service.yaml", text.replace("upper(meta.a)", "lower(meta.a)"), {
        expressions: new ExpressionCache(first),
      }),
    );
    expect(after).toHaveLength(3);
    // The two `fileName[0:8]` are reused, each once; the edited one is compiled again.
    expect(new Set([after[0], after[1]])).toEqual(new Set([before[0], before[1]]));
    expect(after[0]).not.toBe(after[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[2]).toEqual({ ...(before[2] as object), toUpper: false });
  });
});
