import { type ObjectNode, type PathSegment, propertyOf, type SyntaxNode } from "@mailroom/syntax";
import { memo } from "./cursor.js";
import type { ParsedDocument } from "./document.js";

/**
 * The names a cursor can refer to (boxes and their metadata), read from the syntax tree rather than from the
 * compiled service, so that they are there while the file has errors. Built once per document version.
 */

export interface BoxOutline {
  readonly name: string;
  /** The DSL `type` (`pdf`...) or the JSON `@type` (`box.PDF`...), as written. */
  readonly type: string | undefined;
  readonly main: boolean;
  readonly metadata: readonly string[];
}

/** A service in the file: its object and where it sits in the file's own JSON. */
export interface ServiceRoot {
  readonly node: ObjectNode;
  readonly path: readonly PathSegment[];
  readonly boxes: readonly BoxOutline[];
}

const scalarValue = (node: SyntaxNode | undefined) => (node?.kind === "scalar" ? node.value : undefined);

function entries(node: SyntaxNode | undefined, nameKey: string): { name: string; body: SyntaxNode | undefined }[] {
  if (node?.kind === "object") return node.properties.map((p) => ({ name: p.key, body: p.value }));
  if (node?.kind !== "array") return [];
  return node.items.flatMap((item) => {
    const name = item.kind === "object" ? scalarValue(propertyOf(item, nameKey)?.value) : undefined;
    return typeof name === "string" ? [{ name, body: item }] : [];
  });
}

function dslBoxes(root: ObjectNode): BoxOutline[] {
  return entries(propertyOf(root, "boxes")?.value, "name").map(({ name, body }) => {
    const object = body?.kind === "object" ? body : undefined;
    return {
      name,
      type: String(scalarValue(object && propertyOf(object, "type")?.value) ?? "") || undefined,
      main: scalarValue(object && propertyOf(object, "main")?.value) === true,
      metadata: entries(object && propertyOf(object, "metadata")?.value, "name").map((e) => e.name),
    };
  });
}

function jsonBoxes(service: ObjectNode): BoxOutline[] {
  const properties = propertyOf(service, "properties")?.value;
  const boxes = properties?.kind === "object" ? propertyOf(properties, "boxes")?.value : undefined;
  return entries(boxes?.kind === "array" ? boxes : undefined, "name").map(({ body }) => {
    const box = body as ObjectNode;
    const list = propertyOf(box, "metadatas")?.value;
    return {
      name: String(scalarValue(propertyOf(box, "name")?.value)),
      type: String(scalarValue(propertyOf(box, "@type")?.value) ?? "") || undefined,
      main: scalarValue(propertyOf(box, "main")?.value) === true,
      metadata: entries(list?.kind === "array" ? list : undefined, "name").map((e) => e.name),
    };
  });
}

/** The services of the file, as the JSON reader finds them (one, an array, or `result.services`). */
export function serviceRoots(doc: ParsedDocument): readonly ServiceRoot[] {
  return memo(doc, "services", () => {
    const root = doc.source.tree();
    if (root?.kind === "object" && doc.source.format === "dsl")
      return [{ node: root, path: [], boxes: dslBoxes(root) }];
    const found: { node: ObjectNode; path: PathSegment[] }[] = [];
    if (root?.kind === "array") {
      root.items.forEach((item, i) => {
        if (item.kind === "object") found.push({ node: item, path: [i] });
      });
    } else if (root?.kind === "object") {
      const result = propertyOf(root, "result")?.value;
      const services = result?.kind === "object" ? propertyOf(result, "services")?.value : undefined;
      if (services?.kind === "array") {
        services.items.forEach((item, i) => {
          if (item.kind === "object") found.push({ node: item, path: ["result", "services", i] });
        });
      } else if (!result) found.push({ node: root, path: [] });
    }
    return found.map((s) => ({ ...s, boxes: jsonBoxes(s.node) }));
  });
}

/**
 * Splits a path from the file's root into the service it is in and the path inside that service. In JSON a
 * path that does not reach a service yet (`[0]` of an array file) has no service.
 */
export function serviceOfPath(
  doc: ParsedDocument,
  path: readonly PathSegment[],
): { service: ServiceRoot | undefined; inner: readonly PathSegment[] } | undefined {
  if (doc.source.format === "dsl") return { service: serviceRoots(doc)[0], inner: path };
  const first = path[0];
  const prefix =
    typeof first === "number" ? 1 : first === "result" ? (path[1] === "services" && path.length > 2 ? 3 : -1) : 0;
  if (prefix < 0) return undefined;
  const service = serviceRoots(doc).find(
    (s) => s.path.length === prefix && s.path.every((segment, i) => segment === path[i]),
  );
  return { service, inner: path.slice(prefix) };
}

/**
 * The metadata names a reference in `box` may resolve to, as the undefined-metadata rule resolves them: the
 * box's own metadata, then those of the MAIN boxes; each name once, with the box that defines it.
 */
export function visibleMetadata(
  boxes: readonly BoxOutline[],
  box: string | undefined,
): { name: string; box: string }[] {
  const seen = new Set<string>();
  const out: { name: string; box: string }[] = [];
  const add = (outline: BoxOutline) => {
    for (const name of outline.metadata) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, box: outline.name });
    }
  };
  const own = boxes.find((b) => b.name === box);
  if (own) add(own);
  for (const outline of boxes) if (outline.main && outline !== own) add(outline);
  return out;
}
