import * as cs from "./char-set.js";
import { readEscape } from "./escapes.js";
import { c, next, nextEscaped, peek, unread } from "./lexer.js";
import * as p from "./predicates.js";
import { property } from "./properties.js";
import { CANON_EQ, CASE_INSENSITIVE, type RegexState, UNICODE_CASE } from "./state.js";
import type { RegexNode } from "./tree.js";
import { toLowerCase, toUpperCase } from "./unicode.js";

/** Literal characters, as Pattern.atom reads them: a run of them, or the one construct an escape stands for. */

/** The sets of the first 256 characters, as written and under `(?i)`, made once. */
const SINGLE_SETS: readonly cs.CharSet[] = Array.from({ length: 256 }, (_, ch) => cs.single(ch));
const INSENSITIVE_SETS: readonly cs.CharSet[] = SINGLE_SETS.map((set) => cs.caseInsensitive(set));
const ATOM_STOPS: ReadonlySet<number> = new Set([..."$.^([|)"].map(c));

export const asciiLower = (ch: number) => (ch >= 0x41 && ch <= 0x5a ? ch + 0x20 : ch);
export const asciiUpper = (ch: number) => (ch >= 0x61 && ch <= 0x7a ? ch - 0x20 : ch);
const isAsciiAlpha = (ch: number) => (ch | 0x20) >= 0x61 && (ch | 0x20) <= 0x7a;

/**
 * A run of literal characters (Java's Slice), or the one construct an escape stands for. A run is a sequence of
 * character nodes, compared one by one as the Slice compares them; a single character is Pattern.single's node.
 */
export function atom(s: RegexState): RegexNode {
  const chars: { ch: number; from: number; to: number }[] = [];
  let prev = -1;
  const start = s.cursor;
  let ch = peek(s);
  for (;;) {
    if (ch === c("*") || ch === c("+") || ch === c("?") || ch === c("{")) {
      if (chars.length > 1) {
        s.cursor = prev;
        chars.pop();
      }
      break;
    }
    if (ATOM_STOPS.has(ch)) break;
    if (ch === c("\\")) {
      const letter = nextEscaped(s);
      if (letter === c("p") || letter === c("P")) {
        if (chars.length > 0) {
          unread(s);
          break;
        }
        return property(s, s.cursor - 1, letter === c("P"));
      }
      unread(s);
      prev = s.cursor;
      const escaped = readEscape(s, false, chars.length === 0, false);
      if (escaped.ch >= 0) {
        chars.push({ ch: escaped.ch, from: prev, to: s.cursor });
        ch = peek(s);
        continue;
      }
      if (chars.length === 0) {
        if ("node" in escaped && escaped.node) return escaped.node;
        const test = ("test" in escaped && escaped.test) || p.ALL;
        const set = ("set" in escaped && escaped.set) || cs.ALL;
        return charProperty(s, test, set, s.span(prev, s.cursor));
      }
      s.cursor = prev;
      break;
    }
    if (ch === 0 && s.cursor >= s.patternLength) break;
    prev = s.cursor;
    chars.push({ ch, from: prev, to: prev + 1 });
    ch = next(s);
  }
  if (chars.length === 1) {
    const { ch: only, from, to } = chars[0] as { ch: number; from: number; to: number };
    return charProperty(s, single(s, only), singleSet(s, only), s.span(from, to));
  }
  const fold = sliceFold(s);
  const items: RegexNode[] = chars.map(({ ch: one, from, to }) => ({
    kind: "char",
    set: singleSet(s, one),
    test: sliceChar(one, fold),
    span: s.span(from, to),
  }));
  return { kind: "sequence", items, slice: true, span: s.span(start, s.cursor) };
}

/**
 * Pattern.newCharProperty: a character node; one whose predicate reads code points makes the search step over
 * surrogate pairs. Under `(?c)` a class or property (`canonical`) is matched on canonical compositions instead.
 */
export function charProperty(
  s: RegexState,
  test: p.CharPredicate,
  set: cs.CharSet,
  span: RegexNode["span"],
  canonical = false,
): RegexNode {
  if (canonical && s.has(CANON_EQ)) return { kind: "char", set, test, canonical: true, span };
  if (!test.bmp) s.supplementary = true;
  return { kind: "char", set, test, span };
}

/** How the literals of a Slice compare under the flags in force. */
function sliceFold(s: RegexState): p.Fold {
  if (!s.has(CASE_INSENSITIVE)) return "none";
  return s.has(UNICODE_CASE) ? "unicode" : "ascii";
}

/** A character of a Slice: SliceI and SliceU keep it folded, and fold each character of the text to compare. */
function sliceChar(ch: number, fold: p.Fold): p.CharPredicate {
  if (fold === "none") return p.is(ch);
  if (fold === "ascii") return { op: "folded", cp: asciiLower(ch), fold, bmp: !p.isSupplementary(ch) };
  return { op: "folded", cp: toLowerCase(toUpperCase(ch)), fold, bmp: false };
}

/** Pattern.single: one character under the flags in force. */
export function single(s: RegexState, ch: number): p.CharPredicate {
  if (s.has(CASE_INSENSITIVE)) {
    if (s.has(UNICODE_CASE)) {
      const upper = toUpperCase(ch);
      const lower = toLowerCase(upper);
      if (upper !== lower) return { op: "folded", cp: lower, fold: "unicode", bmp: false };
    } else if (isAsciiAlpha(ch)) {
      return { op: "either", lower: asciiLower(ch), upper: asciiUpper(ch), bmp: true };
    }
  }
  return p.is(ch);
}

/** The approximate set of one character under the flags in force. */
export function singleSet(s: RegexState, ch: number): cs.CharSet {
  const insensitive = s.has(CASE_INSENSITIVE);
  const known = (insensitive ? INSENSITIVE_SETS : SINGLE_SETS)[ch];
  if (known) return known;
  return insensitive ? cs.caseInsensitive(cs.single(ch)) : cs.single(ch);
}
