import { explainExpression, expressionPlace, valueAt } from "@mailroom/compiler";
import { ValueExpression } from "@mailroom/model";
import { isJsonObject, type PathSegment } from "@mailroom/syntax";
import { serviceOfPath, serviceRoots } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";

type Json = Record<string, unknown>;

const object = (value: unknown): Json | undefined => (isJsonObject(value) ? value : undefined);

/** A metadata entry of the compiled service and the box holding it. */
interface MetadataEntry {
  readonly box: Json;
  readonly metadata: Json;
}

/**
 * The metadata entry whose key a path ends on: in the DSL a metadata's name (`invoiceNumber:`) or its
 * `value:`; in JSON a metadata's `name` or `content`. Read from the compiled service, whatever the form written.
 */
function metadataEntryAt(doc: ParsedDocument, path: readonly PathSegment[]): MetadataEntry | undefined {
  if (doc.source.format === "json") {
    const located = serviceOfPath(doc, path);
    const inner = located?.inner ?? [];
    const [properties, boxes, box, metadatas, metadata, key] = inner;
    const shape = properties === "properties" && boxes === "boxes" && metadatas === "metadatas";
    if (!shape || typeof box !== "number" || typeof metadata !== "number") return undefined;
    if (inner.length !== 6 || (key !== "name" && key !== "content")) return undefined;
    const json = doc.source.services.find((s) => sameSegments(s.path, located?.service?.path))?.json;
    return entry(object(valueAt(json, inner.slice(0, 3))), (box) => valueAt(box, ["metadatas", metadata]));
  }
  const place = path[0] === "boxes" && path[2] === "metadata" ? expressionPlace(path) : undefined;
  const [boxKey, metadata] = place?.names ?? [];
  if (metadata === undefined || (path.length === 5 && path[4] !== "value")) return undefined;
  const boxName = typeof boxKey === "number" ? serviceRoots(doc)[0]?.boxes[boxKey]?.name : boxKey;
  const boxes = valueAt(doc.source.services[0]?.json, ["properties", "boxes"]);
  const box = Array.isArray(boxes) ? boxes.map(object).find((b) => b?.name === boxName) : undefined;
  return entry(box, (found) => {
    const list = found.metadatas;
    if (typeof metadata === "number") return valueAt(list, [metadata]);
    return Array.isArray(list) ? list.find((m) => object(m)?.name === metadata) : undefined;
  });
}

function entry(box: Json | undefined, find: (box: Json) => unknown): MetadataEntry | undefined {
  const metadata = box && object(find(box));
  return box && metadata && { box, metadata };
}

const sameSegments = (a: readonly PathSegment[], b: readonly PathSegment[] | undefined) =>
  b !== undefined && a.length === b.length && a.every((segment, i) => segment === b[i]);

/** What a metadata computes, in words, and whether its value is kept and editable. */
export interface MetadataWords {
  readonly box: string;
  readonly name: string;
  readonly words: string;
  readonly persist: boolean;
  readonly editable: boolean;
}

/**
 * The metadata whose name or expression key a path ends on, in words. Undefined where the path names no
 * metadata, or where its expression does not fit the model (it could not be put in words faithfully).
 */
export function metadataWords(doc: ParsedDocument, path: readonly PathSegment[]): MetadataWords | undefined {
  const found = metadataEntryAt(doc, path);
  return found && entryWords(found);
}

/**
 * The metadata at a JSON path of a service (`properties/boxes/i/metadatas/j`), in words: what a reference to it
 * reads. Undefined as for `metadataWords`.
 */
export function metadataWordsAt(json: unknown, path: readonly PathSegment[]): MetadataWords | undefined {
  const found = entry(object(valueAt(json, path.slice(0, -2))), (box) => valueAt(box, path.slice(-2)));
  return found && entryWords(found);
}

function entryWords({ box, metadata }: MetadataEntry): MetadataWords | undefined {
  const content = ValueExpression.safeParse(metadata.content);
  if (!content.success || typeof metadata.name !== "string") return undefined;
  const context = typeof box.name === "string" ? { box: { name: box.name, main: box.main === true } } : {};
  return {
    box: typeof box.name === "string" ? box.name : "",
    name: metadata.name,
    words: explainExpression(content.data, context),
    persist: metadata.persist === true,
    editable: metadata.editable === true,
  };
}
