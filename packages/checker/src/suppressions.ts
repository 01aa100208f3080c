import { type Comment, type Diagnostic, diagnostic, LineIndex, nearest } from "@mailroom/syntax";

const DIRECTIVE = /#\s*mailroom-disable(-next-line)?\s+/;
const CODE = /[A-Za-z0-9-]*/y;
const COMMA = /\s*,\s*/y;
/** What may follow the codes of a suppression that applies: nothing, or ` -- reason`. */
const AFTER_CODES = /^(?:\s+--.*)?\s*$/;

/** A code a suppression comment names, at its offset in the comment's text. */
export interface SuppressedCode {
  readonly code: string;
  readonly offset: number;
}

/**
 * A comment's text read as `# mailroom-disable[-next-line] code, code -- reason`, the one reading of that syntax
 * (the checker's, and the editor's hover, completion and code actions), offsets in the text.
 */
export interface SuppressionText {
  /** Where `#` starts. */
  readonly start: number;
  /** `-next-line`: the next line with content; otherwise the whole file. */
  readonly nextLine: boolean;
  /** The codes in the comma-separated list; the last one empty when the text stops after a comma (being typed). */
  readonly codes: readonly SuppressedCode[];
  /** Whether the comment is a whole suppression: codes, none empty, then nothing but an optional ` -- reason`. */
  readonly complete: boolean;
  /** Where the list of codes ends: after its last character, not after a trailing comma. */
  readonly codesEnd: number;
  /** Whether the text stops at the end of the list or inside it (where completion offers codes). */
  readonly endsInCodes: boolean;
}

/** The suppression a comment's text (or its beginning, up to a cursor) writes; undefined for another comment. */
export function readSuppression(text: string): SuppressionText | undefined {
  const directive = DIRECTIVE.exec(text);
  if (!directive) return undefined;
  const codes: SuppressedCode[] = [];
  let at = directive.index + directive[0].length;
  let codesEnd = at;
  for (;;) {
    CODE.lastIndex = at;
    const code = CODE.exec(text)?.[0] ?? "";
    codes.push({ code, offset: at });
    at += code.length;
    if (code !== "") codesEnd = at;
    COMMA.lastIndex = at;
    const comma = COMMA.exec(text);
    if (!comma) break;
    at += comma[0].length;
  }
  const rest = text.slice(at);
  return {
    start: directive.index,
    nextLine: directive[1] !== undefined,
    codes,
    complete: codes.every((c) => c.code !== "") && AFTER_CODES.test(rest),
    codesEnd,
    endsInCodes: rest === "",
  };
}

interface Suppression {
  readonly rule: string;
  /** 1-based line the suppression covers; undefined for the whole file. */
  readonly line?: number;
  readonly offset: number;
  readonly length: number;
  used: boolean;
}

/** The offset of the first character of a line that is not a blank. */
const contentOffset = (index: LineIndex, line: number): number =>
  index.offset({ line, column: 1 }) + (/^\s*/.exec(index.lineText(line))?.[0].length ?? 0);

/** The line after `line` that holds something other than blanks or a comment (`lineComments`: where they start). */
function nextContentLine(index: LineIndex, line: number, lineComments: ReadonlySet<number>): number {
  let next = line + 1;
  while (
    next <= index.lineCount &&
    (/^\s*$/.test(index.lineText(next)) || lineComments.has(contentOffset(index, next)))
  )
    next++;
  return next;
}

/**
 * The suppression comments of a DSL file (its `comments` as the parse saw them):
 * `# mailroom-disable-next-line <rule>[, <rule>] -- reason` on a line of its own silences those rules on the next
 * line with content, `# mailroom-disable <rule> -- reason` in the whole file. A suppression that silences nothing,
 * or names no known code, is itself reported (`unused`), so stale ones go.
 */
export class Suppressions {
  readonly #index: LineIndex;
  readonly #suppressions: Suppression[] = [];

  /** The suppressions of a file; undefined when it has none. */
  static of(text: string, comments: readonly Comment[]): Suppressions | undefined {
    return comments.some((comment) => comment.text.includes("mailroom-disable"))
      ? new Suppressions(text, comments)
      : undefined;
  }

  private constructor(text: string, comments: readonly Comment[]) {
    const index = new LineIndex(text);
    this.#index = index;
    // The comments alone on their line, by where they start.
    const lineComments = new Set<number>();
    for (const { span } of comments) {
      const line = index.position(span.offset).line;
      if (contentOffset(index, line) === span.offset) lineComments.add(span.offset);
    }
    for (const comment of comments) {
      const read = readSuppression(comment.text);
      if (!read?.complete || !lineComments.has(comment.span.offset)) continue;
      const start = comment.span.offset + read.start;
      const line = index.position(start).line;
      const target = read.nextLine ? nextContentLine(index, line, lineComments) : undefined;
      for (const { code: rule } of read.codes) {
        this.#suppressions.push({
          rule,
          ...(target !== undefined ? { line: target } : {}),
          offset: start,
          length: comment.text.trimEnd().length - read.start,
          used: false,
        });
      }
    }
  }

  /** Whether a finding of `code` starting at `offset` is silenced; the suppression that silences it counts as used. */
  silences(code: string, offset: number): boolean {
    const line = this.#index.position(offset).line;
    const silencer = this.#suppressions.find((s) => s.rule === code && (s.line === undefined || s.line === line));
    if (silencer) silencer.used = true;
    return silencer !== undefined;
  }

  /**
   * The suppressions that silenced nothing, or name no known code, as findings; except where the check is
   * `unsure` (given the offset of the line's content, or undefined for the whole file): a part of the file held
   * back by an error may hold the problem it silences.
   */
  unused(knownCodes: ReadonlySet<string>, unsure: (offset: number | undefined) => boolean): Diagnostic[] {
    const found: Diagnostic[] = [];
    for (const s of this.#suppressions) {
      if (s.used) continue;
      const known = knownCodes.has(s.rule);
      if (known && unsure(s.line === undefined ? undefined : contentOffset(this.#index, s.line))) continue;
      const guess = known ? undefined : nearest(s.rule, knownCodes);
      const span = { offset: s.offset, length: s.length };
      const code = s.rule;
      found.push(
        known
          ? s.line === undefined
            ? diagnostic("unused-suppression", "inFile", { code }, span)
            : diagnostic("unused-suppression", "onLine", { code, line: s.line }, span)
          : guess
            ? diagnostic("unused-suppression", "unknownCodeNear", { code, suggestion: guess }, span)
            : diagnostic("unused-suppression", "unknownCode", { code }, span),
      );
    }
    return found;
  }
}
