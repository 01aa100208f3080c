import * as z from "zod";
import { Area, ExtractionParameters, int, named, UUID_PATTERN, uuid } from "./common.js";
import { BooleanExpression, ValueExpression } from "./expressions.js";

/** Reconcile counts the service assumes when a count is left out. */
export const RECONCILE_DEFAULTS = { minExpected: 0, maxExpected: -1, minMatches: 0, maxMatches: 1 } as const;

const positiveOrUnbounded = (what: string) =>
  int()
    .refine((n) => n > 0 || n === -1, { error: "expected a number greater than 0, or -1 for no limit" })
    .describe(`${what}: greater than 0, or -1 for no limit.`);

// A refinement is invisible to JSON Schema, so the same rule is spelled out for the generator.
const positiveOrUnboundedJson = { anyOf: [{ const: -1 }, { minimum: 1 }] };

export const Reconcile = z
  .strictObject({
    condition: BooleanExpression.describe(
      "Condition that pairs a file of this box with a document of a MAIN box; metadata references name metadata of this box or of a MAIN box.",
    ),
    minExpected: int()
      .min(0)
      .default(RECONCILE_DEFAULTS.minExpected)
      .describe("Fewest files of this box the job may contain, 0 or more (default 0)."),
    maxExpected: positiveOrUnbounded("Most files of this box the job may contain (default -1)")
      .default(RECONCILE_DEFAULTS.maxExpected)
      .meta({ ...positiveOrUnboundedJson }),
    minMatches: int()
      .min(0)
      .default(RECONCILE_DEFAULTS.minMatches)
      .describe("Fewest files of this box each MAIN document must be paired with, 0 or more (default 0)."),
    maxMatches: positiveOrUnbounded("Most files of this box each MAIN document may be paired with (default 1)")
      .default(RECONCILE_DEFAULTS.maxMatches)
      .meta({ ...positiveOrUnboundedJson }),
  })
  .meta(
    named("Reconcile", "How files of an attachment box are paired with the documents of the MAIN box, and how many."),
  );

export const Parent = z
  .strictObject({
    boxName: z
      .string()
      .describe("Name of the archive box (`box.ARCHIVE`) whose entries this box takes its files from."),
    fileMatcher: BooleanExpression.describe(
      "Condition an archive entry must meet to land in this box; it may read the entry's path inside the archive.",
    ),
    rank: int()
      .min(1)
      .describe(
        "Order in which the matchers of the boxes extracting from the same archive are tried: 1 first, then 2...",
      ),
  })
  .meta(named("Parent", "Extraction of this box's files from the entries of an archive box."));

export const Metadata = z
  .strictObject({
    name: z.string().describe("Name of the metadata; references use it, so it is unique in its box."),
    persist: z.boolean().describe("Keep the value with the job after processing."),
    editable: z.boolean().describe("Let the user change the value."),
    content: ValueExpression.describe(
      "Expression computing the value. File and PDF expressions in it must target this box; references name metadata of this box or of a MAIN box.",
    ),
  })
  .meta(named("Metadata", "A named value computed for each document of a box."));

export const ConfiguredFile = z
  .strictObject({
    serviceFileId: uuid()
      .nullable()
      .describe(
        "UUID of a file stored with the service; null when adding a new one, otherwise it must exist in the service.",
      ),
    removable: z.boolean().describe("False when the file is mandatory at job creation."),
  })
  .meta(named("ConfiguredFile", "A file stored with the service and offered in this box at job creation."));

const editable = () => z.boolean().describe("Whether a job may override this split configuration at creation.");

export const SplitConfig = z
  .discriminatedUnion("@type", [
    z
      .strictObject({ "@type": z.literal("bsc.NONE").describe("No split."), editable: editable() })
      .meta(named("bsc.NONE", "Every file is one document.")),
    z
      .strictObject({
        "@type": z.literal("bsc.PAGE").describe("Split every N pages."),
        editable: editable(),
        pages: int()
          .min(1)
          .describe("Number of pages per document, 1 or more; the page count of the file must be a multiple of it."),
      })
      .meta(named("bsc.PAGE", "The file is cut into documents of a fixed page count.")),
    z
      .strictObject({
        "@type": z.literal("bsc.PDF_AREA").describe("Split on text found in an area."),
        editable: editable(),
        area: Area.describe("Rectangle whose text marks a document boundary."),
        value: z
          .string()
          .min(1)
          .describe("Text the area must hold, compared for equality; a leading ^ means 'starts with'."),
        // The spec types it as an integer and describes 1 and -1 only: any other is the linter's warning.
        pages: int().describe(
          "1: the marked page is the first page of each document; -1: it is the last page (the spec describes no other value).",
        ),
        extractionParameters: ExtractionParameters.optional().describe(
          "Options for the text-extraction library used on the area.",
        ),
      })
      .meta(named("bsc.PDF_AREA", "The file is cut where the text of an area matches a value.")),
  ])
  .meta(named("SplitConfig", "How the files of a PDF box are cut into documents."));

/** Integer or UUID text. Kept as one pattern so zod and JSON Schema agree. */
const APPOSITION_ID_PATTERN = new RegExp(`^(?:[0-9]+|${UUID_PATTERN.source.slice(1, -1)})$`);

export const Apposition = z
  .strictObject({
    "@type": z.enum(["bap.Overlay", "bap.Image"]).describe("Kind of apposition: an overlay PDF or an image."),
    id: z
      .string()
      .regex(APPOSITION_ID_PATTERN, { error: "expected an integer or a UUID" })
      .nullable()
      .describe("Identifier of the apposition, an integer or a UUID as text; null when creating it."),
    targetType: z
      .enum(["ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"])
      .describe("What the apposition is laid on: the address page, each document, or the composed document."),
    serializedPageFilter: z
      .string()
      .describe("Which pages receive the apposition, in the service's page-filter syntax."),
    background: z.boolean().describe("Lay the apposition under the page content rather than over it."),
    editable: z.boolean().describe("Let a job change the apposition."),
    serviceFileId: uuid().optional().describe("UUID of the service file holding the overlay or image."),
  })
  .meta(named("Apposition", "An overlay or image laid on the pages of a PDF box."));

const commonFields = <T extends string>(type: T) => ({
  "@type": z.literal(type).describe(`Discriminator: always "${type}".`),
  name: z.string().describe("Name of the box; file parts at job creation and references from other boxes use it."),
  hidden: z.boolean().describe("Hide the box in the front end (false by default)."),
  minElements: int().min(0).describe("Fewest files the box accepts in a job, 0 or more."),
  maxElements: int().min(0).describe("Most files the box accepts in a job, 0 or more."),
  label: z.string().optional().describe("Text shown to users for the box instead of its name."),
});

const inflatedFields = () => ({
  main: z.boolean().describe("True for a MAIN box (the documents being sent), false for an ATTACHMENT box."),
  parent: Parent.nullable().describe("Extraction from an archive box, or null when files are uploaded directly."),
  metadatas: z.array(Metadata).describe("Values computed for each document of the box."),
  reconcile: Reconcile.nullable().describe("Pairing of this box's files with MAIN documents, or null when unused."),
  configuredFiles: z.array(ConfiguredFile).describe("Files stored with the service and offered in this box."),
});

export const PdfBox = z
  .strictObject({
    ...commonFields("box.PDF"),
    ...inflatedFields(),
    integrityPreservable: z
      .boolean()
      .optional()
      .describe("True when the box can be the source of an output file flagged to preserve integrity."),
    splitConfig: SplitConfig.optional().describe("How the box's files are cut into documents."),
    hasAddressPage: z.boolean().optional().describe("True when the documents carry an address page."),
    appositions: z.array(Apposition).optional().describe("Overlays and images laid on the box's pages."),
  })
  .meta(named("box.PDF", "A box of PDF files."));

// The spec does not show the fields specific to DATA_FILE and ARCHIVE boxes: they pass through untouched.
export const DataFileBox = z
  .looseObject({ ...commonFields("box.DATA_FILE"), ...inflatedFields() })
  .meta(named("box.DATA_FILE", "A box of data files (fields beyond the common ones pass through unchecked)."));

export const ArchiveBox = z
  .looseObject({ ...commonFields("box.ARCHIVE") })
  .meta(
    named(
      "box.ARCHIVE",
      "A box of archives whose entries other boxes extract through their `parent` (fields beyond the common ones pass through unchecked).",
    ),
  );

export const Box = z
  .discriminatedUnion("@type", [PdfBox, DataFileBox, ArchiveBox])
  .meta(named("Box", "A named slot for the input files of a job; its kind is given by `@type`."));

export type Box = z.infer<typeof Box>;
export type BoxType = Box["@type"];
export type InflatedBox = z.infer<typeof PdfBox> | z.infer<typeof DataFileBox>;
export type SplitConfig = z.infer<typeof SplitConfig>;
export type Apposition = z.infer<typeof Apposition>;
export type Metadata = z.infer<typeof Metadata>;
export type Parent = z.infer<typeof Parent>;
export type Reconcile = z.input<typeof Reconcile>;
