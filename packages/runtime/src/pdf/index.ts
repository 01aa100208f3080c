export { type ExtractionOptions, parseExtractionParameters } from "./extraction-parameters.js";
export { type LoadedPdf, loadPdf, type PdfArea } from "./load-pdf.js";
export { pdfPageCount } from "./page-count.js";
export { setPdfDataFolder } from "./pdfjs.js";
