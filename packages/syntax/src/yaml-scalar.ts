import type { Span } from "./diagnostic.js";
import type { ScalarNode } from "./tree.js";

/**
 * Positions inside YAML scalars. A scalar's value is not its text: quotes, escapes, indentation and line
 * folding come between them, so an expression error at index 7 of the value can sit anywhere in the source.
 * We decode the scalar's text again the way `yaml` does (same rules, same order), recording for each UTF-16
 * unit of the value the source range it came from, and keep the result only if it equals the value `yaml`
 * gave. On any difference (an edge case not mirrored here) every position maps to the whole scalar: imprecise,
 * never wrong.
 */

/** Maps an index into the scalar's string value to an offset in the document text (past the end: where it ends). */
export function scalarOffsetMap(text: string, node: ScalarNode): (valueOffset: number) => number {
  const positions = decodeScalar(text, node);
  if (!positions) return () => node.span.offset;
  return (valueOffset) => positions.offsetOf(valueOffset);
}

/** Maps spans of the scalar's value to spans of the document text; decodes once for any number of spans. */
export function scalarSpanMap(text: string, node: ScalarNode): (span: Span) => Span {
  const positions = decodeScalar(text, node);
  if (!positions) return () => node.span;
  return (span) => positions.spanOf(span);
}

/** The text span a span of the scalar's value came from (decodes the scalar; use `scalarSpanMap` for many). */
export function valueSpanToSource(text: string, node: ScalarNode, span: Span): Span {
  return scalarSpanMap(text, node)(span);
}

/** The string the scalar's text decodes to: its value, or for a plain number or boolean its text as read. */
function expectedString(node: ScalarNode): string | undefined {
  if (typeof node.value === "string") return node.value;
  return node.style === "plain" ? node.source : undefined;
}

function decodeScalar(text: string, node: ScalarNode): Positions | undefined {
  const expected = expectedString(node);
  if (expected === undefined) return undefined;
  const start = node.span.offset;
  const end = start + node.span.length;
  if (end > text.length) return undefined;
  // An empty value sits between the quotes, or at the scalar's start.
  const quoted = node.style === "single-quoted" || node.style === "double-quoted";
  const out = new Positions(text, expected, quoted ? Math.min(start + 1, end) : start);
  switch (node.style) {
    case "plain":
      unfold(out, start, end, false);
      break;
    case "single-quoted":
      // Like `yaml`, the last character is taken as the closing quote even when it is missing.
      unfold(out, start + 1, Math.max(start + 1, end - 1), true);
      break;
    case "double-quoted":
      doubleQuoted(out, start, end);
      break;
    case "literal":
    case "folded":
      blockScalar(out, start, end, node.style === "folded");
      break;
    default:
      return undefined;
  }
  return out.complete() ? out : undefined;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const QUOTE = 39;
const BACKSLASH = 92;

/** The source extent of every UTF-16 unit of a value, filled in decoding order and checked as it goes. */
class Positions {
  readonly text: string;
  readonly expected: string;
  readonly #starts: Int32Array;
  readonly #ends: Int32Array;
  #length = 0;
  #ok = true;
  /** Where the value ends in the text: after its last unit, or where it would start when it is empty. */
  #end: number;

  constructor(text: string, expected: string, emptyAt: number) {
    this.text = text;
    this.expected = expected;
    this.#starts = new Int32Array(expected.length);
    this.#ends = new Int32Array(expected.length);
    this.#end = emptyAt;
  }

  /** Records that the next unit of the value is `code`, written at text[start, end). */
  unit(code: number, start: number, end: number): void {
    const k = this.#length;
    if (!this.#ok || k >= this.expected.length || this.expected.charCodeAt(k) !== code) {
      this.#ok = false;
      return;
    }
    this.#starts[k] = start;
    this.#ends[k] = end;
    this.#end = end;
    this.#length = k + 1;
  }

  /** Records text[start, end) as written, one unit per character. */
  copy(start: number, end: number): void {
    for (let i = start; i < end; i++) this.unit(this.text.charCodeAt(i), i, i + 1);
  }

  /** Records a line break of the value produced by the source line break at `lf` (a "\n", maybe after "\r"). */
  lineBreak(code: number, lf: number, regionStart: number): void {
    const start = lf > regionStart && this.text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    this.unit(code, start, lf + 1);
  }

  /** Marks the decoding as failed: the value cannot be explained from the text. */
  fail(): void {
    this.#ok = false;
  }

  /** Whether the last unit recorded so far is `code`. */
  lastUnitIs(code: number): boolean {
    return this.#length > 0 && this.expected.charCodeAt(this.#length - 1) === code;
  }

  complete(): boolean {
    return this.#ok && this.#length === this.expected.length;
  }

  offsetOf(index: number): number {
    if (index >= this.#length) return this.#end;
    return this.#starts[Math.max(0, index)] ?? this.#end;
  }

  spanOf(span: Span): Span {
    const start = this.offsetOf(span.offset);
    if (span.length <= 0) return { offset: start, length: 0 };
    const last = Math.min(span.offset + span.length, this.#length) - 1;
    const end = last >= Math.max(0, span.offset) ? (this.#ends[last] ?? start) : start;
    return { offset: start, length: Math.max(0, end - start) };
  }
}

const isBlank = (c: number) => c === SPACE || c === TAB;

/**
 * Plain and single-quoted scalars (`unfoldLines` in `yaml`): the first line loses trailing blanks, inner lines
 * lose blanks on both sides, the last line loses leading blanks; one line break becomes a space, n line breaks
 * in a row become n - 1 newlines. A value line break maps to the source line break just before the line that
 * follows it.
 */
function unfold(out: Positions, start: number, end: number, quoted: boolean): void {
  const text = out.text;
  const copy = quoted ? (from: number, to: number) => copySingleQuoted(out, text, from, to) : out.copy.bind(out);
  let lf = nextLineFeed(text, start, end);
  if (lf < 0) {
    copy(start, end);
    return;
  }
  copy(start, trimEnd(text, start, contentEnd(text, start, lf)));
  let newlineSeparator = false;
  let previousBreak = lf;
  let lineStart = lf + 1;
  for (;;) {
    lf = nextLineFeed(text, lineStart, end);
    if (lf < 0) {
      out.lineBreak(newlineSeparator ? LF : SPACE, previousBreak, start);
      copy(skipBlanks(text, lineStart, end), end);
      return;
    }
    const from = skipBlanks(text, lineStart, contentEnd(text, lineStart, lf));
    const to = trimEnd(text, from, contentEnd(text, lineStart, lf));
    if (from === to) {
      if (newlineSeparator) out.lineBreak(LF, previousBreak, start);
      else newlineSeparator = true;
    } else {
      out.lineBreak(newlineSeparator ? LF : SPACE, previousBreak, start);
      copy(from, to);
      newlineSeparator = false;
    }
    previousBreak = lf;
    lineStart = lf + 1;
  }
}

/** Inside single quotes, `''` is one quote. */
function copySingleQuoted(out: Positions, text: string, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE && i + 1 < to && text.charCodeAt(i + 1) === QUOTE) {
      out.unit(QUOTE, i, i + 2);
      i++;
    } else out.unit(c, i, i + 1);
  }
}

/** The first "\n" in text[from, end), or -1: scanning no further than the scalar keeps decoding linear in it. */
function nextLineFeed(text: string, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === LF) return i;
  return -1;
}

/** End of a line's content: the "\n" at `lf`, or the "\r" before it. */
const contentEnd = (text: string, lineStart: number, lf: number) =>
  lf > lineStart && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;

function skipBlanks(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && isBlank(text.charCodeAt(i))) i++;
  return i;
}

function trimEnd(text: string, from: number, to: number): number {
  let i = to;
  while (i > from && isBlank(text.charCodeAt(i - 1))) i--;
  return i;
}

/** YAML's one-character escapes (`\n`, `\t`, ...): the unit each stands for, or -1. */
function simpleEscape(c: number): number {
  switch (c) {
    case 48: // 0
      return 0;
    case 97: // a
      return 7;
    case 98: // b
      return 8;
    case 101: // e
      return 0x1b;
    case 102: // f
      return 0x0c;
    case 110: // n
      return LF;
    case 114: // r
      return CR;
    case 116: // t
    case TAB:
      return TAB;
    case 118: // v
      return 0x0b;
    case 78: // N
      return 0x85;
    case 95: // _
      return 0xa0;
    case 76: // L
      return 0x2028;
    case 80: // P
      return 0x2029;
    case SPACE:
    case 34: // "
    case 47: // /
    case BACKSLASH:
      return c;
    default:
      return -1;
  }
}

/** Digits after `\x`, `\u` and `\U`. */
const hexLength = (c: number) => (c === 120 ? 2 : c === 117 ? 4 : c === 85 ? 8 : 0);

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Double-quoted scalars (`doubleQuotedValue` in `yaml`, step for step): escapes, blanks before a line break
 * dropped, a line break folded to a space or to the newlines of the empty lines after it, an escaped line break
 * removed with the next line's leading blanks. Units from an escape map to the whole escape.
 */
function doubleQuoted(out: Positions, start: number, end: number): void {
  const text = out.text;
  const at = (j: number) => (j < end ? text.charCodeAt(j) : -1);
  const last = end - 1; // the closing quote, taken as such even when it is missing
  for (let i = start + 1; i < last; ++i) {
    const c = text.charCodeAt(i);
    if (c === CR && at(i + 1) === LF) continue;
    if (c === LF) {
      i = foldDoubleQuoted(out, i, start, at);
    } else if (c === BACKSLASH) {
      const backslash = i;
      const next = at(++i);
      const simple = simpleEscape(next);
      const digits = hexLength(next);
      if (simple >= 0) out.unit(simple, backslash, i + 1);
      else if (next === LF || (next === CR && at(i + 1) === LF)) {
        if (next === CR) i++;
        while (isBlank(at(i + 1))) i++;
      } else if (digits > 0) {
        const hex = text.slice(i + 1, Math.min(i + 1 + digits, end));
        const codePoint = hex.length === digits && HEX.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
        if (codePoint <= 0x10ffff) {
          const escapeEnd = i + 1 + digits;
          const value = String.fromCodePoint(codePoint);
          for (let k = 0; k < value.length; k++) out.unit(value.charCodeAt(k), backslash, escapeEnd);
        } else out.copy(backslash, Math.min(backslash + digits + 2, end)); // kept as written, like `yaml`
        i += digits;
      } else out.copy(backslash, Math.min(backslash + 2, end));
    } else if (isBlank(c)) {
      const blankStart = i;
      while (isBlank(at(i + 1))) i++;
      const next = at(i + 1);
      if (next !== LF && !(next === CR && at(i + 2) === LF)) out.copy(blankStart, i + 1);
    } else out.unit(c, i, i + 1);
  }
}

/** A line break inside double quotes at `lf`: returns the index of the last blank or break it swallowed. */
function foldDoubleQuoted(out: Positions, lf: number, regionStart: number, at: (j: number) => number): number {
  let offset = lf;
  let folded = false;
  for (let c = at(offset + 1); c === SPACE || c === TAB || c === LF || c === CR; c = at(offset + 1)) {
    if (c === CR && at(offset + 2) !== LF) break;
    if (c === LF) {
      out.lineBreak(LF, offset + 1, regionStart);
      folded = true;
    }
    offset += 1;
  }
  if (!folded) out.lineBreak(SPACE, lf, regionStart);
  return offset;
}

/** One line of a block scalar's body: its start, where its indentation ends, and its "\n" (or the body end). */
interface BlockLine {
  readonly start: number;
  readonly indentEnd: number;
  readonly lf: number;
}

/**
 * Literal and folded block scalars (`resolveBlockScalar` in `yaml`). The node's span starts at the `|` or `>`
 * header; the body starts after the header's line. The indentation that is stripped is read back from the value
 * (the first content line keeps exactly its indentation beyond it), which covers explicit indentation
 * indicators without knowing the parent's indentation.
 */
function blockScalar(out: Positions, start: number, end: number, folded: boolean): void {
  const text = out.text;
  let chomp = "";
  for (let i = start + 1; i < end; i++) {
    const c = text[i];
    if (c === "-" || c === "+") {
      chomp ||= c;
    } else if (c === undefined || c === " " || c === "\t" || c === "\r" || c === "\n" || c === "#") break;
  }
  const headerEnd = nextLineFeed(text, start, end);
  if (headerEnd < 0) return; // no body: the value is empty
  const regionStart = headerEnd + 1;
  const lines = splitBlockLines(text, regionStart, end);
  const isEmpty = (line: BlockLine) =>
    line.indentEnd === line.lf || (line.indentEnd + 1 === line.lf && text.charCodeAt(line.indentEnd) === CR);
  const indentOf = (line: BlockLine) => line.indentEnd - line.start;
  const breakBefore = (i: number) => lines[i - 1]?.lf ?? -1;

  let chompStart = lines.length;
  while (chompStart > 0 && isEmpty(lines[chompStart - 1] as BlockLine)) chompStart--;
  if (chompStart === 0) {
    if (chomp === "+" && lines.length > 0) {
      const count = Math.max(1, lines.length - 1);
      for (let i = 0; i < count; i++) finalBreak(out, lines[i]?.lf ?? end, end, regionStart);
    }
    return;
  }
  let contentStart = 0;
  while (isEmpty(lines[contentStart] as BlockLine)) contentStart++;
  const trimIndent = indentOf(lines[contentStart] as BlockLine) - leadingSpacesOfLine(out.expected, contentStart);
  if (trimIndent < 0) {
    out.fail();
    return;
  }
  for (let i = lines.length - 1; i >= chompStart; --i) {
    if (indentOf(lines[i] as BlockLine) > trimIndent) chompStart = i + 1;
  }
  const extraIndent = (line: BlockLine) => out.copy(Math.min(line.start + trimIndent, line.indentEnd), line.indentEnd);
  for (let i = 0; i < contentStart; i++) {
    const line = lines[i] as BlockLine;
    extraIndent(line);
    out.lineBreak(LF, line.lf, regionStart);
  }
  // The separator before the next line: nothing yet, a space (folded lines), or one or two newlines.
  let separator: "" | " " | "\n" | "\n\n" = "";
  let previousMoreIndented = false;
  const writeSeparator = (i: number) => {
    if (separator === " ") out.lineBreak(SPACE, breakBefore(i), regionStart);
    else if (separator === "\n") out.lineBreak(LF, breakBefore(i), regionStart);
    else if (separator === "\n\n") {
      out.lineBreak(LF, breakBefore(i - 1), regionStart); // the break before the empty line that led here
      out.lineBreak(LF, breakBefore(i), regionStart);
    }
  };
  for (let i = contentStart; i < chompStart; ++i) {
    const line = lines[i] as BlockLine;
    const to = contentEnd(text, line.indentEnd, line.lf);
    // A content line indented less than the rest is an error `yaml` reports; its indentation is dropped.
    const underIndented = to > line.indentEnd && indentOf(line) < trimIndent;
    const copyLine = () => {
      if (!underIndented) extraIndent(line);
      out.copy(line.indentEnd, to);
    };
    if (!folded) {
      writeSeparator(i);
      copyLine();
      separator = "\n";
    } else if (indentOf(line) > trimIndent || text.charCodeAt(line.indentEnd) === TAB) {
      if (separator === " ") separator = "\n";
      else if (!previousMoreIndented && separator === "\n") separator = "\n\n";
      writeSeparator(i);
      copyLine();
      separator = "\n";
      previousMoreIndented = true;
    } else if (to === line.indentEnd) {
      if (separator === "\n") out.lineBreak(LF, breakBefore(i), regionStart);
      else separator = "\n";
    } else {
      writeSeparator(i);
      out.copy(line.indentEnd, to);
      separator = " ";
      previousMoreIndented = false;
    }
  }
  if (chomp === "+") {
    for (let i = chompStart; i < lines.length; ++i) {
      out.lineBreak(LF, breakBefore(i), regionStart);
      extraIndent(lines[i] as BlockLine);
    }
    if (!out.lastUnitIs(LF)) finalBreak(out, breakBefore(chompStart), end, regionStart);
  } else if (chomp === "") finalBreak(out, breakBefore(chompStart), end, regionStart);
}

/** A newline kept by chomping: from the source line break at `lf`, or from nothing at the body's end. */
function finalBreak(out: Positions, lf: number, end: number, regionStart: number): void {
  if (lf >= 0 && lf < end) out.lineBreak(LF, lf, regionStart);
  else out.unit(LF, end, end);
}

/** Lines of a block scalar body; like `yaml`, only spaces count as indentation and only "\n" ends a line. */
function splitBlockLines(text: string, bodyStart: number, end: number): BlockLine[] {
  const lines: BlockLine[] = [];
  if (bodyStart >= end) return lines;
  let lineStart = bodyStart;
  for (;;) {
    let indentEnd = lineStart;
    while (indentEnd < end && text.charCodeAt(indentEnd) === SPACE) indentEnd++;
    let lf = nextLineFeed(text, indentEnd, end);
    if (lf < 0) lf = end;
    lines.push({ start: lineStart, indentEnd, lf });
    if (lf >= end) return lines;
    lineStart = lf + 1;
  }
}

/** Spaces at the start of line `line` (0-based, split at "\n") of a string. */
function leadingSpacesOfLine(value: string, line: number): number {
  let i = 0;
  for (let n = 0; n < line; n++) {
    i = value.indexOf("\n", i) + 1;
    if (i === 0) return 0;
  }
  let spaces = 0;
  while (value.charCodeAt(i + spaces) === SPACE) spaces++;
  return spaces;
}
