import { javaClean, javaLowerCase, javaSubstring, javaUpperCase } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { corpus } from "./helpers.js";

type Entry =
  | {
      mode: "clean";
      text: string;
      trim: boolean;
      normalizeSpace: boolean;
      removeDiacritics: boolean;
      multiline: boolean;
      java: string;
    }
  | { mode: "case"; text: string; upper: string; lower: string }
  | { mode: "substring"; text: string; begin: number; end: number; java?: string; error?: string };

const entries = corpus<Entry>("eval-strings.json");
const of = <M extends Entry["mode"]>(mode: M) =>
  entries.filter((e): e is Extract<Entry, { mode: M }> => e.mode === mode);

describe("clean, case and substring against the JDK", () => {
  const clean = of("clean");
  it(`cleans ${clean.length} recorded texts as the Java reference implementation does`, () => {
    const differences = clean.filter((e) => javaClean(e.text, e) !== e.java);
    expect(differences).toEqual([]);
  });

  const cases = of("case");
  it(`maps the case of ${cases.length} recorded texts as String.toUpperCase/toLowerCase(Locale.ROOT)`, () => {
    let refused = 0;
    const differences = cases.filter((e) => {
      const lower = javaLowerCase(e.text);
      if (!lower.ok) refused++;
      return javaUpperCase(e.text) !== e.upper || (lower.ok && lower.value !== e.lower);
    });
    expect(differences).toEqual([]);
    // Only a capital sigma whose word boundaries are not obvious is refused (the corpus seeks them out).
    const sigmas = cases.filter((e) => e.text.includes("Σ")).length;
    console.log(`case: ${cases.length} texts, ${refused} lower cases refused (of ${sigmas} with a capital sigma)`);
    expect(refused).toBeLessThan(sigmas / 2);
  });

  const substrings = of("substring");
  it(`takes ${substrings.length} recorded substrings as String.substring, refusing where Java throws`, () => {
    let refused = 0;
    const differences = substrings.filter((e) => {
      const ours = javaSubstring(e.text, e.begin, e.end);
      if (!ours.ok) {
        refused++;
        // Java throws there, or the API forbids the indexes (an end not after the begin).
        return e.error === undefined && !(e.end > 0 && e.end <= e.begin);
      }
      return ours.value !== e.java;
    });
    expect(differences).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    expect(substrings.filter((e) => e.error !== undefined).length).toBeLessThanOrEqual(refused);
  });
});

describe("javaClean", () => {
  it.each([
    ["  a \u00a0 b\u3000", { normalizeSpace: true, trim: true }, "a b"],
    ["\u00a0a", { trim: true }, "\u00a0a"],
    ["\u0001a\u0020", { trim: true }, "a"],
    ["Crème brûlée", { removeDiacritics: true }, "Creme brulee"],
    [" a \r\n\r\n  b \u2028\n c", { multiline: true, trim: true }, "a\nb\nc"],
    ["a\r\rb", { multiline: true }, "a\nb"],
    // Spaces only: line terminators are multiline's to change.
    ["a\nb\r\n c", { normalizeSpace: true }, "a\nb\r\n c"],
    ["a\t \u2007b\u2028", { normalizeSpace: true }, "a b\u2028"],
  ])("cleans %j with %j", (text, flags, expected) => {
    expect(javaClean(text, flags)).toBe(expected);
  });
});

describe("javaUpperCase and javaLowerCase", () => {
  it("maps as Java's root locale does, not as a Turkish one", () => {
    expect(javaUpperCase("straße ﬁ i")).toBe("STRASSE FI I");
    expect(javaLowerCase("İ ΟΔΟΣ")).toEqual({ ok: true, value: "i\u0307 οδος" });
  });

  it("ends a word with a final sigma where Java's BreakIterator ends it", () => {
    expect(javaLowerCase("ΟΔΟΣ-ΟΔΟΣ. ΣΑ")).toEqual({ ok: true, value: "οδοσ-οδος. σα" });
    expect(javaLowerCase("ΑΣ_Β")).toEqual({ ok: true, value: "ασ_β" });
  });

  it("refuses a sigma whose word boundaries are not obvious, and leaves later Unicode additions alone", () => {
    expect(javaLowerCase("ΑΣ\u200bΒ").ok).toBe(false);
    // U+0264 has an upper case only since Unicode 16; Java 17 leaves it.
    expect(javaUpperCase("\u0264")).toBe("\u0264");
  });
});

describe("javaSubstring", () => {
  it.each([
    ["invoice", 0, 3, "inv"],
    ["invoice", 2, 0, "voice"],
    ["invoice", 2, -1, "voice"],
    ["invoice", 2, undefined, "voice"],
    ["😀x", 0, 1, "\ud83d"],
    ["abc", 3, 0, ""],
  ])("takes %j from %i to %j", (text, begin, end, expected) => {
    expect(javaSubstring(text, begin, end)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["abc", 4, 0, "beyond the end"],
    ["abc", 1, 5, "beyond the end"],
    ["abc", 2, 2, "not after the begin index"],
    ["abc", -1, 0, "not an index"],
  ])("refuses %j from %i to %i", (text, begin, end, why) => {
    const result = javaSubstring(text, begin, end);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.problem).toContain(why);
  });
});
