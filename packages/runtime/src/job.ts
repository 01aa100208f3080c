import type { PageArea } from "@mailroom/compiler";

/** A PDF read once, then read by area (`loadPdf` gives one). */
export interface PdfReader {
  readonly pageCount: number;
  textInArea(page: number, area: PageArea, parameters?: Readonly<Record<string, string>>): string;
  metadata(name: string): string;
}

/** One document of a job: a file given for a box, an entry of an archive, or a part of either cut by a split. */
export interface JobDocument {
  readonly box: string;
  /** The path as given (for an archive's entry: the archive's). */
  readonly file: string;
  /** The path inside the archive, for a document extracted from one. */
  readonly archiveEntry?: string;
  /** The file's name, as the service sees it. */
  readonly name: string;
  /** Its pages in the file (1-based, inclusive), for a document of a PDF box. */
  readonly pages?: readonly [first: number, last: number];
  /** Its position in its box, from 1. */
  readonly position: number;
  /** Its PDF, for a document of a PDF box. */
  readonly pdf?: PdfReader;
}

/** The unit `area`s are written in: the API does not say; PDF points unless configured. */
export type AreaUnit = "pt" | "mm";

/** Everything an evaluation reads besides the service: the documents of the job and what comes with them. */
export interface Job {
  readonly documents: readonly JobDocument[];
  /** The organizational unit, as the API returns it (JSON), when given. */
  readonly organizationalUnit?: unknown;
  readonly requirements: Readonly<Record<string, string>>;
  /** The output file's NUID, when given. */
  readonly nuid?: string;
  /** The clock, in milliseconds since the Unix epoch; without it, `now` has no value (a test stays the same). */
  readonly now?: number;
  readonly areaUnit: AreaUnit;
}

/** An area in PDF points, from the unit the service writes it in. */
export function inPoints(area: PageArea, unit: AreaUnit): PageArea {
  if (unit === "pt") return area;
  const pt = (mm: number) => (mm * 72) / 25.4;
  return { left: pt(area.left), top: pt(area.top), width: pt(area.width), height: pt(area.height) };
}
