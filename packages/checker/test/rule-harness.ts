import type { ServiceSource, SourceDocument } from "@mailroom/compiler";
import type { Diagnostic, Span } from "@mailroom/syntax";
import { expect } from "vitest";
import { applyEdits } from "../src/fixes.js";
import { validateService } from "../src/validate.js";

/** What the rule tests share: a valid service to run rules on, frozen, and diagnostics read against their text. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The document's first service, checked valid against the model and frozen: rules never mutate the tree. */
export function frozenService(document: SourceDocument): ServiceSource {
  const source = document.services[0];
  if (!source) throw new Error("no service");
  expect(validateService(source).filter((d) => d.severity === "error")).toEqual([]);
  deepFreeze(source.json);
  return source;
}

/** The text with a diagnostic's fix applied. */
export const applyFix = (text: string, diagnostic: Diagnostic): string => applyEdits(text, diagnostic.fix?.edits ?? []);

/** A diagnostic's code and message with the text it and its related places point at. */
export function located(text: string, diagnostic: Diagnostic) {
  const at = (span: Span) => text.slice(span.offset, span.offset + span.length);
  return {
    code: diagnostic.code,
    message: diagnostic.message,
    at: at(diagnostic.span),
    related: diagnostic.related?.map((r) => at(r.span)),
  };
}
