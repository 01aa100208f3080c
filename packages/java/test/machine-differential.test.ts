import { DEPTH_LIMIT, javaReplace, parseJavaRegex, STEP_BUDGET } from "@mailroom/java";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateSource } from "../src/regex/codegen.js";
import { Matcher, MatchStopped } from "../src/regex/machine.js";
import { compileProgram, Op, type Program } from "../src/regex/program.js";
import { corpus } from "./helpers.js";

/**
 * The machine generated for a program (codegen.ts) against the interpreter (interpreter.ts), which runs the
 * programs too large to generate one for: on the same program, text, budget and depth limit, every search must give
 * the same result, the same groups, the same steps left and, where one stops, the same reason at the same step.
 */

type Mode = { kind: "find"; firstOnly: boolean } | { kind: "matches" };

interface Runner {
  reset(text: string, steps: number): unknown;
  find(): boolean;
  matches(): boolean;
  readonly groups: Int32Array;
  readonly steps: number;
  /** Where the last match, atom or look-ahead ended (`\\b{g}` reads it, and `\\G` after a search that fails). */
  readonly last: number;
}

/** What a matcher does on a text: each search (as replaceAll makes them, or matches), then how it ended. */
function transcript(m: Runner, text: string, mode: Mode, steps: number): string[] {
  const seen: string[] = [];
  m.reset(text, steps);
  try {
    if (mode.kind === "matches") seen.push(`matches ${m.matches()} [${m.groups.join()}] ${m.steps} ${m.last}`);
    else {
      for (let n = 0; n <= text.length + 1; n++) {
        const found = m.find();
        seen.push(`find ${found} [${m.groups.join()}] ${m.steps} ${m.last}`);
        if (!found || mode.firstOnly) break;
      }
    }
  } catch (error) {
    if (!(error instanceof MatchStopped)) throw error;
    seen.push(`stopped ${error.reason} ${error.message} ${m.steps}`);
  }
  return seen;
}

function programOf(pattern: string): Program | undefined {
  const parsed = parseJavaRegex(pattern);
  return parsed.root && parsed.compiles ? compileProgram({ ...parsed, root: parsed.root }) : undefined;
}

/** What the comparisons went through: the instructions compiled, and how the runs ended. */
const seen = { ops: new Set<number>(), endings: new Map<string, number>() };

/** The differences between the two machines on `texts`, with a budget and a depth limit. */
function differences(pattern: string, texts: readonly [string, Mode][], steps: number, depth: number): string[] {
  const program = programOf(pattern);
  if (!program) return [];
  for (const op of program.op) seen.ops.add(op);
  const ours = new Matcher(program, depth);
  const reference = new Matcher(program, depth, true);
  // Every pattern these tests make is small enough to have a machine of its own.
  if (!ours.compiled) return [`${JSON.stringify(pattern)}: not compiled`];
  const found: string[] = [];
  for (const [text, mode] of texts) {
    const a = transcript(ours, text, mode, steps);
    const b = transcript(reference, text, mode, steps);
    const ending = (b.at(-1) as string).split(" ").slice(0, 2).join(" ");
    seen.endings.set(ending, (seen.endings.get(ending) ?? 0) + 1);
    if (a.join("\n") !== b.join("\n")) found.push(`${JSON.stringify(pattern)} on ${JSON.stringify(text)}: ${a} / ${b}`);
  }
  return found;
}

type Entry = { mode: "replace" | "matches"; text: string; pattern: string; firstOnly?: boolean; whole?: boolean };

describe("the generated machine against the interpreter", () => {
  // Every recorded case, twice in each engine: CPU-bound work that a busy machine stretches well past the default
  // timeout.
  it("runs every recorded case as the interpreter does: results, groups, steps and stops", () => {
    const byPattern = new Map<string, [string, Mode][]>();
    for (const e of corpus<Entry>("eval-regex.json")) {
      const mode: Mode =
        e.mode === "matches" && e.whole
          ? { kind: "matches" }
          : { kind: "find", firstOnly: e.mode === "matches" || e.firstOnly === true };
      byPattern.set(e.pattern, [...(byPattern.get(e.pattern) ?? []), [e.text, mode]]);
    }
    const found: string[] = [];
    for (const [pattern, texts] of byPattern) {
      found.push(...differences(pattern, texts, STEP_BUDGET, DEPTH_LIMIT));
      // A small budget and a shallow limit stop many of them part way: at the same step in both.
      found.push(...differences(pattern, texts, 300, 40));
    }
    expect(found).toEqual([]);
  }, 180_000);

  // Patterns made of the constructs that give Pattern's nodes, on texts made of the characters they test.
  const atoms = fc.constantFrom(
    "a",
    "b",
    "ab",
    "ba",
    "[ab]",
    "[^a]",
    ".",
    "\\d",
    "\\w",
    "\\s",
    "\\b",
    "\\B",
    "^",
    "$",
    "\\1",
    "\\k<n>",
    "(?i)a",
    "(?iu)é",
    "(?i)\\1",
    "é",
    "😀",
    "[😀a]",
    "\\R",
    "\\X",
    "\\b{g}",
    "\\G",
    "\\A",
    "\\z",
    "\\Z",
    "(?m)^",
    "(?m)$",
    "(?d)$",
    "\\p{L}",
    "\\p{Lu}",
    "(?c)\\p{L}",
    "(?s).",
    "\\h",
    "\\Qa.\\E",
    // Literals longer than the machine compares unit by unit.
    "aaaaaaaaa",
    "(?i)aaaaaaaaab",
  );
  const quantifiers = fc.constantFrom(
    "*",
    "+",
    "?",
    "{2}",
    "{1,3}",
    "{0,2}",
    "{2,}",
    "*?",
    "+?",
    "??",
    "{1,2}?",
    "*+",
    "++",
    "?+",
    "{7,}",
  );
  const { pattern } = fc.letrec<{ pattern: string; group: string; sequence: string; either: string; repeat: string }>(
    (tie) => ({
      pattern: fc.oneof(
        { maxDepth: 4, depthSize: "small" },
        atoms,
        tie("group"),
        tie("sequence"),
        tie("either"),
        tie("repeat"),
      ),
      group: fc
        .tuple(fc.constantFrom("(", "(?:", "(?<n>", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?i:"), tie("pattern"))
        .map(([open, body]) => `${open}${body})`),
      sequence: fc.array(tie("pattern"), { minLength: 2, maxLength: 4 }).map((items) => items.join("")),
      either: fc.array(tie("pattern"), { minLength: 2, maxLength: 3 }).map((items) => items.join("|")),
      repeat: fc.tuple(fc.oneof(atoms, tie("group")), quantifiers).map(([body, quantifier]) => `${body}${quantifier}`),
    }),
  );
  const chars = fc.constantFrom("a", "b", "A", "1", " ", "\n", "\r", "é", "e\u0301", "😀", "_", "\ud83d", "É");
  const text = fc.array(chars, { maxLength: 14 }).map((items) => items.join(""));
  // Longer texts where the characters a pattern starts with are scarcer: searches skip more.
  const longText = fc
    .tuple(fc.array(chars, { maxLength: 6 }), fc.constantFrom("x", "xy", "-- ", "a"), fc.integer({ min: 4, max: 30 }))
    .map(([items, filler, times]) => `${filler.repeat(times)}${items.join("")}${filler.repeat(times >> 1)}`);
  const mode = fc.oneof(
    fc.constant<Mode>({ kind: "matches" }),
    fc.boolean().map<Mode>((firstOnly) => ({ kind: "find", firstOnly })),
  );

  // Runs of quantified characters and plain groups: the patterns whose failures are worked out ahead.
  const quantified = fc.tuple(atoms, fc.option(quantifiers)).map(([atom, quantifier]) => `${atom}${quantifier ?? ""}`);
  const plain = fc
    .array(
      fc.oneof(
        quantified,
        fc
          .tuple(
            fc.constantFrom("(", "(?:", "(?>"),
            fc.array(atoms, { minLength: 1, maxLength: 3 }),
            fc.constantFrom(")", ")?", ")*", ")+", "){2}", "){0,2}", "|b)", "|\\d+)"),
          )
          .map(([open, body, close]) => `${open}${body.join("")}${close}`),
        fc.array(quantified, { minLength: 2, maxLength: 3 }).map((alternatives) => `(?:${alternatives.join("|")})`),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((items) => items.join(""));

  it("runs runs of characters and plain groups on long texts as the interpreter does", () => {
    fc.assert(
      fc.property(
        plain,
        fc.array(fc.tuple(fc.oneof(text, longText), mode), { minLength: 1, maxLength: 4 }),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constant(100_000)),
        fc.oneof(fc.integer({ min: 1, max: 16 }), fc.constant(DEPTH_LIMIT)),
        (pattern, texts, steps, depth) => {
          expect(differences(pattern, texts, steps, depth)).toEqual([]);
        },
      ),
      { seed: 20260306, numRuns: 3000 },
    );
  });

  it("runs random patterns on random texts as the interpreter does, with budgets and depths that stop some", () => {
    let compiled = 0;
    seen.ops.clear();
    seen.endings.clear();
    fc.assert(
      fc.property(
        pattern,
        fc.array(fc.tuple(text, mode), { minLength: 1, maxLength: 4 }),
        fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constant(100_000)),
        fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(DEPTH_LIMIT)),
        (pattern, texts, steps, depth) => {
          if (programOf(pattern)) compiled++;
          expect(differences(pattern, texts, steps, depth)).toEqual([]);
        },
      ),
      { seed: 20260305, numRuns: 4000 },
    );
    // The generator must give mostly patterns Java compiles, with every instruction, and runs that end in each way.
    expect(compiled).toBeGreaterThan(3000);
    expect([...seen.ops].sort((a, b) => a - b)).toEqual(Object.values(Op).sort((a, b) => a - b));
    for (const ending of [
      "find true",
      "find false",
      "matches true",
      "matches false",
      "stopped budget",
      "stopped depth",
    ]) {
      expect(seen.endings.get(ending), ending).toBeGreaterThan(10);
    }
  });
});

describe("the steps and depth of the failures worked out ahead", () => {
  it("stop at every budget and depth limit where the interpreter stops", () => {
    // Patterns whose attempts fail in each of the ways worked out ahead: a run read to its end and backed off
    // over, a run a search starts in, repetitions of one character or of a group, alternatives, look-behinds.
    const patterns = [
      "(?:x|[ab]+(?:c|d))",
      "(?:x|[ab]{7,}(?:c|d))",
      "[ab]+(?:c|\\d)",
      "\\d+(?:[ .]\\d{3})*,\\d{2}",
      "(\\d{2})/(\\d{2})",
      "(?<=\\d)(?=(?:\\d{3})+(?!\\d))",
      "(?<!a)b\\b",
      "(?m)^[ \\t]+|[ \\t]+$",
      "a?(?:b|c)*?d",
    ];
    const texts = ["aab abbab 12 345,67 aaaaaaaabd", "ab\tb  \n 1234567 x", "12/34 ba bd aac"];
    const found: string[] = [];
    for (const pattern of patterns) {
      for (let depth = 1; depth <= 12; depth++) {
        for (const steps of [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 1000]) {
          found.push(
            ...differences(
              pattern,
              texts.map((text) => [text, { kind: "find", firstOnly: false }]),
              steps,
              depth,
            ),
          );
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe("programs too large for a machine of their own", () => {
  it("runs them in the interpreter, as Java would", () => {
    const pattern = `${"(?:ab|cd)".repeat(400)}`;
    const program = programOf(pattern) as Program;
    expect(new Matcher(program, DEPTH_LIMIT).compiled).toBe(false);
    const text = `x${"abcd".repeat(200)}y`;
    expect(javaReplace(text, pattern, "-", false)).toEqual({ ok: true, value: "x-y" });
    expect(javaReplace(text, `${"(?:ab|cd)".repeat(30)}`, "-", false)).toEqual({
      ok: true,
      value: `x${"-".repeat(13)}${"abcd".repeat(5)}y`,
    });
    expect(new Matcher(programOf(`${"(?:ab|cd)".repeat(30)}`) as Program, DEPTH_LIMIT).compiled).toBe(true);
  });
});

describe("the generated source", () => {
  it("is the same for the same pattern, whenever it is generated", () => {
    const patterns = [...new Set(corpus<Entry>("eval-regex.json").map((e) => e.pattern))];
    const differing = patterns.filter((pattern) => {
      const a = programOf(pattern);
      const b = programOf(pattern);
      return a && b && generateSource(a)?.source !== generateSource(b)?.source;
    });
    expect(differing).toEqual([]);
  });
});
