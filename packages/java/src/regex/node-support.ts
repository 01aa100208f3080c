import { asciiLower } from "./atoms.js";
import { type CharTest, compileCharTest } from "./char-tests.js";
import { codePointAt, isHigh, isLow, nextBoundary } from "./grapheme.js";
import { LETTER_OR_DIGIT, WORD } from "./predicates.js";
import { categoryOf, toLowerCase, toUpperCase } from "./unicode.js";

/**
 * What the matchers of machine.ts (the generated one and the interpreter) call, as Pattern's nodes call it:
 * Character's code point arithmetic, Pattern.countChars, the word test of Bound, and how a run stops.
 */

/** Why a match could not be run the way Java runs it. */
export class MatchStopped extends Error {
  constructor(
    readonly reason: "budget" | "depth" | "java-exception" | "unsupported",
    message: string,
  ) {
    super(message);
  }
}

export { asciiLower, categoryOf, codePointAt, isHigh, isLow, nextBoundary };

/** Character.codePointBefore(text, at). */
export function codePointBefore(text: string, at: number): number {
  const unit = text.charCodeAt(at - 1);
  if (isLow(unit) && at - 2 >= 0) {
    const high = text.charCodeAt(at - 2);
    if (isHigh(high)) return ((high - 0xd800) << 10) + (unit - 0xdc00) + 0x10000;
  }
  return unit;
}

/** Pattern.countChars: how many UTF-16 units `count` code points take from `index` (backwards when negative). */
export function countChars(text: string, index: number, count: number): number {
  const length = text.length;
  if (count === 1 && index >= 0 && index < length && !isHigh(text.charCodeAt(index))) return 1;
  let x = index;
  if (count >= 0) {
    for (let n = 0; x < length && n < count; n++) {
      if (isHigh(text.charCodeAt(x++)) && x < length && isLow(text.charCodeAt(x))) x++;
    }
    return x - index;
  }
  if (index === 0) return 0;
  for (let n = 0; x > 0 && n < -count; n++) {
    if (isLow(text.charCodeAt(--x)) && x > 0 && isHigh(text.charCodeAt(x - 1))) x--;
  }
  return index - x;
}

/** A compiled test on a code point (or a unit): Latin-1 by table, the rest by its function. */
export function test(t: CharTest, cp: number): boolean {
  return cp < 256 ? t.latin1[cp] === 1 : t.test(cp);
}

const NON_SPACING_MARK_TYPE = 6;
let wordTest: CharTest | undefined;
let letterOrDigitTest: CharTest | undefined;

/** Java's Character.isLetterOrDigit. */
function isLetterOrDigit(cp: number): boolean {
  letterOrDigitTest ??= compileCharTest(LETTER_OR_DIGIT);
  return test(letterOrDigitTest, cp);
}

/** Bound.isWord: `_`, letters and digits, or Unicode's word characters under `(?U)`. */
function isWord(cp: number, unicode: boolean): boolean {
  if (!unicode) return cp === 0x5f || isLetterOrDigit(cp);
  wordTest ??= compileCharTest(WORD);
  return test(wordTest, cp);
}

/** Pattern.hasBaseCharacter: a letter or digit before a run of non-spacing marks ending at `at`. */
function hasBase(text: string, at: number): boolean {
  for (let x = at; x >= 0; x--) {
    const cp = codePointAt(text, x);
    if (isLetterOrDigit(cp)) return true;
    if (categoryOf(cp) !== NON_SPACING_MARK_TYPE) return false;
  }
  return false;
}

/** A non-spacing mark (none comes before U+0300, so most characters are told without reading the tables). */
const isMark = (cp: number) => cp >= 0x300 && categoryOf(cp) === NON_SPACING_MARK_TYPE;

/** Pattern.Bound.check: 1 at the start of a word, 2 at its end, 4 inside or outside one. */
export function bound(text: string, i: number, unicode: boolean): number {
  let left = false;
  if (i > 0) {
    const ch = codePointBefore(text, i);
    left = isWord(ch, unicode) || (isMark(ch) && hasBase(text, i - 1));
  }
  let right = false;
  if (i < text.length) {
    const ch = codePointAt(text, i);
    right = isWord(ch, unicode) || (isMark(ch) && hasBase(text, i));
  }
  return left !== right ? (right ? 1 : 2) : 4;
}

/** CIBackRef under `(?iu)`: the same character once both are upper-cased, or both lower-cased after that. */
export function sameUnicodeCase(c1: number, c2: number): boolean {
  const u1 = toUpperCase(c1);
  const u2 = toUpperCase(c2);
  return u1 === u2 || toLowerCase(u1) === toLowerCase(u2);
}
