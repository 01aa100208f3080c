import { type ExpressionKind, expressionPlace, type SiteKind } from "@mailroom/compiler";
import {
  type PathSegment,
  propertyOf,
  type ScalarNode,
  type Span,
  type SyntaxNode,
  scalarOffsetMap,
  scalarSpanMap,
  walkPath,
} from "@mailroom/syntax";
import { cursorAt, scalarAt } from "./cursor.js";
import { type BoxOutline, serviceRoots } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";

/** Where a DSL expression is written: what it must be, the box it reads by default, the metadata it defines. */
export interface ExpressionSite {
  readonly kind: ExpressionKind;
  /** Which site it is (a metadata, a reconcile condition, a file matcher): some functions mean something only in some. */
  readonly place: SiteKind | undefined;
  readonly box: BoxOutline | undefined;
  readonly metadata: string | undefined;
}

/**
 * The expression places of the DSL, as the compiler reads them (the rows of the DSL's shape): a metadata
 * (`metadata: { name: expr }` or its `value:`), a reconcile `when` and a `from.match`. Undefined for any other path.
 */
export function expressionSite(doc: ParsedDocument, path: readonly PathSegment[]): ExpressionSite | undefined {
  if (doc.source.format !== "dsl") return undefined;
  const place = expressionPlace(path);
  if (!place || (place.longForm && isRawExpression(doc, place.longForm))) return undefined;
  const [boxKey, metadata] = place.names;
  const boxes = path[0] === "boxes" ? (serviceRoots(doc)[0]?.boxes ?? []) : [];
  const box = typeof boxKey === "number" ? boxes[boxKey] : boxes.find((b) => b.name === boxKey);
  return { kind: place.kind, place: place.site, box, metadata: typeof metadata === "string" ? metadata : undefined };
}

/** A mapping with an `@type` is an expression in the raw JSON form: its `value` is a JSON field, not DSL text. */
function isRawExpression(doc: ParsedDocument, path: readonly PathSegment[]): boolean {
  const root = doc.source.tree();
  const last = root && walkPath(root, path).at(-1)?.node;
  return last?.kind === "object" && propertyOf(last, "@type") !== undefined;
}

/** An expression around the cursor: its text, the cursor inside it, and how its spans map to the document. */
export interface ExpressionAt {
  readonly site: ExpressionSite;
  /** The expression's text (the YAML scalar's value). */
  readonly text: string;
  /** The cursor as an index into `text`. */
  readonly cursor: number;
  /** Maps a span of `text` to the document. */
  readonly toDocument: (span: Span) => Span;
  /** The scalar, when the tree holds it. */
  readonly node: ScalarNode | undefined;
}

/** The expression text a scalar holds: its string, or a plain number or boolean as typed. */
export function expressionText(node: ScalarNode): string {
  if (typeof node.value === "string") return node.value;
  return node.source ?? (node.value === null ? "" : String(node.value));
}

/** Index into the scalar's value of a document offset: the first unit written at or after it. */
function valueIndex(map: (index: number) => number, length: number, offset: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (map(mid) < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The expression at `offset` in a DSL document: from the tree, or from the line when the YAML is broken there. */
export function expressionAt(doc: ParsedDocument, offset: number): ExpressionAt | undefined {
  const hit = scalarAt(doc, offset);
  if (hit) {
    const site = expressionSite(doc, hit.path);
    if (!site) return undefined;
    return scalarExpression(doc, hit.node, site, offset);
  }
  // The tree has no scalar here (broken YAML, or an empty value): the rest of the line after `key: `.
  const cursor = cursorAt(doc, offset);
  if (!cursor || cursor.isKey || cursor.quote) return undefined;
  const site = expressionSite(doc, cursor.path);
  if (!site) return undefined;
  const start = cursor.word.offset;
  let end = doc.text.indexOf("\n", start);
  if (end < 0) end = doc.text.length;
  const comment = doc.text.slice(start, end).search(/\s#/);
  if (comment >= 0) end = start + comment;
  if (offset < start || offset > end) return undefined;
  return {
    site,
    text: doc.text.slice(start, end),
    cursor: offset - start,
    toDocument: (span) => ({ offset: start + span.offset, length: span.length }),
    node: undefined,
  };
}

export function scalarExpression(
  doc: ParsedDocument,
  node: ScalarNode,
  site: ExpressionSite,
  offset: number,
): ExpressionAt {
  const text = expressionText(node);
  const isString = typeof node.value === "string";
  const map = isString ? scalarOffsetMap(doc.text, node) : (index: number) => node.span.offset + index;
  const spanMap = isString ? scalarSpanMap(doc.text, node) : undefined;
  return {
    site,
    text,
    cursor: valueIndex(map, text.length, offset),
    toDocument: (span) => (spanMap ? spanMap(span) : { offset: node.span.offset + span.offset, length: span.length }),
    node,
  };
}

/** Every expression scalar of a DSL document, with its site, in document order. */
export function expressionScalars(doc: ParsedDocument): { node: ScalarNode; site: ExpressionSite }[] {
  const root = doc.source.tree();
  if (doc.source.format !== "dsl" || root?.kind !== "object") return [];
  const out: { node: ScalarNode; site: ExpressionSite }[] = [];
  const visit = (node: SyntaxNode, path: PathSegment[]) => {
    if (node.kind === "scalar") {
      const site = expressionSite(doc, path);
      if (site && node.value !== null) out.push({ node, site });
      return;
    }
    // Expressions sit at most six levels deep (boxes, box, metadata, name, value).
    if (path.length >= 6) return;
    if (node.kind === "object") for (const p of node.properties) visit(p.value, [...path, p.key]);
    else
      node.items.forEach((item, i) => {
        visit(item, [...path, i]);
      });
  };
  const boxes = root.properties.find((p) => p.key === "boxes");
  if (boxes) visit(boxes.value, ["boxes"]);
  return out;
}
