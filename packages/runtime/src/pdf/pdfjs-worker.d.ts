// pdf.js's worker module ships no type declarations: it is only loaded, for its side effect.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
