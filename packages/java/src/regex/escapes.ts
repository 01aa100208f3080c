import { quote } from "../quote.js";
import * as cs from "./char-set.js";
import { groupName } from "./groups.js";
import { c, isAlpha, isDigit, peek, read, skip, unread } from "./lexer.js";
import * as p from "./predicates.js";
import { CASE_INSENSITIVE, type RegexState, UNICODE_CASE, UNICODE_CHARACTER_CLASS, UNIX_LINES } from "./state.js";
import type { AssertionKind, RegexNode } from "./tree.js";
import { codePointOfName } from "./unicode.js";

/**
 * Backslash escapes as Pattern.escape reads them: characters (`\t`, `\x{...}`, `\u....`, `\0..`, `\cX`,
 * `\N{name}`), predefined classes (`\d`, `\s`, `\w`, `\h`, `\v`...), anchors (`\b`, `\A`, `\z`...), `\R`, `\X` and
 * back-references (`\1`, `\k<name>`), with what each may not do inside a character class.
 */

/** What an escape stands for: one character (`ch`), or `ch` -1 and the node or character class it makes. */
export type Escape =
  | { readonly ch: number }
  | { readonly ch: -1; readonly node?: RegexNode; readonly set?: cs.CharSet; readonly test?: p.CharPredicate };

const isHexDigit = (ch: number) => isDigit(ch) || (ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66);
const isOctal = (ch: number) => ch >= 0x30 && ch <= 0x37;
const hexValue = (ch: number) => (isDigit(ch) ? ch - 0x30 : (ch | 0x20) - 0x61 + 10);

/**
 * The escape at the cursor (on its backslash). `inClass`: inside `[...]`; `create`: make the node (Pattern reads
 * some escapes only to learn whether they are one character, then reads them again); `isRange`: the escape is an end
 * of a range, where `\v` is the vertical tab.
 */
export function readEscape(s: RegexState, inClass: boolean, create: boolean, isRange: boolean): Escape {
  const from = s.cursor;
  const ch = skip(s);
  const letter = String.fromCodePoint(ch);
  const unicode = s.has(UNICODE_CHARACTER_CLASS);
  const notInClass = (what: string) =>
    s.error(
      "Illegal/unsupported escape sequence",
      `Java does not allow ${what} ${quote(`\\${letter}`)} inside a character class.`,
      s.span(from, s.cursor),
    );
  const assertion = (what: AssertionKind): Escape => ({
    ch: -1,
    node: { kind: "assertion", what, span: s.span(from, s.cursor) },
  });
  const set = (value: cs.CharSet, test: p.CharPredicate): Escape => ({ ch: -1, set: value, test });
  switch (letter) {
    case "0":
      return { ch: octal(s, from) };
    case "1":
    case "2":
    case "3":
    case "4":
    case "5":
    case "6":
    case "7":
    case "8":
    case "9":
      if (inClass) {
        throw s.error(
          "Illegal/unsupported escape sequence",
          `Java does not allow the back-reference ${quote(`\\${letter}`)} inside a character class; write ${quote(`\\x0${letter}`)} for the character with code ${letter}.`,
          s.span(from, s.cursor),
        );
      }
      return create ? { ch: -1, node: ref(s, ch - 0x30, from) } : { ch: -1 };
    case "A":
    case "G":
    case "Z":
    case "z":
    case "B":
      if (inClass) throw notInClass("the anchor");
      if (letter === "A") return assertion("begin");
      if (letter === "G") return assertion("last-match");
      if (letter === "Z") return assertion(s.has(UNIX_LINES) ? "unix-dollar" : "dollar");
      if (letter === "z") return assertion("end");
      return assertion(unicode ? "unicode-not-bound" : "not-bound");
    case "b":
      if (inClass) {
        throw s.error(
          "Illegal/unsupported escape sequence",
          'Java does not allow "\\b" inside a character class (JavaScript reads it as a backspace); write "\\x08" for a backspace.',
          s.span(from, s.cursor),
        );
      }
      if (create) {
        if (peek(s) === c("{")) {
          if (skip(s) === c("g")) {
            if (read(s) === c("}")) return assertion("grapheme-bound");
            throw s.error(
              "Illegal/unsupported escape sequence",
              'Expected "}" to close "\\b{g" (a grapheme boundary).',
              s.span(from, s.cursor),
            );
          }
          unread(s);
          unread(s);
        }
      }
      return assertion(unicode ? "unicode-bound" : "bound");
    case "d":
      return set(cs.escapeClass(letter, unicode), unicode ? p.DIGIT : p.ASCII_DIGIT);
    case "D":
      return set(cs.escapeClass(letter, unicode), p.not(unicode ? p.DIGIT : p.ASCII_DIGIT));
    case "s":
      return set(cs.escapeClass(letter, unicode), unicode ? p.WHITE_SPACE : p.ASCII_SPACE);
    case "S":
      return set(cs.escapeClass(letter, unicode), p.not(unicode ? p.WHITE_SPACE : p.ASCII_SPACE));
    case "w":
      return set(cs.escapeClass(letter, unicode), unicode ? p.WORD : p.ASCII_WORD);
    case "W":
      return set(cs.escapeClass(letter, unicode), p.not(unicode ? p.WORD : p.ASCII_WORD));
    case "h":
      return set(cs.escapeClass(letter, false), p.HORIZONTAL);
    case "H":
      return set(cs.escapeClass(letter, false), p.not(p.HORIZONTAL));
    case "V":
      return set(cs.escapeClass(letter, false), p.not(p.VERTICAL));
    case "v":
      if (isRange) return { ch: 0x0b };
      return set(cs.escapeClass("v", false), p.VERTICAL);
    case "R":
      if (inClass) throw notInClass("the line break");
      return {
        ch: -1,
        node: {
          kind: "special",
          what: "line-break",
          set: cs.escapeClass("v", false),
          span: s.span(from, s.cursor),
        },
      };
    case "X":
      if (inClass) throw notInClass("the grapheme cluster");
      return { ch: -1, node: { kind: "special", what: "grapheme", set: cs.ALL, span: s.span(from, s.cursor) } };
    case "N":
      return { ch: characterName(s, from) };
    case "a":
      return { ch: 0x07 };
    case "c":
      if (s.cursor < s.patternLength) return { ch: read(s) ^ 64 };
      throw s.error(
        "Illegal control escape sequence",
        'Expected a character after "\\c", as in "\\cM" for a carriage return.',
        s.span(from, s.cursor),
      );
    case "e":
      return { ch: 0x1b };
    case "f":
      return { ch: 0x0c };
    case "n":
      return { ch: 0x0a };
    case "r":
      return { ch: 0x0d };
    case "t":
      return { ch: 0x09 };
    case "u":
      return { ch: unicodeEscape(s, from) };
    case "x":
      return { ch: hex(s, from) };
    case "k": {
      if (inClass) throw notInClass("the back-reference");
      const open = read(s);
      if (open !== c("<")) {
        throw s.error(
          "\\k is not followed by '<' for named capturing group",
          `Expected "<" after "\\k", as in "\\k<name>", but found ${s.found(s.cursor - 1)}.`,
          s.span(from, s.cursor),
        );
      }
      const name = groupName(s, read(s), s.cursor - 1);
      const group = s.names.get(name);
      if (group === undefined) {
        const later = s.pattern.includes(`(?<${name}>`);
        throw s.error(
          `named capturing group <${name}> does not exist`,
          later
            ? `The back-reference ${quote(`\\k<${name}>`)} comes before the group ${quote(name)}; Java requires the group to be defined first.`
            : `The back-reference ${quote(`\\k<${name}>`)} names no group; expected a group ${quote(`(?<${name}>...)`)} before it.`,
          s.span(from, s.cursor),
        );
      }
      if (!create) return { ch: -1 };
      const span = s.span(from, s.cursor);
      s.backrefs.push({ group, span });
      return { ch: -1, node: { kind: "backref", group, name, fold: backrefFold(s), span } };
    }
    default:
      if (isAlpha(ch)) {
        throw s.error(
          "Illegal/unsupported escape sequence",
          `Java does not know the escape ${quote(`\\${letter}`)}; write ${quote(letter)} for the letter itself.`,
          s.span(from, s.cursor),
        );
      }
      return { ch };
  }
}

/** A numbered back-reference: Java takes further digits while they still name an existing group. */
function ref(s: RegexState, refNum: number, from: number): RegexNode {
  let group = refNum;
  for (;;) {
    const ch = peek(s);
    if (!isDigit(ch)) break;
    const next = group * 10 + (ch - 0x30);
    if (s.capturingGroupCount - 1 < next) break;
    group = next;
    read(s);
  }
  const span = s.span(from, s.cursor);
  s.backrefs.push({ group, span });
  return { kind: "backref", group, fold: backrefFold(s), span };
}

/** BackRef, or CIBackRef under `(?i)`, comparing Character's cases under `(?iu)`. */
function backrefFold(s: RegexState): p.Fold {
  if (!s.has(CASE_INSENSITIVE)) return "none";
  return s.has(UNICODE_CASE) ? "unicode" : "ascii";
}

function octal(s: RegexState, from: number): number {
  const n = read(s);
  if (isOctal(n)) {
    const m = read(s);
    if (isOctal(m)) {
      const o = read(s);
      if (isOctal(o) && n <= c("3")) return (n - 0x30) * 64 + (m - 0x30) * 8 + (o - 0x30);
      unread(s);
      return (n - 0x30) * 8 + (m - 0x30);
    }
    unread(s);
    return n - 0x30;
  }
  throw s.error(
    "Illegal octal escape sequence",
    `Expected an octal digit after "\\0", as in "\\012", but found ${s.found(s.cursor - 1)}; write "\\x00" for the NUL character.`,
    s.span(from, s.cursor),
  );
}

function hex(s: RegexState, from: number): number {
  const n = read(s);
  if (isHexDigit(n)) {
    const m = read(s);
    if (isHexDigit(m)) return hexValue(n) * 16 + hexValue(m);
  } else if (n === c("{") && isHexDigit(peek(s))) {
    let value = 0;
    let digit = read(s);
    for (; isHexDigit(digit); digit = read(s)) {
      value = value * 16 + hexValue(digit);
      if (value > 0x10ffff) {
        throw s.error(
          "Hexadecimal codepoint is too big",
          `The code point in ${quote(s.text(from, s.cursor))} is above the largest, "10FFFF".`,
          s.span(from, s.cursor),
        );
      }
    }
    if (digit !== c("}")) {
      throw s.error(
        "Unclosed hexadecimal escape sequence",
        `Expected "}" to close ${quote(s.text(from, s.cursor - 1))} but found ${s.found(s.cursor - 1)}.`,
        s.span(from, s.cursor),
      );
    }
    return value;
  }
  throw s.error(
    "Illegal hexadecimal escape sequence",
    `Expected two hexadecimal digits or "{...}" after "\\x" but found ${s.found(s.cursor - 1)}.`,
    s.span(from, s.cursor),
  );
}

function uxxxx(s: RegexState, from: number): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const ch = read(s);
    if (!isHexDigit(ch)) {
      const javascript = i === 0 && ch === c("{");
      throw s.error(
        "Illegal Unicode escape sequence",
        javascript
          ? '"\\u{...}" is JavaScript syntax; Java writes a code point as "\\x{...}".'
          : `Expected four hexadecimal digits after "\\u" but found ${s.found(s.cursor - 1)}.`,
        s.span(from, s.cursor),
      );
    }
    n = n * 16 + hexValue(ch);
  }
  return n;
}

/** `\uXXXX`, and a following `\uXXXX` low surrogate that makes one code point with it. */
function unicodeEscape(s: RegexState, from: number): number {
  const n = uxxxx(s, from);
  if (n >= 0xd800 && n <= 0xdbff) {
    const cur = s.cursor;
    if (read(s) === c("\\") && read(s) === c("u")) {
      const low = uxxxx(s, s.cursor - 2);
      if (low >= 0xdc00 && low <= 0xdfff) return (n - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
    }
    s.cursor = cur;
  }
  return n;
}

function characterName(s: RegexState, from: number): number {
  if (read(s) !== c("{")) {
    throw s.error(
      "Illegal character name escape sequence",
      `Expected "{" after "\\N", as in "\\N{LATIN SMALL LETTER A}", but found ${s.found(s.cursor - 1)}.`,
      s.span(from, s.cursor),
    );
  }
  const start = s.cursor;
  while (read(s) !== c("}")) {
    if (s.cursor >= s.patternLength) {
      throw s.error(
        "Unclosed character name escape sequence",
        'Expected "}" to close "\\N{" but found the end of the pattern.',
        s.span(from, s.cursor),
      );
    }
  }
  const name = s.text(start, s.cursor - 1);
  const cp = codePointOfName(name);
  if (cp === undefined) {
    throw s.error(
      `Unknown character name [${name}]`,
      `Java does not know the character name ${quote(name)}; expected a Unicode name such as "LATIN SMALL LETTER A".`,
      s.span(from, s.cursor),
    );
  }
  return cp;
}
