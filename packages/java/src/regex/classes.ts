import { quote } from "../quote.js";
import { asciiLower, asciiUpper, charProperty, single, singleSet } from "./atoms.js";
import * as cs from "./char-set.js";
import { SetBuilder } from "./char-set.js";
import { readEscape } from "./escapes.js";
import { c, next, nextEscaped, peek, unread } from "./lexer.js";
import * as p from "./predicates.js";
import { propertySet } from "./properties.js";
import { CASE_INSENSITIVE, type RegexState, type RegexSyntaxError, UNICODE_CASE } from "./state.js";
import type { RegexNode } from "./tree.js";
import { toLowerCase, toUpperCase } from "./unicode.js";

/**
 * Character classes as Pattern.clazz reads them: ranges, escapes and properties, nested classes (a union), `&&`
 * (an intersection) and `^` (a complement), with Java's quirks (`]` first is a literal, `[^]` is not closed).
 */

/** The class opening at `at` (the cursor on its `[`), as a character node. */
export function classNode(s: RegexState, at: number): RegexNode {
  s.enter(at);
  const { set, test } = clazz(s, true, at);
  s.depth--;
  return charProperty(s, test, set, s.span(at, s.cursor), true);
}

/** A class's approximate set and exact predicate, built side by side. */
interface Clazz {
  readonly set: cs.CharSet;
  readonly test: p.CharPredicate;
}

/** Pattern's BitClass: characters below 256, each with its other cases under `(?i)`. */
class BitClass {
  private readonly chars = new Set<number>();
  readonly set = new SetBuilder();

  add(s: RegexState, ch: number): void {
    this.set.add(singleSet(s, ch));
    if (s.has(CASE_INSENSITIVE)) {
      if (ch < 0x80) {
        this.chars.add(asciiUpper(ch));
        this.chars.add(asciiLower(ch));
      } else if (s.has(UNICODE_CASE)) {
        this.chars.add(toLowerCase(ch));
        this.chars.add(toUpperCase(ch));
      }
    }
    this.chars.add(ch);
  }

  build(): Clazz {
    const chars = [...this.chars].sort((a, b) => a - b);
    return { set: this.set.build(), test: { op: "bits", chars, bmp: true } };
  }
}

/** A union of class parts, in the order Java makes it. */
class Union {
  private readonly set = new SetBuilder();
  private readonly tests: p.CharPredicate[] = [];

  constructor(first: Clazz) {
    this.add(first);
  }

  add(part: Clazz): this {
    this.set.add(part.set);
    this.tests.push(part.test);
    return this;
  }

  build(): Clazz {
    return { set: this.set.build(), test: p.union(...this.tests) };
  }
}

function clazz(s: RegexState, consume: boolean, start: number): Clazz {
  let prev: Union | null = null;
  let curr: Clazz | null = null;
  const bits = new BitClass();
  let hasBits = false;
  let isNeg = false;
  let ch = next(s);
  if (ch === c("^") && s.t(s.cursor - 1) === c("[")) {
    ch = next(s);
    isNeg = true;
  }
  for (;;) {
    if (ch === c("[")) {
      const at = s.cursor;
      s.enter(at);
      curr = clazz(s, true, at);
      s.depth--;
      prev = prev ? prev.add(curr) : new Union(curr);
      ch = peek(s);
      continue;
    }
    if (ch === c("&")) {
      const amp = s.cursor;
      ch = next(s);
      if (ch === c("&")) {
        ch = next(s);
        let right: Union | null = null;
        while (ch !== c("]") && ch !== c("&")) {
          const at = s.cursor;
          s.enter(at);
          let part: Clazz;
          if (ch === c("[")) part = clazz(s, true, at);
          else {
            unread(s);
            part = clazz(s, false, at);
          }
          s.depth--;
          right = right ? right.add(part) : new Union(part);
          ch = peek(s);
        }
        if (hasBits) {
          // Java keeps adding to the same BitClass after "&&"; no character can be added to it there.
          if (prev === null) {
            curr = bits.build();
            prev = new Union(curr);
          } else prev.add(bits.build());
          hasBits = false;
        }
        if (right !== null) curr = right.build();
        if (prev === null) {
          if (right === null) {
            throw s.error(
              "Bad class syntax",
              'Found "&&" with nothing to intersect on either side; write "\\&\\&" for literal ampersands.',
              s.span(amp, amp + 2),
            );
          }
          prev = right;
        } else if (curr !== null) {
          const left = prev.build();
          prev = new Union({ set: cs.intersect(left.set, curr.set), test: p.and(left.test, curr.test) });
        }
        continue;
      }
      unread(s);
    } else if (ch === 0 && s.cursor >= s.patternLength) {
      throw unclosedClass(s, start);
    } else if (ch === c("]") && (prev !== null || hasBits)) {
      if (consume) next(s);
      const built = prev === null ? bits.build() : hasBits ? prev.add(bits.build()).build() : prev.build();
      return isNeg ? { set: cs.negate(built.set), test: p.not(built.test) } : built;
    }
    const item = range(s, bits);
    if (item === null) hasBits = true;
    else {
      curr = item;
      prev = prev ? prev.add(curr) : new Union(curr);
    }
    ch = peek(s);
  }
}

function unclosedClass(s: RegexState, start: number): RegexSyntaxError {
  const text = s.pattern.slice(s.offsetOf(start));
  let message: string;
  if (text.startsWith("[^]")) {
    message =
      '"[^]" is JavaScript\'s "any character"; in Java "]" right after "[^" is a literal, so the class is not closed: write "[\\s\\S]" instead.';
  } else if (text.startsWith("[]")) {
    message =
      'In Java "]" right after "[" is a literal, so this class is not closed; write "\\]" for a bracket, or remove the empty class "[]".';
  } else {
    message = 'The character class "[" is not closed; expected "]" but found the end of the pattern.';
  }
  return s.error("Unclosed character class", message, s.span(start, start + 1));
}

/**
 * Pattern.bitsOrSingle: a character below 256 goes into the class's BitClass (null returned), unless Unicode case
 * folding takes it or its other case out of Latin-1; any other is Pattern.single's predicate.
 */
function bitsOrSingle(s: RegexState, ch: number, bits: BitClass): Clazz | null {
  const special = [0xff, 0xb5, 0x49, 0x69, 0x53, 0x73, 0x4b, 0x6b, 0xc5, 0xe5].includes(ch);
  if (ch < 256 && !(s.has(CASE_INSENSITIVE) && s.has(UNICODE_CASE) && special)) {
    bits.add(s, ch);
    return null;
  }
  return { set: singleSet(s, ch), test: single(s, ch) };
}

function range(s: RegexState, bits: BitClass): Clazz | null {
  const from = s.cursor;
  let ch = peek(s);
  if (ch === c("\\")) {
    ch = nextEscaped(s);
    if (ch === c("p") || ch === c("P")) return propertySet(s, from, ch === c("P"));
    const isRange = s.t(s.cursor + 1) === c("-");
    unread(s);
    const escaped = readEscape(s, true, true, isRange);
    if (escaped.ch === -1) {
      return {
        set: ("set" in escaped && escaped.set) || cs.ALL,
        test: ("test" in escaped && escaped.test) || p.ALL,
      };
    }
    ch = escaped.ch;
  } else {
    next(s);
  }
  if (peek(s) === c("-")) {
    const endRange = s.t(s.cursor + 1);
    if (endRange === c("[")) return bitsOrSingle(s, ch, bits);
    if (endRange !== c("]")) {
      next(s);
      let m = peek(s);
      const endFrom = s.cursor;
      if (m === c("\\")) m = readEscape(s, true, false, true).ch;
      else next(s);
      if (m < ch) {
        const text = s.text(from, s.cursor);
        throw s.error(
          "Illegal character range",
          m < 0
            ? `The range ${quote(text)} ends with a character class, not a character; write "\\-" for a literal hyphen.`
            : `The range ${quote(text)} runs backwards; expected its first character to come before its last.`,
          m < 0 ? s.span(endFrom, s.cursor) : s.span(from, s.cursor),
        );
      }
      const set = cs.range(ch, m);
      if (!s.has(CASE_INSENSITIVE)) return { set, test: p.range(ch, m, "none") };
      return { set: cs.caseInsensitive(set), test: p.range(ch, m, s.has(UNICODE_CASE) ? "unicode" : "ascii") };
    }
  }
  return bitsOrSingle(s, ch, bits);
}
