import { isKeptBox } from "@mailroom/compiler";
import type { InflatedBox, Service } from "@mailroom/model";
import type { PathSegment } from "@mailroom/syntax";
import type { BoxInfo, ExpressionNode, ExpressionSite, Json } from "./rule.js";

const isExpression = (value: unknown): value is ExpressionNode["node"] => {
  const type = typeof value === "object" && value !== null ? (value as Json)["@type"] : undefined;
  return typeof type === "string" && (type.startsWith("exv.") || type.startsWith("exb."));
};

/**
 * A function that appends every expression node under a root (depth first, document order) to `out`, without
 * recursion. One path array is kept up to date while walking; only expression nodes get a copy of it. Its
 * stacks are reused from root to root.
 */
function collector(out: ExpressionNode[]): (root: unknown, site: ExpressionSite) => void {
  // The pending nodes, as three parallel stacks: the value, its key in its parent, its depth below the root.
  const values: unknown[] = [];
  const keys: PathSegment[] = [];
  const depths: number[] = [];
  // The keys of the object at hand, reused from object to object rather than one array each.
  const names: string[] = [];
  const visit = (child: unknown, key: PathSegment, depth: number) => {
    if (typeof child !== "object" || child === null) return;
    values.push(child);
    keys.push(key);
    depths.push(depth);
  };
  return (root, site) => {
    const path: PathSegment[] = [...site.path];
    const base = path.length;
    visit(root, 0, 0);
    while (values.length > 0) {
      const value = values.pop() as object;
      const key = keys.pop() as PathSegment;
      const depth = depths.pop() as number;
      // Entries past `base + depth` are left from a deeper branch; overwriting beats truncating (a slow call).
      if (depth > 0) path[base + depth - 1] = key;
      if (isExpression(value)) out.push({ node: value, path: path.slice(0, base + depth), site });
      // Children are stacked last first, so that they come off the stack in document order.
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) visit(value[i], i, depth + 1);
        continue;
      }
      let count = 0;
      // A JSON value's objects are plain: `for...in` lists their own keys, in order, without allocating.
      for (const name in value) names[count++] = name;
      for (let i = count - 1; i >= 0; i--) {
        const name = names[i] as string;
        visit((value as Json)[name], name, depth + 1);
      }
    }
  };
}

/**
 * The expressions of some `@type`s, in document order: grouped by type on first use, in one pass, and each
 * list of several types computed once. Rules that read one or two kinds of node then skip the others instead
 * of each scanning them all.
 */
export function expressionsByType(
  expressions: readonly ExpressionNode[],
): (types: readonly string[]) => readonly ExpressionNode[] {
  let byType: Map<string, ExpressionNode[]> | undefined;
  const group = () => {
    const map = new Map<string, ExpressionNode[]>();
    for (const expression of expressions) {
      const list = map.get(expression.node["@type"]);
      if (list) list.push(expression);
      else map.set(expression.node["@type"], [expression]);
    }
    return map;
  };
  const merged = new Map<string, readonly ExpressionNode[]>();
  return (types) => {
    if (types.length === 1) {
      byType ??= group();
      return byType.get(types[0] as string) ?? [];
    }
    const key = types.join("\n");
    let found = merged.get(key);
    if (!found) {
      const wanted = new Set(types);
      found = expressions.filter((expression) => wanted.has(expression.node["@type"]));
      merged.set(key, found);
    }
    return found;
  };
}

/**
 * The expressions of each box already indexed, by the box's JSON (never changed once compiled, and handed on from
 * one version of a document to the next when an edit leaves the box as it was), with the box's index they hold:
 * for the boxes kept for a next version only (isKeptBox).
 */
const byBox = new WeakMap<object, { readonly index: number; readonly expressions: readonly ExpressionNode[] }>();

/** The expressions of one box, at its index in the service. */
function boxExpressions(anyBox: Service["properties"]["boxes"][number], index: number): readonly ExpressionNode[] {
  const known = byBox.get(anyBox);
  if (known?.index === index) return known.expressions;
  const out: ExpressionNode[] = [];
  if (anyBox["@type"] !== "box.ARCHIVE") {
    const collect = collector(out);
    const info: BoxInfo = { name: anyBox.name, type: anyBox["@type"], main: anyBox.main === true, index };
    const box = anyBox as InflatedBox;
    const path = ["properties", "boxes", index];
    box.metadatas.forEach((metadata, i) => {
      const at = [...path, "metadatas", i, "content"];
      collect(metadata.content, { kind: "metadata", path: at, box: info, metadata: metadata.name });
    });
    if (box.reconcile) {
      collect(box.reconcile.condition, { kind: "reconcile", path: [...path, "reconcile", "condition"], box: info });
    }
    if (box.parent) {
      collect(box.parent.fileMatcher, { kind: "file-matcher", path: [...path, "parent", "fileMatcher"], box: info });
    }
  }
  if (isKeptBox(anyBox)) byBox.set(anyBox, { index, expressions: out });
  return out;
}

/**
 * Every expression of a service with where it sits: box metadata, reconcile conditions, file matchers, and
 * conditions inside channels (whose structure the spec does not show: any expression found there).
 */
export function indexExpressions(service: Service): ExpressionNode[] {
  const out: ExpressionNode[] = [];
  service.properties.boxes.forEach((box, index) => {
    for (const expression of boxExpressions(box, index)) out.push(expression);
  });
  const collect = collector(out);
  service.properties.channels.forEach((channel, index) => {
    collect(channel, { kind: "channel", path: ["properties", "channels", index] });
  });
  return out;
}
