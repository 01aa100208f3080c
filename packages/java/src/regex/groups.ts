import { quote } from "../quote.js";
import { accept, c, isAlpha, isDigit, next, peek, read, skip, unread } from "./lexer.js";
import { study } from "./lookbehind.js";
import { isSupplementary } from "./predicates.js";
import { closure } from "./quantifiers.js";
import {
  CANON_EQ,
  CASE_INSENSITIVE,
  COMMENTS,
  DOTALL,
  MULTILINE,
  type RegexState,
  type RegexSyntaxError,
  UNICODE_CASE,
  UNICODE_CHARACTER_CLASS,
  UNIX_LINES,
} from "./state.js";
import type { GroupType, RegexNode } from "./tree.js";

/**
 * Groups as Pattern.group0 reads them: capturing, named, non-capturing, atomic, look-arounds (a look-behind must
 * have a bounded length) and inline flags, which hold until the end of the enclosing group.
 */

const FLAG_BITS: Readonly<Record<string, number>> = {
  i: CASE_INSENSITIVE,
  m: MULTILINE,
  s: DOTALL,
  d: UNIX_LINES,
  u: UNICODE_CASE,
  c: CANON_EQ,
  x: COMMENTS,
  U: UNICODE_CHARACTER_CLASS | UNICODE_CASE,
};

const isAlnum = (ch: number) => isAlpha(ch) || isDigit(ch);

/**
 * The group opening at the cursor, under its quantifier if any, its body read by `expr`; null for inline flags
 * alone (`(?i)`), which only change the flags.
 */
export function group(s: RegexState, expr: (s: RegexState) => RegexNode): RegexNode | null {
  const save = s.flags0;
  const start = s.cursor;
  s.enter(start);
  let type: GroupType;
  let index: number | undefined;
  let name: string | undefined;
  let body: RegexNode;
  let behind: { min: number; max: number; supplementary: boolean } | undefined;
  let ch = next(s);
  if (ch === c("?")) {
    ch = skip(s);
    switch (ch) {
      case c(":"):
        type = "non-capture";
        body = expr(s);
        break;
      case c("="):
      case c("!"):
        type = ch === c("=") ? "lookahead" : "negative-lookahead";
        body = expr(s);
        break;
      case c(">"):
        type = "atomic";
        body = expr(s);
        break;
      case c("<"): {
        ch = read(s);
        if (ch !== c("=") && ch !== c("!")) {
          name = groupName(s, ch, s.cursor - 1);
          const existing = s.names.get(name);
          if (existing !== undefined) {
            throw s.error(
              `Named capturing group <${name}> is already defined`,
              `The group name ${quote(name)} is already used by group ${existing}; expected a name of its own.`,
              s.span(start, s.cursor),
            );
          }
          type = "capture";
          index = s.capturingGroupCount++;
          s.names.set(name, index);
          body = expr(s);
          break;
        }
        type = ch === c("=") ? "lookbehind" : "negative-lookbehind";
        const bodyStart = s.cursor;
        body = expr(s);
        const info = study(body);
        if (!info.maxValid) {
          throw s.error(
            "Look-behind group does not have an obvious maximum length",
            `The look-behind ${quote(s.text(start, start + 4))} has no maximum length that Java can work out (it holds an unbounded or varying repeated group, or a back-reference); unlike JavaScript, Java requires a bounded look-behind.`,
            s.span(start, start + 4),
          );
        }
        // Pattern.findSupplementary looks from the body to the end of the pattern, not to the end of the group.
        let supplementary = false;
        for (let i = bodyStart; i < s.patternLength && !supplementary; i++) supplementary = isSupplementary(s.t(i));
        behind = { min: info.minLength, max: info.maxLength, supplementary };
        break;
      }
      case c("$"):
      case c("@"):
        throw s.error(
          "Unknown group type",
          `Java does not know the group ${quote(s.text(start, s.cursor))}; expected "(?:", "(?=", "(?!", "(?>", "(?<=", "(?<!", "(?<name>" or inline flags.`,
          s.span(start, s.cursor),
        );
      default: {
        unread(s);
        const flagsStart = s.cursor;
        addFlag(s);
        ch = read(s);
        if (ch === c(")")) {
          s.depth--;
          return null;
        }
        if (ch !== c(":")) throw unknownModifier(s, start, flagsStart);
        type = "flags";
        body = expr(s);
      }
    }
  } else {
    type = "capture";
    index = s.capturingGroupCount++;
    body = expr(s);
  }
  if (accept(s, c(")")) !== -1) {
    const end = type === "capture" && name === undefined ? start + 1 : openerEnd(s, start);
    throw s.error(
      "Unclosed group",
      `The group ${quote(s.text(start, end))} is not closed; expected ")" but found the end of the pattern.`,
      s.span(start, end),
    );
  }
  s.flags0 = save;
  s.depth--;
  const node: RegexNode = {
    kind: "group",
    type,
    body,
    ...(index !== undefined ? { index } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(behind ? { behind } : {}),
    span: s.span(start, s.cursor),
  };
  return closure(s, node, start);
}

/** The name of a named group or of `\k<name>`, whose first character `first` was read at `from`. */
export function groupName(s: RegexState, first: number, from: number): string {
  if (!isAlpha(first)) {
    throw s.error(
      "capturing group name does not start with a Latin letter",
      `Expected a group name starting with a Latin letter but found ${s.found(s.cursor - 1)}.`,
      s.span(from, s.cursor),
    );
  }
  let ch = first;
  let name = "";
  do {
    name += String.fromCharCode(ch);
    ch = read(s);
  } while (isAlnum(ch));
  if (ch !== c(">")) {
    const bad = s.found(s.cursor - 1);
    const identifier = ch === c("_") || (ch >= 0x80 && /\p{L}/u.test(String.fromCodePoint(ch)));
    throw s.error(
      "named capturing group is missing trailing '>'",
      identifier
        ? `Java group names contain only Latin letters and digits; found ${bad} after ${quote(name)}.`
        : `Expected ">" to end the group name ${quote(name)} but found ${bad}.`,
      s.span(s.cursor - 1, s.cursor),
    );
  }
  return name;
}

/** The end of a group's opening token: `(?:`, `(?<name>`, `(?i:`... */
function openerEnd(s: RegexState, start: number): number {
  let i = start + 1;
  if (s.t(i) !== c("?")) return i;
  i++;
  if (s.t(i) === c("<") && s.t(i + 1) !== c("=") && s.t(i + 1) !== c("!")) {
    while (i < s.patternLength && s.t(i) !== c(">")) i++;
    return i + 1;
  }
  while (i < s.patternLength && ![c(":"), c("="), c("!"), c(">")].includes(s.t(i))) i++;
  return Math.min(i + 1, s.patternLength);
}

function unknownModifier(s: RegexState, start: number, flagsStart: number): RegexSyntaxError {
  const at = s.cursor - 1;
  const rest = s.pattern.slice(s.offsetOf(start));
  const span = s.span(start, Math.max(at + 1, flagsStart + 1));
  const ch = s.t(at);
  let message: string;
  if (/^\(\?P</.test(rest)) {
    message = '"(?P<name>...)" is Python syntax; Java writes a named group "(?<name>...)".';
  } else if (/^\(\?P[=>]/.test(rest)) {
    message = '"(?P=name)" is Python syntax; Java writes a back-reference to a named group "\\k<name>".';
  } else if (/^\(\?#/.test(rest)) {
    message = 'Java has no comment groups "(?#...)"; remove it, or use the "x" flag and a "#" comment.';
  } else if (/^\(\?'/.test(rest)) {
    message = `"(?'name'...)" is not Java syntax; Java writes a named group "(?<name>...)".`;
  } else if (at >= s.patternLength) {
    message = `Expected ")" or ":" after the inline flags ${quote(s.text(start, at))} but found the end of the pattern.`;
  } else if (at === flagsStart) {
    message = `Java does not know the group ${quote(s.text(start, at + 1))}; expected "(?:", "(?=", "(?!", "(?>", "(?<=", "(?<!", "(?<name>" or inline flags from "idmsuxU".`;
  } else {
    message = `Java does not know the inline flag ${quote(String.fromCodePoint(ch))}; expected flags from "idmsuxU", then ")" or ":".`;
  }
  return s.error("Unknown inline modifier", message, span);
}

function addFlag(s: RegexState): void {
  let ch = peek(s);
  for (;;) {
    const flag = FLAG_BITS[String.fromCodePoint(ch)];
    if (ch === c("-")) {
      next(s);
      subFlag(s);
      return;
    }
    if (flag === undefined) return;
    s.flags0 |= flag;
    ch = next(s);
  }
}

function subFlag(s: RegexState): void {
  let ch = peek(s);
  for (;;) {
    const flag = FLAG_BITS[String.fromCodePoint(ch)];
    if (flag === undefined) return;
    s.flags0 &= ~flag;
    ch = next(s);
  }
}
