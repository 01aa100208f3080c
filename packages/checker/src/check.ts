import type { SourceDocument } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { validateService } from "./validate.js";

const bySpan = (a: Diagnostic, b: Diagnostic) =>
  a.span.offset - b.span.offset || a.span.length - b.span.length || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * Every diagnostic of a document, in text order: syntax problems, then each service checked against the model.
 * A file with syntax errors is not validated further: recovery leaves holes that would read as missing fields.
 */
export function checkDocument(document: SourceDocument): Diagnostic[] {
  const diagnostics = [...document.diagnostics];
  if (!diagnostics.some((d) => d.code === "syntax-error" || d.code === "too-deep")) {
    for (const service of document.services) diagnostics.push(...validateService(service));
  }
  return diagnostics.sort(bySpan);
}
