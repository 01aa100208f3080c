// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
import { javaMatches, javaReplace } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { corpus } from "./helpers.js";

type Entry =
  | {
      mode: "replace";
      text: string;
      pattern: string;
      replacement: string;
      firstOnly: boolean;
      java?: string;
      error?: string;
    }
  | { mode: "matches"; text: string; pattern: string; whole: boolean; java?: boolean; error?: string };

const entries = corpus<Entry>("eval-regex.json");

describe("Java regexes against the JDK", () => {
  it(`replaces and matches as Java on every one of ${entries.length} recorded cases, refusing none`, () => {
    let refused = 0;
    let javaErrors = 0;
    const differences = entries.filter((e) => {
      const ours =
        e.mode === "replace"
          ? javaReplace(e.text, e.pattern, e.replacement, e.firstOnly)
          : javaMatches(e.text, e.pattern, e.whole);
      if (!ours.ok) {
        if (e.error !== undefined) javaErrors++;
        else refused++;
        return false;
      }
      return e.error !== undefined || ours.value !== e.java;
    });
    const accepted = entries.length - refused - javaErrors;
    console.log(
      `regex: ${entries.length} cases, ${accepted} evaluated (all as Java), ${javaErrors} errors in Java and here, ${refused} refused`,
    );
    expect(differences).toEqual([]);
    expect(refused).toBe(0);
  });
});

describe("javaReplace", () => {
  it.each([
    ["BC_1234", "^(BC)[-_](\\d{4})", "$1-$2", true, "BC-1234"],
    ["a1b22", "\\d", "#", false, "a#b##"],
    ["a1b22", "\\d", "#", true, "a#b22"],
    ["2024-02", "(?<y>\\d{4})-(?<m>\\d{2})", "${m}/${y} \\$", false, "02/2024 $"],
    ["ab", "(a)(b)", "$10$21", false, "a0b1"],
    ["a\r\n", "a$", "X", false, "X\r\n"],
    ["😀", "", "-", false, "-\ud83d-\ude00-"],
    ["Scan.PDF", "(?i)\\.pdf$", "", false, "Scan"],
    ["abc", "z", "$9", false, "abc"],
  ])("replaces in %j /%s/ with %j (first only: %s)", (text, pattern, replacement, firstOnly, expected) => {
    expect(javaReplace(text, pattern, replacement, firstOnly)).toEqual({ ok: true, value: expected });
  });

  it("gives Java's replacement errors and refusals as problems", () => {
    const bad = javaReplace("abc", "(a)", "$2", false);
    expect(bad.ok ? "" : bad.problem).toContain("refers to group 2");
    const intersection = javaReplace("abc", "[a-z&&[^b]]", "", false);
    expect(intersection).toEqual({ ok: true, value: "b" });
  });
});

describe("javaMatches", () => {
  it.each([
    ["INV-42", "INV-\\d+", true, true],
    ["INV-42 x", "INV-\\d+", true, false],
    ["INV-42 x", "INV-\\d+", false, true],
    ["café", "\\bcaf\\b", false, false],
    ["aaa", "a*+a", false, false],
    ["abc", "(?>a|ab)c", false, false],
    ["abc", "(?>ab|a)c", false, true],
    ["a\r\n", "a\\R*\\n", true, false],
    ["AB", "(?i)\\p{Lu}b", true, true],
    ["αβ", "\\p{IsGreek}+", true, true],
    ["a b", "(?x) a \\  b", true, true],
  ])("matches %j with /%s/ (whole: %s)", (text, pattern, whole, expected) => {
    expect(javaMatches(text, pattern, whole)).toEqual({ ok: true, value: expected });
  });
});
