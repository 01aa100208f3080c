import { lowerExpression, printExpression } from "@mailroom/compiler";
import { parseExpression } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expressions, text } from "../../model/test/arbitraries.js";
import { expressionLines } from "../src/expression-lines.js";
import { doubleQuoted, foldWords, isPlainSafe, literalBlock, readsAsString, singleQuoted } from "../src/scalar.js";
import { PROPERTY_TIMEOUT, runs } from "./arbitraries.js";

const OPTIONS = { schema: "core", merge: false, resolveKnownTags: false, uniqueKeys: false } as const;

/** The value YAML reads for `key: <scalar>` (block) or `{ key: <scalar> }` (flow). */
const read = (scalar: string, flow = false): unknown =>
  (parse(flow ? `{ key: ${scalar} }` : `key: ${scalar}`, OPTIONS) as { key: unknown }).key;

const strings = fc.oneof(text, fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }));

describe("scalar styles read back as exactly the text", () => {
  it(
    "plain, when allowed, in block and flow context",
    () => {
      fc.assert(
        fc.property(strings, (value) => {
          if (isPlainSafe(value, false) && readsAsString(value)) expect(read(value)).toBe(value);
          if (isPlainSafe(value, true) && readsAsString(value)) expect(read(value, true)).toBe(value);
        }),
        { numRuns: runs(1000) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "double-quoted, always, in block and flow context",
    () => {
      fc.assert(
        fc.property(strings, (value) => {
          expect(read(doubleQuoted(value))).toBe(value);
          expect(read(doubleQuoted(value), true)).toBe(value);
        }),
        { numRuns: runs(1000) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "single-quoted, when allowed",
    () => {
      fc.assert(
        fc.property(strings, (value) => {
          const quoted = singleQuoted(value);
          if (quoted !== undefined && !value.includes("\n")) expect(read(quoted)).toBe(value);
        }),
        { numRuns: runs(1000) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "folded (>-) and literal (| or |-) blocks, when allowed",
    () => {
      const words = fc
        .array(fc.oneof(text, fc.constantFrom("a", "bb", "  ", "é")), { maxLength: 30 })
        .map((w) => w.join(" "));
      fc.assert(
        fc.property(fc.oneof(words, strings), fc.integer({ min: 1, max: 40 }), (value, width) => {
          const folded = foldWords(value, width);
          if (folded) expect(read(`>-\n${folded.map((line) => `  ${line}`).join("\n")}\n`)).toBe(value);
          const literal = literalBlock(value);
          if (literal) {
            const body = literal.lines.map((line) => (line === "" ? "" : `  ${line}`)).join("\n");
            expect(read(`${literal.header}\n${body}\n`)).toBe(value);
          }
        }),
        { numRuns: runs(1000) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it("agrees with YAML 1.2's core schema on which plain texts are strings", () => {
    for (const value of [
      "true",
      "False",
      "NULL",
      "~",
      "",
      "0x1F",
      "0o17",
      "-0",
      "1e3",
      ".inf",
      "-.INF",
      ".NaN",
      "1_000",
    ]) {
      expect(readsAsString(value), value).toBe(value !== "" && typeof parse(`key: ${value}`, OPTIONS).key === "string");
    }
  });
});

describe("expression lines", () => {
  const { value, condition } = expressions({ name: "annexes", main: false }, 5);
  const box = { name: "annexes", main: false };

  it(
    "read back, joined by any blanks, as the same expression, each line within the width where it can be",
    () => {
      fc.assert(
        fc.property(fc.oneof(value, condition), fc.integer({ min: 10, max: 100 }), (expression, width) => {
          const kind = expression["@type"].startsWith("exv.") ? "value" : "condition";
          const printed = printExpression(expression, { box });
          const lines = expressionLines(printed, width);
          const joined = lines.map((line) => `${" ".repeat(line.indent)}${line.text}`).join("\n");
          const parsed = parseExpression(joined);
          expect(parsed.diagnostics).toEqual([]);
          expect(lowerExpression(parsed.ast, { expect: kind, box }).value).toEqual(expression);
          expect(
            lines
              .map((line) => line.text)
              .join(" ")
              .replace(/\s+/g, ""),
          ).toBe(printed.replace(/\s+/g, ""));
          expect(lines[0]?.indent).toBe(0);
        }),
        { numRuns: runs(1000) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it("break at or and and, pipes, comparisons and arguments", () => {
    const text =
      'concat(meta.a, "-") | upper == meta.b and not matches(meta.c | lower, /^x/, whole) or numEqual(meta.d, 1)';
    expect(expressionLines(text, 30)).toEqual([
      { indent: 0, text: 'concat(meta.a, "-") | upper' },
      { indent: 0, text: "== meta.b" },
      { indent: 0, text: "and not matches(" },
      { indent: 10, text: "meta.c | lower," },
      { indent: 10, text: "/^x/," },
      { indent: 10, text: "whole)" },
      { indent: 0, text: "or numEqual(meta.d, 1)" },
    ]);
  });
});
