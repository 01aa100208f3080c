import { readFile } from "node:fs/promises";
import { loadPdf } from "./load-pdf.js";

/** A PDF file's page count, read without reading any page's text; or why the file cannot be read as a PDF. */
export async function pdfPageCount(file: string): Promise<{ pages: number } | { problem: string }> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => error);
  if (bytes instanceof Error) return { problem: bytes.message };
  const loaded = await loadPdf(new Uint8Array(bytes), () => false);
  return loaded.ok ? { pages: loaded.pdf.pageCount } : { problem: loaded.problem };
}
