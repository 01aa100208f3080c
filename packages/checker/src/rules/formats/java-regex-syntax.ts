import type { Span } from "@mailroom/syntax";
import * as cs from "./char-set.js";
import { SetBuilder } from "./char-set.js";
import { isLookbehindBounded } from "./java-regex-lookbehind.js";
import { isJavaCharacterProperty, propertySuggestion } from "./java-regex-properties.js";
import type { GroupType, QuantifierMode, RegexNode } from "./java-regex-tree.js";
import { quote } from "./quote.js";

export type { GroupType, QuantifierMode, RegexNode } from "./java-regex-tree.js";

/**
 * A parser of Java's regular-expression syntax (java.util.regex.Pattern, OpenJDK 17): it accepts exactly what
 * `Pattern.compile` accepts, reports the first error where Java does (plus a span and a message of our own), and
 * builds a small tree for other checks. It is a port of Pattern's recursive-descent parser, cursor moves included
 * (the `\Q...\E` rewriting, `x`-mode whitespace and comments, the way a quantifier after a run of literals applies
 * to the last one), so that the error index matches Java's; it never runs the pattern. Time is linear in the
 * length of the pattern, and nesting deeper than Java's own stack allows is an error rather than a crash.
 */

export interface JavaRegexError {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The offending token in the pattern, in UTF-16 units. */
  readonly span: Span;
  /** What `PatternSyntaxException.getIndex()` reports (in code points of the pattern after `\Q...\E` rewriting). */
  readonly javaIndex: number;
  /** What `PatternSyntaxException.getDescription()` reports; empty for problems Java lets pass. */
  readonly javaDescription: string;
}

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
}

// Pattern's flags.
const UNIX_LINES = 0x01;
const CASE_INSENSITIVE = 0x02;
const COMMENTS = 0x04;
const MULTILINE = 0x08;
const DOTALL = 0x20;
const UNICODE_CASE = 0x40;
const CANON_EQ = 0x80;
const UNICODE_CHARACTER_CLASS = 0x100;

const MAX_REPS = 0x7fffffff;
/** Java's default thread stack overflows at about 900 nested groups; we stop a little earlier. */
const MAX_NESTING = 800;

const c = (s: string): number => s.charCodeAt(0);
const isSpace = (ch: number) => (ch >= 9 && ch <= 13) || ch === 32;
const isDigit = (ch: number) => ch >= 0x30 && ch <= 0x39;
const isAlpha = (ch: number) => (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x61 && ch <= 0x7a);
const isAlnum = (ch: number) => isAlpha(ch) || isDigit(ch);
const isHexDigit = (ch: number) => isDigit(ch) || (ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66);
const isOctal = (ch: number) => ch >= 0x30 && ch <= 0x37;
const hexValue = (ch: number) => (isDigit(ch) ? ch - 0x30 : (ch | 0x20) - 0x61 + 10);

/** String.trim: Java drops every character up to U+0020 at both ends. */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

class RegexSyntaxError extends Error {
  constructor(readonly problem: JavaRegexError) {
    super(problem.message);
  }
}

type Escape = { readonly ch: number } | { readonly ch: -1; readonly node?: RegexNode; readonly set?: cs.CharSet };

class Parser {
  private temp: number[] = [];
  /** For each code point of `temp`, its UTF-16 offset in the pattern as written. */
  private origin: number[] = [];
  private patternLength = 0;
  private cursor = 0;
  private flags0 = 0;
  private capturingGroupCount = 1;
  private depth = 0;
  readonly names = new Map<string, number>();
  readonly backrefs: { group: number; span: Span }[] = [];
  /** Where the last quantifier ended, to tell "nothing to repeat" from "a second quantifier". */
  private lastQuantifierEnd = -1;

  constructor(private readonly pattern: string) {
    for (let i = 0; i < pattern.length; ) {
      const cp = pattern.codePointAt(i) as number;
      this.temp.push(cp);
      this.origin.push(i);
      i += cp > 0xffff ? 2 : 1;
    }
    this.patternLength = this.temp.length;
    this.temp.push(0, 0);
    this.origin.push(pattern.length, pattern.length);
  }

  get groupCount(): number {
    return this.capturingGroupCount - 1;
  }

  // ---- Positions and errors ---------------------------------------------------------------------------------

  private offsetOf(index: number): number {
    return this.origin[Math.max(0, Math.min(index, this.origin.length - 1))] ?? this.pattern.length;
  }

  /** The span from code point `from` to code point `to` (exclusive), at least one unit wide when possible. */
  span(from: number, to: number): Span {
    const offset = this.offsetOf(from);
    const end = Math.max(offset, this.offsetOf(Math.max(from, to)));
    return { offset, length: end - offset };
  }

  private text(from: number, to: number): string {
    const span = this.span(from, to);
    return this.pattern.slice(span.offset, span.offset + span.length);
  }

  /** What stands at code point `index`, for messages: a quoted character, or "the end of the pattern". */
  private found(index: number): string {
    if (index >= this.patternLength) return "the end of the pattern";
    return quote(String.fromCodePoint(this.t(index)));
  }

  private error(javaDescription: string, message: string, span: Span): RegexSyntaxError {
    return new RegexSyntaxError({ message, span, javaIndex: this.cursor - 1, javaDescription });
  }

  // ---- Pattern's cursor primitives -----------------------------------------------------------------------------

  private t(index: number): number {
    return this.temp[index] ?? 0;
  }

  private has(flag: number): boolean {
    return (this.flags0 & flag) !== 0;
  }

  private accept(ch: number): number {
    let test = this.t(this.cursor++);
    if (this.has(COMMENTS)) test = this.parsePastWhitespace(test);
    return test === ch ? -1 : test;
  }

  private peek(): number {
    const ch = this.t(this.cursor);
    return this.has(COMMENTS) ? this.peekPastWhitespace(ch) : ch;
  }

  private read(): number {
    const ch = this.t(this.cursor++);
    return this.has(COMMENTS) ? this.parsePastWhitespace(ch) : ch;
  }

  private next(): number {
    const ch = this.t(++this.cursor);
    return this.has(COMMENTS) ? this.peekPastWhitespace(ch) : ch;
  }

  private nextEscaped(): number {
    return this.t(++this.cursor);
  }

  private peekPastWhitespace(ch: number): number {
    while (isSpace(ch) || ch === c("#")) {
      while (isSpace(ch)) ch = this.t(++this.cursor);
      if (ch === c("#")) ch = this.peekPastLine();
    }
    return ch;
  }

  private parsePastWhitespace(ch: number): number {
    while (isSpace(ch) || ch === c("#")) {
      while (isSpace(ch)) ch = this.t(this.cursor++);
      if (ch === c("#")) ch = this.parsePastLine();
    }
    return ch;
  }

  private parsePastLine(): number {
    let ch = this.t(this.cursor++);
    while (ch !== 0 && !this.isLineSeparator(ch)) ch = this.t(this.cursor++);
    if (ch === 0 && this.cursor > this.patternLength) {
      this.cursor = this.patternLength;
      ch = this.t(this.cursor++);
    }
    return ch;
  }

  private peekPastLine(): number {
    let ch = this.t(++this.cursor);
    while (ch !== 0 && !this.isLineSeparator(ch)) ch = this.t(++this.cursor);
    if (ch === 0 && this.cursor > this.patternLength) {
      this.cursor = this.patternLength;
      ch = this.t(this.cursor);
    }
    return ch;
  }

  private isLineSeparator(ch: number): boolean {
    if (this.has(UNIX_LINES)) return ch === 0x0a;
    return ch === 0x0a || ch === 0x0d || (ch | 1) === 0x2029 || ch === 0x85;
  }

  private skip(): number {
    const ch = this.t(this.cursor + 1);
    this.cursor += 2;
    return ch;
  }

  private unread(): void {
    this.cursor--;
  }

  // ---- \Q...\E ----------------------------------------------------------------------------------------------

  /** Pattern.RemoveQEQuoting: quoted text becomes escaped characters, each keeping the offset it came from. */
  private removeQEQuoting(): void {
    const length = this.patternLength;
    const temp = this.temp;
    let i = 0;
    while (i < length - 1) {
      if (temp[i] !== c("\\")) i += 1;
      else if (temp[i + 1] !== c("Q")) i += 2;
      else break;
    }
    if (i >= length - 1) return;
    const out = temp.slice(0, i);
    const origin = this.origin.slice(0, i);
    const push = (ch: number, at: number) => {
      out.push(ch);
      origin.push(at);
    };
    i += 2;
    let inQuote = true;
    let beginQuote = true;
    while (i < length) {
      const at = this.origin[i] as number;
      const ch = temp[i++] as number;
      if (ch >= 0x80 || isAlpha(ch)) push(ch, at);
      else if (isDigit(ch)) {
        if (beginQuote) {
          push(c("\\"), at);
          push(c("x"), at);
          push(c("3"), at);
        }
        push(ch, at);
      } else if (ch !== c("\\")) {
        if (inQuote) push(c("\\"), at);
        push(ch, at);
      } else if (inQuote) {
        if (temp[i] === c("E")) {
          i++;
          inQuote = false;
        } else {
          push(c("\\"), at);
          push(c("\\"), at);
        }
      } else if (temp[i] === c("Q")) {
        i++;
        inQuote = true;
        beginQuote = true;
        continue;
      } else {
        push(ch, at);
        if (i !== length) {
          push(temp[i] as number, this.origin[i] as number);
          i++;
        }
      }
      beginQuote = false;
    }
    this.patternLength = out.length;
    out.push(0, 0);
    origin.push(this.pattern.length, this.pattern.length);
    this.temp = out;
    this.origin = origin;
  }

  // ---- The grammar ------------------------------------------------------------------------------------------

  compile(): RegexNode {
    this.removeQEQuoting();
    const root = this.expr();
    if (this.patternLength !== this.cursor) {
      const at = this.cursor;
      if (this.peek() === c(")")) {
        throw this.error(
          "Unmatched closing ')'",
          'Found ")" with no group open; write "\\)" for a literal parenthesis.',
          this.span(this.cursor, this.cursor + 1),
        );
      }
      const last = this.patternLength - 1;
      throw this.error(
        "Unexpected internal error",
        at > this.patternLength && this.t(last) === c("\\")
          ? 'The pattern ends with a lone "\\"; write "\\\\" for a literal backslash.'
          : "The pattern could not be read to its end.",
        this.span(last, this.patternLength),
      );
    }
    return root;
  }

  private expr(): RegexNode {
    const start = this.cursor;
    const alternatives: RegexNode[] = [];
    for (;;) {
      alternatives.push(this.sequence());
      if (this.peek() !== c("|")) break;
      this.next();
    }
    if (alternatives.length === 1) return alternatives[0] as RegexNode;
    return { kind: "alternation", alternatives, span: this.span(start, this.cursor) };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    const start = this.cursor;
    loop: for (;;) {
      const ch = this.peek();
      const at = this.cursor;
      let node: RegexNode;
      switch (ch) {
        case c("("): {
          const group = this.group0();
          if (group) items.push(group);
          continue;
        }
        case c("["):
          node = this.classNode(at);
          break;
        case c("\\"): {
          const letter = this.nextEscaped();
          if (letter === c("p") || letter === c("P")) node = this.property(at, letter === c("P"));
          else {
            this.unread();
            node = this.atom();
          }
          break;
        }
        case c("^"):
        case c("$"):
          this.next();
          node = { kind: "assertion", span: this.span(at, at + 1) };
          break;
        case c("."):
          this.next();
          node = {
            kind: "char",
            set: cs.dot(this.has(DOTALL), this.has(UNIX_LINES)),
            span: this.span(at, at + 1),
          };
          break;
        case c("|"):
        case c(")"):
          break loop;
        case c("?"):
        case c("*"):
        case c("+"): {
          this.next();
          throw this.dangling(at);
        }
        default:
          if (ch === 0 && this.cursor >= this.patternLength) break loop;
          node = this.atom();
      }
      items.push(this.closure(node, at));
    }
    if (items.length === 1) return items[0] as RegexNode;
    return { kind: "sequence", items, span: this.span(start, this.cursor) };
  }

  private dangling(at: number): RegexSyntaxError {
    const symbol = String.fromCodePoint(this.t(at));
    const afterQuantifier = this.lastQuantifierEnd === at;
    return this.error(
      `Dangling meta character '${symbol}'`,
      afterQuantifier
        ? `Found ${quote(symbol)} right after a quantifier; Java takes one quantifier, followed at most by "?" (lazy) or "+" (possessive).`
        : `Found ${quote(symbol)} with nothing before it to repeat; write ${quote(`\\${symbol}`)} for a literal ${quote(symbol)}.`,
      this.span(at, at + 1),
    );
  }

  /** A run of literal characters (Java's slice), or the one construct an escape stands for. */
  private atom(): RegexNode {
    const chars: RegexNode[] = [];
    let prev = -1;
    const start = this.cursor;
    let ch = this.peek();
    for (;;) {
      if (ch === c("*") || ch === c("+") || ch === c("?") || ch === c("{")) {
        if (chars.length > 1) {
          this.cursor = prev;
          chars.pop();
        }
        break;
      }
      if (ATOM_STOPS.has(ch)) break;
      if (ch === c("\\")) {
        const letter = this.nextEscaped();
        if (letter === c("p") || letter === c("P")) {
          if (chars.length > 0) {
            this.unread();
            break;
          }
          return this.property(this.cursor - 1, letter === c("P"));
        }
        this.unread();
        prev = this.cursor;
        const escaped = this.escape(false, chars.length === 0, false);
        if (escaped.ch >= 0) {
          chars.push(this.literal(escaped.ch, prev, this.cursor));
          ch = this.peek();
          continue;
        }
        if (chars.length === 0) {
          return "node" in escaped && escaped.node
            ? escaped.node
            : {
                kind: "char",
                set: "set" in escaped && escaped.set ? escaped.set : cs.ALL,
                span: this.span(prev, this.cursor),
              };
        }
        this.cursor = prev;
        break;
      }
      if (ch === 0 && this.cursor >= this.patternLength) break;
      prev = this.cursor;
      chars.push(this.literal(ch, prev, prev + 1));
      ch = this.next();
    }
    if (chars.length === 1) return chars[0] as RegexNode;
    return { kind: "sequence", items: chars, span: this.span(start, this.cursor) };
  }

  private literal(ch: number, from: number, to: number): RegexNode {
    return { kind: "char", set: this.singleSet(ch), span: this.span(from, to) };
  }

  private singleSet(ch: number): cs.CharSet {
    const insensitive = this.has(CASE_INSENSITIVE);
    const known = (insensitive ? INSENSITIVE_SETS : SINGLE_SETS)[ch];
    if (known) return known;
    return insensitive ? cs.caseInsensitive(cs.single(ch)) : cs.single(ch);
  }

  private ref(refNum: number, from: number): RegexNode {
    let group = refNum;
    for (;;) {
      const ch = this.peek();
      if (!isDigit(ch)) break;
      const next = group * 10 + (ch - 0x30);
      if (this.capturingGroupCount - 1 < next) break;
      group = next;
      this.read();
    }
    const span = this.span(from, this.cursor);
    this.backrefs.push({ group, span });
    return { kind: "backref", group, span };
  }

  private escape(inClass: boolean, create: boolean, isRange: boolean): Escape {
    const from = this.cursor;
    const ch = this.skip();
    const letter = String.fromCodePoint(ch);
    const unicode = this.has(UNICODE_CHARACTER_CLASS);
    const notInClass = (what: string) =>
      this.error(
        "Illegal/unsupported escape sequence",
        `Java does not allow ${what} ${quote(`\\${letter}`)} inside a character class.`,
        this.span(from, this.cursor),
      );
    const assertion = (): Escape => ({ ch: -1, node: { kind: "assertion", span: this.span(from, this.cursor) } });
    const set = (value: cs.CharSet): Escape => ({ ch: -1, set: value });
    switch (letter) {
      case "0":
        return { ch: this.octal(from) };
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
          throw this.error(
            "Illegal/unsupported escape sequence",
            `Java does not allow the back-reference ${quote(`\\${letter}`)} inside a character class; write ${quote(`\\x0${letter}`)} for the character with code ${letter}.`,
            this.span(from, this.cursor),
          );
        }
        return create ? { ch: -1, node: this.ref(ch - 0x30, from) } : { ch: -1 };
      case "A":
      case "G":
      case "Z":
      case "z":
      case "B":
        if (inClass) throw notInClass("the anchor");
        return assertion();
      case "b":
        if (inClass) {
          throw this.error(
            "Illegal/unsupported escape sequence",
            'Java does not allow "\\b" inside a character class (JavaScript reads it as a backspace); write "\\x08" for a backspace.',
            this.span(from, this.cursor),
          );
        }
        if (create) {
          if (this.peek() === c("{")) {
            if (this.skip() === c("g")) {
              if (this.read() === c("}")) return assertion();
              throw this.error(
                "Illegal/unsupported escape sequence",
                'Expected "}" to close "\\b{g" (a grapheme boundary).',
                this.span(from, this.cursor),
              );
            }
            this.unread();
            this.unread();
          }
        }
        return assertion();
      case "D":
      case "S":
      case "W":
      case "d":
      case "s":
      case "w":
        return set(cs.escapeClass(letter, unicode));
      case "H":
      case "h":
        return set(cs.escapeClass(letter, false));
      case "V":
        return set(cs.escapeClass(letter, false));
      case "v":
        if (isRange) return { ch: 0x0b };
        return set(cs.escapeClass("v", false));
      case "R":
        if (inClass) throw notInClass("the line break");
        return {
          ch: -1,
          node: {
            kind: "special",
            what: "line-break",
            set: cs.escapeClass("v", false),
            span: this.span(from, this.cursor),
          },
        };
      case "X":
        if (inClass) throw notInClass("the grapheme cluster");
        return { ch: -1, node: { kind: "special", what: "grapheme", set: cs.ALL, span: this.span(from, this.cursor) } };
      case "N":
        return { ch: this.characterName(from) };
      case "a":
        return { ch: 0x07 };
      case "c":
        if (this.cursor < this.patternLength) return { ch: this.read() ^ 64 };
        throw this.error(
          "Illegal control escape sequence",
          'Expected a character after "\\c", as in "\\cM" for a carriage return.',
          this.span(from, this.cursor),
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
        return { ch: this.unicode(from) };
      case "x":
        return { ch: this.hex(from) };
      case "k": {
        if (inClass) throw notInClass("the back-reference");
        const open = this.read();
        if (open !== c("<")) {
          throw this.error(
            "\\k is not followed by '<' for named capturing group",
            `Expected "<" after "\\k", as in "\\k<name>", but found ${this.found(this.cursor - 1)}.`,
            this.span(from, this.cursor),
          );
        }
        const name = this.groupName(this.read(), this.cursor - 1);
        const group = this.names.get(name);
        if (group === undefined) {
          const later = this.pattern.includes(`(?<${name}>`);
          throw this.error(
            `named capturing group <${name}> does not exist`,
            later
              ? `The back-reference ${quote(`\\k<${name}>`)} comes before the group ${quote(name)}; Java requires the group to be defined first.`
              : `The back-reference ${quote(`\\k<${name}>`)} names no group; expected a group ${quote(`(?<${name}>...)`)} before it.`,
            this.span(from, this.cursor),
          );
        }
        if (!create) return { ch: -1 };
        const span = this.span(from, this.cursor);
        this.backrefs.push({ group, span });
        return { ch: -1, node: { kind: "backref", group, name, span } };
      }
      default:
        if (isAlpha(ch)) {
          throw this.error(
            "Illegal/unsupported escape sequence",
            `Java does not know the escape ${quote(`\\${letter}`)}; write ${quote(letter)} for the letter itself.`,
            this.span(from, this.cursor),
          );
        }
        return { ch };
    }
  }

  private octal(from: number): number {
    const n = this.read();
    if (isOctal(n)) {
      const m = this.read();
      if (isOctal(m)) {
        const o = this.read();
        if (isOctal(o) && n <= c("3")) return (n - 0x30) * 64 + (m - 0x30) * 8 + (o - 0x30);
        this.unread();
        return (n - 0x30) * 8 + (m - 0x30);
      }
      this.unread();
      return n - 0x30;
    }
    throw this.error(
      "Illegal octal escape sequence",
      `Expected an octal digit after "\\0", as in "\\012", but found ${this.found(this.cursor - 1)}; write "\\x00" for the NUL character.`,
      this.span(from, this.cursor),
    );
  }

  private hex(from: number): number {
    const n = this.read();
    if (isHexDigit(n)) {
      const m = this.read();
      if (isHexDigit(m)) return hexValue(n) * 16 + hexValue(m);
    } else if (n === c("{") && isHexDigit(this.peek())) {
      let value = 0;
      let digit = this.read();
      for (; isHexDigit(digit); digit = this.read()) {
        value = value * 16 + hexValue(digit);
        if (value > 0x10ffff) {
          throw this.error(
            "Hexadecimal codepoint is too big",
            `The code point in ${quote(this.text(from, this.cursor))} is above the largest, "10FFFF".`,
            this.span(from, this.cursor),
          );
        }
      }
      if (digit !== c("}")) {
        throw this.error(
          "Unclosed hexadecimal escape sequence",
          `Expected "}" to close ${quote(this.text(from, this.cursor - 1))} but found ${this.found(this.cursor - 1)}.`,
          this.span(from, this.cursor),
        );
      }
      return value;
    }
    throw this.error(
      "Illegal hexadecimal escape sequence",
      `Expected two hexadecimal digits or "{...}" after "\\x" but found ${this.found(this.cursor - 1)}.`,
      this.span(from, this.cursor),
    );
  }

  private uxxxx(from: number): number {
    let n = 0;
    for (let i = 0; i < 4; i++) {
      const ch = this.read();
      if (!isHexDigit(ch)) {
        const javascript = i === 0 && ch === c("{");
        throw this.error(
          "Illegal Unicode escape sequence",
          javascript
            ? '"\\u{...}" is JavaScript syntax; Java writes a code point as "\\x{...}".'
            : `Expected four hexadecimal digits after "\\u" but found ${this.found(this.cursor - 1)}.`,
          this.span(from, this.cursor),
        );
      }
      n = n * 16 + hexValue(ch);
    }
    return n;
  }

  private unicode(from: number): number {
    const n = this.uxxxx(from);
    if (n >= 0xd800 && n <= 0xdbff) {
      const cur = this.cursor;
      if (this.read() === c("\\") && this.read() === c("u")) {
        const low = this.uxxxx(this.cursor - 2);
        if (low >= 0xdc00 && low <= 0xdfff) return (n - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
      this.cursor = cur;
    }
    return n;
  }

  private characterName(from: number): number {
    if (this.read() !== c("{")) {
      throw this.error(
        "Illegal character name escape sequence",
        `Expected "{" after "\\N", as in "\\N{LATIN SMALL LETTER A}", but found ${this.found(this.cursor - 1)}.`,
        this.span(from, this.cursor),
      );
    }
    const start = this.cursor;
    while (this.read() !== c("}")) {
      if (this.cursor >= this.patternLength) {
        throw this.error(
          "Unclosed character name escape sequence",
          'Expected "}" to close "\\N{" but found the end of the pattern.',
          this.span(from, this.cursor),
        );
      }
    }
    const name = this.text(start, this.cursor - 1);
    // Without Unicode's name list, any name in the alphabet of character names is taken as known.
    // Character.codePointOf trims the name and ignores its case.
    if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(javaTrim(name))) {
      throw this.error(
        `Unknown character name [${name}]`,
        `Java does not know the character name ${quote(name)}; expected a Unicode name such as "LATIN SMALL LETTER A".`,
        this.span(from, this.cursor),
      );
    }
    return 0xfffd;
  }

  private groupName(first: number, from: number): string {
    if (!isAlpha(first)) {
      throw this.error(
        "capturing group name does not start with a Latin letter",
        `Expected a group name starting with a Latin letter but found ${this.found(this.cursor - 1)}.`,
        this.span(from, this.cursor),
      );
    }
    let ch = first;
    let name = "";
    do {
      name += String.fromCharCode(ch);
      ch = this.read();
    } while (isAlnum(ch));
    if (ch !== c(">")) {
      const bad = this.found(this.cursor - 1);
      const identifier = ch === c("_") || (ch >= 0x80 && /\p{L}/u.test(String.fromCodePoint(ch)));
      throw this.error(
        "named capturing group is missing trailing '>'",
        identifier
          ? `Java group names contain only Latin letters and digits; found ${bad} after ${quote(name)}.`
          : `Expected ">" to end the group name ${quote(name)} but found ${bad}.`,
        this.span(this.cursor - 1, this.cursor),
      );
    }
    return name;
  }

  private enter(at: number): void {
    if (++this.depth > MAX_NESTING) {
      throw this.error(
        "Stack overflow during pattern compilation",
        `The pattern nests groups and classes more than ${MAX_NESTING} deep; Java's compiler overflows its stack.`,
        this.span(at, at + 1),
      );
    }
  }

  private group0(): RegexNode | null {
    const save = this.flags0;
    const start = this.cursor;
    this.enter(start);
    let type: GroupType;
    let index: number | undefined;
    let name: string | undefined;
    let body: RegexNode;
    let ch = this.next();
    if (ch === c("?")) {
      ch = this.skip();
      switch (ch) {
        case c(":"):
          type = "non-capture";
          body = this.expr();
          break;
        case c("="):
        case c("!"):
          type = ch === c("=") ? "lookahead" : "negative-lookahead";
          body = this.expr();
          break;
        case c(">"):
          type = "atomic";
          body = this.expr();
          break;
        case c("<"): {
          ch = this.read();
          if (ch !== c("=") && ch !== c("!")) {
            name = this.groupName(ch, this.cursor - 1);
            const existing = this.names.get(name);
            if (existing !== undefined) {
              throw this.error(
                `Named capturing group <${name}> is already defined`,
                `The group name ${quote(name)} is already used by group ${existing}; expected a name of its own.`,
                this.span(start, this.cursor),
              );
            }
            type = "capture";
            index = this.capturingGroupCount++;
            this.names.set(name, index);
            body = this.expr();
            break;
          }
          type = ch === c("=") ? "lookbehind" : "negative-lookbehind";
          body = this.expr();
          if (!isLookbehindBounded(body)) {
            throw this.error(
              "Look-behind group does not have an obvious maximum length",
              `The look-behind ${quote(this.text(start, start + 4))} has no maximum length that Java can work out (it holds an unbounded or varying repeated group, or a back-reference); unlike JavaScript, Java requires a bounded look-behind.`,
              this.span(start, start + 4),
            );
          }
          break;
        }
        case c("$"):
        case c("@"):
          throw this.error(
            "Unknown group type",
            `Java does not know the group ${quote(this.text(start, this.cursor))}; expected "(?:", "(?=", "(?!", "(?>", "(?<=", "(?<!", "(?<name>" or inline flags.`,
            this.span(start, this.cursor),
          );
        default: {
          this.unread();
          const flagsStart = this.cursor;
          this.addFlag();
          ch = this.read();
          if (ch === c(")")) {
            this.depth--;
            return null;
          }
          if (ch !== c(":")) throw this.unknownModifier(start, flagsStart);
          type = "flags";
          body = this.expr();
        }
      }
    } else {
      type = "capture";
      index = this.capturingGroupCount++;
      body = this.expr();
    }
    if (this.accept(c(")")) !== -1) {
      const end = type === "capture" && name === undefined ? start + 1 : this.openerEnd(start);
      throw this.error(
        "Unclosed group",
        `The group ${quote(this.text(start, end))} is not closed; expected ")" but found the end of the pattern.`,
        this.span(start, end),
      );
    }
    this.flags0 = save;
    this.depth--;
    const group: RegexNode = {
      kind: "group",
      type,
      body,
      ...(index !== undefined ? { index } : {}),
      ...(name !== undefined ? { name } : {}),
      span: this.span(start, this.cursor),
    };
    return this.closure(group, start);
  }

  /** The end of a group's opening token: `(?:`, `(?<name>`, `(?i:`... */
  private openerEnd(start: number): number {
    let i = start + 1;
    if (this.t(i) !== c("?")) return i;
    i++;
    if (this.t(i) === c("<") && this.t(i + 1) !== c("=") && this.t(i + 1) !== c("!")) {
      while (i < this.patternLength && this.t(i) !== c(">")) i++;
      return i + 1;
    }
    while (i < this.patternLength && ![c(":"), c("="), c("!"), c(">")].includes(this.t(i))) i++;
    return Math.min(i + 1, this.patternLength);
  }

  private unknownModifier(start: number, flagsStart: number): RegexSyntaxError {
    const at = this.cursor - 1;
    const rest = this.pattern.slice(this.offsetOf(start));
    const span = this.span(start, Math.max(at + 1, flagsStart + 1));
    const ch = this.t(at);
    let message: string;
    if (/^\(\?P</.test(rest)) {
      message = '"(?P<name>...)" is Python syntax; Java writes a named group "(?<name>...)".';
    } else if (/^\(\?P[=>]/.test(rest)) {
      message = '"(?P=name)" is Python syntax; Java writes a back-reference to a named group "\\k<name>".';
    } else if (/^\(\?#/.test(rest)) {
      message = 'Java has no comment groups "(?#...)"; remove it, or use the "x" flag and a "#" comment.';
    } else if (/^\(\?'/.test(rest)) {
      message = `"(?'name'...)" is not Java syntax; Java writes a named group "(?<name>...)".`;
    } else if (at >= this.patternLength) {
      message = `Expected ")" or ":" after the inline flags ${quote(this.text(start, at))} but found the end of the pattern.`;
    } else if (at === flagsStart) {
      message = `Java does not know the group ${quote(this.text(start, at + 1))}; expected "(?:", "(?=", "(?!", "(?>", "(?<=", "(?<!", "(?<name>" or inline flags from "idmsuxU".`;
    } else {
      message = `Java does not know the inline flag ${quote(String.fromCodePoint(ch))}; expected flags from "idmsuxU", then ")" or ":".`;
    }
    return this.error("Unknown inline modifier", message, span);
  }

  private addFlag(): void {
    let ch = this.peek();
    for (;;) {
      const flag = FLAG_BITS[String.fromCodePoint(ch)];
      if (ch === c("-")) {
        this.next();
        this.subFlag();
        return;
      }
      if (flag === undefined) return;
      this.flags0 |= flag;
      ch = this.next();
    }
  }

  private subFlag(): void {
    let ch = this.peek();
    for (;;) {
      const flag = FLAG_BITS[String.fromCodePoint(ch)];
      if (flag === undefined) return;
      this.flags0 &= ~flag;
      ch = this.next();
    }
  }

  private qtype(): QuantifierMode {
    const ch = this.next();
    if (ch === c("?")) {
      this.next();
      return "lazy";
    }
    if (ch === c("+")) {
      this.next();
      return "possessive";
    }
    return "greedy";
  }

  private closure(prev: RegexNode, start: number): RegexNode {
    const ch = this.peek();
    const at = this.cursor;
    const repeat = (min: number, max: number): RegexNode => {
      const mode = this.qtype();
      this.lastQuantifierEnd = this.cursor;
      const node: RegexNode = {
        kind: "repeat",
        body: prev,
        min,
        max,
        mode,
        quantifier: this.span(at, this.cursor),
        span: this.span(start, this.cursor),
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
        let digit = this.skip();
        if (!isDigit(digit)) {
          throw this.error(
            "Illegal repetition",
            digit === c(",")
              ? `The repetition ${quote(this.braces(at))} has no minimum; Java requires one, as in "{0,${this.maxDigits(at)}}".`
              : 'Found "{" that does not start a repetition such as "{2}", "{2,}" or "{2,5}"; write "\\{" for a literal brace.',
            this.span(at, at + 1),
          );
        }
        const overflow = () =>
          this.error(
            "Illegal repetition range",
            `The repetition ${quote(this.braces(at))} exceeds Java's limit of ${MAX_REPS}.`,
            this.span(at, Math.max(at + 1, this.braceEnd(at))),
          );
        let min = 0;
        let max: number;
        do {
          min = min * 10 + (digit - 0x30);
          if (min > MAX_REPS) throw overflow();
          digit = this.read();
        } while (isDigit(digit));
        if (digit === c(",")) {
          digit = this.read();
          if (digit === c("}")) {
            this.unread();
            return repeat(min, Number.POSITIVE_INFINITY);
          }
          max = 0;
          while (isDigit(digit)) {
            max = max * 10 + (digit - 0x30);
            if (max > MAX_REPS) throw overflow();
            digit = this.read();
          }
        } else max = min;
        if (digit !== c("}")) {
          throw this.error(
            "Unclosed counted closure",
            `Expected "}" to close the repetition ${quote(this.text(at, this.cursor - 1))} but found ${this.found(this.cursor - 1)}.`,
            this.span(at, this.cursor - 1),
          );
        }
        if (max < min) {
          throw this.error(
            "Illegal repetition range",
            `The repetition ${quote(this.text(at, this.cursor))} has a maximum below its minimum.`,
            this.span(at, this.cursor),
          );
        }
        this.unread();
        return repeat(min, max);
      }
      default:
        return prev;
    }
  }

  /** The text of `{...}` starting at `at`, for messages. */
  private braces(at: number): string {
    return this.text(at, this.braceEnd(at));
  }

  private braceEnd(at: number): number {
    let i = at;
    while (i < this.patternLength && this.t(i) !== c("}") && i - at < 24) i++;
    return this.t(i) === c("}") ? i + 1 : i;
  }

  private maxDigits(at: number): string {
    const match = /^\{,(\d+)\}/.exec(this.braces(at));
    return match?.[1] ?? "n";
  }

  // ---- Character classes ------------------------------------------------------------------------------------

  private classNode(at: number): RegexNode {
    this.enter(at);
    const set = this.clazz(true, at);
    this.depth--;
    return { kind: "char", set, span: this.span(at, this.cursor) };
  }

  private clazz(consume: boolean, start: number): cs.CharSet {
    let prev: SetBuilder | null = null;
    let curr: cs.CharSet | null = null;
    let bits = new SetBuilder();
    let hasBits = false;
    let isNeg = false;
    let ch = this.next();
    if (ch === c("^") && this.t(this.cursor - 1) === c("[")) {
      ch = this.next();
      isNeg = true;
    }
    for (;;) {
      if (ch === c("[")) {
        const at = this.cursor;
        this.enter(at);
        curr = this.clazz(true, at);
        this.depth--;
        prev = (prev ?? new SetBuilder()).add(curr);
        ch = this.peek();
        continue;
      }
      if (ch === c("&")) {
        const amp = this.cursor;
        ch = this.next();
        if (ch === c("&")) {
          ch = this.next();
          let right: SetBuilder | null = null;
          while (ch !== c("]") && ch !== c("&")) {
            const at = this.cursor;
            this.enter(at);
            let part: cs.CharSet;
            if (ch === c("[")) part = this.clazz(true, at);
            else {
              this.unread();
              part = this.clazz(false, at);
            }
            this.depth--;
            right = (right ?? new SetBuilder()).add(part);
            ch = this.peek();
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
              throw this.error(
                "Bad class syntax",
                'Found "&&" with nothing to intersect on either side; write "\\&\\&" for literal ampersands.',
                this.span(amp, amp + 2),
              );
            }
            prev = right;
          } else if (curr !== null) prev = new SetBuilder().add(cs.intersect(prev.build(), curr));
          continue;
        }
        this.unread();
      } else if (ch === 0 && this.cursor >= this.patternLength) {
        throw this.unclosedClass(start);
      } else if (ch === c("]") && (prev !== null || hasBits)) {
        if (consume) this.next();
        const set = prev === null ? bits.build() : hasBits ? prev.add(bits.build()).build() : prev.build();
        return isNeg ? cs.negate(set) : set;
      }
      const item = this.range();
      if (item.bits) {
        hasBits = true;
        bits.add(item.set);
      } else {
        curr = item.set;
        prev = (prev ?? new SetBuilder()).add(curr);
      }
      ch = this.peek();
    }
  }

  private unclosedClass(start: number): RegexSyntaxError {
    const text = this.pattern.slice(this.offsetOf(start));
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
    return this.error("Unclosed character class", message, this.span(start, start + 1));
  }

  private bitsOrSingle(ch: number): { bits: boolean; set: cs.CharSet } {
    const set = this.singleSet(ch);
    const special = [0xff, 0xb5, 0x49, 0x69, 0x53, 0x73, 0x4b, 0x6b, 0xc5, 0xe5].includes(ch);
    const bits = ch < 256 && !(this.has(CASE_INSENSITIVE) && this.has(UNICODE_CASE) && special);
    return { bits, set };
  }

  private range(): { bits: boolean; set: cs.CharSet } {
    const from = this.cursor;
    let ch = this.peek();
    if (ch === c("\\")) {
      ch = this.nextEscaped();
      if (ch === c("p") || ch === c("P")) {
        return { bits: false, set: this.propertySet(from, ch === c("P")) };
      }
      const isRange = this.t(this.cursor + 1) === c("-");
      this.unread();
      const escaped = this.escape(true, true, isRange);
      if (escaped.ch === -1) return { bits: false, set: ("set" in escaped && escaped.set) || cs.ALL };
      ch = escaped.ch;
    } else {
      this.next();
    }
    if (this.peek() === c("-")) {
      const endRange = this.t(this.cursor + 1);
      if (endRange === c("[")) return this.bitsOrSingle(ch);
      if (endRange !== c("]")) {
        this.next();
        let m = this.peek();
        const endFrom = this.cursor;
        if (m === c("\\")) m = this.escape(true, false, true).ch;
        else this.next();
        if (m < ch) {
          const text = this.text(from, this.cursor);
          throw this.error(
            "Illegal character range",
            m < 0
              ? `The range ${quote(text)} ends with a character class, not a character; write "\\-" for a literal hyphen.`
              : `The range ${quote(text)} runs backwards; expected its first character to come before its last.`,
            m < 0 ? this.span(endFrom, this.cursor) : this.span(from, this.cursor),
          );
        }
        const set = cs.range(ch, m);
        return { bits: false, set: this.has(CASE_INSENSITIVE) ? cs.caseInsensitive(set) : set };
      }
    }
    return this.bitsOrSingle(ch);
  }

  // ---- \p{...} ----------------------------------------------------------------------------------------------

  /** `\p` or `\P` with the cursor on the letter: the character property, as a character node. */
  private property(from: number, complement: boolean): RegexNode {
    const set = this.propertySet(from, complement);
    return { kind: "char", set, span: this.span(from, this.cursor) };
  }

  private propertySet(from: number, complement: boolean): cs.CharSet {
    let oneLetter = true;
    if (this.next() !== c("{")) this.unread();
    else oneLetter = false;
    this.next();
    let name: string;
    if (oneLetter) {
      name = String.fromCodePoint(this.t(this.cursor));
      this.read();
    } else {
      const i = this.cursor;
      const end = this.patternLength;
      this.temp[end] = c("}");
      while (this.read() !== c("}")) {
        // Pattern marks the end of the pattern with "}" so that this loop stops.
      }
      this.temp[end] = 0;
      const j = this.cursor;
      if (j > this.patternLength) {
        throw this.error(
          "Unclosed character family",
          `Expected "}" to close ${quote(this.text(from, i))} but found the end of the pattern.`,
          this.span(from, i),
        );
      }
      if (i + 1 >= j) {
        throw this.error(
          "Empty character family",
          'The character property "{}" is empty; expected a name such as "L", "IsLatin" or "InGreek".',
          this.span(from, j),
        );
      }
      name = this.temp
        .slice(i, j - 1)
        .map((cp) => String.fromCodePoint(cp))
        .join("");
    }
    const unicodeClasses = this.has(UNICODE_CHARACTER_CLASS);
    if (!isJavaCharacterProperty(name, unicodeClasses)) {
      const eq = name.indexOf("=");
      const javaDescription =
        eq === -1
          ? `Unknown character property name {${name}}`
          : `Unknown Unicode property {name=<${name.slice(0, eq).toLowerCase()}>, value=<${name.slice(eq + 1)}>}`;
      const suggestion = propertySuggestion(name, unicodeClasses);
      throw this.error(
        javaDescription,
        suggestion
          ? `Java does not know the character property ${quote(name)}; did you mean ${quote(suggestion)}?`
          : `Java does not know the character property ${quote(name)}; expected a category such as "Lu", a script such as "IsLatin", a block such as "InGreek" or a property such as "IsAlphabetic".`,
        this.span(from, this.cursor),
      );
    }
    const set = cs.property(name, unicodeClasses);
    return complement ? cs.negate(set) : set;
  }
}

/** The sets of the first 256 characters, as written and under `(?i)`, made once. */
const SINGLE_SETS: readonly cs.CharSet[] = Array.from({ length: 256 }, (_, ch) => cs.single(ch));
const INSENSITIVE_SETS: readonly cs.CharSet[] = SINGLE_SETS.map((set) => cs.caseInsensitive(set));
const ATOM_STOPS: ReadonlySet<number> = new Set([..."$.^([|)"].map(c));

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

/** Parses a pattern as `java.util.regex.Pattern.compile(pattern)` would (no flags given). */
export function parseJavaRegex(pattern: string): JavaRegex {
  const parser = new Parser(pattern);
  let root: RegexNode;
  try {
    root = parser.compile();
  } catch (error) {
    if (!(error instanceof RegexSyntaxError)) throw error;
    return { compiles: false, error: error.problem, groupCount: parser.groupCount, groupNames: parser.names };
  }
  const groupCount = parser.groupCount;
  const missing = parser.backrefs.find((ref) => ref.group > groupCount);
  const error: JavaRegexError | undefined = missing && {
    message: `The back-reference ${quote(pattern.slice(missing.span.offset, missing.span.offset + missing.span.length))} names group ${missing.group} but the pattern has ${groupCount === 0 ? "no groups" : groupCount === 1 ? "one group" : `${groupCount} groups`}, so it never matches; write ${quote(`\\x${missing.group.toString(16).padStart(2, "0")}`)} for the character with code ${missing.group}.`,
    span: missing.span,
    javaIndex: -1,
    javaDescription: "",
  };
  return { root, compiles: true, ...(error ? { error } : {}), groupCount, groupNames: parser.names };
}
