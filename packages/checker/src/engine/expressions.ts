import { isKeptBox } from "@mailroom/compiler";
import type { InflatedBox, Service } from "@mailroom/model";
import type { PathSegment } from "@mailroom/syntax";
import { isReference } from "./metadata-scope.js";
import type { BoxInfo, ExpressionNode, ExpressionSite, Json, Reference } from "./rule.js";

const isExpression = (value: unknown): value is ExpressionNode["node"] => {
  const type = typeof value === "object" && value !== null ? (value as Json)["@type"] : undefined;
  return typeof type === "string" && (type.startsWith("exv.") || type.startsWith("exb."));
};

/**
 * A function that appends every expression node under a root (depth first, document order) to `out`. One path
 * array is kept up to date while walking; only expression nodes get a copy of it. Recursive: the readers bound
 * the nesting (JSON to MAX_NESTING levels, an expression to 256), far within the stack.
 */
function collector(out: ExpressionNode[]): (root: unknown, site: ExpressionSite) => void {
  const path: PathSegment[] = [];
  let site: ExpressionSite;
  const walk = (value: object) => {
    if (isExpression(value)) out.push({ node: value, path: path.slice(), site });
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child !== "object" || child === null) continue;
        path.push(i);
        walk(child);
        path.pop();
      }
      return;
    }
    // A JSON value's objects are plain: `for...in` lists their own keys, in order, without allocating.
    for (const name in value) {
      const child = (value as Json)[name];
      if (typeof child !== "object" || child === null) continue;
      path.push(name);
      walk(child);
      path.pop();
    }
  };
  return (root, at) => {
    if (typeof root !== "object" || root === null) return;
    site = at;
    path.length = 0;
    for (const segment of at.path) path.push(segment);
    walk(root);
  };
}

/**
 * The expressions of some `@type`s: grouped by type on first use, in one pass; the list of several types is the
 * groups in the order the types are given, each in document order, made once per collection of types (by
 * identity: a rule names them in a constant). Rules that read one or two kinds of node then skip the others
 * instead of each scanning them all.
 */
export function expressionsByType(
  expressions: readonly ExpressionNode[],
): (types: Iterable<string>) => readonly ExpressionNode[] {
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
  const merged = new Map<Iterable<string>, readonly ExpressionNode[]>();
  return (requested) => {
    byType ??= group();
    const groups = byType;
    if (Array.isArray(requested) && requested.length === 1) return groups.get(requested[0] as string) ?? [];
    let found = merged.get(requested);
    if (!found) {
      found = [...requested].flatMap((type) => groups.get(type) ?? []);
      merged.set(requested, found);
    }
    return found;
  };
}

/** The references of each namespace, in document order: grouped on first use, from the `exv.Reference` nodes. */
export function referencesByNamespace(
  ofType: (types: Iterable<string>) => readonly ExpressionNode[],
): (namespace: string) => readonly Reference[] {
  let byNamespace: Map<unknown, Reference[]> | undefined;
  return (namespace) => {
    if (!byNamespace) {
      byNamespace = new Map();
      for (const expression of ofType(["exv.Reference"])) {
        const key = expression.node.namespace;
        if (!isReference(expression, key as string)) continue;
        const list = byNamespace.get(key);
        if (list) list.push(expression);
        else byNamespace.set(key, [expression]);
      }
    }
    return byNamespace.get(namespace) ?? [];
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
