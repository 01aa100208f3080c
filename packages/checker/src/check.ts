import type { ServiceSource, SourceDocument } from "@mailroom/compiler";
import {
  append,
  BASE_CODES,
  type Diagnostic,
  type RelatedInformation,
  type Severity,
  type Span,
  type Wanted,
  wholeCharacters,
} from "@mailroom/syntax";
import { HeldBack } from "./engine/held-back.js";
import { type RuleSettingsMap, runRules } from "./engine/run.js";
import { FindingCap, MAX_FINDINGS_PER_CODE } from "./finding-cap.js";
import { RULES, SERVICE_RULES } from "./rules/index.js";
import { Suppressions } from "./suppressions.js";
import { validateService } from "./validate.js";

/** Every code a suppression comment may name: the base codes and the rules. */
const KNOWN_CODES: ReadonlySet<string> = new Set([...BASE_CODES, ...RULES.keys()]);

export interface CheckOptions {
  /** Severity and options per rule for this file (from `mailroom.config.yaml`). */
  readonly rules?: RuleSettingsMap;
  /** How many findings of one code are listed, the rest counted in one `more-findings` note (default 100). */
  readonly maxFindingsPerCode?: number;
}

export { MAX_FINDINGS_PER_CODE };

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
 * `maxFindingsPerCode` in text order are kept, the rest counted in one note; the checks build no more of a code
 * than that (see FindingCap), each filter above applied before a finding is built or counted.
 */
export function checkDocument(document: SourceDocument, options: CheckOptions = {}): Diagnostic[] {
  const cap = new FindingCap(options.maxFindingsPerCode ?? MAX_FINDINGS_PER_CODE);
  const suppressions = document.format === "dsl" ? Suppressions.of(document.text, document.comments) : undefined;
  const severityOf = (code: string, severity: Severity) => {
    const configured = configuredSeverity(options.rules, code);
    return configured === undefined || configured === "off" ? severity : configured;
  };
  /** A check's findings wanted: those it does not drop itself (`kept`), nor the settings, nor a suppression. */
  const wanted =
    (kept: (code: string, span: Span) => boolean): Wanted =>
    (code, severity, span) => {
      if (configuredSeverity(options.rules, code) === "off" || !kept(code, span)) return false;
      if (suppressions?.silences(code, span.offset)) return false;
      return cap.take(code, severityOf(code, severity), span);
    };
  const diagnostics = [...document.diagnostics];
  const errors = diagnostics.filter((d) => d.severity === "error");
  // What was held back of each service; undefined when nothing could be checked at all.
  let heldBack: HeldBack[] | undefined;
  if (document.wellFormed && (errors.length === 0 || document.services.length > 0)) {
    heldBack = [];
    for (const service of document.services) {
      const held = new HeldBack(service);
      heldBack.push(held);
      append(diagnostics, checkService(document, service, errors, options, held, wanted));
    }
  }
  // A suppression where something was held back may silence a problem that was not looked for.
  const unsure = (offset: number | undefined) =>
    heldBack === undefined ||
    heldBack.some((held) => held.any && (offset === undefined || held.covers({ offset, length: 0 })));
  const sorted = settle(diagnostics, suppressions, unsure, options.rules)
    .map((d) => onWholeCharacters(document.text, d))
    .sort(bySpan);
  return cap.apply(sorted, severityOf);
}

/**
 * A file's findings once checked (a service's, a request's), under its settings and its suppression comments: the
 * configured severity of `unknown-key`, what a suppression silences left out and the suppressions that silenced
 * nothing reported (but where the check was `unsure`, see Suppressions.unused), then the configured severity of
 * `unused-suppression`.
 */
export function settle(
  diagnostics: Diagnostic[],
  suppressions: Suppressions | undefined,
  unsure: (offset: number | undefined) => boolean,
  rules: RuleSettingsMap | undefined,
): Diagnostic[] {
  const configured = reseverity(diagnostics, rules, "unknown-key");
  const kept = suppressions
    ? [
        ...configured.filter((d) => !suppressions.silences(d.code, d.span.offset)),
        ...suppressions.unused(KNOWN_CODES, unsure),
      ]
    : configured;
  return reseverity(kept, rules, "unused-suppression");
}

/** The base codes whose severity the settings may change, applied after the checks (`reseverity`). */
const CONFIGURABLE = new Set(["unknown-key", "unused-suppression"]);

/** The severity the settings give a configurable base code, if any. */
const configuredSeverity = (settings: RuleSettingsMap | undefined, code: string): Severity | "off" | undefined =>
  CONFIGURABLE.has(code) ? settings?.[code]?.severity : undefined;

/** The diagnostic with its spans in its own file widened to whole characters (no code's span may cut one). */
function onWholeCharacters(text: string, d: Diagnostic): Diagnostic {
  const span = wholeCharacters(text, d.span);
  const cut = (r: RelatedInformation) => r.file === undefined && wholeCharacters(text, r.span) !== r.span;
  // Nearly always nothing to widen: the diagnostic itself is kept, not copied.
  if (span === d.span && !d.related?.some(cut)) return d;
  const related = d.related?.map((r) => (cut(r) ? { ...r, span: wholeCharacters(text, r.span) } : r));
  return { ...d, span, ...(related ? { related } : {}) };
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
  wanted: (kept: (code: string, span: Span) => boolean) => Wanted,
): Diagnostic[] {
  for (const error of errors) heldBack.hold(error.span);
  if (heldBack.everything) return [];
  const kept = (code: string, span: Span) =>
    !(document.format === "dsl" && PASSED_THROUGH.has(code)) && !(heldBack.any && heldBack.covers(span));
  // An error counted but not built holds back its part all the same.
  const uncounted: Span[] = [];
  const wantedHere = wanted(kept);
  const found = validateService(service, (code, severity, span) => {
    const take = wantedHere(code, severity, span);
    if (!take && severity === "error" && kept(code, span)) uncounted.push(span);
    return take;
  }).filter((d) => kept(d.code, d.span));
  for (const d of found) if (d.severity === "error") heldBack.hold(d.span);
  for (const span of uncounted) heldBack.hold(span);
  const checkable = heldBack.checkable();
  if (checkable === undefined) return found;
  const rules = runRules(
    document,
    { ...service, json: checkable },
    SERVICE_RULES,
    options.rules,
    heldBack,
    wanted(() => true),
  );
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
