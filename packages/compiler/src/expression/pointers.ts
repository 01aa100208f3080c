import type { PathSegment, Span } from "@mailroom/syntax";
import { PathTrie } from "../path-trie.js";

/** A JSON position of a lowered expression: the span that produced it, and the positions below it. */
export class PointerTrie extends PathTrie<PointerTrie> {
  span: Span | undefined;

  protected create(): PointerTrie {
    return new PointerTrie();
  }
}

/**
 * Maps JSON pointers relative to the expression root (`""`, `/operands/1/expr`, RFC 6901 escaping) to the
 * span of the text that produced them. Stored as a tree, so memory stays linear in the expression however
 * deep it is; pointer strings are built only when iterated.
 */
export class ExpressionPointers implements ReadonlyMap<string, Span> {
  #size: number | undefined;

  constructor(private readonly root: PointerTrie) {}

  /** Counted when first asked: compiling never needs it. */
  get size(): number {
    if (this.#size === undefined) {
      let size = 0;
      const stack = [this.root];
      for (let node = stack.pop(); node; node = stack.pop()) {
        if (node.span) size++;
        for (const [, child] of node.children()) stack.push(child);
      }
      this.#size = size;
    }
    return this.#size;
  }

  get(pointer: string): Span | undefined {
    if (pointer === "") return this.root.span;
    if (!pointer.startsWith("/")) return undefined;
    let node: PointerTrie | undefined = this.root;
    for (const token of pointer.slice(1).split("/")) {
      node = node.find(token.replaceAll("~1", "/").replaceAll("~0", "~"));
      if (!node) return undefined;
    }
    return node.span;
  }

  has(pointer: string): boolean {
    return this.get(pointer) !== undefined;
  }

  /**
   * The span of the deepest position along a path that the expression produced, and how many segments of the
   * path it covers (less than the path's length when the rest was not written, e.g. an implied box target).
   */
  locate(path: readonly PathSegment[]): { span: Span; depth: number } | undefined {
    let found: { span: Span; depth: number } | undefined;
    for (const [depth, node] of this.root.trail(path)) if (node.span) found = { span: node.span, depth };
    return found;
  }

  /** Depth first, children in the order lowering wrote them; an explicit stack, so depth costs no call stack. */
  *entries(): MapIterator<[string, Span]> {
    const stack: [string, PointerTrie][] = [["", this.root]];
    for (let entry = stack.pop(); entry; entry = stack.pop()) {
      const [pointer, node] = entry;
      if (node.span) yield [pointer, node.span];
      const children = [...node.children()];
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i] as [string, PointerTrie];
        stack.push([`${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, child]);
      }
    }
  }

  *keys(): MapIterator<string> {
    for (const [pointer] of this.entries()) yield pointer;
  }

  *values(): MapIterator<Span> {
    for (const [, span] of this.entries()) yield span;
  }

  forEach(callback: (value: Span, key: string, map: ReadonlyMap<string, Span>) => void): void {
    for (const [pointer, span] of this.entries()) callback(span, pointer, this);
  }

  [Symbol.iterator](): MapIterator<[string, Span]> {
    return this.entries();
  }
}
