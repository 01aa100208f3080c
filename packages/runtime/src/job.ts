import type { PageArea } from "@mailroom/compiler";

/** A PDF read once, then read by area (`loadPdf` gives one). */
export interface PdfReader {
  readonly pageCount: number;
  textInArea(page: number, area: PageArea, parameters?: Readonly<Record<string, string>>): string;
  metadata(name: string): string;
}

/** One document of a job: one file given for a box (splitting is not simulated here). */
export interface JobDocument {
  readonly box: string;
  /** The path as given. */
  readonly file: string;
  /** The file's name, as the service sees it. */
  readonly name: string;
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
  /** The clock, in milliseconds since the Unix epoch. */
  readonly now: number;
  readonly areaUnit: AreaUnit;
}

/** An area in PDF points, from the unit the service writes it in. */
export function inPoints(area: PageArea, unit: AreaUnit): PageArea {
  if (unit === "pt") return area;
  const pt = (mm: number) => (mm * 72) / 25.4;
  return { left: pt(area.left), top: pt(area.top), width: pt(area.width), height: pt(area.height) };
}
