import {
  described,
  Apposition as JsonApposition,
  ConfiguredFile as JsonConfiguredFile,
  Metadata as JsonMetadata,
  Parent as JsonParent,
  PdfBox as JsonPdfBox,
  Reconcile as JsonReconcile,
  type JsonSchema,
  Service as JsonService,
  ServiceProperties as JsonServiceProperties,
  RECONCILE_DEFAULTS,
  SERVICE_TYPES,
  toJsonSchema,
} from "@mailroom/model";
import type { PathSegment } from "@mailroom/syntax";
import * as z from "zod";
import type { SiteKind } from "../functions/definition.js";
import type { ExpressionKind } from "./expressions.js";
import { Colour, condition, RawApposition, range, Split, valueExpression } from "./schema.js";

/**
 * The DSL's shape, declared once: each object of a `.service.yaml` file as a table of its keys, each row a DSL key
 * with the JSON field(s) it writes, what the JSON holds when it is absent, its kind and its schema. The compiler
 * and the decompiler read the rows both ways, the DSL's JSON Schema and key completion are built from them, and
 * the editor finds expressions, names and block sections through them. Adding an ordinary key is one row.
 */

export type RowKind =
  /** A value copied as written (`hidden: true` is `"hidden": true`). */
  | "scalar"
  /** A count or a range (`elements: 1..50`), written into a JSON minimum and maximum. */
  | "range"
  /** An expression in the DSL's text (see docs/expressions.md), compiled into its JSON. */
  | "expression"
  /** An object of the DSL with its own shape (`from`, `reconcile`); absent or null, the JSON's null. */
  | "object"
  /** A collection by name (`boxes`, `metadata`): a map whose keys are the names, or the list form. */
  | "named"
  /** A list of objects with their own shape (`files`). */
  | "list"
  /** A key whose translation is code of its own (a box's `type`, `split`, `appositions`, `icon`...). */
  | "special";

export interface Row {
  /** The DSL key. */
  readonly key: string;
  /** The JSON fields it writes: one, or the minimum and the maximum of a range. */
  readonly json: readonly string[];
  readonly kind: RowKind;
  /** What the JSON holds when the key is absent (a range: [min, max]); without one, no field. */
  readonly default?: unknown;
  /** What an expression must be. */
  readonly expression?: ExpressionKind;
  /** Of an expression: the site it is, which decides the functions meaningful in it. */
  readonly site?: SiteKind;
  /** Of a scalar holding a box's name: the box types it may name. */
  readonly names?: readonly BoxType[];
  /** Of an object, a named collection or a list: the shape of the value or of each entry. */
  readonly shape?: Shape;
  /** Of a named collection: the field naming an entry, in the JSON and in the DSL's list form. */
  readonly nameKey?: string;
  /** Of a box key: the DSL box types that have it. */
  readonly boxTypes?: readonly BoxType[];
  /**
   * Whether a misspelling of the JSON field (`minElement`) stands for the key when the key is missing (people
   * write the names they know from the API); not where the key means another field elsewhere in the DSL (`id`).
   */
  readonly jsonName?: false;
  /** Of a service key: the object below the service's own in the JSON that holds its field. */
  readonly under?: "properties";
  /** The value is written in block style whatever its length (of a named collection: the collection). */
  readonly block?: boolean;
  /** The value's schema in the DSL, as its JSON Schema and completion show it. */
  readonly schema: z.ZodType;
}

export interface Shape {
  /** The keys, in the order the DSL's schema lists them. */
  readonly rows: readonly Row[];
  /** The fields of the JSON object it compiles to, in the JSON's order (the model's). */
  readonly jsonOrder?: readonly string[];
  /** The order `decompile` writes the keys in, when not the rows'. */
  readonly written?: readonly string[];
  /** Each object of the shape is written in block style whatever its length. */
  readonly block?: boolean;
  /** Of a named entry: the row whose value alone may stand for the entry (`name: <expression>`). */
  readonly short?: string;
}

export type BoxType = "pdf" | "data-file" | "archive";

/** The fields of a model object, in its order. */
const fieldsOf = (model: z.ZodObject): readonly string[] => Object.keys(model.shape);

const ALL_BOXES: readonly BoxType[] = ["pdf", "data-file", "archive"];
const INFLATED: readonly BoxType[] = ["pdf", "data-file"];
const PDF: readonly BoxType[] = ["pdf"];

/** The zod fields of rows (of one box type, for a box). */
const fields = (rows: readonly Row[], type?: BoxType): Record<string, z.ZodType> =>
  Object.fromEntries(
    rows
      .filter((row) => !type || row.boxTypes?.includes(type))
      .map((row): [string, z.ZodType] => [row.key, row.schema]),
  );

const METADATA_ROWS: readonly Row[] = [
  {
    key: "value",
    json: ["content"],
    jsonName: false,
    kind: "expression",
    expression: "value",
    site: "metadata",
    schema: valueExpression("The metadata's value."),
  },
  {
    key: "persist",
    json: ["persist"],
    kind: "scalar",
    default: false,
    schema: described(z.boolean().optional(), "Keep the value with the job after processing (default false)."),
  },
  {
    key: "editable",
    json: ["editable"],
    kind: "scalar",
    default: false,
    schema: described(z.boolean().optional(), "Let the user change the value (default false)."),
  },
];
export const MetadataLongForm = z.looseObject(fields(METADATA_ROWS));
export const METADATA: Shape = { rows: METADATA_ROWS, jsonOrder: fieldsOf(JsonMetadata), short: "value" };

const Metadata = z
  .union([valueExpression("The metadata's value (neither persisted nor editable)."), MetadataLongForm])
  .meta({
    id: "DslMetadata",
    title: "Metadata",
    description: "A metadata: an expression, or `{ value, persist, editable }`.",
  });

const FROM_ROWS: readonly Row[] = [
  {
    key: "archive",
    json: ["boxName"],
    kind: "scalar",
    names: ["archive"],
    schema: described(z.string(), "Name of the archive box whose entries this box takes (parent.boxName)."),
  },
  {
    key: "rank",
    json: ["rank"],
    kind: "scalar",
    schema: described(z.int(), "Order in which matchers on the same archive are tried: 1 first (parent.rank)."),
  },
  {
    key: "match",
    json: ["fileMatcher"],
    kind: "expression",
    expression: "condition",
    site: "file-matcher",
    schema: condition("Condition an archive entry must meet to land in this box (parent.fileMatcher)."),
  },
];
export const From = z
  .looseObject(fields(FROM_ROWS))
  .meta({ id: "DslFrom", title: "From", description: "Extraction of this box's files from an archive box." });
export const FROM: Shape = { rows: FROM_ROWS, jsonOrder: fieldsOf(JsonParent) };

const RECONCILE_ROWS: readonly Row[] = [
  {
    key: "when",
    json: ["condition"],
    kind: "expression",
    expression: "condition",
    site: "reconcile",
    schema: condition("Condition pairing a file of this box with a MAIN document."),
  },
  {
    key: "expected",
    json: ["minExpected", "maxExpected"],
    kind: "range",
    default: [RECONCILE_DEFAULTS.minExpected, RECONCILE_DEFAULTS.maxExpected],
    schema: range("Files of this box the job may contain (minExpected..maxExpected, default 0..*)").optional(),
  },
  {
    key: "matches",
    json: ["minMatches", "maxMatches"],
    kind: "range",
    default: [RECONCILE_DEFAULTS.minMatches, RECONCILE_DEFAULTS.maxMatches],
    schema: range(
      "Files of this box each MAIN document may be paired with (minMatches..maxMatches, default 0..1)",
    ).optional(),
  },
];
export const Reconcile = z.looseObject(fields(RECONCILE_ROWS)).meta({
  id: "DslReconcile",
  title: "Reconcile",
  description: "How the files of this box are paired with MAIN documents, and how many.",
});
export const RECONCILE: Shape = { rows: RECONCILE_ROWS, jsonOrder: fieldsOf(JsonReconcile) };

const FILE_ROWS: readonly Row[] = [
  {
    key: "id",
    json: ["serviceFileId"],
    jsonName: false,
    kind: "scalar",
    default: null,
    schema: described(
      z.string().nullable().optional(),
      "UUID of the service file; omit or null when adding a new one.",
    ),
  },
  {
    key: "removable",
    json: ["removable"],
    kind: "scalar",
    schema: described(z.boolean(), "False when the file is mandatory at job creation."),
  },
];
export const ConfiguredFile = z
  .looseObject(fields(FILE_ROWS))
  .meta({ id: "DslConfiguredFile", title: "ConfiguredFile", description: "A file stored with the service." });
export const FILE: Shape = { rows: FILE_ROWS, jsonOrder: fieldsOf(JsonConfiguredFile) };

const APPOSITION_ROWS: readonly Row[] = [
  {
    key: "type",
    json: ["@type"],
    kind: "special",
    schema: described(z.enum(["overlay", "image"]), "An overlay PDF (bap.Overlay) or an image (bap.Image)."),
  },
  {
    key: "id",
    json: ["id"],
    kind: "special",
    schema: described(
      z.union([z.string(), z.int()]).nullable().optional(),
      "Identifier, an integer or a UUID; omit when creating.",
    ),
  },
  {
    key: "target",
    json: ["targetType"],
    kind: "scalar",
    schema: described(z.enum(["ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"]), "What the apposition is laid on."),
  },
  {
    key: "pageFilter",
    json: ["serializedPageFilter"],
    kind: "scalar",
    schema: described(z.string(), "Which pages receive it (serializedPageFilter)."),
  },
  {
    key: "background",
    json: ["background"],
    kind: "scalar",
    default: false,
    schema: described(z.boolean().optional(), "Lay it under the page content (default false)."),
  },
  {
    key: "editable",
    json: ["editable"],
    kind: "scalar",
    default: false,
    schema: described(z.boolean().optional(), "Let a job change it (default false)."),
  },
  {
    key: "file",
    json: ["serviceFileId"],
    kind: "scalar",
    schema: described(z.string().optional(), "UUID of the service file holding the overlay or image."),
  },
];
export const Apposition = z
  .looseObject(fields(APPOSITION_ROWS))
  .meta({ id: "DslApposition", title: "Apposition", description: "An overlay or image laid on the pages." });
export const APPOSITION: Shape = { rows: APPOSITION_ROWS, jsonOrder: fieldsOf(JsonApposition) };

const BOX_ROWS: readonly Row[] = [
  {
    key: "type",
    json: ["@type"],
    kind: "special",
    boxTypes: ALL_BOXES,
    // Each box type's schema has its own literal (see boxSchema).
    schema: z.enum(ALL_BOXES),
  },
  {
    key: "label",
    json: ["label"],
    kind: "scalar",
    boxTypes: ALL_BOXES,
    schema: described(z.string().optional(), "Text shown to users for the box instead of its name."),
  },
  {
    key: "hidden",
    json: ["hidden"],
    kind: "scalar",
    default: false,
    boxTypes: ALL_BOXES,
    schema: described(z.boolean().optional(), "Hide the box in the front end (default false)."),
  },
  {
    key: "elements",
    json: ["minElements", "maxElements"],
    kind: "range",
    boxTypes: ALL_BOXES,
    schema: range("How many files the box takes (minElements..maxElements)"),
  },
  {
    key: "main",
    json: ["main"],
    kind: "scalar",
    default: false,
    boxTypes: INFLATED,
    schema: described(
      z.boolean().optional(),
      "A MAIN box (the documents sent) rather than an ATTACHMENT (default false).",
    ),
  },
  {
    key: "from",
    json: ["parent"],
    kind: "object",
    default: null,
    shape: FROM,
    boxTypes: INFLATED,
    schema: described(From.nullable().optional(), "Extraction of this box's files from an archive box (parent)."),
  },
  {
    key: "metadata",
    json: ["metadatas"],
    kind: "named",
    default: [],
    shape: METADATA,
    nameKey: "name",
    boxTypes: INFLATED,
    block: true,
    schema: described(
      z
        .union([
          z.record(z.string(), Metadata),
          z.array(MetadataLongForm.extend({ name: described(z.string(), "Name of the metadata.") })),
        ])
        .optional(),
      "Values computed for each document, by name.",
    ),
  },
  {
    key: "reconcile",
    json: ["reconcile"],
    kind: "object",
    default: null,
    shape: RECONCILE,
    boxTypes: INFLATED,
    block: true,
    schema: described(Reconcile.nullable().optional(), "How this box's files are paired with MAIN documents."),
  },
  {
    key: "files",
    json: ["configuredFiles"],
    kind: "list",
    default: [],
    shape: FILE,
    boxTypes: INFLATED,
    schema: described(z.array(ConfiguredFile).optional(), "Files stored with the service and offered in this box."),
  },
  {
    key: "integrityPreservable",
    json: ["integrityPreservable"],
    kind: "scalar",
    boxTypes: PDF,
    schema: described(z.boolean().optional(), "The box can be the source of an output file that preserves integrity."),
  },
  {
    key: "split",
    json: ["splitConfig"],
    kind: "special",
    boxTypes: PDF,
    schema: described(Split.optional(), "How the box's PDF files are cut into documents (splitConfig)."),
  },
  {
    key: "hasAddressPage",
    json: ["hasAddressPage"],
    kind: "scalar",
    boxTypes: PDF,
    schema: described(z.boolean().optional(), "The documents carry an address page."),
  },
  {
    key: "appositions",
    json: ["appositions"],
    kind: "special",
    shape: APPOSITION,
    boxTypes: PDF,
    schema: described(
      z.array(z.union([Apposition, RawApposition])).optional(),
      "Overlays and images laid on the pages.",
    ),
  },
];

/**
 * The keys of PDF boxes. On a data-file box they compile into their JSON fields, which the spec lets exist there
 * ("not shown"), for the linter to report (pdf-only-field).
 */
export const PDF_KEYS: readonly string[] = BOX_ROWS.filter(
  (row) => row.boxTypes?.length === 1 && row.boxTypes[0] === "pdf",
).map((row) => row.key);

const boxSchema = (type: BoxType, description: string) =>
  z.looseObject({
    type: described(z.literal(type), description),
    ...fields(
      BOX_ROWS.filter((row) => row.key !== "type"),
      type,
    ),
  });

export const PdfBox = boxSchema("pdf", "A box of PDF files (box.PDF).").meta({
  id: "DslPdfBox",
  title: "PDF box",
  description: "A box of PDF files.",
});
export const DataFileBox = boxSchema("data-file", "A box of data files (box.DATA_FILE).").meta({
  id: "DslDataFileBox",
  title: "Data-file box",
  description: "A box of data files.",
});
export const ArchiveBox = boxSchema("archive", "A box of archives (box.ARCHIVE).").meta({
  id: "DslArchiveBox",
  title: "Archive box",
  description: "A box of archives that other boxes extract from.",
});

/** Each DSL apposition type and its JSON `@type`. A map, since the type is user text. */
export const APPOSITION_TYPES: ReadonlyMap<string, string> = new Map([
  ["overlay", "bap.Overlay"],
  ["image", "bap.Image"],
]);

/** Each DSL box type: its JSON `@type` and its DSL schema. A map, since the type is user text (`constructor`). */
export const BOX_TYPES: ReadonlyMap<string, { readonly type: string; readonly schema: z.ZodType }> = new Map([
  ["pdf", { type: "box.PDF", schema: PdfBox }],
  ["data-file", { type: "box.DATA_FILE", schema: DataFileBox }],
  ["archive", { type: "box.ARCHIVE", schema: ArchiveBox }],
]);

export const BOX: Shape = {
  rows: BOX_ROWS,
  block: true,
  jsonOrder: fieldsOf(JsonPdfBox),
  written: [
    "type",
    "label",
    "hidden",
    "main",
    "elements",
    "from",
    "files",
    "integrityPreservable",
    "split",
    "hasAddressPage",
    "appositions",
    "metadata",
    "reconcile",
  ],
};

const DslBox = z
  .discriminatedUnion("type", [PdfBox, DataFileBox, ArchiveBox])
  .meta({ id: "DslBox", title: "Box", description: "A named slot for the input files of a job." });

// The list forms of the named collections carry the name inside each entry; they exist so that any JSON,
// duplicate names included, can be written in the DSL.
const boxName = { name: described(z.string(), "Name of the box.") };
const NamedBox = z
  .discriminatedUnion("type", [PdfBox.extend(boxName), DataFileBox.extend(boxName), ArchiveBox.extend(boxName)])
  .meta({ id: "DslNamedBox", title: "Box (list form)", description: "A box with its name, in the list form." });

const CHANNEL_ROWS: readonly Row[] = [
  {
    key: "outputFiles",
    json: ["outputFilesConfig"],
    kind: "special",
    schema: described(
      z.array(z.union([z.string(), z.looseObject({})])).optional(),
      "Output files, by name or as objects; default: one file named MAIN.",
    ),
  },
];
export const Channel = z.looseObject(fields(CHANNEL_ROWS)).meta({
  id: "DslChannel",
  title: "Channel",
  description: "A delivery route; keys other than outputFiles pass through to the channel's JSON.",
});
export const CHANNEL: Shape = { rows: CHANNEL_ROWS, block: true };

const ICON_ROWS: readonly Row[] = [
  {
    key: "name",
    json: ["iconName"],
    jsonName: false,
    kind: "special",
    schema: described(z.string().optional(), "Name of the icon (iconName)."),
  },
  {
    key: "color",
    json: ["iconColor"],
    kind: "special",
    schema: described(Colour.optional(), "Colour of the icon (iconColor)."),
  },
];
export const Icon = described(z.looseObject(fields(ICON_ROWS)), "The service's icon.");
export const ICON: Shape = { rows: ICON_ROWS };

/** The service: its own fields and, `under` its JSON `properties`, those of its properties. */
const SERVICE_ROWS: readonly Row[] = [
  {
    key: "id",
    json: ["id"],
    kind: "scalar",
    schema: described(z.int(), "Identifier of the service (serviceId at job creation)."),
  },
  { key: "name", json: ["name"], kind: "scalar", schema: described(z.string(), "Name of the service.") },
  { key: "type", json: ["type"], kind: "scalar", schema: described(z.enum(SERVICE_TYPES), "Kind of service.") },
  {
    key: "organizationalUnit",
    json: ["organizationalUnit"],
    kind: "scalar",
    schema: described(
      z.looseObject({ id: described(z.int(), "Unit id."), name: described(z.string(), "Unit name.") }).optional(),
      "Organizational unit the service belongs to.",
    ),
  },
  {
    key: "description",
    json: ["description"],
    kind: "scalar",
    under: "properties",
    schema: described(z.string().optional(), "Text describing the service to its users."),
  },
  { key: "icon", json: [], kind: "special", shape: ICON, schema: Icon.optional() },
  {
    key: "boxes",
    json: ["boxes"],
    kind: "named",
    under: "properties",
    shape: BOX,
    nameKey: "name",
    block: true,
    schema: described(z.union([z.record(z.string(), DslBox), z.array(NamedBox)]), "The boxes, by name, in order."),
  },
  {
    key: "channels",
    json: ["channels"],
    kind: "named",
    under: "properties",
    shape: CHANNEL,
    nameKey: "label",
    block: true,
    schema: described(
      z
        .union([
          z.record(z.string(), Channel.nullable()),
          z.array(Channel.extend({ label: described(z.string(), "Label of the channel.") })),
        ])
        .optional(),
      "The channels, by label, in order.",
    ),
  },
  {
    key: "properties",
    json: [],
    kind: "special",
    schema: described(
      z.record(z.string(), z.unknown()).optional(),
      "Extra fields passed through into the service's JSON `properties` as written.",
    ),
  },
];
export const DslService = z
  .looseObject(fields(SERVICE_ROWS))
  .meta({ id: "DslService", title: "mailroom service", description: "A service of the hybrid-mail job API." });
export const SERVICE: Shape = { rows: SERVICE_ROWS, jsonOrder: fieldsOf(JsonService), block: true };
/** The service's JSON `properties`, whose fields the DSL writes at the service's top level. */
export const PROPERTIES: Shape = {
  rows: SERVICE_ROWS.filter((row) => row.under === "properties"),
  jsonOrder: fieldsOf(JsonServiceProperties),
};

const SHAPES: readonly Shape[] = [SERVICE, ICON, BOX, METADATA, FROM, RECONCILE, FILE, APPOSITION, CHANNEL];

/** The JSON fields each DSL key writes where their names differ (`elements`: `minElements`, `maxElements`). */
const JSON_NAMES: ReadonlyMap<string, readonly string[]> = (() => {
  const names = new Map<string, Set<string>>();
  for (const row of SHAPES.flatMap((shape) => shape.rows)) {
    if (row.jsonName === false) continue;
    for (const field of row.json)
      if (field !== row.key) names.set(row.key, (names.get(row.key) ?? new Set()).add(field));
  }
  return new Map([...names].map(([key, fields]) => [key, [...fields]]));
})();

export const jsonNamesOf = (key: string): readonly string[] => JSON_NAMES.get(key) ?? [];

/** `schemas/service-dsl.schema.json`: completion and validation of `.service.yaml` files in any YAML editor. */
export function dslJsonSchema(): JsonSchema {
  return toJsonSchema(DslService, "mailroom: service (YAML DSL)");
}

/** The row of a key in a shape. */
export const rowOf = (shape: Shape | undefined, key: unknown): Row | undefined =>
  shape?.rows.find((row) => row.key === key);

/** A row's key as a file writes it: the DSL key, or in JSON its (first) JSON field. */
export const keyOf = (row: Row, dsl: boolean): string => (dsl ? row.key : (row.json[0] as string));

/** The rows of a shape in the order `decompile` writes them. */
export const writtenRows = (shape: Shape): readonly Row[] =>
  shape.written ? shape.written.map((key) => rowOf(shape, key) as Row) : shape.rows;

const keys = new WeakMap<Shape, Map<BoxType | undefined, readonly string[]>>();

/** The keys of a shape (of one box type, for a box), in its order. */
export function keysOf(shape: Shape, type?: BoxType): readonly string[] {
  const byType = keys.get(shape) ?? new Map<BoxType | undefined, readonly string[]>();
  keys.set(shape, byType);
  let found = byType.get(type);
  if (!found) {
    found = shape.rows.filter((row) => !type || row.boxTypes?.includes(type)).map((row) => row.key);
    byType.set(type, found);
  }
  return found;
}

const jsonFields = new WeakMap<Shape, ReadonlySet<string>>();

/** A compiled JSON object with its fields in the JSON's order; fields the shape does not write after them. */
export function inJsonOrder(json: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const order = shape.jsonOrder ?? [];
  const known = jsonFields.get(shape) ?? new Set(order);
  jsonFields.set(shape, known);
  const ordered: Record<string, unknown> = {};
  for (const key of order) if (Object.hasOwn(json, key)) ordered[key] = json[key];
  for (const key of Object.keys(json)) if (!known.has(key)) ordered[key] = json[key];
  return ordered;
}

/** An expression's place in the DSL: what it must be, and the names of the entries it is in (box, metadata). */
export interface ExpressionPlace {
  readonly kind: ExpressionKind;
  /** The site it is, when its row says. */
  readonly site?: SiteKind;
  readonly names: readonly PathSegment[];
  /**
   * The path of the entry holding the expression in its long form (`{ value, persist }`), if any: a mapping with
   * an `@type` there is an expression in the raw JSON form, whose fields are not the DSL's.
   */
  readonly longForm?: readonly PathSegment[];
}

/**
 * Whether the DSL expects an expression at a path from the file's root, by the rows the path goes through: a
 * metadata (`metadata: { name: <expression> }` or its `value`), a reconcile `when`, a `from.match`...
 */
export function expressionPlace(path: readonly PathSegment[]): ExpressionPlace | undefined {
  let shape: Shape | undefined = SERVICE;
  let longForm: readonly PathSegment[] | undefined;
  const names: PathSegment[] = [];
  for (let i = 0; i < path.length; i++) {
    const row = rowOf(shape, path[i]);
    if (row?.kind === "expression" && row.expression) {
      if (i < path.length - 1) return undefined;
      const place = { kind: row.expression, names, ...(row.site && { site: row.site }) };
      return longForm ? { ...place, longForm } : place;
    }
    if (row?.kind === "named" && i + 1 < path.length) {
      names.push(path[++i] as PathSegment);
      shape = row.shape;
      // An entry written in the short form is its short row's value.
      const short = rowOf(shape, shape?.short);
      if (i === path.length - 1)
        return short?.expression
          ? { kind: short.expression, names, ...(short.site && { site: short.site }) }
          : undefined;
      longForm = short ? path.slice(0, i + 1) : undefined;
    } else if (row?.kind === "object") shape = row.shape;
    else return undefined;
  }
  return undefined;
}
