import * as z from "zod";
import { VIOLATION_CODES } from "../outcome.js";

const Path = z.string().min(1);

/** `INVOICES#2`: the second document of box INVOICES in the job's outcome. */
export const DOCUMENT_REFERENCE = /^(?<box>[^#\s]+)#(?<index>[1-9]\d*)$/;

const Pages = z
  .tuple([z.int().min(1), z.int().min(1)])
  .describe("The document's first and last page in its file, from 1, inclusive: [3, 4].");

const ExpectedDocument = z
  .strictObject({
    file: Path.optional().describe(
      "The file the document comes from, relative to the test file (for an archive's entry: the archive).",
    ),
    archiveEntry: Path.optional().describe("The document's path inside its archive."),
    pages: Pages.optional(),
    metadata: z
      .record(z.string(), z.string().nullable())
      .optional()
      .describe(
        "Values of some metadata (texts; dates as milliseconds since the epoch); null when the metadata has no value. Metadata not named are not checked.",
      ),
    attachedTo: z
      .array(z.string().regex(DOCUMENT_REFERENCE, "expected a document as BOX#n, such as INVOICES#1"))
      .optional()
      .describe("The MAIN documents this attachment goes to, each as BOX#n (the n-th document of box BOX)."),
  })
  .describe("What is expected of one document; only what is given is checked.");

const ExpectedViolation = z
  .strictObject({
    code: z.enum(VIOLATION_CODES).describe("The violation (docs/evaluation.md lists them)."),
    box: z.string().describe("The box it is about."),
    file: Path.optional().describe("The file it is about, relative to the test file, when it is about one."),
    message: z.string().optional().describe("Text the violation's message contains, when given."),
  })
  .describe("A rule of the platform the job breaks.");

export const Expectations = z
  .strictObject({
    documents: z
      .record(z.string(), z.array(ExpectedDocument))
      .optional()
      .describe(
        "Per box, its documents in job order: a box named here must have exactly these many documents; boxes not named are not checked.",
      ),
    unmatched: z
      .array(
        z.strictObject({
          archive: Path.describe("The archive, relative to the test file."),
          entry: Path.describe("The path inside the archive."),
        }),
      )
      .optional()
      .describe("Every archive entry no file matcher takes (all of them, when given)."),
    violations: z
      .array(ExpectedViolation)
      .optional()
      .describe("Every violation of the job (all of them, when given; [] expects none)."),
  })
  .describe("What the job is expected to give; any subset may be given, and only what is given is checked.");

const Files = z.union([Path, z.array(Path).min(1)]);

export const TestCase = z
  .strictObject({
    name: z.string().min(1).describe("The case's name, unique in the file: what reports show."),
    files: z
      .record(z.string(), Files)
      .describe(
        "The files of the job per box name, relative to the test file: a path or a list (in job order). An archive box takes ZIP files.",
      ),
    ou: Path.optional().describe(
      "The organizational unit, as the API returns it (a JSON file, relative to the test file).",
    ),
    requirements: z.record(z.string(), z.string()).optional().describe("The job's requirements, by name."),
    nuid: z.string().optional().describe("The output file's NUID."),
    now: z.iso
      .datetime({ offset: true })
      .optional()
      .describe(
        "The clock, as an ISO-8601 instant (2024-03-15T10:00:00Z); without it, a metadata reading `now` has no value.",
      ),
    areaUnit: z
      .enum(["pt", "mm"])
      .optional()
      .describe("The unit of the service's areas (default: areaUnit of mailroom.config.yaml, else pt)."),
    expect: Expectations.optional(),
  })
  .describe("A job: its files and what comes with it, and what it is expected to give.");

/** The contents of a `*.service.test.yaml`; `schemas/service-test.schema.json` is generated from it. */
export const ServiceTestFile = z
  .strictObject({
    service: Path.optional().describe(
      "The service file tested, relative to the test file (default: the test file's name without `.test`, YAML then JSON).",
    ),
    cases: z.array(TestCase).min(1).describe("The cases, run in order."),
  })
  .describe("mailroom: the test cases of a service (mailroom test).");

export type ServiceTestFile = z.infer<typeof ServiceTestFile>;
export type TestCase = z.infer<typeof TestCase>;
export type Expectations = z.infer<typeof Expectations>;
