import type { ParsedDocument } from "./document.js";
import { naming, type Occurrence, occurrenceAt } from "./references.js";
import type { Place } from "./types.js";

const place = (document: ParsedDocument, occurrence: Occurrence): Place => ({
  file: document.file,
  span: occurrence.span,
});

/**
 * Where the box, metadata or service file named at the offset is defined: a box's name, a metadata's name
 * (each of them for a reference that could read several), the configured file that declares a service file.
 * On a definition, that definition. Nothing crosses files: every name is scoped to its service.
 */
export function definition(document: ParsedDocument, offset: number): Place[] {
  const at = occurrenceAt(document, offset);
  if (!at) return [];
  return naming(document, at.targets)
    .filter((o) => o.definition)
    .map((o) => place(document, o));
}

/** Every place naming what the offset names (a box, a metadata, a service file), in text order. */
export function references(document: ParsedDocument, offset: number, includeDeclaration: boolean): Place[] {
  const at = occurrenceAt(document, offset);
  if (!at) return [];
  return naming(document, at.targets)
    .filter((o) => includeDeclaration || !o.definition)
    .map((o) => place(document, o));
}
