import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import {
  type BaseCode,
  type Diagnostic,
  mapDiagnostic,
  parseExpression,
  type ScalarNode,
  type Span,
  scalarSpanMap,
} from "@mailroom/syntax";
import { type ExpressionKind, lowerExpression } from "../expression/lower.js";
import type { ExpressionPointers } from "../expression/pointers.js";

const NAME_ERRORS: ReadonlySet<string> = new Set<BaseCode>([
  "unknown-function",
  "unknown-namespace",
  "unknown-argument",
]);

export type { ExpressionKind };

export interface CompiledExpression {
  readonly value: ValueExpression | BooleanExpression;
  /** Diagnostics with spans in the document text. */
  readonly diagnostics: Diagnostic[];
  /** JSON positions relative to the expression, with spans in the scalar's value: map them with `toDocument`. */
  readonly pointers: ExpressionPointers;
  /** Maps a span of the scalar's value to the document text. */
  readonly toDocument: (span: Span) => Span;
}

/** An expression parsed and lowered, before its spans are mapped to a document: what one edit leaves unchanged. */
interface Lowered {
  readonly value: ValueExpression | BooleanExpression;
  /** Diagnostics with spans in the expression's own text. */
  readonly diagnostics: readonly Diagnostic[];
  readonly pointers: ExpressionPointers;
}

/**
 * The expressions of one version of a document, for the next version to reuse: an editor recompiles a file on
 * every keystroke, and nearly all of its expressions are the same text in the same box as before. Lowering
 * depends on nothing else (the text, the kind of expression, the box's name and role), and its result is never
 * changed afterwards; each entry is handed out once per version, so no two places of a service share a value.
 */
export class ExpressionCache {
  // By expression text: the text is looked up as it is, never copied into a longer key. Nearly every text has one
  // entry, so its contexts are a short list rather than a map of its own.
  #previous: Map<string, Kept[]>;
  readonly #current = new Map<string, Kept[]>();

  /** A cache reusing what `previous` (the cache of the document's version before) holds. */
  constructor(previous?: ExpressionCache) {
    this.#previous = previous ? previous.#current : new Map();
  }

  /**
   * Lets go of the previous version's entries, of no more use once this version is compiled (the document keeps
   * its cache for the version after it).
   */
  settle(): void {
    this.#previous = new Map();
  }

  lower(source: string, kind: ExpressionKind, box: BoxContext | undefined): Lowered {
    const entry: Kept = { kind, box, lowered: this.#take(source, kind, box) ?? lower(source, kind, box) };
    const entries = this.#current.get(source);
    if (entries) entries.push(entry);
    else this.#current.set(source, [entry]);
    return entry.lowered;
  }

  /** The last entry the previous version kept for the text in the same context, taken out of it. */
  #take(source: string, kind: ExpressionKind, box: BoxContext | undefined): Lowered | undefined {
    const entries = this.#previous.get(source);
    if (!entries) return undefined;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i] as Kept;
      const sameBox = entry.box === undefined || box === undefined ? entry.box === box : sameContext(entry.box, box);
      if (entry.kind === kind && sameBox) {
        // Taken out in place: `splice` would allocate the list of what it removes.
        entries.copyWithin(i, i + 1);
        entries.pop();
        return entry.lowered;
      }
    }
    return undefined;
  }
}

/** An expression compiled in a version, with what its lowering depends on besides its text. */
interface Kept {
  readonly kind: ExpressionKind;
  readonly box: BoxContext | undefined;
  readonly lowered: Lowered;
}

const sameContext = (a: BoxContext, b: BoxContext): boolean => a.name === b.name && a.main === b.main;

type BoxContext = { readonly name: string; readonly main: boolean };

function lower(source: string, kind: ExpressionKind, box: BoxContext | undefined): Lowered {
  const parsed = parseExpression(source);
  const lowered = lowerExpression(parsed.ast, { expect: kind, box });
  // After a syntax error the tree is cut short: its kinds and argument counts say nothing about what the user
  // meant, so only misspelt names are reported from it; the other checks wait until the syntax is fixed.
  const lowering = parsed.diagnostics.some((d) => d.severity === "error")
    ? lowered.diagnostics.filter((d) => NAME_ERRORS.has(d.code))
    : lowered.diagnostics;
  return { value: lowered.value, diagnostics: [...parsed.diagnostics, ...lowering], pointers: lowered.pointers };
}

/**
 * Compiles the expression written in a YAML scalar. The expression parser works on the scalar's value; every
 * span it produces is mapped back through the scalar's quoting, escapes and folding to the document text.
 */
export function compileExpression(
  text: string,
  node: ScalarNode,
  kind: ExpressionKind,
  box: BoxContext | undefined,
  cache?: ExpressionCache,
): CompiledExpression {
  // A number or boolean written plainly (`1000`, `true`) is read as the text the user typed.
  const isString = typeof node.value === "string";
  const source = isString ? (node.value as string) : (node.source ?? (node.value === null ? "" : String(node.value)));
  // One decoding of the scalar serves every span of the expression; none is needed while nothing asks for a span.
  let mapSpan: ((span: Span) => Span) | undefined;
  const toDocument = (span: Span): Span => {
    if (!isString) return { offset: node.span.offset + span.offset, length: span.length };
    mapSpan ??= scalarSpanMap(text, node);
    return mapSpan(span);
  };

  const lowered = cache ? cache.lower(source, kind, box) : lower(source, kind, box);
  const diagnostics = lowered.diagnostics.map((d) => mapDiagnostic(d, toDocument));
  return { value: lowered.value, diagnostics, pointers: lowered.pointers, toDocument };
}
