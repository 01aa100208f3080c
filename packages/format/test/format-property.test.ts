import { compileDsl } from "@mailroom/compiler";
import { parseYaml, toJson } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Document, isCollection, isScalar, parseDocument, type ToStringOptions, visit } from "yaml";
import { decompile, format } from "../src/index.js";
import { runs, service } from "./arbitraries.js";
import { commentPlaces, safeLineBreaks } from "./places.js";

/**
 * Formatting any layout of a service: the services are random (decompiled, so valid DSL), each written again by
 * the `yaml` package with random options and node styles, with random comments in every place YAML allows.
 */

/** Decompiled services, without their comments (each a canonical text), made once for all the runs. */
const texts = fc
  .sample(service, { numRuns: 80, seed: 20240601 })
  .map((json) => decompile(json).services[0]?.text as string)
  .map((text) => format(text.replace(/^ *#.*\n/gm, "")).text);

/** A small seeded generator, for per-node choices fast-check need not shrink. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const options = fc.record({
  indent: fc.integer({ min: 2, max: 4 }),
  indentSeq: fc.boolean(),
  lineWidth: fc.constantFrom(0, 30, 80, 120),
  minContentWidth: fc.constantFrom(0, 20),
  defaultStringType: fc.constantFrom("PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE", "BLOCK_FOLDED", "BLOCK_LITERAL"),
  defaultKeyType: fc.constantFrom(null, "PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE"),
  collectionStyle: fc.constantFrom("any", "block", "flow"),
  flowCollectionPadding: fc.boolean(),
  doubleQuotedAsJSON: fc.boolean(),
}) as fc.Arbitrary<ToStringOptions>;

/** The text laid out again: styles chosen at random per node, comments added at random (when `comments`). */
function relayout(text: string, layout: ToStringOptions, seed: number, comments: boolean): string {
  const next = random(seed);
  const document: Document = parseDocument(text);
  let count = 0;
  visit(document, {
    Node(_, node) {
      if (isScalar(node))
        node.type =
          next() < 0.5 ? undefined : (["PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE"] as const)[Math.floor(next() * 3)];
      // (An empty collection in block style is written `key:` then `[]` at the key's indentation, which is not YAML.)
      if (isCollection(node)) node.flow = node.items.length === 0 || next() < 0.3;
      if (comments && next() < 0.15) node.commentBefore = ` before ${++count}`;
      if (comments && next() < 0.1) node.comment = ` after ${++count}`;
    },
  });
  if (comments && next() < 0.3) document.commentBefore = " at the top";
  if (comments && next() < 0.3) document.comment = " at the bottom";
  const written = document.toString(layout);
  if (!comments) return written;
  // Comments the yaml package would not write: own lines at any indentation (where YAML allows it: not every
  // place in a flow collection does), and at the end of random lines.
  const lines = written.split("\n");
  const safe = safeLineBreaks(written);
  const insert = (anyIndent: boolean) => {
    const out: string[] = [];
    let n = count;
    lines.forEach((line, i) => {
      const trailing = safe.has(i) && !line.includes("#") && line.trim() !== "" && next() < 0.15;
      out.push(trailing ? `${line}  # end ${++n}` : line);
      if (safe.has(i) && next() < 0.1) {
        const indent = anyIndent ? Math.floor(next() * 8) : (/^ */.exec(lines[i + 1] ?? "")?.[0].length ?? 0);
        out.push(`${" ".repeat(indent)}# line ${++n}`);
      }
    });
    return out.join("\n");
  };
  const inserted = insert(true);
  return valid(inserted) ? inserted : insert(false);
}

const valid = (text: string) => !parseYaml(text).diagnostics.some((d) => d.severity === "error");

/** Whether two YAML texts hold the same values (the yaml package sometimes writes a value it cannot read back). */
function sameValues(a: string, b: string): boolean {
  const read = (text: string) => {
    const { root } = parseYaml(text);
    return root ? JSON.stringify(toJson(root)) : undefined;
  };
  return read(a) === read(b);
}

const compiled = (text: string) => compileDsl("random.service.yaml", text).services[0]?.json;

describe("format, on any layout of a service", () => {
  expect(texts.every((text) => typeof text === "string")).toBe(true);
  const pick = fc.integer({ min: 0, max: texts.length - 1 });

  it("gives the one canonical text, whatever the layout", () => {
    fc.assert(
      fc.property(pick, options, fc.integer(), (i, layout, seed) => {
        const canonical = texts[i] as string;
        const written = relayout(canonical, layout, seed, false);
        fc.pre(valid(written) && sameValues(written, canonical));
        // Blank lines are the author's: a layout without them has none.
        const withoutBlanks = (text: string) => text.replace(/\n\n+/g, "\n");
        expect(withoutBlanks(format(written).text), written).toBe(withoutBlanks(canonical));
      }),
      { numRuns: runs(250) },
    );
  });

  it("keeps every comment at its place and the meaning, and is idempotent", () => {
    fc.assert(
      fc.property(pick, options, fc.integer(), (i, layout, seed) => {
        const written = relayout(texts[i] as string, layout, seed, true);
        fc.pre(valid(written) && sameValues(written, texts[i] as string));
        const once = format(written);
        expect(once.diagnostics, written).toEqual([]);
        expect(format(once.text).text, once.text).toBe(once.text);
        expect(commentPlaces(once.text), written).toEqual(commentPlaces(written));
        expect(compiled(once.text)).toEqual(compiled(written));
      }),
      { numRuns: runs(250) },
    );
  });
});
