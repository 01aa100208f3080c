import type { PathSegment } from "@mailroom/syntax";

/**
 * A tree keyed by the segments of JSON paths (numbers and strings alike, as JSON pointers name them), its nodes
 * created on first use: the one shape of the source map of a DSL service and of the positions of an expression.
 */
export abstract class PathTrie<Node extends PathTrie<Node>> {
  // Most nodes have one child or none (an expression's operands, a box's fields one level at a time): the first is
  // kept in fields of its own, and a Map made only for a second, which halved what a lint of 1,000 DSL services
  // allocated for Maps.
  #firstKey: string | undefined;
  #first: Node | undefined;
  #others: Map<string, Node> | undefined;

  /** A new, empty node of the tree's own kind. */
  protected abstract create(): Node;

  /** The node below this one at `key`, created on first use. */
  child(key: PathSegment): Node {
    const name = String(key);
    if (this.#first === undefined) {
      this.#firstKey = name;
      this.#first = this.create();
      return this.#first;
    }
    if (name === this.#firstKey) return this.#first;
    this.#others ??= new Map();
    let node = this.#others.get(name);
    if (!node) {
      node = this.create();
      this.#others.set(name, node);
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
    const name = String(key);
    return name === this.#firstKey ? this.#first : this.#others?.get(name);
  }

  /** The nodes below this one, in the order they were made. */
  *children(): Iterable<[string, Node]> {
    if (this.#first === undefined) return;
    yield [this.#firstKey as string, this.#first];
    if (this.#others) yield* this.#others;
  }

  /** Forgets the nodes below this one. */
  prune(): void {
    this.#firstKey = undefined;
    this.#first = undefined;
    this.#others = undefined;
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
