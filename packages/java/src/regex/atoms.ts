import * as cs from "./char-set.js";
import { readEscape } from "./escapes.js";
import { c, next, nextEscaped, peek, unread } from "./lexer.js";
import { property } from "./properties.js";
import { CASE_INSENSITIVE, type RegexState } from "./state.js";
import type { RegexNode } from "./tree.js";

/** Literal characters, as Pattern.atom reads them: a run of them, or the one construct an escape stands for. */

/** The sets of the first 256 characters, as written and under `(?i)`, made once. */
const SINGLE_SETS: readonly cs.CharSet[] = Array.from({ length: 256 }, (_, ch) => cs.single(ch));
const INSENSITIVE_SETS: readonly cs.CharSet[] = SINGLE_SETS.map((set) => cs.caseInsensitive(set));
const ATOM_STOPS: ReadonlySet<number> = new Set([..."$.^([|)"].map(c));

/** A run of literal characters (Java's slice), or the one construct an escape stands for. */
export function atom(s: RegexState): RegexNode {
  const chars: RegexNode[] = [];
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
        chars.push(literal(s, escaped.ch, prev, s.cursor));
        ch = peek(s);
        continue;
      }
      if (chars.length === 0) {
        return "node" in escaped && escaped.node
          ? escaped.node
          : {
              kind: "char",
              set: "set" in escaped && escaped.set ? escaped.set : cs.ALL,
              span: s.span(prev, s.cursor),
            };
      }
      s.cursor = prev;
      break;
    }
    if (ch === 0 && s.cursor >= s.patternLength) break;
    prev = s.cursor;
    chars.push(literal(s, ch, prev, prev + 1));
    ch = next(s);
  }
  if (chars.length === 1) return chars[0] as RegexNode;
  return { kind: "sequence", items: chars, span: s.span(start, s.cursor) };
}

function literal(s: RegexState, ch: number, from: number, to: number): RegexNode {
  return { kind: "char", set: singleSet(s, ch), span: s.span(from, to) };
}

/** The set of one character under the flags in force. */
export function singleSet(s: RegexState, ch: number): cs.CharSet {
  const insensitive = s.has(CASE_INSENSITIVE);
  const known = (insensitive ? INSENSITIVE_SETS : SINGLE_SETS)[ch];
  if (known) return known;
  return insensitive ? cs.caseInsensitive(cs.single(ch)) : cs.single(ch);
}
