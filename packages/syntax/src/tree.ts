import type { Span } from "./diagnostic.js";

/**
 * The positioned tree every input is read into (JSON now, YAML for the DSL): plain JSON values with a span on
 * every node and on every key, so that any JSON pointer into a service can be traced back to its text.
 */
export type SyntaxNode = ObjectNode | ArrayNode | ScalarNode;

/**
 * Deepest nesting of objects and arrays a JSON document may have. Later passes (validation, rules) recurse over
 * the tree, so a bound here is what keeps a hostile 10,000-deep file from overflowing the stack anywhere.
 */
export const MAX_NESTING = 1000;

export interface ObjectNode {
  readonly kind: "object";
  readonly span: Span;
  readonly properties: PropertyNode[];
}

export interface PropertyNode {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: SyntaxNode;
}

export interface ArrayNode {
  readonly kind: "array";
  readonly span: Span;
  readonly items: SyntaxNode[];
}

export type ScalarValue = string | number | boolean | null;

/** How a YAML scalar was written; JSON scalars have no style. */
export type ScalarStyle = "plain" | "single-quoted" | "double-quoted" | "literal" | "folded";

export interface ScalarNode {
  readonly kind: "scalar";
  readonly span: Span;
  readonly value: ScalarValue;
  /** YAML only: how the scalar was written. Expression positions inside it depend on the style. */
  readonly style?: ScalarStyle;
  /** YAML only: the scalar's text as written, for a plain scalar (`007` stays `007`, not the number 7). */
  readonly source?: string;
}

/** A YAML comment as the parse saw it: from its `#` to the end of its line, trailing blanks left out. */
export interface Comment {
  readonly span: Span;
  readonly text: string;
}

export type PathSegment = string | number;

/** The place a path leads to: the node, and the key span when the last step is an object key. */
export interface NodeLocation {
  readonly node: SyntaxNode;
  readonly keySpan?: Span;
}

/** Objects with more properties than this are looked up through an index rather than scanned. */
const SMALL_OBJECT = 8;

/**
 * Where a large object keeps the index of its properties by key (the last of duplicates), with how many it was
 * built from: a property of its own, hidden (not enumerable, a symbol), rather than a WeakMap entry, whose value
 * young-generation collections copied for as long as the entry lived: a lint of 1,000 services 2.5 % faster.
 */
const INDEX = Symbol("index");

type Indexed = ObjectNode & { [INDEX]?: { readonly size: number; readonly byKey: Map<string, PropertyNode> } };

/**
 * The property of an object with this key; with duplicate keys, the last one, as JSON.parse keeps it. A large
 * object is indexed on its first lookup, so that looking up each of its n keys costs O(n) in all, not O(n²).
 */
export function propertyOf(node: ObjectNode, key: string): PropertyNode | undefined {
  const properties = node.properties;
  if (properties.length > SMALL_OBJECT) {
    let index = (node as Indexed)[INDEX];
    // A tree is complete before it is read; an object still growing is indexed again.
    if (index?.size !== properties.length) {
      const byKey = new Map<string, PropertyNode>();
      for (const property of properties) byKey.set(property.key, property);
      index = { size: properties.length, byKey };
      Object.defineProperty(node, INDEX, { value: index, writable: true, configurable: true });
    }
    return index.byKey.get(key);
  }
  for (let i = properties.length - 1; i >= 0; i--) {
    const property = properties[i];
    if (property?.key === key) return property;
  }
  return undefined;
}

/**
 * Follows a path from a node. Returns the locations of every step, deepest last, so that callers can point at
 * the nearest existing ancestor when the path leads to something that is missing.
 */
export function walkPath(root: SyntaxNode, path: readonly PathSegment[]): NodeLocation[] {
  const trail: NodeLocation[] = [{ node: root }];
  let current: SyntaxNode = root;
  for (const segment of path) {
    if (current.kind === "object" && typeof segment === "string") {
      const property = propertyOf(current, segment);
      if (!property) break;
      trail.push({ node: property.value, keySpan: property.keySpan });
      current = property.value;
    } else if (current.kind === "array" && typeof segment === "number") {
      const item = current.items[segment];
      if (!item) break;
      trail.push({ node: item });
      current = item;
    } else break;
  }
  return trail;
}

/** The node each moved node was moved from (itself never moved), for what does not depend on where a node is. */
const origins = new WeakMap<SyntaxNode, SyntaxNode>();

/**
 * The node a node was moved from (see movedNode), or the node itself: what is computed of a node regardless of its
 * position (its shape, its values) may be kept by the origin and found again for every moved copy.
 */
export const originOf = (node: SyntaxNode): SyntaxNode => origins.get(node) ?? node;

/**
 * A node with everything in it moved `delta` characters along the text (trees are never changed: it is a copy).
 * An edit moves the whole rest of a file, most of which nothing reads again before the next edit: the copy is made
 * level by level, when its members are first read, and always from the origin.
 */
export function movedNode(node: SyntaxNode, delta: number): SyntaxNode {
  const origin = originOf(node);
  const shift = node.span.offset + delta - origin.span.offset;
  if (shift === 0) return origin;
  const span = { offset: origin.span.offset + shift, length: origin.span.length };
  let moved: SyntaxNode;
  if (origin.kind === "scalar") moved = { ...origin, span };
  else if (origin.kind === "object") {
    moved = lazily({ kind: "object", span }, "properties", () =>
      origin.properties.map((p) => movedProperty(p, shift)),
    ) as ObjectNode;
  } else
    moved = lazily({ kind: "array", span }, "items", () =>
      origin.items.map((item) => movedNode(item, shift)),
    ) as ArrayNode;
  origins.set(moved, origin);
  return moved;
}

/** `target` with an own, enumerable property `key` computed on first read (so that spreads and copies see it). */
function lazily<T extends object>(target: T, key: string, compute: () => unknown): T {
  let value: unknown;
  let done = false;
  return Object.defineProperty(target, key, {
    enumerable: true,
    get() {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
}

/** A property moved `delta` characters along the text, its key and value alike. */
export function movedProperty(property: PropertyNode, delta: number): PropertyNode {
  const { offset, length } = property.keySpan;
  return { key: property.key, keySpan: { offset: offset + delta, length }, value: movedNode(property.value, delta) };
}
