import type { AreaUnit, JobDocument } from "./job.js";
import type { MetadataProblem } from "./metadata.js";

/** What a simulated job is given: the files of its boxes and what comes with the job. */
export interface JobInput {
  /** The files given, per box, in order: paths as given (an archive box takes ZIP files). */
  readonly files: readonly (readonly [box: string, path: string])[];
  /** The organizational unit, as the API returns it (JSON), when given. */
  readonly organizationalUnit?: unknown;
  readonly requirements: Readonly<Record<string, string>>;
  /** The output file's NUID, when given. */
  readonly nuid?: string;
  /** The clock, in milliseconds since the Unix epoch; without it, `now` has no value (a test stays the same). */
  readonly now?: number;
  readonly areaUnit: AreaUnit;
}

/** A metadata's value, or why it has none. */
export type MetadataResult = { readonly value: string } | MetadataProblem;

/** One document of the simulated job, with its metadata and, for an attachment, the MAIN documents it goes to. */
export interface DocumentOutcome {
  readonly document: JobDocument;
  /** Every metadata of its box, in the box's order. */
  readonly metadata: ReadonlyMap<string, MetadataResult>;
  /** For a document of an attachment box (one with a reconcile): the MAIN documents its condition pairs it with. */
  readonly attachedTo?: readonly JobDocument[];
}

/**
 * A rule of the platform the job breaks: the job would be refused (a split that cannot be made, counts out of
 * bounds) or would not do what it is meant to (an attachment that goes to no MAIN document). `code` is one of
 * `VIOLATION_CODES`.
 */
export interface Violation {
  readonly code: ViolationCode;
  readonly box: string;
  readonly message: string;
  /** The file (path as given) the violation is about, when it is about one. */
  readonly file?: string;
}

/** The violations a simulation reports, each explained in docs/evaluation.md. */
export const VIOLATION_CODES = [
  "invalid-split",
  "unmarked-pages",
  "element-count",
  "expected-count",
  "match-count",
  "unattached",
  "cannot-evaluate",
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** A file of an archive that no file matcher took. */
export interface UnmatchedEntry {
  /** The archive, as given. */
  readonly archive: string;
  /** Its path inside the archive. */
  readonly entry: string;
}

/** A job simulated: what `mailroom eval`, `mailroom test`, the docs' worked example and the editor share. */
export interface JobOutcome {
  /** The documents, box by box in the service's order, each box's in job order. */
  readonly documents: readonly DocumentOutcome[];
  readonly unmatched: readonly UnmatchedEntry[];
  readonly violations: readonly Violation[];
}

/**
 * A simulation that could not run: a file missing, unreadable or not what its box takes (a corrupted PDF, a
 * ZIP that is not one or that inflates past the limits). `entry` names the file inside an archive.
 */
export interface InputProblem {
  readonly box: string;
  readonly file: string;
  readonly entry?: string;
  readonly problem: string;
}

export type Simulation = { readonly ok: true; readonly outcome: JobOutcome } | ({ readonly ok: false } & InputProblem);
