import { type CheckOptions, checkDocument } from "@mailroom/checker";
import type { Diagnostic } from "@mailroom/syntax";
import type { ParsedDocument } from "./document.js";

/** Stands for "no options" as a key of the memo. */
const DEFAULTS: CheckOptions = {};

/** Per document version, per settings object: the diagnostics already computed. */
const memo = new WeakMap<ParsedDocument, WeakMap<CheckOptions, Diagnostic[]>>();

/**
 * Every diagnostic `mailroom lint` reports for the document with these settings: the same check, so the same
 * codes, spans, severities and suppressions. Computed once per document version and settings object (the
 * server keeps one settings object per open file until a configuration changes).
 */
export function validate(document: ParsedDocument, options: CheckOptions = DEFAULTS): Diagnostic[] {
  let byOptions = memo.get(document);
  if (!byOptions) {
    byOptions = new WeakMap();
    memo.set(document, byOptions);
  }
  let diagnostics = byOptions.get(options);
  if (!diagnostics) {
    diagnostics = checkDocument(document.source, options);
    byOptions.set(options, diagnostics);
  }
  return diagnostics;
}
