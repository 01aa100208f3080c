import type { Evaluated } from "./evaluated.js";
import { JAVA_LOWER_CASED, JAVA_UPPER_CASED } from "./java-case-table.js";

/**
 * `String.toUpperCase(Locale.ROOT)` and `toLowerCase(Locale.ROOT)`: Unicode's full case mappings without language
 * rules ("ß" to "SS", "ﬁ" to "FI", "İ" to "i̇"). Each character maps as JavaScript maps it, but only if Java 17
 * (Unicode 13) maps it at all: a character given a case mapping by a later Unicode is left as Java leaves it. The
 * one mapping that depends on context, a capital sigma that ends a word ("ς", else "σ"), follows Java's rule: the
 * closest word boundaries of java.text.BreakIterator (its own word rules, not Unicode's) hold a cased letter before
 * the sigma and none after it. Where those boundaries are not obvious (format characters, characters outside the
 * Basic Multilingual Plane, punctuation that may join words) the lower case is refused rather than guessed.
 */

function codePoints(table: string): (cp: number) => boolean {
  const ranges = table.split(",").map((part) => part.split("-").map((hex) => Number.parseInt(hex, 16)));
  const set = new Set<number>();
  for (const [lo = 0, hi = lo] of ranges) for (let cp = lo; cp <= hi; cp++) set.add(cp);
  return (cp) => set.has(cp);
}

// Built on first use: only an evaluation changes case, and a lint should not pay for the tables.
let upperCased: ((cp: number) => boolean) | undefined;
let lowerCased: ((cp: number) => boolean) | undefined;

function mapEach(text: string, changes: (cp: number) => boolean, map: (ch: string) => string): string {
  let out = "";
  for (const ch of text) out += changes(ch.codePointAt(0) as number) ? map(ch) : ch;
  return out;
}

export function javaUpperCase(text: string): string {
  upperCased ??= codePoints(JAVA_UPPER_CASED);
  return mapEach(text, upperCased, (ch) => ch.toUpperCase());
}

const SIGMA = "\u03a3";

export function javaLowerCase(text: string): Evaluated<string> {
  lowerCased ??= codePoints(JAVA_LOWER_CASED);
  const changes = lowerCased;
  const lower = (part: string) => mapEach(part, changes, (ch) => ch.toLowerCase());
  if (!text.includes(SIGMA)) return { ok: true, value: lower(text) };
  let out = "";
  let from = 0;
  for (let at = text.indexOf(SIGMA); at !== -1; at = text.indexOf(SIGMA, at + 1)) {
    const final = isFinalSigma(text, at);
    if (final === undefined) {
      return {
        ok: false,
        problem: `The capital sigma at ${at} sits where Java's word boundaries are not obvious (next to format or supplementary characters, or punctuation that may join words), and Java lowers it to "ς" or "σ" by them; mailroom does not guess.`,
      };
    }
    out += lower(text.slice(from, at)) + (final ? "ς" : "σ");
    from = at + 1;
  }
  return { ok: true, value: out + lower(text.slice(from)) };
}

/**
 * The character classes of the final-sigma rule, made on its first use: a class of Unicode properties takes V8 a
 * while to build, which every start would pay for a rule few texts reach (a capital sigma lowered).
 */
function sigmaClasses(): SigmaClasses {
  classes ??= {
    /** Java's cased characters (ConditionalSpecialCasing.isCased). */
    CASED:
      /[\p{Lu}\p{Ll}\p{Lt}\u02B0-\u02B8\u02C0\u02C1\u02E0-\u02E4\u037A\u1D2C-\u1D61\u2160-\u217F\u24B6-\u24E9]|\u0345/u,
    /** Kanji, kana and CJK marks, which BreakIterator's word rules keep out of words. */
    CJK: /[\u3005\u4e00-\u9fa5\uf900-\ufa2d\u30a1-\u30fa\u30fd\u30fe\u3041-\u3094\u309d\u309e\u3099-\u309c\u30fb\u30fc]/,
    /** Letters, digits and marks: BreakIterator keeps a run of them in one word. */
    RUN: /[\p{L}\p{Mc}\p{N}\p{Mn}\p{Me}]/u,
    LETTER: /[\p{L}\p{Mc}]/u,
    DIGIT: /\p{N}/u,
    MARK: /[\p{Mn}\p{Me}]/u,
    /** Punctuation BreakIterator allows between the letters of a word, or between the digits of a number. */
    MID_WORD: /[\p{Pd}\p{Pc}\u00ad\u2027"'.]/u,
    MID_NUMBER: /["',\u066b.]/,
    /** Characters BreakIterator ignores (format characters), and those outside the BMP its tables do not place. */
    UNSURE: /[\p{Cf}\uD800-\uDFFF]/u,
  };
  return classes;
}
type SigmaClasses = Record<
  "CASED" | "CJK" | "RUN" | "LETTER" | "DIGIT" | "MARK" | "MID_WORD" | "MID_NUMBER" | "UNSURE",
  RegExp
>;
let classes: SigmaClasses | undefined;

const inRun = (ch: string) => sigmaClasses().RUN.test(ch) && !sigmaClasses().CJK.test(ch);
const isLetter = (ch: string | undefined) =>
  ch !== undefined && sigmaClasses().LETTER.test(ch) && !sigmaClasses().CJK.test(ch);

/** Whether the sigma at `at` ends its word as Java sees it, or undefined when that is not obvious. */
function isFinalSigma(text: string, at: number): boolean | undefined {
  const before = casedBefore(text, at);
  return before ? noCasedAfter(text, at) : before;
}

/** Whether the word before the sigma at `at` holds a cased character. */
function casedBefore(text: string, at: number): boolean | undefined {
  const { CASED, MARK, MID_NUMBER, MID_WORD, UNSURE } = sigmaClasses();
  for (let i = at - 1; i >= 0; i--) {
    const ch = text[i] as string;
    if (UNSURE.test(ch)) return undefined;
    if (MARK.test(ch)) {
      // Marks belong to the letter or digit before them; marks with none are words of their own.
      let base = i;
      while (base > 0 && MARK.test(text[base - 1] as string)) base--;
      const owner = text[base - 1];
      if (owner === undefined || !inRun(owner) || UNSURE.test(owner))
        return owner !== undefined && UNSURE.test(owner) ? undefined : false;
      if (CASED.test(text.slice(base, i + 1))) return true;
      i = base;
      continue;
    }
    if (inRun(ch)) {
      if (CASED.test(ch)) return true;
      continue;
    }
    const previous = text[i - 1];
    if (previous !== undefined && UNSURE.test(previous)) return undefined;
    if (MID_WORD.test(ch) && isLetter(previous) && isLetter(text[i + 1])) continue;
    if (MID_WORD.test(ch) || MID_NUMBER.test(ch)) return undefined;
    return false;
  }
  return false;
}

/** Whether the word after the sigma at `at` holds no cased character. */
function noCasedAfter(text: string, at: number): boolean | undefined {
  const { CASED, DIGIT, LETTER, MID_NUMBER, MID_WORD, UNSURE } = sigmaClasses();
  let kind: "letter" | "digit" = "letter";
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i] as string;
    if (UNSURE.test(ch)) return undefined;
    if (inRun(ch)) {
      if (CASED.test(ch)) return false;
      if (DIGIT.test(ch)) kind = "digit";
      else if (LETTER.test(ch)) kind = "letter";
      continue;
    }
    const next = text[i + 1];
    if (next !== undefined && UNSURE.test(next)) return undefined;
    if (kind === "letter" && MID_WORD.test(ch) && isLetter(next)) continue;
    if (kind === "digit" && MID_NUMBER.test(ch) && next !== undefined && DIGIT.test(next)) continue;
    return true;
  }
  return true;
}
