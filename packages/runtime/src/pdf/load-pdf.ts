import { parseExtractionParameters } from "./extraction-parameters.js";
import { fontDictionaries } from "./font-dictionaries.js";
import { type Fonts, pageGlyphs } from "./page-glyphs.js";
import { PdfObjects } from "./pdf-objects.js";
import { openPdf, pdfjs } from "./pdfjs.js";
import { type Area, textInArea } from "./strip-area.js";
import type { TextPosition } from "./text-position.js";

/** An area of a page in PDF points (1/72 inch), origin at the top left of the page as displayed. */
export type PdfArea = Area;

/** A PDF loaded once (all pages' glyphs), read synchronously afterwards by area. */
export interface LoadedPdf {
  readonly pageCount: number;
  /**
   * The text of the glyphs whose origin (start of the baseline) lies in the area, as PDFBox 2's
   * `PDFTextStripperByArea.getTextForRegion` gives it: words apart by spaces inferred from gaps, lines ended by
   * "\n", and a final "\n" (PDFBox's page end; an area without text gives "\n").
   * Page: 1-based, -1 the last, -2 the one before; 0, pages out of range and pages without content give "". The area is in PDF points on
   * the page as displayed: rotation applied, origin at the top left of the crop box.
   * Parameters: see `parseExtractionParameters`; invalid parameters throw a `RangeError` (check them first).
   */
  textInArea(page: number, area: PdfArea, parameters?: Readonly<Record<string, string>>): string;
  /**
   * A text value of the document information dictionary (Title, Author, Subject, Keywords, Creator, Producer,
   * CreationDate, ModDate or a custom key), "" when absent or not text. Dates are the raw PDF strings
   * ("D:20240305102030Z", "D:20240305112030+01'00'"), as PDFBox's `getCustomMetadataValue` returns them.
   */
  metadata(name: string): string;
}

/** The keys pdf.js keeps at the top of its info object; any other key is under `Custom`. */
const standardInfoKeys = new Set([
  "Title",
  "Author",
  "Subject",
  "Keywords",
  "Creator",
  "Producer",
  "CreationDate",
  "ModDate",
  "Trapped",
]);

/** A page left unread, as `loadPdf`'s `pages` chose: reading it is a mistake of the caller's. */
const UNREAD = null;

class Pdf implements LoadedPdf {
  constructor(
    /**
     * Each page's glyphs, or undefined for a page without content (PDFBox then writes nothing, not even the page
     * end), or `UNREAD`.
     */
    private readonly pages: readonly (readonly TextPosition[] | undefined | typeof UNREAD)[],
    private readonly info: Readonly<Record<string, unknown>>,
  ) {}

  get pageCount(): number {
    return this.pages.length;
  }

  textInArea(page: number, area: PdfArea, parameters?: Readonly<Record<string, string>>): string {
    const parsed = parseExtractionParameters(parameters);
    if (!parsed.ok) throw new RangeError(parsed.problem);
    const glyphs = page === 0 ? undefined : this.pages[page > 0 ? page - 1 : this.pages.length + page];
    if (glyphs === UNREAD) throw new Error(`page ${page} of the PDF was not read when it was loaded`);
    return glyphs ? textInArea(glyphs, area, parsed.options) : "";
  }

  metadata(name: string): string {
    const custom = this.info.Custom as Readonly<Record<string, unknown>> | undefined;
    const value = standardInfoKeys.has(name) ? this.info[name] : custom?.[name];
    return typeof value === "string" ? value : "";
  }
}

/**
 * Loads a PDF's bytes; a file that is not a readable PDF gives a problem. Reading a page's glyphs is most of the
 * cost: `pages` (page number from 1, page count) may say which pages will be read; the others are not.
 */
export async function loadPdf(
  bytes: Uint8Array,
  pages: (page: number, count: number) => boolean = () => true,
): Promise<{ ok: true; pdf: LoadedPdf } | { ok: false; problem: string }> {
  let lib: Awaited<ReturnType<typeof pdfjs>>;
  try {
    lib = await pdfjs();
  } catch (error) {
    return {
      ok: false,
      problem: `pdf.js cannot be loaded (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  let document: Awaited<ReturnType<typeof openPdf>>;
  try {
    document = await openPdf(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `it is not a readable PDF (${reason})` };
  }
  try {
    const read: (TextPosition[] | undefined | typeof UNREAD)[] = [];
    // The font dictionaries as written, for what pdf.js does not report: read once, when a page is read.
    let fonts: Fonts | undefined;
    for (let n = 1; n <= document.numPages; n++) {
      if (!pages(n, document.numPages)) {
        read.push(UNREAD);
        continue;
      }
      const page = await document.getPage(n);
      const { fnArray, argsArray } = await page.getOperatorList({ annotationMode: lib.AnnotationMode.DISABLE });
      // No operator at all stands for PDFBox's "no contents" (an absent or empty content stream).
      if (!fonts) {
        const objects = new PdfObjects(bytes);
        fonts = { objects, dictionaries: fontDictionaries(objects), built: new Map() };
      }
      read.push(fnArray.length > 0 ? pageGlyphs(page, lib.OPS, fnArray, argsArray, fonts) : undefined);
    }
    const { info } = await document.getMetadata();
    return { ok: true, pdf: new Pdf(read, info as Record<string, unknown>) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `the PDF cannot be read (${reason})` };
  } finally {
    await document.destroy();
  }
}
