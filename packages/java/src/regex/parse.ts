import { quote } from "../quote.js";
import { atom } from "./atoms.js";
import * as cs from "./char-set.js";
import { classNode } from "./classes.js";
import { group } from "./groups.js";
import { c, next, nextEscaped, peek, removeQEQuoting, unread } from "./lexer.js";
import * as p from "./predicates.js";
import { property } from "./properties.js";
import { closure, dangling } from "./quantifiers.js";
import { DOTALL, type JavaRegexError, MULTILINE, RegexState, RegexSyntaxError, UNIX_LINES } from "./state.js";
import type { RegexNode } from "./tree.js";

/**
 * A parser of Java's regular-expression syntax (java.util.regex.Pattern, OpenJDK 17): it accepts exactly what
 * `Pattern.compile` accepts, reports the first error where Java does (plus a span and a message of our own), and
 * builds a small tree for other checks. It is a port of Pattern's recursive-descent parser, cursor moves included
 * (the `\Q...\E` rewriting, `x`-mode whitespace and comments, the way a quantifier after a run of literals applies
 * to the last one), so that the error index matches Java's; it never runs the pattern. Time is linear in the
 * length of the pattern, and nesting deeper than Java's own stack allows is an error rather than a crash.
 *
 * This module holds the top of the grammar (alternatives and sequences); the lexer, escapes, groups, quantifiers,
 * classes and properties each have their own module, all sharing one RegexState.
 */

export interface JavaRegex {
  /** The tree, when the pattern compiles. */
  readonly root?: RegexNode;
  /** Whether `Pattern.compile` accepts the pattern. */
  readonly compiles: boolean;
  /**
   * The first problem: the error Java reports, or, for a pattern Java compiles, a construct that cannot do what it
   * seems to (a back-reference to a group the pattern does not have, which never matches).
   */
  readonly error?: JavaRegexError;
  /** The number of capturing groups (`Matcher.groupCount()`). */
  readonly groupCount: number;
  /** Named groups and their numbers. */
  readonly groupNames: ReadonlyMap<string, number>;
  /** Pattern's `hasSupplementary`: a search steps over surrogate pairs rather than starting inside one. */
  readonly supplementary: boolean;
}

/** Parses a pattern as `java.util.regex.Pattern.compile(pattern)` would (no flags given). */
export function parseJavaRegex(pattern: string): JavaRegex {
  const s = new RegexState(pattern);
  let root: RegexNode;
  try {
    root = compile(s);
  } catch (error) {
    if (!(error instanceof RegexSyntaxError)) throw error;
    return {
      compiles: false,
      error: error.problem,
      groupCount: s.groupCount,
      groupNames: s.names,
      supplementary: s.supplementary,
    };
  }
  const groupCount = s.groupCount;
  const missing = s.backrefs.find((ref) => ref.group > groupCount);
  const error: JavaRegexError | undefined = missing && {
    message: `The back-reference ${quote(pattern.slice(missing.span.offset, missing.span.offset + missing.span.length))} names group ${missing.group} but the pattern has ${groupCount === 0 ? "no groups" : groupCount === 1 ? "one group" : `${groupCount} groups`}, so it never matches; write ${quote(`\\x${missing.group.toString(16).padStart(2, "0")}`)} for the character with code ${missing.group}.`,
    span: missing.span,
    javaIndex: -1,
    javaDescription: "",
  };
  const supplementary = s.supplementary;
  return { root, compiles: true, ...(error ? { error } : {}), groupCount, groupNames: s.names, supplementary };
}

function compile(s: RegexState): RegexNode {
  removeQEQuoting(s);
  const root = expr(s);
  if (s.patternLength !== s.cursor) {
    const at = s.cursor;
    if (peek(s) === c(")")) {
      throw s.error(
        "Unmatched closing ')'",
        'Found ")" with no group open; write "\\)" for a literal parenthesis.',
        s.span(s.cursor, s.cursor + 1),
      );
    }
    const last = s.patternLength - 1;
    throw s.error(
      "Unexpected internal error",
      at > s.patternLength && s.t(last) === c("\\")
        ? 'The pattern ends with a lone "\\"; write "\\\\" for a literal backslash.'
        : "The pattern could not be read to its end.",
      s.span(last, s.patternLength),
    );
  }
  return root;
}

function expr(s: RegexState): RegexNode {
  const start = s.cursor;
  const alternatives: RegexNode[] = [];
  for (;;) {
    alternatives.push(sequence(s));
    if (peek(s) !== c("|")) break;
    next(s);
  }
  if (alternatives.length === 1) return alternatives[0] as RegexNode;
  return { kind: "alternation", alternatives, span: s.span(start, s.cursor) };
}

function sequence(s: RegexState): RegexNode {
  const items: RegexNode[] = [];
  const start = s.cursor;
  loop: for (;;) {
    const ch = peek(s);
    const at = s.cursor;
    let node: RegexNode;
    switch (ch) {
      case c("("): {
        const found = group(s, expr);
        if (found) items.push(found);
        continue;
      }
      case c("["):
        node = classNode(s, at);
        break;
      case c("\\"): {
        const letter = nextEscaped(s);
        if (letter === c("p") || letter === c("P")) node = property(s, at, letter === c("P"));
        else {
          unread(s);
          node = atom(s);
        }
        break;
      }
      case c("^"):
        next(s);
        node = {
          kind: "assertion",
          what: s.has(MULTILINE) ? (s.has(UNIX_LINES) ? "unix-caret" : "caret") : "begin",
          span: s.span(at, at + 1),
        };
        break;
      case c("$"): {
        next(s);
        const multiline = s.has(MULTILINE);
        const what = s.has(UNIX_LINES) ? "unix-dollar" : "dollar";
        node = { kind: "assertion", what: multiline ? `${what}-multiline` : what, span: s.span(at, at + 1) };
        break;
      }
      case c("."):
        next(s);
        // Pattern builds this CharProperty directly, not through newCharProperty: the search is not affected.
        node = {
          kind: "char",
          set: cs.dot(s.has(DOTALL), s.has(UNIX_LINES)),
          test: s.has(DOTALL) ? p.ALL : s.has(UNIX_LINES) ? p.UNIX_DOT : p.DOT,
          span: s.span(at, at + 1),
        };
        break;
      case c("|"):
      case c(")"):
        break loop;
      case c("?"):
      case c("*"):
      case c("+"): {
        next(s);
        throw dangling(s, at);
      }
      default:
        if (ch === 0 && s.cursor >= s.patternLength) break loop;
        node = atom(s);
    }
    items.push(closure(s, node, at));
  }
  if (items.length === 1) return items[0] as RegexNode;
  return { kind: "sequence", items, span: s.span(start, s.cursor) };
}
