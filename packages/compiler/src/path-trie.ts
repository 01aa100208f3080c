import type { PathSegment } from "@mailroom/syntax";

/**
 * A tree keyed by the segments of JSON paths (numbers and strings alike, as JSON pointers name them), its nodes
 * created on first use: the one shape of the source map of a DSL service and of the positions of an expression.
 */
export abstract class PathTrie<Node extends PathTrie<Node>> {
  #children: Map<string, Node> | undefined;

  /** A new, empty node of the tree's own kind. */
  protected abstract create(): Node;

  /** The node below this one at `key`, created on first use. */
  child(key: PathSegment): Node {
    this.#children ??= new Map();
    const name = String(key);
    let node = this.#children.get(name);
    if (!node) {
      node = this.create();
      this.#children.set(name, node);
    }
    return node;
  }

  /** The node at `path` below this one, created on first use. */
  at(path: readonly PathSegment[]): Node {
    let node = this as unknown as Node;
    for (const segment of path) node = node.child(segment);
    return node;
  }

  find(key: PathSegment): Node | undefined {
    return this.#children?.get(String(key));
  }

  children(): Iterable<[string, Node]> {
    return this.#children ?? [];
  }

  /** Forgets the nodes below this one. */
  prune(): void {
    this.#children = undefined;
  }

  /** The nodes along `path` that the tree has, this one first, each with how many segments it covers. */
  *trail(path: readonly PathSegment[]): Generator<[number, Node]> {
    let node = this as unknown as Node;
    yield [0, node];
    for (const [i, segment] of path.entries()) {
      const next = node.find(segment);
      if (!next) return;
      node = next;
      yield [i + 1, node];
    }
  }
}
