import { readFileSync } from "node:fs";
import { compileDsl, type ExpressionKind, lowerExpression } from "@mailroom/compiler";
import { parseExpression, parseYaml, toJson } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument, visit } from "yaml";
import { canonical } from "../../../fuzz/check.js";
import { BIG, type LineMutation, mutate, TAGS } from "../../../fuzz/mutate.js";
import { format } from "../src/index.js";
import { PROPERTY_TIMEOUT, runs } from "./arbitraries.js";
import { dslFiles } from "./corpus.js";
import { commentOffsets } from "./places.js";

/**
 * The formatter formats every file that parses, idempotently and keeping what it means. The
 * files are mutants of the examples and the test fixtures: blank lines (after a key whose block follows, too),
 * comments at any indentation and at line ends, tags on keys and values, CRLF and lone CR line endings, integers
 * beyond 2^53, indentation changes, no final line break.
 */

const corpus = [...dslFiles("examples"), ...dslFiles("test/fixtures")].map((file) => readFileSync(file, "utf8"));

// Without bias: a biased one is mostly 0, which would mutate the first line again and again.
const at = fc.noBias(fc.nat());
const mutation: fc.Arbitrary<LineMutation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("blank", "blank-before-item", "trailing-comment", "crlf", "no-final-newline"),
    at,
  }),
  fc.record({ kind: fc.constant("comment"), at, indent: fc.nat(8) }),
  fc.record({ kind: fc.constantFrom("tag-key", "tag-value"), at, tag: fc.constantFrom(...TAGS) }),
  fc.record({
    kind: fc.constantFrom("big-integer", "big-integer-in-expression"),
    at,
    digits: fc.constantFrom(...BIG),
  }),
  fc.record({ kind: fc.constant("indent"), at, indent: fc.integer({ min: -2, max: 2 }) }),
  fc.record({ kind: fc.constant("lone-cr"), at, column: at }),
) as fc.Arbitrary<LineMutation>;

const parses = (text: string) => !parseYaml(text).diagnostics.some((d) => d.severity === "error");

/**
 * What a file means: its compiled service (errors or not), or, when it compiles to none, its YAML data with each
 * expression the DSL reads replaced by what it compiles to.
 */
function meaning(text: string): string {
  const service = compileDsl("mutant.service.yaml", text).services[0];
  if (service) return canonical(service.json);
  const { root } = parseYaml(text);
  if (!root) return "";
  const data = toJson(root);
  compileExpressions(data);
  return canonical(data);
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Replaces, in the YAML data of a service, each expression where docs/language.md has one (a metadata value, a
 * reconcile's `when`, a `from`'s `match`, in a pdf or data-file box) by its compiled JSON, when it compiles.
 */
function compileExpressions(data: unknown): void {
  if (!isMap(data)) return;
  const { boxes } = data;
  const named: [string, unknown][] = isMap(boxes)
    ? Object.entries(boxes)
    : Array.isArray(boxes)
      ? boxes.map((box) => [isMap(box) && box.name !== null && box.name !== undefined ? String(box.name) : "", box])
      : [];
  for (const [name, box] of named) {
    if (!isMap(box) || (box.type !== "pdf" && box.type !== "data-file")) continue;
    const context = { name, main: box.main === true };
    const replace = (holder: Record<string, unknown>, key: string, kind: ExpressionKind) => {
      const value = holder[key];
      if (typeof value !== "string" && typeof value !== "number") return;
      const parsed = parseExpression(String(value));
      const lowered = lowerExpression(parsed.ast, { expect: kind, box: context });
      if (parsed.diagnostics.length === 0 && lowered.diagnostics.length === 0) {
        holder[key] = { compiled: lowered.value };
      }
    };
    const { metadata, reconcile, from } = box;
    if (isMap(metadata) || Array.isArray(metadata)) {
      const holder = metadata as Record<string, unknown>;
      for (const key of Object.keys(holder)) {
        const value = holder[key];
        if (!isMap(value)) replace(holder, key, "value");
        else if (!Object.hasOwn(value, "@type")) replace(value, "value", "value");
      }
    }
    if (isMap(reconcile)) replace(reconcile, "when", "condition");
    if (isMap(from)) replace(from, "match", "condition");
  }
}

/** The tags of every node, keys included, sorted. */
function tags(text: string): string[] {
  const found: string[] = [];
  visit(parseDocument(text), {
    Node(_, node) {
      if (node.tag) found.push(node.tag);
    },
  });
  return found.sort();
}

/** The text of every comment, sorted. */
const comments = (text: string): string[] =>
  commentOffsets(text)
    .map(({ comment }) => comment)
    .sort();

describe("fmt on mutants of the examples and the fixtures", () => {
  it(
    "formats every mutant that parses, idempotently, keeping its meaning, comments, tags and integers",
    () => {
      expect(corpus.length).toBeGreaterThan(20);
      let formatted = 0;
      fc.assert(
        fc.property(
          fc.nat(corpus.length - 1),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (index, mutations) => {
            const { text, integers } = mutate(corpus[index] as string, mutations);
            if (!parses(text)) return;
            const once = format(text);
            if (once.disabled) return;
            formatted++;
            expect(once.diagnostics, text).toEqual([]);
            expect(format(once.text).text, once.text).toBe(once.text);
            expect(meaning(once.text), text).toBe(meaning(text));
            expect(tags(once.text), text).toEqual(tags(text));
            expect(comments(once.text), text).toEqual(comments(text));
            for (const digits of integers) expect(once.text, text).toContain(digits);
          },
        ),
        { numRuns: runs(300), seed: 20241010 },
      );
      // Most mutants parse: the property is not vacuous.
      expect(formatted).toBeGreaterThan(runs(300) / 3);
    },
    PROPERTY_TIMEOUT,
  );
});
