import type { JobDocument } from "../job.js";

/** A document as test files name it: `BOX#n`, the n-th document of its box. */
export const referenceOf = (document: JobDocument): string => `${document.box}#${document.position}`;

/** Where a document comes from: its file (and entry in the archive), its pages. */
export function documentSource(document: JobDocument): string {
  const entry = document.archiveEntry === undefined ? "" : ` ${document.archiveEntry}`;
  const pages = document.pages ? `, pages ${document.pages[0]}-${document.pages[1]}` : "";
  return `${document.file}${entry}${pages}`;
}

/** A document as reports name it: `BOX#n (file entry, pages a-b)`. */
export function describeDocument(document: JobDocument): string {
  return `${referenceOf(document)} (${documentSource(document)})`;
}
