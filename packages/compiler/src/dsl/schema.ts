import { type JsonSchema, SERVICE_TYPES, toJsonSchema } from "@mailroom/model";
import * as z from "zod";

/**
 * The shape of a `.service.yaml` file, in zod: the one source of the DSL's keys and their descriptions, used
 * by the compiler (known keys, suggestions), the generated `schemas/service-dsl.schema.json` and editor hover.
 * Objects are loose because unknown keys pass through to the JSON (with a warning from the compiler).
 */

/** `3` or `1..50`; the upper bound may be `*` for "no limit" (-1 in the JSON). */
export const RANGE_PATTERN = /^\s*(-?\d+)\s*\.\.\s*(-?\d+|\*)\s*$/;
/** `#RRGGBB` or `#RRGGBBAA`. */
export const HEX_COLOUR_PATTERN = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/;

const RANGE_EXPECTED = "expected a count such as 3 or a range such as 1..50";

const range = (what: string) =>
  z
    .union([z.int(), z.string().regex(RANGE_PATTERN, { error: RANGE_EXPECTED })], { error: RANGE_EXPECTED })
    .describe(
      `${what}: a number for an exact count, or a range such as 1..50; \`*\` as the upper bound means no limit.`,
    );

const RawExpression = z
  .looseObject({ "@type": z.string().describe("The JSON expression type, such as exv.Concat or exb.AND.") })
  .meta({
    id: "RawExpression",
    title: "RawExpression",
    description: "An expression in the API's raw JSON form, accepted anywhere an expression is.",
  });

const expression = (what: string) =>
  z.union([z.string(), z.number(), z.boolean(), RawExpression]).describe(`${what} See docs/expressions.md.`);

const valueExpression = (what: string) => expression(`${what} A value expression such as \`fileName[0:8]\`.`);
const condition = (what: string) => expression(`${what} A condition such as \`meta.key == meta.invoice\`.`);

export const MetadataLongForm = z.looseObject({
  value: valueExpression("The metadata's value."),
  persist: z.boolean().optional().describe("Keep the value with the job after processing (default false)."),
  editable: z.boolean().optional().describe("Let the user change the value (default false)."),
});

const Metadata = z
  .union([valueExpression("The metadata's value (neither persisted nor editable)."), MetadataLongForm])
  .meta({
    id: "DslMetadata",
    title: "Metadata",
    description: "A metadata: an expression, or `{ value, persist, editable }`.",
  });

export const From = z
  .looseObject({
    archive: z.string().describe("Name of the archive box whose entries this box takes (parent.boxName)."),
    rank: z.int().describe("Order in which matchers on the same archive are tried: 1 first (parent.rank)."),
    match: condition("Condition an archive entry must meet to land in this box (parent.fileMatcher)."),
  })
  .meta({ id: "DslFrom", title: "From", description: "Extraction of this box's files from an archive box." });

export const Reconcile = z
  .looseObject({
    when: condition("Condition pairing a file of this box with a MAIN document."),
    expected: range("Files of this box the job may contain (minExpected..maxExpected, default 0..*)").optional(),
    matches: range(
      "Files of this box each MAIN document may be paired with (minMatches..maxMatches, default 0..1)",
    ).optional(),
  })
  .meta({
    id: "DslReconcile",
    title: "Reconcile",
    description: "How the files of this box are paired with MAIN documents, and how many.",
  });

export const ConfiguredFile = z
  .looseObject({
    id: z.string().nullable().optional().describe("UUID of the service file; omit or null when adding a new one."),
    removable: z.boolean().describe("False when the file is mandatory at job creation."),
  })
  .meta({ id: "DslConfiguredFile", title: "ConfiguredFile", description: "A file stored with the service." });

const Area = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe("[left, top, width, height] of a rectangle on the page.");

export const Split = z
  .union([
    z.literal("none").describe("No split, not editable by jobs."),
    z.looseObject({
      type: z.enum(["none", "pages", "area"]).optional().describe("Kind of split; inferred from the other keys."),
      editable: z.boolean().optional().describe("Let a job override the split (default false)."),
      pages: z.int().optional().describe("Split every N pages (bsc.PAGE)."),
      area: Area.optional(),
      value: z.string().optional().describe("Text the area must hold; a leading ^ means 'starts with' (bsc.PDF_AREA)."),
      page: z
        .union([z.enum(["first", "last"]), z.int()])
        .optional()
        .describe(
          "Whether the marked page is the first or the last page of each document; another page as its number (pages), which the spec does not describe.",
        ),
      params: z.record(z.string(), z.string()).optional().describe("Options of the text-extraction library."),
    }),
    RawExpression,
  ])
  .meta({
    id: "DslSplit",
    title: "Split",
    description: "How the box's PDF files are cut into documents: `none`, `{ pages: N }` or `{ area, value, page }`.",
  });

export const Apposition = z
  .looseObject({
    type: z.enum(["overlay", "image"]).describe("An overlay PDF (bap.Overlay) or an image (bap.Image)."),
    id: z
      .union([z.string(), z.int()])
      .nullable()
      .optional()
      .describe("Identifier, an integer or a UUID; omit when creating."),
    target: z.enum(["ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"]).describe("What the apposition is laid on."),
    pageFilter: z.string().describe("Which pages receive it (serializedPageFilter)."),
    background: z.boolean().optional().describe("Lay it under the page content (default false)."),
    editable: z.boolean().optional().describe("Let a job change it (default false)."),
    file: z.string().optional().describe("UUID of the service file holding the overlay or image."),
  })
  .meta({ id: "DslApposition", title: "Apposition", description: "An overlay or image laid on the pages." });

/** An apposition as the API writes it, for one the DSL's form cannot hold (a field the model does not know). */
const RawApposition = z
  .looseObject({ "@type": z.string().describe("The JSON apposition type: bap.Overlay or bap.Image.") })
  .meta({ id: "RawApposition", title: "RawApposition", description: "An apposition in the API's raw JSON form." });

const common = {
  label: z.string().optional().describe("Text shown to users for the box instead of its name."),
  hidden: z.boolean().optional().describe("Hide the box in the front end (default false)."),
  elements: range("How many files the box takes (minElements..maxElements)"),
};

const inflated = {
  main: z.boolean().optional().describe("A MAIN box (the documents sent) rather than an ATTACHMENT (default false)."),
  from: From.nullable().optional().describe("Extraction of this box's files from an archive box (parent)."),
  metadata: z
    .union([
      z.record(z.string(), Metadata),
      z.array(MetadataLongForm.extend({ name: z.string().describe("Name of the metadata.") })),
    ])
    .optional()
    .describe("Values computed for each document, by name."),
  reconcile: Reconcile.nullable().optional().describe("How this box's files are paired with MAIN documents."),
  files: z.array(ConfiguredFile).optional().describe("Files stored with the service and offered in this box."),
};

export const PdfBox = z
  .looseObject({
    type: z.literal("pdf").describe("A box of PDF files (box.PDF)."),
    ...common,
    ...inflated,
    integrityPreservable: z
      .boolean()
      .optional()
      .describe("The box can be the source of an output file that preserves integrity."),
    split: Split.optional().describe("How the box's PDF files are cut into documents (splitConfig)."),
    hasAddressPage: z.boolean().optional().describe("The documents carry an address page."),
    appositions: z
      .array(z.union([Apposition, RawApposition]))
      .optional()
      .describe("Overlays and images laid on the pages."),
  })
  .meta({ id: "DslPdfBox", title: "PDF box", description: "A box of PDF files." });

export const DataFileBox = z
  .looseObject({
    type: z.literal("data-file").describe("A box of data files (box.DATA_FILE)."),
    ...common,
    ...inflated,
  })
  .meta({ id: "DslDataFileBox", title: "Data-file box", description: "A box of data files." });

export const ArchiveBox = z
  .looseObject({ type: z.literal("archive").describe("A box of archives (box.ARCHIVE)."), ...common })
  .meta({ id: "DslArchiveBox", title: "Archive box", description: "A box of archives that other boxes extract from." });

export const DslBox = z
  .discriminatedUnion("type", [PdfBox, DataFileBox, ArchiveBox])
  .meta({ id: "DslBox", title: "Box", description: "A named slot for the input files of a job." });

// The list forms of the named collections carry the name inside each entry; they exist so that any JSON,
// duplicate names included, can be written in the DSL.
const boxName = { name: z.string().describe("Name of the box.") };
const NamedBox = z
  .discriminatedUnion("type", [PdfBox.extend(boxName), DataFileBox.extend(boxName), ArchiveBox.extend(boxName)])
  .meta({ id: "DslNamedBox", title: "Box (list form)", description: "A box with its name, in the list form." });

export const Channel = z
  .looseObject({
    outputFiles: z
      .array(z.union([z.string(), z.looseObject({})]))
      .optional()
      .describe("Output files, by name or as objects; default: one file named MAIN."),
  })
  .meta({
    id: "DslChannel",
    title: "Channel",
    description: "A delivery route; keys other than outputFiles pass through to the channel's JSON.",
  });

const Colour = z.union([
  z
    .string()
    .regex(HEX_COLOUR_PATTERN, { error: "expected a colour written #RRGGBB or #RRGGBBAA" })
    .describe("#RRGGBB or #RRGGBBAA."),
  z
    .looseObject({
      r: z.int().describe("Red, 0 to 255."),
      g: z.int().describe("Green, 0 to 255."),
      b: z.int().describe("Blue, 0 to 255."),
      a: z.number().describe("Opacity, 0.0 to 1.0."),
    })
    .describe("Components r, g, b (0 to 255) and a (0.0 to 1.0)."),
]);

export const Icon = z
  .looseObject({
    name: z.string().optional().describe("Name of the icon (iconName)."),
    color: Colour.optional().describe("Colour of the icon (iconColor)."),
  })
  .describe("The service's icon.");

export const DslService = z
  .looseObject({
    id: z.int().describe("Identifier of the service (serviceId at job creation)."),
    name: z.string().describe("Name of the service."),
    type: z.enum(SERVICE_TYPES).describe("Kind of service."),
    organizationalUnit: z
      .looseObject({ id: z.int().describe("Unit id."), name: z.string().describe("Unit name.") })
      .optional()
      .describe("Organizational unit the service belongs to."),
    description: z.string().optional().describe("Text describing the service to its users."),
    icon: Icon.optional(),
    boxes: z.union([z.record(z.string(), DslBox), z.array(NamedBox)]).describe("The boxes, by name, in order."),
    channels: z
      .union([
        z.record(z.string(), Channel.nullable()),
        z.array(Channel.extend({ label: z.string().describe("Label of the channel.") })),
      ])
      .optional()
      .describe("The channels, by label, in order."),
    properties: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Extra fields passed through into the service's JSON `properties` as written."),
  })
  .meta({ id: "DslService", title: "mailroom service", description: "A service of the hybrid-mail job API." });

/**
 * The JSON fields a DSL key writes, where their names differ: people who know the API write those names, and a
 * misspelling of one (`minElement`) stands for the DSL key (`elements`).
 */
const JSON_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ["archive", ["boxName"]],
  ["elements", ["minElements", "maxElements"]],
  ["expected", ["minExpected", "maxExpected"]],
  ["file", ["serviceFileId"]],
  ["files", ["configuredFiles"]],
  ["from", ["parent"]],
  ["match", ["fileMatcher"]],
  ["matches", ["minMatches", "maxMatches"]],
  ["metadata", ["metadatas"]],
  ["outputFiles", ["outputFilesConfig"]],
  ["pageFilter", ["serializedPageFilter"]],
  ["params", ["extractionParameters"]],
  ["split", ["splitConfig"]],
  ["target", ["targetType"]],
  ["type", ["@type"]],
  ["when", ["condition"]],
]);

export const jsonNamesOf = (key: string): readonly string[] => JSON_NAMES.get(key) ?? [];

/** `schemas/service-dsl.schema.json`: completion and validation of `.service.yaml` files in any YAML editor. */
export function dslJsonSchema(): JsonSchema {
  return toJsonSchema(DslService, "mailroom: service (YAML DSL)");
}
