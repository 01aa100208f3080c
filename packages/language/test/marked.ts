import { type ParsedDocument, parseDocument } from "../src/document.js";

/**
 * A document whose text marks the cursor with `|` (STYLE.md 5): the text without it, and the cursor offset.
 * The mark is the last `|`, since expressions use `|` for pipes.
 */
export function marked(file: string, withCursor: string): { document: ParsedDocument; offset: number; text: string } {
  const offset = withCursor.lastIndexOf("|");
  if (offset < 0) throw new Error("expected a | marking the cursor");
  const text = withCursor.slice(0, offset) + withCursor.slice(offset + 1);
  return { document: parseDocument(file, text, 1), offset, text };
}

/** The text of each span, to assert on what a result points at. */
export const texts = (document: ParsedDocument, spans: readonly { span: { offset: number; length: number } }[]) =>
  spans.map(({ span }) => document.text.slice(span.offset, span.offset + span.length));

/** The 1-based line of each span's start. */
export const lines = (document: ParsedDocument, spans: readonly { span: { offset: number; length: number } }[]) =>
  spans.map(({ span }) => document.lines.position(span.offset).line);

/** `text` with the cursor put `into` characters into the n-th (0-based) occurrence of `needle`. */
export function cursorAt(file: string, text: string, needle: string, into = 1, n = 0) {
  let index = -1;
  for (let i = 0; i <= n; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`no ${needle} #${n}`);
  return marked(file, `${text.slice(0, index + into)}|${text.slice(index + into)}`);
}
