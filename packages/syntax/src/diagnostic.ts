/** A stretch of source text in UTF-16 code units (JavaScript string indices). */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

export type Severity = "error" | "warning" | "info";

export interface RelatedInformation {
  readonly message: string;
  readonly span: Span;
  /** Another file, when the related place is not in the diagnostic's own file. */
  readonly file?: string;
}

export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

export interface Fix {
  readonly description: string;
  readonly edits: readonly TextEdit[];
}

/**
 * A problem in user input. Codes are stable kebab-case ids, documented in `docs/rules/<code>.md` and never
 * renumbered or reused; the message is one sentence naming the thing in quotes, saying what was found and
 * what was expected.
 */
export interface Diagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly related?: readonly RelatedInformation[];
  readonly fix?: Fix;
  /** On a `more-findings` note only: the findings of its code it stands for, not listed, by severity. */
  readonly unlisted?: Readonly<Record<Severity, number>>;
}

/**
 * Asked by a source of diagnostics before it builds one: whether it is wanted. A file lists only the first
 * findings of each code, so past those a source only counts the rest, without the cost of their messages.
 */
export type Wanted = (code: string, severity: Severity, span: Span) => boolean;

export const span = (offset: number, length: number): Span => ({ offset, length });

export const spanEnd = (s: Span): number => s.offset + s.length;

/** The smallest span covering both. */
export const joinSpans = (a: Span, b: Span): Span => {
  const start = Math.min(a.offset, b.offset);
  return { offset: start, length: Math.max(spanEnd(a), spanEnd(b)) - start };
};

/** A diagnostic with every span of it (its own, its related places', its fix's edits) mapped by `map`. */
export function mapDiagnostic(d: Diagnostic, map: (span: Span) => Span): Diagnostic {
  return {
    ...d,
    span: map(d.span),
    ...(d.related ? { related: d.related.map((r) => ({ ...r, span: map(r.span) })) } : {}),
    ...(d.fix ? { fix: { ...d.fix, edits: d.fix.edits.map((edit) => ({ ...edit, span: map(edit.span) })) } } : {}),
  };
}

/** Whether `offset` falls between the halves of a surrogate pair or of a CRLF, where no line and column are. */
const splits = (text: string, offset: number): boolean => {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return (before === 13 && after === 10) || (before >= 0xd800 && before < 0xdc00 && after >= 0xdc00 && after < 0xe000);
};

/**
 * The span widened to whole characters of `text`: an end between the halves of a surrogate pair or of a CRLF moves
 * out to take the whole pair. Where diagnostics are gathered, so that no code's span can point inside a character.
 */
export function wholeCharacters(text: string, s: Span): Span {
  const start = splits(text, s.offset) ? s.offset - 1 : s.offset;
  const end = splits(text, spanEnd(s)) ? spanEnd(s) + 1 : spanEnd(s);
  return start === s.offset && end === spanEnd(s) ? s : { offset: start, length: end - start };
}
