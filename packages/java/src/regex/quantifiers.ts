import { quote } from "../quote.js";
import { c, isDigit, next, peek, read, skip, unread } from "./lexer.js";
import type { RegexState, RegexSyntaxError } from "./state.js";
import type { QuantifierMode, RegexNode } from "./tree.js";

/** Quantifiers (`?`, `*`, `+`, `{n,m}`, each greedy, lazy or possessive), as Pattern.closure reads them. */

/** The largest count Pattern reads in `{n,m}`. */
export const MAX_REPS = 0x7fffffff;

/** `prev`, which started at code point `start`, under the quantifier that follows it if any. */
export function closure(s: RegexState, prev: RegexNode, start: number): RegexNode {
  const ch = peek(s);
  const at = s.cursor;
  const repeat = (min: number, max: number): RegexNode => {
    const mode = qtype(s);
    s.lastQuantifierEnd = s.cursor;
    const node: RegexNode = {
      kind: "repeat",
      body: prev,
      min,
      max,
      mode,
      quantifier: s.span(at, s.cursor),
      span: s.span(start, s.cursor),
    };
    return node;
  };
  switch (ch) {
    case c("?"):
      return repeat(0, 1);
    case c("*"):
      return repeat(0, Number.POSITIVE_INFINITY);
    case c("+"):
      return repeat(1, Number.POSITIVE_INFINITY);
    case c("{"): {
      let digit = skip(s);
      if (!isDigit(digit)) {
        throw s.error(
          "Illegal repetition",
          digit === c(",")
            ? `The repetition ${quote(braces(s, at))} has no minimum; Java requires one, as in "{0,${maxDigits(s, at)}}".`
            : 'Found "{" that does not start a repetition such as "{2}", "{2,}" or "{2,5}"; write "\\{" for a literal brace.',
          s.span(at, at + 1),
        );
      }
      const overflow = () =>
        s.error(
          "Illegal repetition range",
          `The repetition ${quote(braces(s, at))} exceeds Java's limit of ${MAX_REPS}.`,
          s.span(at, Math.max(at + 1, braceEnd(s, at))),
        );
      let min = 0;
      let max: number;
      do {
        min = min * 10 + (digit - 0x30);
        if (min > MAX_REPS) throw overflow();
        digit = read(s);
      } while (isDigit(digit));
      if (digit === c(",")) {
        digit = read(s);
        if (digit === c("}")) {
          unread(s);
          return repeat(min, Number.POSITIVE_INFINITY);
        }
        max = 0;
        while (isDigit(digit)) {
          max = max * 10 + (digit - 0x30);
          if (max > MAX_REPS) throw overflow();
          digit = read(s);
        }
      } else max = min;
      if (digit !== c("}")) {
        throw s.error(
          "Unclosed counted closure",
          `Expected "}" to close the repetition ${quote(s.text(at, s.cursor - 1))} but found ${s.found(s.cursor - 1)}.`,
          s.span(at, s.cursor - 1),
        );
      }
      if (max < min) {
        throw s.error(
          "Illegal repetition range",
          `The repetition ${quote(s.text(at, s.cursor))} has a maximum below its minimum.`,
          s.span(at, s.cursor),
        );
      }
      unread(s);
      return repeat(min, max);
    }
    default:
      return prev;
  }
}

/** A quantifier with nothing before it to repeat, or right after another quantifier. */
export function dangling(s: RegexState, at: number): RegexSyntaxError {
  const symbol = String.fromCodePoint(s.t(at));
  const afterQuantifier = s.lastQuantifierEnd === at;
  return s.error(
    `Dangling meta character '${symbol}'`,
    afterQuantifier
      ? `Found ${quote(symbol)} right after a quantifier; Java takes one quantifier, followed at most by "?" (lazy) or "+" (possessive).`
      : `Found ${quote(symbol)} with nothing before it to repeat; write ${quote(`\\${symbol}`)} for a literal ${quote(symbol)}.`,
    s.span(at, at + 1),
  );
}

function qtype(s: RegexState): QuantifierMode {
  const ch = next(s);
  if (ch === c("?")) {
    next(s);
    return "lazy";
  }
  if (ch === c("+")) {
    next(s);
    return "possessive";
  }
  return "greedy";
}

/** The text of `{...}` starting at `at`, for messages. */
function braces(s: RegexState, at: number): string {
  return s.text(at, braceEnd(s, at));
}

function braceEnd(s: RegexState, at: number): number {
  let i = at;
  while (i < s.patternLength && s.t(i) !== c("}") && i - at < 24) i++;
  return s.t(i) === c("}") ? i + 1 : i;
}

function maxDigits(s: RegexState, at: number): string {
  const match = /^\{,(\d+)\}/.exec(braces(s, at));
  return match?.[1] ?? "n";
}
