import { BOX, keyOf, type Row, rowOf, SERVICE } from "@mailroom/compiler";
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

// The keys a box outline reads, as the DSL's shape names them in the DSL (`key`) and in the JSON (`json`).
const BOXES = rowOf(SERVICE, "boxes") as Row;
const TYPE = rowOf(BOX, "type") as Row;
const MAIN = rowOf(BOX, "main") as Row;
const METADATA = rowOf(BOX, "metadata") as Row;

/** The entries of a named collection: a map by name (the DSL's idiomatic form) or a list of named objects. */
function entries(
  node: SyntaxNode | undefined,
  nameKey: string,
  dsl: boolean,
): { name: string; body: SyntaxNode | undefined }[] {
  if (dsl && node?.kind === "object") return node.properties.map((p) => ({ name: p.key, body: p.value }));
  if (node?.kind !== "array") return [];
  return node.items.flatMap((item) => {
    const name = item.kind === "object" ? scalarValue(propertyOf(item, nameKey)?.value) : undefined;
    return typeof name === "string" ? [{ name, body: item }] : [];
  });
}

/** The boxes of a collection written in the DSL or in the JSON. */
function boxesOf(collection: SyntaxNode | undefined, dsl: boolean): BoxOutline[] {
  return entries(collection, BOXES.nameKey as string, dsl).map(({ name, body }) => {
    const object = body?.kind === "object" ? body : undefined;
    const field = (row: Row) => (object ? propertyOf(object, keyOf(row, dsl))?.value : undefined);
    return {
      name,
      type: String(scalarValue(field(TYPE)) ?? "") || undefined,
      main: scalarValue(field(MAIN)) === true,
      metadata: entries(field(METADATA), METADATA.nameKey as string, dsl).map((e) => e.name),
    };
  });
}

function jsonBoxes(service: ObjectNode): BoxOutline[] {
  const properties = propertyOf(service, "properties")?.value;
  return boxesOf(properties?.kind === "object" ? propertyOf(properties, keyOf(BOXES, false))?.value : undefined, false);
}

/** The services of the file, as the JSON reader finds them (one, an array, or `result.services`). */
export function serviceRoots(doc: ParsedDocument): readonly ServiceRoot[] {
  return memo(doc, "services", () => {
    const root = doc.source.tree();
    if (root?.kind === "object" && doc.source.format === "dsl")
      return [{ node: root, path: [], boxes: boxesOf(propertyOf(root, BOXES.key)?.value, true) }];
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
