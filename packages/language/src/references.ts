import { indexExpressions, isReference, MetadataScope, sourceOffset } from "@mailroom/checker";
import type { Service } from "@mailroom/model";
import { isJsonObject, type PathSegment, type Span } from "@mailroom/syntax";
import type { ParsedDocument } from "./document.js";

type Json = Record<string, unknown>;
type Path = readonly PathSegment[];

export type NameKind = "box" | "metadata" | "service-file";

/** One place where a box, a metadata or a service file is named: a definition or a reference. */
export interface Occurrence {
  readonly kind: NameKind;
  readonly name: string;
  /** Index of the service in `source.services`. */
  readonly service: number;
  /** JSON path, in that service, of the value that holds the name. */
  readonly path: Path;
  /** The token that writes the name (with its quotes, in an expression: the name token only). */
  readonly token: Span;
  /** The name itself: inside the quotes of a quoted token. */
  readonly span: Span;
  readonly definition: boolean;
  /** Ids of the definitions it names (its own id for a definition); empty for a name nothing defines. */
  readonly targets: readonly string[];
  /**
   * Metadata only: the index of the box it is written in (for a reference in a channel condition, none: the
   * spec gives no scope there), and for a definition whether that box is MAIN.
   */
  readonly box?: number;
  readonly main?: boolean;
}

const object = (value: unknown): Json | undefined => (isJsonObject(value) ? value : undefined);

/** Array entries kept at their index, an entry that is not an object standing as an empty one. */
const entries = (value: unknown): Json[] => (Array.isArray(value) ? value.map((item) => object(item) ?? {}) : []);

/**
 * The service with the shapes the expression index and the metadata scope read (arrays of objects where
 * lists are expected), so that navigation works on a service the model rejects too, with every path unchanged.
 */
function shaped(json: unknown): Service {
  const properties = object(object(json)?.properties);
  const boxes = entries(properties?.boxes).map((box) => ({ ...box, metadatas: entries(box.metadatas) }));
  return { properties: { boxes, channels: entries(properties?.channels) } } as unknown as Service;
}

export const boxId = (service: number, name: string): string => `${service}:box:${name}`;
const metadataId = (service: number, box: number, index: number): string => `${service}:metadata:${box}/${index}`;
// Service file ids compare without regard to case, as `unknown-service-file` compares them.
const fileId = (service: number, id: string): string => `${service}:file:${id.toLowerCase()}`;

const memo = new WeakMap<ParsedDocument, readonly Occurrence[]>();

/**
 * Every box, metadata and service-file name of the document's services, definitions and references, in text
 * order. Metadata references resolve as the metadata rules resolve them (`MetadataScope.read`), so a
 * reference that `ambiguous-metadata` reports names each of its definitions, and one `undefined-metadata`
 * reports names none. A box target that the DSL implies (the current box) is not written, so it is no
 * reference. Built once per document version.
 */
export function occurrences(document: ParsedDocument): readonly Occurrence[] {
  let found = memo.get(document);
  if (!found) {
    found = document.source.services.flatMap((_, i) => serviceOccurrences(document, i));
    found = [...found].sort((a, b) => a.span.offset - b.span.offset);
    memo.set(document, found);
  }
  return found;
}

function serviceOccurrences(document: ParsedDocument, index: number): Occurrence[] {
  const source = document.source.services[index];
  const symbols = document.symbols()[index];
  if (!source || !symbols) return [];
  const text = document.text;
  const out: Occurrence[] = [];
  const add = (
    kind: NameKind,
    name: string,
    path: Path,
    definition: boolean,
    targets: readonly string[],
    extra: { box?: number; main?: boolean } = {},
  ) => {
    const location = source.locate(path);
    if (location.depth < path.length) return; // not written in the text
    const token = location.span;
    const quoted = text[token.offset] === '"' || text[token.offset] === "'";
    const start = quoted ? sourceOffset(text, token, 0) : token.offset;
    const end = quoted ? sourceOffset(text, token, name.length) : token.offset + token.length;
    const span = { offset: start, length: end - start };
    out.push({ kind, name, service: index, path, token, span, definition, targets, ...extra });
  };

  const service = shaped(source.json);
  const boxes = service.properties.boxes as unknown as Json[];
  for (const box of symbols.boxes) add("box", box.name, [...box.path, "name"], true, [boxId(index, box.name)]);
  boxes.forEach((box, i) => {
    const parent = object(box.parent);
    if (typeof parent?.boxName === "string") {
      add("box", parent.boxName, ["properties", "boxes", i, "parent", "boxName"], false, [
        boxId(index, parent.boxName),
      ]);
    }
    entries(box.appositions).forEach((apposition, j) => {
      if (typeof apposition.serviceFileId !== "string") return;
      const path = ["properties", "boxes", i, "appositions", j, "serviceFileId"];
      add("service-file", apposition.serviceFileId, path, false, [fileId(index, apposition.serviceFileId)]);
    });
  });
  for (const file of symbols.serviceFiles) {
    add("service-file", file.id, [...file.path, "serviceFileId"], true, [fileId(index, file.id)]);
  }

  const scope = new MetadataScope(service);
  const mainBoxes = new Set(symbols.boxes.filter((box) => box.main).map((box) => box.path[2]));
  for (const metadata of symbols.metadata) {
    const [box, entry] = [metadata.path[2] as number, metadata.path[4] as number];
    add("metadata", metadata.name, [...metadata.path, "name"], true, [metadataId(index, box, entry)], {
      box,
      main: mainBoxes.has(box),
    });
  }
  for (const expression of indexExpressions(service)) {
    const { node, path, site } = expression;
    if (isReference(expression, "METADATA")) {
      const name = expression.node.identifier;
      const targets = scope.read(site, name).map((d) => metadataId(index, d.box, d.index));
      const box = site.kind === "channel" ? undefined : site.box?.index;
      add("metadata", name, [...path, "identifier"], false, targets, box === undefined ? {} : { box });
    } else if (typeof node.boxName === "string" && isWritten(document, index, path)) {
      add("box", node.boxName, [...path, "boxName"], false, [boxId(index, node.boxName)]);
    }
  }
  return out;
}

/**
 * Whether the `boxName` of an expression is written in the text. In the DSL, the box an expression reads by
 * default (its own) is implied: the compiler then maps `boxName` and `fromMain` both to the function's name.
 */
function isWritten(document: ParsedDocument, service: number, path: Path): boolean {
  const source = document.source.services[service];
  if (!source) return false;
  const name = source.locate([...path, "boxName"]);
  if (name.depth < path.length + 1) return false;
  if (document.source.format === "json") return true;
  const target = source.locate([...path, "fromMain"]);
  return !(
    target.depth === path.length + 1 &&
    target.span.offset === name.span.offset &&
    target.span.length === name.span.length
  );
}

/** The occurrence whose name is at the offset (touching either end of it counts). */
export function occurrenceAt(document: ParsedDocument, offset: number): Occurrence | undefined {
  return occurrences(document).find((o) => o.span.offset <= offset && offset <= o.span.offset + o.span.length);
}

/** The occurrences naming one of these definitions, in text order. */
export function naming(document: ParsedDocument, targets: readonly string[]): Occurrence[] {
  const wanted = new Set(targets);
  return occurrences(document).filter((o) => o.targets.some((t) => wanted.has(t)));
}
