import { quote } from "../quote.js";
import { singleSet } from "./atoms.js";
import * as cs from "./char-set.js";
import { SetBuilder } from "./char-set.js";
import { readEscape } from "./escapes.js";
import { c, next, nextEscaped, peek, unread } from "./lexer.js";
import { propertySet } from "./properties.js";
import { CASE_INSENSITIVE, type RegexState, type RegexSyntaxError, UNICODE_CASE } from "./state.js";
import type { RegexNode } from "./tree.js";

/**
 * Character classes as Pattern.clazz reads them: ranges, escapes and properties, nested classes (a union), `&&`
 * (an intersection) and `^` (a complement), with Java's quirks (`]` first is a literal, `[^]` is not closed).
 */

/** The class opening at `at` (the cursor on its `[`), as a character node. */
export function classNode(s: RegexState, at: number): RegexNode {
  s.enter(at);
  const set = clazz(s, true, at);
  s.depth--;
  return { kind: "char", set, span: s.span(at, s.cursor) };
}

function clazz(s: RegexState, consume: boolean, start: number): cs.CharSet {
  let prev: SetBuilder | null = null;
  let curr: cs.CharSet | null = null;
  let bits = new SetBuilder();
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
      prev = (prev ?? new SetBuilder()).add(curr);
      ch = peek(s);
      continue;
    }
    if (ch === c("&")) {
      const amp = s.cursor;
      ch = next(s);
      if (ch === c("&")) {
        ch = next(s);
        let right: SetBuilder | null = null;
        while (ch !== c("]") && ch !== c("&")) {
          const at = s.cursor;
          s.enter(at);
          let part: cs.CharSet;
          if (ch === c("[")) part = clazz(s, true, at);
          else {
            unread(s);
            part = clazz(s, false, at);
          }
          s.depth--;
          right = (right ?? new SetBuilder()).add(part);
          ch = peek(s);
        }
        if (hasBits) {
          if (prev === null) {
            curr = bits.build();
            prev = new SetBuilder().add(curr);
          } else prev.add(bits.build());
          bits = new SetBuilder();
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
        } else if (curr !== null) prev = new SetBuilder().add(cs.intersect(prev.build(), curr));
        continue;
      }
      unread(s);
    } else if (ch === 0 && s.cursor >= s.patternLength) {
      throw unclosedClass(s, start);
    } else if (ch === c("]") && (prev !== null || hasBits)) {
      if (consume) next(s);
      const set = prev === null ? bits.build() : hasBits ? prev.add(bits.build()).build() : prev.build();
      return isNeg ? cs.negate(set) : set;
    }
    const item = range(s);
    if (item.bits) {
      hasBits = true;
      bits.add(item.set);
    } else {
      curr = item.set;
      prev = (prev ?? new SetBuilder()).add(curr);
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

function bitsOrSingle(s: RegexState, ch: number): { bits: boolean; set: cs.CharSet } {
  const set = singleSet(s, ch);
  const special = [0xff, 0xb5, 0x49, 0x69, 0x53, 0x73, 0x4b, 0x6b, 0xc5, 0xe5].includes(ch);
  const bits = ch < 256 && !(s.has(CASE_INSENSITIVE) && s.has(UNICODE_CASE) && special);
  return { bits, set };
}

function range(s: RegexState): { bits: boolean; set: cs.CharSet } {
  const from = s.cursor;
  let ch = peek(s);
  if (ch === c("\\")) {
    ch = nextEscaped(s);
    if (ch === c("p") || ch === c("P")) {
      return { bits: false, set: propertySet(s, from, ch === c("P")) };
    }
    const isRange = s.t(s.cursor + 1) === c("-");
    unread(s);
    const escaped = readEscape(s, true, true, isRange);
    if (escaped.ch === -1) return { bits: false, set: ("set" in escaped && escaped.set) || cs.ALL };
    ch = escaped.ch;
  } else {
    next(s);
  }
  if (peek(s) === c("-")) {
    const endRange = s.t(s.cursor + 1);
    if (endRange === c("[")) return bitsOrSingle(s, ch);
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
      return { bits: false, set: s.has(CASE_INSENSITIVE) ? cs.caseInsensitive(set) : set };
    }
  }
  return bitsOrSingle(s, ch);
}
