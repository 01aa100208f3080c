import * as z from "zod";
import { Area, described, ExtractionParameters, int, named, UUID_PATTERN, uuid } from "./common.js";
import { BooleanExpression, ValueExpression } from "./expressions.js";

/** Reconcile counts the service assumes when a count is left out. */
export const RECONCILE_DEFAULTS = { minExpected: 0, maxExpected: -1, minMatches: 0, maxMatches: 1 } as const;

const positiveOrUnbounded = (what: string) =>
  described(
    int().refine((n) => n > 0 || n === -1, { error: "expected a number greater than 0, or -1 for no limit" }),
    `${what}: greater than 0, or -1 for no limit.`,
  );

// A refinement is invisible to JSON Schema, so the same rule is spelled out for the generator.
const positiveOrUnboundedJson = { anyOf: [{ const: -1 }, { minimum: 1 }] };

export const Reconcile = z
  .strictObject({
    condition: BooleanExpression.describe(
      "Condition that pairs a file of this box with a document of a MAIN box; metadata references name metadata of this box or of a MAIN box.",
    ),
    minExpected: described(
      int().min(0).default(RECONCILE_DEFAULTS.minExpected),
      "Fewest files of this box the job may contain, 0 or more (default 0).",
    ),
    maxExpected: positiveOrUnbounded("Most files of this box the job may contain (default -1)")
      .default(RECONCILE_DEFAULTS.maxExpected)
      .meta({ ...positiveOrUnboundedJson }),
    minMatches: described(
      int().min(0).default(RECONCILE_DEFAULTS.minMatches),
      "Fewest files of this box each MAIN document must be paired with, 0 or more (default 0).",
    ),
    maxMatches: positiveOrUnbounded("Most files of this box each MAIN document may be paired with (default 1)")
      .default(RECONCILE_DEFAULTS.maxMatches)
      .meta({ ...positiveOrUnboundedJson }),
  })
  .meta(
    named("Reconcile", "How files of an attachment box are paired with the documents of the MAIN box, and how many."),
  );

export const Parent = z
  .strictObject({
    boxName: described(
      z.string(),
      "Name of the archive box (`box.ARCHIVE`) whose entries this box takes its files from.",
    ),
    fileMatcher: BooleanExpression.describe(
      "Condition an archive entry must meet to land in this box; it may read the entry's path inside the archive.",
    ),
    rank: described(
      int().min(1),
      "Order in which the matchers of the boxes extracting from the same archive are tried: 1 first, then 2...",
    ),
  })
  .meta(named("Parent", "Extraction of this box's files from the entries of an archive box."));

export const Metadata = z
  .strictObject({
    name: described(z.string(), "Name of the metadata; references use it, so it is unique in its box."),
    persist: described(z.boolean(), "Keep the value with the job after processing."),
    editable: described(z.boolean(), "Let the user change the value."),
    content: ValueExpression.describe(
      "Expression computing the value. File and PDF expressions in it must target this box; references name metadata of this box or of a MAIN box.",
    ),
  })
  .meta(named("Metadata", "A named value computed for each document of a box."));

export const ConfiguredFile = z
  .strictObject({
    serviceFileId: described(
      uuid().nullable(),
      "UUID of a file stored with the service; null when adding a new one, otherwise it must exist in the service.",
    ),
    removable: described(z.boolean(), "False when the file is mandatory at job creation."),
  })
  .meta(named("ConfiguredFile", "A file stored with the service and offered in this box at job creation."));

const editable = () => described(z.boolean(), "Whether a job may override this split configuration at creation.");

export const SplitConfig = z
  .discriminatedUnion("@type", [
    z
      .strictObject({ "@type": described(z.literal("bsc.NONE"), "No split."), editable: editable() })
      .meta(named("bsc.NONE", "Every file is one document.")),
    z
      .strictObject({
        "@type": described(z.literal("bsc.PAGE"), "Split every N pages."),
        editable: editable(),
        pages: described(
          int().min(1),
          "Number of pages per document, 1 or more; the page count of the file must be a multiple of it.",
        ),
      })
      .meta(named("bsc.PAGE", "The file is cut into documents of a fixed page count.")),
    z
      .strictObject({
        "@type": described(z.literal("bsc.PDF_AREA"), "Split on text found in an area."),
        editable: editable(),
        area: Area.describe("Rectangle whose text marks a document boundary."),
        value: described(
          z.string().min(1),
          "Text the area must hold, compared for equality; a leading ^ means 'starts with'.",
        ),
        // The spec types it as an integer and describes 1 and -1 only: any other is the linter's warning.
        pages: described(
          int(),
          "1: the marked page is the first page of each document; -1: it is the last page (the spec describes no other value).",
        ),
        extractionParameters: described(
          ExtractionParameters.optional(),
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
    "@type": described(z.enum(["bap.Overlay", "bap.Image"]), "Kind of apposition: an overlay PDF or an image."),
    id: described(
      z.string().regex(APPOSITION_ID_PATTERN, { error: "expected an integer or a UUID" }).nullable(),
      "Identifier of the apposition, an integer or a UUID as text; null when creating it.",
    ),
    targetType: described(
      z.enum(["ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"]),
      "What the apposition is laid on: the address page, each document, or the composed document.",
    ),
    serializedPageFilter: described(
      z.string(),
      "Which pages receive the apposition, in the service's page-filter syntax.",
    ),
    background: described(z.boolean(), "Lay the apposition under the page content rather than over it."),
    editable: described(z.boolean(), "Let a job change the apposition."),
    serviceFileId: described(uuid().optional(), "UUID of the service file holding the overlay or image."),
  })
  .meta(named("Apposition", "An overlay or image laid on the pages of a PDF box."));

const commonFields = <T extends string>(type: T) => ({
  "@type": described(z.literal(type), `Discriminator: always "${type}".`),
  name: described(z.string(), "Name of the box; file parts at job creation and references from other boxes use it."),
  hidden: described(z.boolean(), "Hide the box in the front end (false by default)."),
  minElements: described(int().min(0), "Fewest files the box accepts in a job, 0 or more."),
  maxElements: described(int().min(0), "Most files the box accepts in a job, 0 or more."),
  label: described(z.string().optional(), "Text shown to users for the box instead of its name."),
});

const inflatedFields = () => ({
  main: described(z.boolean(), "True for a MAIN box (the documents being sent), false for an ATTACHMENT box."),
  parent: described(Parent.nullable(), "Extraction from an archive box, or null when files are uploaded directly."),
  metadatas: described(z.array(Metadata), "Values computed for each document of the box."),
  reconcile: described(Reconcile.nullable(), "Pairing of this box's files with MAIN documents, or null when unused."),
  configuredFiles: described(z.array(ConfiguredFile), "Files stored with the service and offered in this box."),
});

export const PdfBox = z
  .strictObject({
    ...commonFields("box.PDF"),
    ...inflatedFields(),
    integrityPreservable: described(
      z.boolean().optional(),
      "True when the box can be the source of an output file flagged to preserve integrity.",
    ),
    splitConfig: described(SplitConfig.optional(), "How the box's files are cut into documents."),
    hasAddressPage: described(z.boolean().optional(), "True when the documents carry an address page."),
    appositions: described(z.array(Apposition).optional(), "Overlays and images laid on the box's pages."),
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
