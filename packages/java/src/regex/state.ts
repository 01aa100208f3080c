import type { Span } from "@mailroom/syntax";
import { quote } from "../quote.js";
import { isSupplementary } from "./predicates.js";

/**
 * The state the modules of the regex parser share, as java.util.regex.Pattern keeps it in its fields: the pattern
 * as code points (`temp`), the cursor, the flags in force, the groups met so far. It also maps positions back to
 * the pattern as written, for spans and messages.
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

/** Thrown at the first error, as Pattern throws its PatternSyntaxException. */
export class RegexSyntaxError extends Error {
  constructor(readonly problem: JavaRegexError) {
    super(problem.message);
  }
}

// Pattern's flags.
export const UNIX_LINES = 0x01;
export const CASE_INSENSITIVE = 0x02;
export const COMMENTS = 0x04;
export const MULTILINE = 0x08;
export const DOTALL = 0x20;
export const UNICODE_CASE = 0x40;
export const CANON_EQ = 0x80;
export const UNICODE_CHARACTER_CLASS = 0x100;

/** Java's default thread stack overflows at about 900 nested groups; we stop a little earlier. */
const MAX_NESTING = 800;

export class RegexState {
  temp: number[] = [];
  /** For each code point of `temp`, its UTF-16 offset in the pattern as written. */
  origin: number[] = [];
  patternLength = 0;
  cursor = 0;
  flags0 = 0;
  capturingGroupCount = 1;
  depth = 0;
  readonly names = new Map<string, number>();
  readonly backrefs: { group: number; span: Span }[] = [];
  /** Where the last quantifier ended, to tell "nothing to repeat" from "a second quantifier". */
  lastQuantifierEnd = -1;
  /**
   * Pattern's `hasSupplementary`: the pattern holds a supplementary character or a surrogate, or a character node
   * whose predicate reads code points; then a search does not start a match between the halves of a pair.
   */
  supplementary = false;

  constructor(readonly pattern: string) {
    for (let i = 0; i < pattern.length; ) {
      const cp = pattern.codePointAt(i) as number;
      this.temp.push(cp);
      this.origin.push(i);
      if (isSupplementary(cp)) this.supplementary = true;
      i += cp > 0xffff ? 2 : 1;
    }
    this.patternLength = this.temp.length;
    this.temp.push(0, 0);
    this.origin.push(pattern.length, pattern.length);
  }

  get groupCount(): number {
    return this.capturingGroupCount - 1;
  }

  /** The code point at `index` of the pattern (0 past its end, as Pattern pads it). */
  t(index: number): number {
    return this.temp[index] ?? 0;
  }

  has(flag: number): boolean {
    return (this.flags0 & flag) !== 0;
  }

  /** One level deeper into groups and classes, or the error Java's stack overflow gives. */
  enter(at: number): void {
    if (++this.depth > MAX_NESTING) {
      throw this.error(
        "Stack overflow during pattern compilation",
        `The pattern nests groups and classes more than ${MAX_NESTING} deep; Java's compiler overflows its stack.`,
        this.span(at, at + 1),
      );
    }
  }

  // ---- Positions and errors ---------------------------------------------------------------------------------

  offsetOf(index: number): number {
    return this.origin[Math.max(0, Math.min(index, this.origin.length - 1))] ?? this.pattern.length;
  }

  /** The span from code point `from` to code point `to` (exclusive), at least one unit wide when possible. */
  span(from: number, to: number): Span {
    const offset = this.offsetOf(from);
    const end = Math.max(offset, this.offsetOf(Math.max(from, to)));
    return { offset, length: end - offset };
  }

  text(from: number, to: number): string {
    const span = this.span(from, to);
    return this.pattern.slice(span.offset, span.offset + span.length);
  }

  /** What stands at code point `index`, for messages: a quoted character, or "the end of the pattern". */
  found(index: number): string {
    if (index >= this.patternLength) return "the end of the pattern";
    return quote(String.fromCodePoint(this.t(index)));
  }

  /** The error to throw, at Java's index (the code point before the cursor). */
  error(javaDescription: string, message: string, span: Span): RegexSyntaxError {
    return new RegexSyntaxError({ message, span, javaIndex: this.cursor - 1, javaDescription });
  }
}
