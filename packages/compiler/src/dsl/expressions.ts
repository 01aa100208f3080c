import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import {
  type BaseCode,
  type Diagnostic,
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
  // By expression text, then by kind and box: the text is looked up as it is, never copied into a longer key.
  readonly #previous: Map<string, Map<string, Lowered[]>>;
  readonly #current = new Map<string, Map<string, Lowered[]>>();

  /** A cache reusing what `previous` (the cache of the document's version before) holds. */
  constructor(previous?: ExpressionCache) {
    this.#previous = previous ? previous.#current : new Map();
  }

  lower(source: string, kind: ExpressionKind, box: BoxContext | undefined): Lowered {
    const context = box ? `${kind} ${box.main ? "m" : "-"}${box.name}` : kind;
    const lowered = this.#previous.get(source)?.get(context)?.pop() ?? lower(source, kind, box);
    let contexts = this.#current.get(source);
    if (!contexts) {
      contexts = new Map();
      this.#current.set(source, contexts);
    }
    const entries = contexts.get(context);
    if (entries) entries.push(lowered);
    else contexts.set(context, [lowered]);
    return lowered;
  }
}

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
  const diagnostics = lowered.diagnostics.map(
    (d): Diagnostic => ({
      ...d,
      span: toDocument(d.span),
      ...(d.related ? { related: d.related.map((r) => ({ ...r, span: toDocument(r.span) })) } : {}),
      ...(d.fix
        ? { fix: { ...d.fix, edits: d.fix.edits.map((edit) => ({ ...edit, span: toDocument(edit.span) })) } }
        : {}),
    }),
  );
  return { value: lowered.value, diagnostics, pointers: lowered.pointers, toDocument };
}
