import type { ServiceSource, SourceDocument } from "@mailroom/compiler";
import {
  append,
  BASE_CODES,
  type Diagnostic,
  diagnostic,
  type RelatedInformation,
  wholeCharacters,
} from "@mailroom/syntax";
import { HeldBack } from "./engine/held-back.js";
import { type RuleSettingsMap, runRules } from "./engine/run.js";
import { RULES, SERVICE_RULES } from "./rules/index.js";
import { applySuppressions } from "./suppressions.js";
import { validateService } from "./validate.js";

/** Every code a suppression comment may name: the base codes and the rules. */
const KNOWN_CODES: ReadonlySet<string> = new Set([...BASE_CODES, ...RULES.keys()]);

export interface CheckOptions {
  /** Severity and options per rule for this file (from `mailroom.config.yaml`). */
  readonly rules?: RuleSettingsMap;
  /** How many findings of one code are listed, the rest counted in one `more-findings` note (default 100). */
  readonly maxFindingsPerCode?: number;
}

/** The findings of one code a file lists by default: enough to fix the first ones, never 700,000 alike. */
export const MAX_FINDINGS_PER_CODE = 100;

const bySpan = (a: Diagnostic, b: Diagnostic) =>
  a.span.offset - b.span.offset || a.span.length - b.span.length || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * Every diagnostic of a document, in text order: reading and compiling problems, each service checked against
 * the model, then the rule catalogue on each service, all in one run. A file whose syntax is broken is not
 * checked further: its tree may be cut short anywhere. Otherwise an error holds back the part of the service it
 * lies in (see HeldBack): the model's problems inside a part held back by a compiling error are that error's
 * echo and left out, and the rules check the rest. Suppression comments apply last. The configured severity of a
 * configurable base code applies after the checks (an unknown key set to "error" does not hold anything back);
 * one set to "off" is dropped before the suppressions, like a rule that does not run. Of each code, the first
 * `maxFindingsPerCode` in text order are kept, the rest counted in one note.
 */
export function checkDocument(document: SourceDocument, options: CheckOptions = {}): Diagnostic[] {
  const diagnostics = [...document.diagnostics];
  const errors = diagnostics.filter((d) => d.severity === "error");
  // What was held back of each service; undefined when nothing could be checked at all.
  let heldBack: HeldBack[] | undefined;
  if (document.wellFormed && (errors.length === 0 || document.services.length > 0)) {
    heldBack = [];
    for (const service of document.services) {
      const held = new HeldBack(service);
      heldBack.push(held);
      append(diagnostics, checkService(document, service, errors, options, held));
    }
  }
  // A suppression where something was held back may silence a problem that was not looked for.
  const unsure = (offset: number | undefined) =>
    heldBack === undefined ||
    heldBack.some((held) => held.any && (offset === undefined || held.covers({ offset, length: 0 })));
  const configured = reseverity(diagnostics, options.rules, "unknown-key");
  const kept =
    document.format === "dsl"
      ? applySuppressions(document.text, document.comments, configured, KNOWN_CODES, unsure)
      : configured;
  const sorted = reseverity(kept, options.rules, "unused-suppression")
    .map((d) => onWholeCharacters(document.text, d))
    .sort(bySpan);
  return capPerCode(sorted, options.maxFindingsPerCode ?? MAX_FINDINGS_PER_CODE);
}

/** The diagnostic with its spans in its own file widened to whole characters (no code's span may cut one). */
function onWholeCharacters(text: string, d: Diagnostic): Diagnostic {
  const span = wholeCharacters(text, d.span);
  const cut = (r: RelatedInformation) => r.file === undefined && wholeCharacters(text, r.span) !== r.span;
  // Nearly always nothing to widen: the diagnostic itself is kept, not copied.
  if (span === d.span && !d.related?.some(cut)) return d;
  const related = d.related?.map((r) => (cut(r) ? { ...r, span: wholeCharacters(text, r.span) } : r));
  return { ...d, span, ...(related ? { related } : {}) };
}

/** The first `max` findings of each code, and one note per code with more, at the first one left out. */
function capPerCode(sorted: Diagnostic[], max: number): Diagnostic[] {
  const counts = new Map<string, number>();
  for (const d of sorted) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  if (![...counts.values()].some((count) => count > max)) return sorted;
  const listed = new Map<string, number>();
  const kept: Diagnostic[] = [];
  for (const d of sorted) {
    const n = (listed.get(d.code) ?? 0) + 1;
    listed.set(d.code, n);
    if (n <= max) kept.push(d);
    else if (n === max + 1) {
      const count = ((counts.get(d.code) ?? 0) - max).toLocaleString("en");
      kept.push(diagnostic("more-findings", "rest", { count, code: d.code, max }, d.span));
    }
  }
  return kept;
}

/** The model's codes for keys it does not know, which in a DSL file the compiler has reported already. */
const PASSED_THROUGH = new Set(["unknown-key", "misspelt-key"]);

/**
 * One service of a document whose compiling `errors` are given: checked against the model, then the rules on
 * its sound parts; `heldBack` records what was held back. In a compiled DSL file, keys unknown to the model are
 * the DSL's pass-through keys, which the compiler has already reported (PASSED_THROUGH), so the model's own
 * report of them is left out.
 */
function checkService(
  document: SourceDocument,
  service: ServiceSource,
  errors: readonly Diagnostic[],
  options: CheckOptions,
  heldBack: HeldBack,
): Diagnostic[] {
  for (const error of errors) heldBack.hold(error.span);
  if (heldBack.everything) return [];
  const found = validateService(service).filter(
    (d) => !(document.format === "dsl" && PASSED_THROUGH.has(d.code)) && !(heldBack.any && heldBack.covers(d.span)),
  );
  for (const d of found) if (d.severity === "error") heldBack.hold(d.span);
  const checkable = heldBack.checkable();
  if (checkable === undefined) return found;
  const rules = runRules(document, { ...service, json: checkable }, SERVICE_RULES, options.rules, heldBack);
  return [...found, ...rules];
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
