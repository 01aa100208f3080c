import { COMMENTS, type RegexState, UNIX_LINES } from "./state.js";

/**
 * Pattern's cursor primitives (`accept`, `peek`, `read`, `next`, `skip`, `unread`...), which skip whitespace and
 * `#` comments under the `x` flag, and its rewriting of `\Q...\E` quoting into escaped characters. The parser's
 * error indexes match Java's only because the cursor moves exactly as Pattern's does.
 */

export const c = (s: string): number => s.charCodeAt(0);
export const isSpace = (ch: number) => (ch >= 9 && ch <= 13) || ch === 32;
export const isDigit = (ch: number) => ch >= 0x30 && ch <= 0x39;
export const isAlpha = (ch: number) => (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x61 && ch <= 0x7a);

export function accept(s: RegexState, ch: number): number {
  let test = s.t(s.cursor++);
  if (s.has(COMMENTS)) test = parsePastWhitespace(s, test);
  return test === ch ? -1 : test;
}

export function peek(s: RegexState): number {
  const ch = s.t(s.cursor);
  return s.has(COMMENTS) ? peekPastWhitespace(s, ch) : ch;
}

export function read(s: RegexState): number {
  const ch = s.t(s.cursor++);
  return s.has(COMMENTS) ? parsePastWhitespace(s, ch) : ch;
}

export function next(s: RegexState): number {
  const ch = s.t(++s.cursor);
  return s.has(COMMENTS) ? peekPastWhitespace(s, ch) : ch;
}

export function nextEscaped(s: RegexState): number {
  return s.t(++s.cursor);
}

export function skip(s: RegexState): number {
  const ch = s.t(s.cursor + 1);
  s.cursor += 2;
  return ch;
}

export function unread(s: RegexState): void {
  s.cursor--;
}

function peekPastWhitespace(s: RegexState, ch: number): number {
  while (isSpace(ch) || ch === c("#")) {
    while (isSpace(ch)) ch = s.t(++s.cursor);
    if (ch === c("#")) ch = peekPastLine(s);
  }
  return ch;
}

function parsePastWhitespace(s: RegexState, ch: number): number {
  while (isSpace(ch) || ch === c("#")) {
    while (isSpace(ch)) ch = s.t(s.cursor++);
    if (ch === c("#")) ch = parsePastLine(s);
  }
  return ch;
}

function parsePastLine(s: RegexState): number {
  let ch = s.t(s.cursor++);
  while (ch !== 0 && !isLineSeparator(s, ch)) ch = s.t(s.cursor++);
  if (ch === 0 && s.cursor > s.patternLength) {
    s.cursor = s.patternLength;
    ch = s.t(s.cursor++);
  }
  return ch;
}

function peekPastLine(s: RegexState): number {
  let ch = s.t(++s.cursor);
  while (ch !== 0 && !isLineSeparator(s, ch)) ch = s.t(++s.cursor);
  if (ch === 0 && s.cursor > s.patternLength) {
    s.cursor = s.patternLength;
    ch = s.t(s.cursor);
  }
  return ch;
}

function isLineSeparator(s: RegexState, ch: number): boolean {
  if (s.has(UNIX_LINES)) return ch === 0x0a;
  return ch === 0x0a || ch === 0x0d || (ch | 1) === 0x2029 || ch === 0x85;
}

/** Pattern.RemoveQEQuoting: quoted text becomes escaped characters, each keeping the offset it came from. */
export function removeQEQuoting(s: RegexState): void {
  const length = s.patternLength;
  const temp = s.temp;
  let i = 0;
  while (i < length - 1) {
    if (temp[i] !== c("\\")) i += 1;
    else if (temp[i + 1] !== c("Q")) i += 2;
    else break;
  }
  if (i >= length - 1) return;
  const out = temp.slice(0, i);
  const origin = s.origin.slice(0, i);
  const push = (ch: number, at: number) => {
    out.push(ch);
    origin.push(at);
  };
  i += 2;
  let inQuote = true;
  let beginQuote = true;
  while (i < length) {
    const at = s.origin[i] as number;
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
        push(temp[i] as number, s.origin[i] as number);
        i++;
      }
    }
    beginQuote = false;
  }
  s.patternLength = out.length;
  out.push(0, 0);
  origin.push(s.pattern.length, s.pattern.length);
  s.temp = out;
  s.origin = origin;
}
