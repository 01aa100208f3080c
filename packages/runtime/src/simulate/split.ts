import type { PageArea } from "@mailroom/compiler";
import { javaTrim } from "@mailroom/java";
import type { SplitConfig } from "@mailroom/model";
import { type AreaUnit, inPoints, type PdfReader } from "../job.js";
import { parseExtractionParameters } from "../pdf/index.js";

/** Pages `first` to `last` (1-based, inclusive) of a PDF, read as a PDF of their own: page 1 is `first`. */
export class PageRange implements PdfReader {
  constructor(
    private readonly pdf: PdfReader,
    readonly first: number,
    readonly last: number,
  ) {}

  get pageCount(): number {
    return this.last - this.first + 1;
  }

  textInArea(page: number, area: PageArea, parameters?: Readonly<Record<string, string>>): string {
    // Page 0 and pages past either end read as nothing, as they do on a whole file.
    const absolute = page > 0 ? this.first + page - 1 : this.last + page + 1;
    if (page === 0 || absolute < this.first || absolute > this.last) return "";
    return this.pdf.textInArea(absolute, area, parameters);
  }

  metadata(name: string): string {
    return this.pdf.metadata(name);
  }
}

/** The page ranges a split cuts a PDF into, or why the platform would refuse it (`invalid-split`, `unmarked-pages`). */
export type Cut =
  | { readonly ok: true; readonly ranges: readonly (readonly [number, number])[]; readonly unmarked?: string }
  | { readonly ok: false; readonly problem: string };

/**
 * How a split cuts a PDF of `pageCount` pages. `bsc.PAGE`: every N pages, N dividing the page count (the API:
 * "a 5-page document cannot be split every 3 pages"). `bsc.PDF_AREA`: a page is a mark when the text of the area,
 * trimmed as Java's `String.trim` does (PDFBox ends every area's text with a line break), equals `value`, or
 * starts with it after a leading `^`; `pages: 1` makes each mark the first page of a document, `-1` the last.
 * Pages before the first mark (or after the last) belong to no document, which the platform cannot accept: the
 * documents that can be cut are given with `unmarked` saying which pages are left.
 */
export function cut(pdf: PdfReader, split: SplitConfig | undefined | null, unit: AreaUnit): Cut {
  const count = pdf.pageCount;
  if (!split || split["@type"] === "bsc.NONE") return { ok: true, ranges: [[1, count]] };
  if (split["@type"] === "bsc.PAGE") {
    const every = split.pages;
    if (!(every >= 1) || count % every !== 0) {
      return {
        ok: false,
        problem: `invalid split configuration: the file has ${count} pages, which cannot be split every ${every} pages`,
      };
    }
    return { ok: true, ranges: Array.from({ length: count / every }, (_, i) => [i * every + 1, (i + 1) * every]) };
  }
  const parameters = split.extractionParameters ?? undefined;
  const read = parseExtractionParameters(parameters);
  if (!read.ok) return { ok: false, problem: `invalid split configuration: ${read.problem}` };
  if (split.pages !== 1 && split.pages !== -1) {
    return {
      ok: false,
      problem: `invalid split configuration: pages is ${split.pages}, where the API describes 1 (a mark starts a document) and -1 (a mark ends one)`,
    };
  }
  const area = inPoints(split.area, unit);
  const wanted = split.value.startsWith("^") ? split.value.slice(1) : split.value;
  const isMark = (page: number) => {
    const text = javaTrim(pdf.textInArea(page, area, parameters));
    return split.value.startsWith("^") ? text.startsWith(wanted) : text === wanted;
  };
  const marks = Array.from({ length: count }, (_, i) => i + 1).filter(isMark);
  const what = split.value.startsWith("^")
    ? `the text in the area starts with "${wanted}"`
    : `the text in the area is "${wanted}"`;
  if (marks.length === 0) {
    return { ok: false, problem: `no page of the file is a split mark (a page where ${what})` };
  }
  if (split.pages === 1) {
    const ranges = marks.map((first, i) => [first, (marks[i + 1] ?? count + 1) - 1] as const);
    const start = marks[0] as number;
    const unmarked = start > 1 ? `pages 1 to ${start - 1} come before the first page where ${what}` : undefined;
    return { ok: true, ranges, ...(unmarked && { unmarked }) };
  }
  const ranges = marks.map((last, i) => [(marks[i - 1] ?? 0) + 1, last] as const);
  const end = marks.at(-1) as number;
  const unmarked = end < count ? `pages ${end + 1} to ${count} come after the last page where ${what}` : undefined;
  return { ok: true, ranges, ...(unmarked && { unmarked }) };
}
