import type { SourceDocument } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { validateService } from "./validate.js";

const bySpan = (a: Diagnostic, b: Diagnostic) =>
  a.span.offset - b.span.offset || a.span.length - b.span.length || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * Every diagnostic of a document, in text order: reading and compiling problems, then each service checked
 * against the model. A document with errors so far is not validated further: the holes they leave would read
 * as missing fields. In a compiled DSL file, keys unknown to the model are the DSL's pass-through keys, which
 * the compiler has already reported, so the model's own report of them is left out.
 */
export function checkDocument(document: SourceDocument): Diagnostic[] {
  const diagnostics = [...document.diagnostics];
  if (!diagnostics.some((d) => d.severity === "error")) {
    for (const service of document.services) {
      const found = validateService(service);
      diagnostics.push(...(document.format === "dsl" ? found.filter((d) => d.code !== "unknown-key") : found));
    }
  }
  return diagnostics.sort(bySpan);
}
