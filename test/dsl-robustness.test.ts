import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocument } from "@mailroom/checker";
import { compileDsl } from "@mailroom/compiler";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesIn, repoRoot } from "./helpers.js";

const sources = filesIn("examples", /\.service\.yaml$/).map((file) => readFileSync(join(repoRoot, file), "utf8"));

/** Characters that matter to YAML or to the expression grammar, and some that matter to neither. */
const NOISE = [..."\n\t :{}[],#&*!|>'\"%@`-?=()./\\^$0123456789abcXYZ\u00e9\u2028\uFEFF"];

type Mutation =
  | { kind: "delete"; at: number; length: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "duplicate-line"; line: number }
  | { kind: "swap-lines"; a: number; b: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.array(fc.constantFrom(...NOISE), { minLength: 1, maxLength: 8 }).map((chars) => chars.join("")),
  }),
  fc.record({ kind: fc.constant("duplicate-line" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("swap-lines" as const), a: fc.nat(), b: fc.nat() }),
);

function apply(text: string, m: Mutation): string {
  if (m.kind === "delete") {
    const at = m.at % (text.length + 1);
    return text.slice(0, at) + text.slice(at + m.length);
  }
  if (m.kind === "insert") {
    const at = m.at % (text.length + 1);
    return text.slice(0, at) + m.text + text.slice(at);
  }
  const lines = text.split("\n");
  if (m.kind === "duplicate-line") {
    const i = m.line % lines.length;
    lines.splice(i, 0, lines[i] ?? "");
  } else {
    const a = m.a % lines.length;
    const b = m.b % lines.length;
    [lines[a], lines[b]] = [lines[b] ?? "", lines[a] ?? ""];
  }
  return lines.join("\n");
}

describe("parse and compile never throw", () => {
  it("on random mutations of the DSL examples, and every span stays inside the text", () => {
    expect(sources.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fc.nat({ max: sources.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (index, mutations) => {
          const text = mutations.reduce(apply, sources[index] as string);
          const document = compileDsl("fuzz.service.yaml", text);
          for (const d of checkDocument(document)) {
            expect(d.span.offset).toBeGreaterThanOrEqual(0);
            expect(d.span.offset + d.span.length).toBeLessThanOrEqual(text.length);
            expect(d.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        checkDocument(compileDsl("fuzz.service.yaml", text));
      }),
      { numRuns: 500 },
    );
  });
});
