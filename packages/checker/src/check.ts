import type { SourceDocument } from "@mailroom/compiler";
import type { Diagnostic, Severity } from "@mailroom/syntax";
import { type RuleSettingsMap, runRules } from "./engine/run.js";
import { RULES } from "./rules/index.js";
import { applySuppressions } from "./suppressions.js";
import { validateService } from "./validate.js";

/**
 * Codes that are not rules: problems reading, compiling or validating a file (or reading the configuration).
 * Suppressible like rules.
 */
export const BASE_CODES: readonly string[] = [
  "cannot-decompile",
  "cannot-format",
  "cannot-write",
  "duplicate-key",
  "expected-condition",
  "expected-value",
  "expression-in-flow-mapping",
  "expression-syntax",
  "expression-too-deep",
  "file-exists",
  "file-too-large",
  "file-unreadable",
  "internal-error",
  "invalid-encoding",
  "invalid-value",
  "misplaced-key",
  "missing-box-target",
  "missing-field",
  "not-a-service",
  "out-of-range",
  "stale-build",
  "syntax-error",
  "too-deep",
  "too-large",
  "unknown-argument",
  "unknown-function",
  "unknown-key",
  "unknown-namespace",
  "unknown-rule",
  "unknown-type",
  "unused-suppression",
  "wrong-argument",
  "wrong-type",
];

/**
 * Codes that are not rules but that `mailroom.config.yaml` may still set like one, with their default severity:
 * an unknown key may be tolerated (or refused), a stale suppression may fail the lint. The other base codes
 * say the file cannot be read or the service is invalid; their severity is not a matter of taste.
 */
export const CONFIGURABLE_CODES: ReadonlyMap<string, Severity> = new Map([
  ["unknown-key", "warning"],
  ["unused-suppression", "warning"],
]);

const KNOWN_CODES: ReadonlySet<string> = new Set([...BASE_CODES, ...RULES.keys()]);

export interface CheckOptions {
  /** Severity and options per rule for this file (from `mailroom.config.yaml`). */
  readonly rules?: RuleSettingsMap;
}

const bySpan = (a: Diagnostic, b: Diagnostic) =>
  a.span.offset - b.span.offset || a.span.length - b.span.length || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * Every diagnostic of a document, in text order: reading and compiling problems, each service checked against
 * the model, then the rule catalogue on each service that is valid. A document with errors so far is not
 * checked further: the holes they leave would read as missing fields. In a compiled DSL file, keys unknown to
 * the model are the DSL's pass-through keys, which the compiler has already reported, so the model's own
 * report of them is left out. Suppression comments apply last. The configured severity of a configurable base
 * code applies after the checks (an unknown key set to "error" does not stop the rules from running); one set to
 * "off" is dropped before the suppressions, like a rule that does not run.
 */
export function checkDocument(document: SourceDocument, options: CheckOptions = {}): Diagnostic[] {
  const diagnostics = [...document.diagnostics];
  if (!diagnostics.some((d) => d.severity === "error")) {
    for (const service of document.services) {
      const found = validateService(service);
      diagnostics.push(...(document.format === "dsl" ? found.filter((d) => d.code !== "unknown-key") : found));
      if (!found.some((d) => d.severity === "error")) {
        diagnostics.push(...runRules(document, service, [...RULES.values()], options.rules));
      }
    }
  }
  const configured = reseverity(diagnostics, options.rules, "unknown-key");
  const kept = document.format === "dsl" ? applySuppressions(document.text, configured, KNOWN_CODES) : configured;
  return reseverity(kept, options.rules, "unused-suppression").sort(bySpan);
}

/** The diagnostics with the configured severity of one configurable base code applied ("off" drops them). */
function reseverity(diagnostics: Diagnostic[], settings: RuleSettingsMap | undefined, code: string): Diagnostic[] {
  const severity = settings?.[code]?.severity;
  if (severity === undefined) return diagnostics;
  if (severity === "off") return diagnostics.filter((d) => d.code !== code);
  return diagnostics.map((d) => (d.code === code && d.severity !== severity ? { ...d, severity } : d));
}

/** A code's page, relative to the `docs/` folder (or any base URL ending in `/`): a rule's page, else the catalogue. */
export const docsPage = (code: string): string =>
  RULES.has(code) ? `rules/${encodeURIComponent(code)}.md` : "diagnostics.md";
