import { type PathSegment, type Span, type SyntaxNode, walkPath } from "@mailroom/syntax";
import type { ExpressionPointers } from "../expression/pointers.js";
import { PathTrie } from "../path-trie.js";
import type { Location } from "../source.js";

/**
 * Where a JSON value comes from: the span of its value and, for an object property, of its key; for messages, a
 * name when the key alone does not say what the value is, and how the DSL spells its values (see Location).
 */
export interface Origin {
  readonly span: Span;
  readonly keySpan?: Span | undefined;
  readonly name?: string;
  readonly spell?: (value: unknown) => unknown;
}

/** The positions of a compiled expression, relative to its scalar's value, and how to map them to the text. */
export interface ExpressionOrigin {
  readonly pointers: ExpressionPointers;
  /** Maps a span of the scalar's value to the document text; decodes the scalar only when first needed. */
  readonly toDocument: (span: Span) => Span;
}

/**
 * The source map of a compiled DSL service: a tree following the JSON paths the compiler writes. A value copied
 * from the YAML as it is keeps a link to its syntax node, and a compiled expression its own pointer tree, so
 * positions below them are found by walking those trees when asked rather than recorded one by one up front.
 */
export class SourceMap extends PathTrie<SourceMap> {
  #origin: Origin | undefined;
  /** The YAML the JSON below this position was copied from. */
  #tree: SyntaxNode | undefined;
  #expression: ExpressionOrigin | undefined;
  /** A source map compiled apart (a box, see CompileCache) that holds the positions below this one, moved along. */
  #graft: { readonly map: SourceMap; readonly delta: number } | undefined;

  protected create(): SourceMap {
    return new SourceMap();
  }

  /** Records where the JSON at `path` comes from. */
  mark(path: readonly PathSegment[], origin: Origin): void {
    this.at(path).#origin = origin;
  }

  /** Names the JSON at `path`, already recorded, for messages, where its key alone does not say what it is. */
  name(path: readonly PathSegment[], name: string): void {
    const at = this.at(path);
    if (at.#origin) at.#origin = { ...at.#origin, name };
  }

  /** Records that the JSON at `path` is a copy of `node`: every position below it is that of the YAML. */
  copy(path: readonly PathSegment[], node: SyntaxNode, keySpan?: Span): void {
    const at = this.at(path);
    at.#origin = keySpan ? { span: node.span, keySpan } : { span: node.span };
    at.#tree = node;
    // The copy replaces whatever was compiled at this position before (a pass-through key named like a compiled one).
    at.prune();
    at.#expression = undefined;
  }

  /** Records the positions of an expression compiled at `path`. */
  expression(path: readonly PathSegment[], expression: ExpressionOrigin): void {
    const at = this.at(path);
    at.#expression = expression;
    at.#tree = undefined;
  }

  /**
   * Records that the positions below `path` are those `map` gives, `delta` characters further along the text: a
   * part compiled on its own, with spans counted from its start.
   */
  graft(path: readonly PathSegment[], map: SourceMap, delta: number): void {
    this.at(path).#graft = { map, delta };
  }

  /** The position of `path`, or of its deepest ancestor the source map knows, with how many segments that covers. */
  locate(path: readonly PathSegment[], fallback: Span): Location {
    let found: Location = { span: fallback, depth: 0 };
    let at: SourceMap = this;
    let depth = 0;
    const keep = (origin: Origin | undefined, d: number) => {
      if (origin) {
        const { span, keySpan, name, spell } = origin;
        found = {
          span,
          ...(keySpan ? { keySpan } : {}),
          depth: d,
          ...(name ? { name } : {}),
          ...(spell ? { spell } : {}),
        };
      }
    };
    for (const [d, node] of this.trail(path)) {
      at = node;
      depth = d;
      keep(node.#origin, d);
    }
    const rest = path.slice(depth);
    const expression = at.#expression;
    if (at.#graft) {
      const { map, delta } = at.#graft;
      const inner = map.locate(rest, fallback);
      if (inner.depth === 0) return found;
      const move = (span: Span): Span => ({ offset: span.offset + delta, length: span.length });
      return {
        ...inner,
        span: move(inner.span),
        ...(inner.keySpan ? { keySpan: move(inner.keySpan) } : {}),
        depth: depth + inner.depth,
      };
    }
    if (expression) {
      // The expression's root stands for the whole value, without the key; spans are mapped only when asked.
      const inner = expression.pointers.locate(rest);
      if (inner) found = { span: expression.toDocument(inner.span), depth: depth + inner.depth };
    } else if (at.#tree && rest.length > 0) {
      const trail = walkPath(at.#tree, rest);
      // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
      const last = trail.at(-1)!;
      if (trail.length > 1) keep({ span: last.node.span, keySpan: last.keySpan }, depth + trail.length - 1);
    }
    return found;
  }
}
