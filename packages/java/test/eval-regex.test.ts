// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
import { DEPTH_LIMIT, javaMatches, javaReplace, parseJavaRegex, STEP_BUDGET } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { compileCharTest, testSource, unitClassSource } from "../src/regex/char-tests.js";
import { Matcher, MatchStopped } from "../src/regex/machine.js";
import { compileProgram } from "../src/regex/program.js";
import { corpus } from "./helpers.js";

type Outcome = { java?: string | boolean; error?: string; timeout?: boolean };
type Entry =
  | ({ mode: "replace"; text: string; pattern: string; replacement: string; firstOnly: boolean } & Outcome)
  | ({ mode: "matches"; text: string; pattern: string; whole: boolean } & Outcome);

const entries = corpus<Entry>("eval-regex.json");

const evaluate = (e: Entry) =>
  e.mode === "replace"
    ? javaReplace(e.text, e.pattern, e.replacement, e.firstOnly)
    : javaMatches(e.text, e.pattern, e.whole);

describe("Java regexes against the JDK", () => {
  it(`replaces and matches as Java on every one of ${entries.length} recorded cases, refusing none`, () => {
    let javaErrors = 0;
    let hangs = 0;
    const differences = entries.filter((e) => {
      const ours = evaluate(e);
      if (e.timeout) {
        // Java read the text more than 200,000,000 times: the budget must stop it, saying so.
        hangs++;
        return ours.ok || !ours.problem.includes("Java would run for a very long time (hang)");
      }
      if (e.error !== undefined) {
        javaErrors++;
        return ours.ok;
      }
      return !ours.ok || ours.value !== e.java;
    });
    const agreed = entries.length - differences.length;
    console.log(
      `regex: ${entries.length} cases, ${agreed} as Java (${((100 * agreed) / entries.length).toFixed(1)}%): ${entries.length - javaErrors - hangs} values, ${javaErrors} exceptions, ${hangs} runaway matches stopped by the budget; 0 refused`,
    );
    expect(differences).toEqual([]);
  });
});

type ClassEntry = { pattern: string; bmp: boolean; ranges: string };
const classes = corpus<ClassEntry>("eval-regex-classes.json");

/** The code points of "lo-hi,cp,..." (hexadecimal), as a sorted list of ranges. */
const rangesOf = (text: string) =>
  text === ""
    ? []
    : text.split(",").map((part) => {
        const [lo, hi = lo] = part.split("-").map((hex) => Number.parseInt(hex, 16)) as [number, number?];
        return [lo, hi] as const;
      });

describe("character classes and properties against Java's predicates", () => {
  it(`accepts the code points Java accepts for each of ${classes.length} recorded one-character patterns`, () => {
    const differences: string[] = [];
    for (const { pattern, bmp, ranges } of classes) {
      const root = parseJavaRegex(pattern).root;
      if (root?.kind !== "char") {
        differences.push(`${pattern}: not one character`);
        continue;
      }
      const { test } = compileCharTest(root.test);
      if (root.test.bmp !== bmp) differences.push(`${pattern}: bmp ${root.test.bmp}, Java ${bmp}`);
      // Every code point of the first three planes, and both sides of each bound of Java's ranges above them.
      const java = rangesOf(ranges);
      const inJava = (cp: number) => java.some(([lo, hi]) => lo <= cp && cp <= hi);
      let at = 0;
      for (let cp = 0; cp < 0x30000 && differences.length < 20; cp++) {
        while (at < java.length && (java[at]?.[1] as number) < cp) at++;
        const expected = at < java.length && (java[at]?.[0] as number) <= cp;
        if (test(cp) !== expected) differences.push(`${pattern}: U+${cp.toString(16)} ${!expected}`);
      }
      for (const [lo, hi] of java) {
        for (const cp of [lo - 1, lo, hi, hi + 1]) {
          if (cp >= 0x30000 && cp <= 0x10ffff && test(cp) !== inJava(cp)) {
            differences.push(`${pattern}: U+${cp.toString(16)} ${!inJava(cp)}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("accepts them in the expressions the generated machine inlines, and finds them with its RegExp classes", () => {
    const differences: string[] = [];
    for (const { pattern, ranges } of classes) {
      const root = parseJavaRegex(pattern).root;
      if (root?.kind !== "char") continue;
      const compiled = compileCharTest(root.test);
      const { source } = testSource(root.test, "v", "L", "F");
      const inline = new Function("L", "F", "v", `return ${source};`) as (
        latin1: Uint8Array,
        test: (cp: number) => boolean,
        v: number,
      ) => boolean;
      const candidates = new RegExp(unitClassSource(root.test, []));
      const java = rangesOf(ranges);
      const inJava = (cp: number) => java.some(([lo, hi]) => lo <= cp && cp <= hi);
      // Every code point of the BMP, then both sides of each bound of Java's ranges above it.
      let at = 0;
      for (let cp = 0; cp < 0x10000 && differences.length < 20; cp++) {
        while (at < java.length && (java[at]?.[1] as number) < cp) at++;
        const expected = at < java.length && (java[at]?.[0] as number) <= cp;
        if (inline(compiled.latin1, compiled.test, cp) !== expected)
          differences.push(`${pattern}: U+${cp.toString(16)}`);
      }
      for (const [lo, hi] of java) {
        for (const cp of [lo - 1, lo, hi, hi + 1]) {
          if (cp >= 0x10000 && cp <= 0x10ffff && inline(compiled.latin1, compiled.test, cp) !== inJava(cp)) {
            differences.push(`${pattern}: U+${cp.toString(16)}`);
          }
        }
        // The class finds candidates, which the machine tests again: it may accept more, never less.
        for (const cp of [lo, (lo + hi) >> 1, hi]) {
          if (cp < 0x10000 && !candidates.test(String.fromCharCode(cp))) {
            differences.push(`${pattern}: U+${cp.toString(16)} not a candidate`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe("each construct, as Java gives it", () => {
  it.each([
    ["CAFÉ crème", "(?iu)café", "[$0]", true, "[CAFÉ] crème"],
    ["CAFÉ crème", "(?i)café", "[$0]", false, "CAFÉ crème"],
    ["STRASSE", "(?iu)straße", "[$0]", false, "STRASSE"],
    ["ẞ ß SS", "(?iu)ß", "[$0]", false, "ẞ [ß] SS"],
    ["ẞ ß SS", "(?iu)[ß]", "[$0]", false, "ẞ [ß] SS"],
    ["K k K", "(?iu)k", "[$0]", false, "[K] [k] [K]"],
    ["K k K", "(?i)k", "[$0]", false, "[K] [k] [K]"],
    ["ſK ßİı", "(?iu)[a-z]+", "[$0]", false, "[ſK] ß[İı]"],
    ["ſK ßİı", "(?i)[a-z]+", "[$0]", false, "ſ[K] ßİı"],
    ["İ ı i I", "(?iu)i", "[$0]", true, "[İ] ı i I"],
    ["ΣσςΣ", "(?iu)σ+", "[$0]", true, "[ΣσςΣ]"],
    ["Ǆǅǆ", "(?iu)ǅ", "[$0]", false, "[Ǆ][ǅ][ǆ]"],
    ["2024-02-05", "(?x) ^ (\\d{4}) - (\\d{2})  # year and month\n - \\d{2} $", "$2/$1", false, "02/2024"],
    ["a b c", "(?x)[ a-c ]+", "-", false, "- - -"],
    ["consonants only", "[a-z&&[^aeiou]]+", "-", false, "-o-o-a- o-"],
    ["abc αβγ где", "[\\p{L}&&[^\\p{IsLatin}]]+", "-", false, "abc - -"],
    ["abcdefg", "[^a-z&&[def]]", "-", false, "---def-"],
    ["alpha: 123 [x]", "[[:alpha:]]+", "-", false, "- 123 [x]"],
    ["abc DEF àé", "(?i)\\p{Lower}+", "-", true, "- DEF àé"],
    ["abc ÀÉ 123", "(?U)\\p{Alpha}+", "-", false, "- - 123"],
    ["abc αβγ ΑΣ", "\\p{InGreek}+", "-", true, "abc - ΑΣ"],
    ["a b\u0085c\u2029", "\\p{IsWhite_Space}+", "-", false, "a-b-c-"],
    ["abc DEF ª ǅ ß", "\\p{javaLowerCase}+", "-", false, "- DEF - ǅ -"],
    ["abc DEF ª ǅ", "(?i)\\p{javaLowerCase}+", "-", true, "- DEF ª ǅ"],
    ["été naïve ٣٤ a_b é", "(?U)\\w+", "-", false, "- - - - -"],
    ["été naïve ٣٤", "(?U)\\b\\w+\\b", "<$0>", false, "<été> <naïve> <٣٤>"],
    ["été naïve", "\\b\\w+\\b", "<$0>", false, "été naïve"],
    ["aA bb Cc", "(?i)(\\w)\\1", "<$0>", true, "<aA> bb Cc"],
    ["ßẞ İi ſS Kk σς ǅǆ", "(?iu)(.)\\1", "<$0>", false, "<ßẞ> <İi> <ſS> <Kk> <σς> <ǅǆ>"],
    ["ßẞ İi ſS Kk σς", "(?i)(.)\\1", "<$0>", false, "ßẞ İi ſS <Kk> σς"],
    ["aaa", "(a*)*", "<$1>", false, "<><>"],
    ["aab", "(a|b?)+", "<$1>", false, "<><>"],
    ["abac", "(a|ab)*c", "<$1>", false, "<a>"],
    ["ab", "((a)|b)+", "<$1$2>", true, "<ba>"],
    ["aba", "(a(b)?)+", "<$1|$2>", false, "<a|b>"],
    ["ab", "(?:(a)|(b))*", "<$1$2>", false, "<ab><>"],
    ["€ 12 €34 56", "(?<=€\\s?)\\d+", "<$0>", false, "€ <12> €<34> 56"],
    ["😀a a", "(?<=😀)a", "<$0>", true, "😀<a> a"],
    ["abc c", "(?<=a*b*)c", "<$0>", true, "abc c"],
    ["aab b", "(?<=a+)b", "<$0>", false, "aa<b> b"],
    ["123a45", "\\G\\d", "#", true, "#23a45"],
    ["abcdefg", "(?<=\\G..)", "|", false, "ab|cd|ef|g"],
    ["xx", "x*\\G", "-", false, "-xx"],
    ["a\r\nb\nc\rd\u2028e\u0085f\u000bg\fh", "\\R", "|", false, "a|b|c|d|e|f|g|h"],
    ["éx", "\\X", "[$0]", false, "[é][x]"],
    ["éx", "\\b{g}", "|", false, "|é|x|"],
    ["a\n", "a\\Z", "<$0>", false, "<a>\n"],
    ["a\r\nb\rc\u2028d\n", "(?m)^", "|", false, "|a\r\n|b\r|c\u2028|d\n"],
    ["a\rb\n", "(?d)^.$", "<$0>", true, "a\rb\n"],
    ["(1+1)=2", "\\Q(1+1)\\E", "-", false, "-=2"],
    ["a]-b", "[\\Q]-\\E]+", "-", false, "a-b"],
    ["ABA", "\\0101", "-", true, "-BA"],
    ["été", "\\N{LATIN SMALL LETTER E WITH ACUTE}", "-", false, "-t-"],
    ["一二", "\\N{CJK UNIFIED IDEOGRAPHS 4E00}", "-", false, "-二"],
    ["a\nb", "\\cJ", "-", false, "a-b"],
    ["\u0085x", ".", "-", false, "\u0085-"],
    ["😀", "\\uDE00", "-", false, "😀"],
    ["😀", "[\\uD83D]", "-", false, "😀"],
    ["\ud83d\ude00\ud83d\ude00", "a*", "-", false, "-\ud83d-\ude00-\ud83d-\ude00-"],
    ["café résumé", "\\b", "|", false, "|café| |résumé|"],
    ["é é", "(?c)[é]", "-", false, "- -"],
    ["été", "(?c)\\p{L}+", "-", true, "-"],
    ["123", "\\d++\\d", "-", false, "123"],
    ["abc ac", "(?>a|ab)c", "-", false, "abc -"],
    ["ab", "(?=a)*b", "-", false, "a-"],
  ])("replaces in %j /%s/ with %j (first only: %s): %j", (text, pattern, replacement, firstOnly, expected) => {
    expect(javaReplace(text, pattern, replacement, firstOnly)).toEqual({ ok: true, value: expected });
  });

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
  ])("matches %j with /%s/ (whole: %s): %s", (text, pattern, whole, expected) => {
    expect(javaMatches(text, pattern, whole)).toEqual({ ok: true, value: expected });
  });

  it("gives what Java throws as a problem: a syntax error, a bad replacement, an index out of bounds", () => {
    const syntax = javaReplace("abc", "(a", "", false);
    expect(syntax.ok ? "" : syntax.problem).toContain("PatternSyntaxException");
    const replacement = javaReplace("abc", "(a)", "$2", false);
    expect(replacement.ok ? "" : replacement.problem).toContain("refers to group 2");
    // CIBackRef counts the group in UTF-16 units but steps by code points, past the end of the text.
    const bounds = javaReplace("😀😀", "(?i)(😀)\\1", "-", false);
    expect(bounds.ok ? "" : bounds.problem).toContain("Java throws StringIndexOutOfBoundsException");
  });
});

describe("the step budget", () => {
  it("stops a runaway pattern within the budget, with a problem that names it and says Java would hang", () => {
    const pattern = "(a+)+b\\1?";
    const parsed = parseJavaRegex(pattern);
    const program = compileProgram({
      ...parsed,
      root: parsed.root ?? { kind: "sequence", items: [], span: { offset: 0, length: 0 } },
    });
    const matcher = new Matcher(program, DEPTH_LIMIT).reset(`${"a".repeat(40)}!`, STEP_BUDGET);
    const stop = (() => {
      try {
        matcher.find();
      } catch (error) {
        return error;
      }
    })();
    expect(stop).toBeInstanceOf(MatchStopped);
    expect((stop as MatchStopped).reason).toBe("budget");
    // It stopped at the budget: one step past it, not sooner and not later.
    expect(matcher.steps).toBe(-1);
    const result = javaReplace(`${"a".repeat(40)}!`, pattern, "", false);
    expect(result.ok ? "" : result.problem).toMatch(
      /^The pattern "\(a\+\)\+b\\1\?" backtracks more than 20,000,000 steps on this text \(41 characters\), out of control: Java would run for a very long time \(hang\) on it\.$/,
    );
  });

  it("lets Java's memory of failed positions keep a nested repetition without back-references polynomial", () => {
    expect(javaMatches(`${"a".repeat(40)}!`, "(a+)+b", false)).toEqual({ ok: true, value: false });
    expect(javaMatches(`${"a".repeat(40)}!`, "(a|aa)+b", false)).toEqual({ ok: true, value: false });
  });
});

describe("long texts", () => {
  const long = "ab".repeat(50_000);

  it("runs repetitions Java runs without recursion on 100,000 characters", () => {
    expect(javaReplace(long, "[ab]*", "-", false)).toEqual({ ok: true, value: "--" });
    expect(javaReplace(long, "(?:ab)*", "-", false)).toEqual({ ok: true, value: "--" });
    expect(javaReplace(long, "(a|b)*+", "<$1>", false)).toEqual({ ok: true, value: "<b><>" });
  });

  it("refuses, without overflowing its own stack, what Java's recursion could not finish", () => {
    for (const pattern of ["(a|b)*", "(?:a|b)*c", "(a|b?)+"]) {
      const result = javaReplace(long, pattern, "-", false);
      expect(result.ok ? "" : result.problem).toContain("Java may overflow its stack (StackOverflowError)");
    }
    expect(javaReplace("ab".repeat(500), "(a|b)*", "-", false)).toEqual({ ok: true, value: "--" });
  });

  it("compiles a pattern of thousands of nodes without overflowing its own stack", () => {
    expect(javaReplace("abcabc xyz", `${"x?".repeat(3000)}y`, "-", false)).toEqual({ ok: true, value: "abcabc -z" });
  });
});
