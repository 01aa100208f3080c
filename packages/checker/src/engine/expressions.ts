import type { InflatedBox, Service } from "@mailroom/model";
import type { BoxInfo, ExpressionNode, ExpressionSite, Json, Path } from "./rule.js";

const isExpression = (value: unknown): value is ExpressionNode["node"] =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Json)["@type"] === "string" &&
  /^ex[vb]\./.test((value as Json)["@type"] as string);

/** Appends every expression node under `root` (depth first, document order) without recursion. */
function collect(root: unknown, site: ExpressionSite, out: ExpressionNode[]): void {
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: site.path }];
  while (stack.length > 0) {
    // biome-ignore lint/style/noNonNullAssertion: the loop condition guarantees an element.
    const { value, path } = stack.pop()!;
    if (isExpression(value)) out.push({ node: value, path, site });
    if (typeof value !== "object" || value === null) continue;
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string | number, unknown];
      if (typeof child === "object" && child !== null) stack.push({ value: child, path: [...path, key] });
    }
  }
}

/**
 * Every expression of a service with where it sits: box metadata, reconcile conditions, file matchers, and
 * conditions inside channels (whose structure the spec does not show: any expression found there).
 */
export function indexExpressions(service: Service): ExpressionNode[] {
  const out: ExpressionNode[] = [];
  service.properties.boxes.forEach((anyBox, index) => {
    const info: BoxInfo = { name: anyBox.name, type: anyBox["@type"], main: anyBox.main === true, index };
    if (anyBox["@type"] === "box.ARCHIVE") return;
    const box = anyBox as InflatedBox;
    const path = ["properties", "boxes", index];
    box.metadatas.forEach((metadata, i) => {
      const at = [...path, "metadatas", i, "content"];
      collect(metadata.content, { kind: "metadata", path: at, box: info, metadata: metadata.name }, out);
    });
    if (box.reconcile) {
      collect(
        box.reconcile.condition,
        { kind: "reconcile", path: [...path, "reconcile", "condition"], box: info },
        out,
      );
    }
    if (box.parent) {
      collect(
        box.parent.fileMatcher,
        { kind: "file-matcher", path: [...path, "parent", "fileMatcher"], box: info },
        out,
      );
    }
  });
  service.properties.channels.forEach((channel, index) => {
    collect(channel, { kind: "channel", path: ["properties", "channels", index] }, out);
  });
  return out;
}
