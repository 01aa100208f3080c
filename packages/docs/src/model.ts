/*
 * The docs model: everything the documentation says about a service, as plain data. Markdown, HTML, JSON and
 * user templates are views of it, so they cannot disagree. Every field is JSON (no functions, no undefined in
 * arrays), in a stable order: the JSON view is this value, written as is.
 */

/** The version of the docs model's shape, for user templates and JSON readers. */
export const DOCS_MODEL_VERSION = 1;

/** Expression text as the DSL writes it, and the same in words. */
export interface Explained {
  /** The expression in the DSL's syntax (printed from the JSON, so a JSON service reads the same). */
  readonly expression: string;
  /** The expression in words: a noun phrase for a value, a clause for a condition. */
  readonly words: string;
}

/** A finding of the linter, located. */
export interface Finding {
  readonly code: string;
  readonly severity: "error" | "warning" | "info";
  readonly message: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in characters. */
  readonly column: number;
}

/** A lower and an upper bound; `max` null when unbounded. */
export interface Count {
  readonly min: number;
  readonly max: number | null;
  /** The range in words: "exactly 1", "0 to 200", "at least 1". */
  readonly words: string;
}

export type BoxRole = "main" | "attachment" | "archive";

export interface SplitDocs {
  /** `bsc.NONE`, `bsc.PAGE` or `bsc.PDF_AREA`. */
  readonly type: string;
  readonly editable: boolean;
  /** What the split does, in words, ending with whether a job may override it. */
  readonly words: string;
}

export interface AppositionDocs {
  /** `bap.Overlay` or `bap.Image`. */
  readonly type: string;
  readonly id: string | null;
  readonly target: string;
  readonly pages: string;
  readonly background: boolean;
  readonly editable: boolean;
  readonly serviceFileId: string | null;
  readonly words: string;
}

export interface ConfiguredFileDocs {
  readonly serviceFileId: string | null;
  readonly removable: boolean;
}

/** A box's files taken from the entries of an archive box. */
export interface ExtractionDocs {
  readonly archive: string;
  /** Anchor of the archive box, when the service has it. */
  readonly archiveAnchor: string | null;
  readonly rank: number;
  readonly matcher: Explained;
  /** "files of the archive ANNEXES whose ..., tried second". */
  readonly words: string;
}

/**
 * How an attachment box's documents are paired with the documents of the MAIN boxes. Its counts are of
 * documents, after the split (a PDF cut in three is three documents), as the platform counts them.
 */
export interface ReconcileDocs {
  readonly condition: Explained;
  /** Documents of this box the job may hold. */
  readonly expected: Count;
  /** Documents of this box each MAIN document gets. */
  readonly matches: Count;
  /** The MAIN boxes whose documents the condition is tried on: every MAIN box of the service. */
  readonly mains: readonly string[];
  readonly words: string;
}

/** Where the entries of an archive box go. */
export interface EntriesDocs {
  /** The boxes extracting from it, in the order their matchers are tried: by rank, then in service order. */
  readonly takers: readonly { readonly box: string; readonly anchor: string; readonly rank: number }[];
  /** Each entry goes to the first box whose matcher takes it; what becomes of an entry none takes. */
  readonly words: string;
}

/**
 * A member of the service's JSON that the API's documentation does not show and the page does not read (a data
 * file's `encoding`, a channel's `cutOffTime`): shown as written, so nothing the service carries is lost.
 */
export interface OtherField {
  /** Where it is: `encoding`, `outputFilesConfig[0].sourceBoxes`. */
  readonly field: string;
  /** Its value as written: a string as it is, anything else as JSON. */
  readonly value: string;
}

export interface BoxDocs {
  readonly name: string;
  readonly anchor: string;
  /** `box.PDF`, `box.DATA_FILE` or `box.ARCHIVE`. */
  readonly type: string;
  /** "PDF", "data file", "archive". */
  readonly kind: string;
  readonly role: BoxRole;
  readonly label: string | null;
  readonly hidden: boolean;
  /** Files the box accepts in a job. */
  readonly elements: Count;
  readonly split: SplitDocs | null;
  readonly hasAddressPage: boolean | null;
  readonly integrityPreservable: boolean | null;
  readonly appositions: readonly AppositionDocs[];
  readonly configuredFiles: readonly ConfiguredFileDocs[];
  readonly extraction: ExtractionDocs | null;
  /** For an archive box, where its entries go; null for the others. */
  readonly entries: EntriesDocs | null;
  readonly reconcile: ReconcileDocs | null;
  /** Its metadata, in order, by name and anchor (they are documented in `ServiceDocs.metadata`). */
  readonly metadata: readonly { readonly name: string; readonly anchor: string }[];
  readonly otherFields: readonly OtherField[];
}

/** Something a metadata reads. */
export interface Read {
  /**
   * `metadata`, `organizational-unit`, `requirement`, `output-file`; `file` or `pdf` (of a box: its name and
   * position, or its PDF's text and properties); `job-file` (the names of a box's files in the job); `clock`
   * (now); `sheets` (the document's number of sheets); `archive-path` (an archive entry's path).
   */
  readonly kind:
    | "metadata"
    | "organizational-unit"
    | "requirement"
    | "output-file"
    | "file"
    | "pdf"
    | "job-file"
    | "clock"
    | "sheets"
    | "archive-path";
  /**
   * The name read: a metadata's, an OU property's (`EMAIL_ADDRESS`), a requirement's, `NUID`, a box's; for a
   * keyword, its JSON type (`exv.CurrentDate`).
   */
  readonly name: string;
  /** For metadata: the box it is defined in; for a file, a PDF or the job's files: the box read. */
  readonly box: string | null;
  /** Anchor of what is read, when it is documented on the page. */
  readonly anchor: string | null;
  readonly words: string;
}

/** A place where a metadata is read. */
export interface Use {
  /** `metadata`, `reconcile`, `file-matcher` or `channel`. */
  readonly kind: "metadata" | "reconcile" | "file-matcher" | "channel";
  /** The box whose metadata, reconcile condition or file matcher reads it; the channel's label. */
  readonly owner: string;
  /** The reading metadata's name, for `metadata`. */
  readonly name: string | null;
  readonly anchor: string | null;
  readonly words: string;
}

export interface MetadataDocs {
  readonly box: string;
  readonly name: string;
  readonly anchor: string;
  readonly content: Explained;
  readonly persist: boolean;
  readonly editable: boolean;
  readonly reads: readonly Read[];
  readonly usedBy: readonly Use[];
}

export interface ChannelOptionDocs {
  readonly outputFile: string;
  readonly optionType: string;
  readonly value: string;
  /** When the option applies; null when always. */
  readonly condition: Explained | null;
}

export interface ChannelDocs {
  readonly label: string;
  readonly anchor: string;
  /** The channel's `name` field, when it has one (commands use the label, not this). */
  readonly name: string | null;
  readonly outputFiles: readonly string[];
  readonly options: readonly ChannelOptionDocs[];
  /** Its other members, and those of its output files and options (`options` itself when it is not a list of them). */
  readonly otherFields: readonly OtherField[];
}

/** A file stored with the service, sent at job creation as a part carrying its id (the API's one settled name). */
export interface ServiceFilePart {
  readonly box: string;
  /** `serviceFile__file_<box>_<n>`, `n` counting the box's stored files from 0. */
  readonly part: string;
  readonly serviceFileId: string;
  /** False: the file is part of every job. */
  readonly removable: boolean;
}

/** A box as an integrator sees it when creating a job. */
export interface UploadDocs {
  readonly box: string;
  readonly anchor: string;
  readonly files: Count;
  /**
   * A job must hold a file of it: its `minElements` is above 0, or it is an attachment box whose reconcile expects
   * at least one document (`minExpected`), as the simulation checks.
   */
  readonly mandatory: boolean;
  /** Where the files come from when they are not uploaded into this box: the archive box's name. */
  readonly fromArchive: string | null;
  /** Its files stored with the service. */
  readonly serviceFiles: readonly ServiceFilePart[];
  /** Where its files come from, in words (code in backticks): uploaded, an archive's entries, a stored file. */
  readonly filledFrom: string;
}

/** The names of the parts that carry uploaded files, which the API leaves unsettled. */
export interface PartNamesDocs {
  /** The form the example uses: `file__file_<BOX>_<n>` unless `mailroom docs --part-names` chooses another. */
  readonly form: string;
  /** Every form the API shows. */
  readonly forms: readonly string[];
  /** What is unsettled and why this form, in words (code in backticks). */
  readonly words: string;
}

/** A part of the example job-creation request. */
export interface RequestPartDocs {
  readonly part: string;
  /** `parameters`, an uploaded `file`, or the id of a stored `service-file`. */
  readonly kind: "parameters" | "file" | "service-file";
  /** The box it fills; null for `parameters`. */
  readonly box: string | null;
  /** The file's path (relative to the test file, or a placeholder), the service file's id; null for `parameters`. */
  readonly value: string | null;
}

/** A request of the example, with what it is for (sentences, code in backticks). */
export interface RequestDocs {
  readonly title: string;
  readonly words: readonly string[];
  /** The request as a shell command (curl), runnable as it stands once the variables are set. */
  readonly command: string;
}

export interface CallDocs {
  /** The boxes a job fills, uploaded or extracted, in service order. */
  readonly boxes: readonly UploadDocs[];
  /** Files stored with the service, each sent as a `serviceFile__file_<box>_<n>` part carrying its id. */
  readonly configuredFiles: readonly ServiceFilePart[];
  /** Boxes whose split configuration a job may override at creation. */
  readonly editableSplits: readonly string[];
  /** Requirement names the service reads (`packRequirements`). */
  readonly requirements: readonly string[];
  readonly partNames: PartNamesDocs;
  /** The shell variables the commands read, each with what to set it to (code in backticks). */
  readonly variables: readonly { readonly name: string; readonly words: string }[];
  /** An example of the job-creation `parameters` part (validated against the model in the tests). */
  readonly jobCreation: Record<string, unknown>;
  /** The parts of the example job-creation request, in order. */
  readonly parts: readonly RequestPartDocs[];
  /** An example delivery command (validated against the model in the tests). */
  readonly deliveryCommand: Record<string, unknown>;
  /**
   * The calls in the order the API's flow makes them: create the job, follow it, check its pack groups, ask
   * the options a command may choose, send the delivery command, check the deliveries.
   */
  readonly steps: readonly RequestDocs[];
}

/** A diagram as text: Mermaid for Markdown, Graphviz DOT for the SVG of the HTML page. */
export interface Diagram {
  readonly title: string;
  /** Nothing to draw (no box, or no metadata), or too much: views leave the diagram out. */
  readonly empty: boolean;
  /** Why a diagram with something to draw is left out (too large to read or to render); null otherwise. */
  readonly omitted: string | null;
  readonly mermaid: string;
  readonly dot: string;
}

/** A document of the worked example, as the simulation gives it. */
export interface ExampleDocumentDocs {
  /** `PAYSLIPS#2`: the second document of box PAYSLIPS, as test files name it. */
  readonly reference: string;
  readonly box: string;
  /** The file it comes from, relative to the test file (for an archive's entry: the archive). */
  readonly file: string;
  /** Its path inside the archive, for an archive's entry. */
  readonly archiveEntry: string | null;
  /** Its first and last page in its file, from 1; null for a data file. */
  readonly pages: readonly [number, number] | null;
  /** Every metadata of its box, in order: its value (dates as milliseconds since the epoch), or why it has none. */
  readonly metadata: readonly {
    readonly name: string;
    readonly value: string | null;
    readonly problem: string | null;
  }[];
  /** For a document of an attachment box, the MAIN documents it goes to (references); null otherwise. */
  readonly attachedTo: readonly string[] | null;
}

/**
 * A job of the service simulated on sample files: the first case of its test file, what it gives and what the
 * simulation makes of it (the case's expectations are `mailroom test`'s to check, not shown).
 */
export interface WorkedExampleDocs {
  /** The test file, as given on the command line (forward slashes). */
  readonly testFile: string;
  /** The case's name. */
  readonly case: string;
  /** The files given, box by box in the order written, relative to the test file. */
  readonly files: readonly { readonly box: string; readonly path: string }[];
  /** The organizational unit's file, relative to the test file, when given. */
  readonly organizationalUnit: string | null;
  /** The clock, as written (ISO-8601), when given. */
  readonly now: string | null;
  readonly nuid: string | null;
  readonly requirements: readonly { readonly name: string; readonly value: string }[];
  /** Why the job could not be simulated (a file missing or not what its box takes); null when it was. */
  readonly problem: string | null;
  /** The documents, box by box in the service's order, each box's in job order. */
  readonly documents: readonly ExampleDocumentDocs[];
  /** The archive entries no file matcher takes. */
  readonly unmatched: readonly { readonly archive: string; readonly entry: string }[];
  /** The rules of the platform the job breaks (docs/evaluation.md lists the codes). */
  readonly violations: readonly {
    readonly code: string;
    readonly box: string;
    readonly file: string | null;
    readonly message: string;
  }[];
}

export interface ServiceDocs {
  readonly version: typeof DOCS_MODEL_VERSION;
  /** The source file, as given on the command line (forward slashes). */
  readonly file: string;
  readonly format: "dsl" | "json";
  /** Stem of the page's file name: unique among the services documented together. */
  readonly slug: string;
  readonly id: number | null;
  readonly name: string;
  readonly type: string | null;
  /** What the API says of the service's type: it lists the types without saying what each means. */
  readonly typeWords: string | null;
  readonly organizationalUnit: { readonly id: number | null; readonly name: string | null } | null;
  readonly description: string | null;
  readonly icon: { readonly name: string | null; readonly color: string | null } | null;
  /** The linter's findings; a service with errors is documented with a warning saying so. */
  readonly findings: readonly Finding[];
  readonly errors: number;
  readonly warnings: number;
  readonly boxes: readonly BoxDocs[];
  readonly metadata: readonly MetadataDocs[];
  readonly channels: readonly ChannelDocs[];
  readonly call: CallDocs;
  readonly diagrams: { readonly files: Diagram; readonly metadata: Diagram };
  /** The first case of the service's test file, simulated; null when the service has none. */
  readonly workedExample: WorkedExampleDocs | null;
}

/** The index of every service documented together. */
export interface IndexDocs {
  readonly version: typeof DOCS_MODEL_VERSION;
  readonly services: readonly {
    readonly slug: string;
    readonly name: string;
    readonly id: number | null;
    readonly type: string | null;
    readonly file: string;
    readonly description: string | null;
    readonly errors: number;
    readonly warnings: number;
  }[];
}
