import { type Diagnostic, diagnostic, type Severity, type Span } from "@mailroom/syntax";

/** The findings of one code a file lists by default: enough to fix the first ones, never 700,000 alike. */
export const MAX_FINDINGS_PER_CODE = 100;

/** Text order of two spans, as diagnostics are sorted: by start, then the shorter first. */
const bySpan = (a: Span, b: Span): number => a.offset - b.offset || a.length - b.length;

const noFindings = (): Record<Severity, number> => ({ error: 0, warning: 0, info: 0 });

/**
 * The cap on the findings of each code in one file: the first `max` in text order are listed, and one
 * `more-findings` note, at the first one left out, counts the rest. The sources of findings ask `take` before they
 * build one (its message, its fix): only a finding that may still be among the first `max` + 1 of its code is
 * built; the others are counted, by severity, and cost nothing more. Sources need not report in text order: a
 * finding before the last one taken is taken in its place (which, built already, is counted with the rest).
 */
export class FindingCap {
  /** Per code, the spans taken, in text order: at most `max` + 1. */
  readonly #taken = new Map<string, Span[]>();
  /** Per code, the findings counted without being built. */
  readonly #counted = new Map<string, Record<Severity, number>>();

  constructor(readonly max: number) {}

  /** Whether a finding of `code` at `span` is to be built; when not, it is counted. */
  take(code: string, severity: Severity, span: Span): boolean {
    let taken = this.#taken.get(code);
    if (taken === undefined) {
      taken = [];
      this.#taken.set(code, taken);
    }
    if (taken.length > this.max) {
      // biome-ignore lint/style/noNonNullAssertion: max + 1 spans at least.
      if (bySpan(span, taken.at(-1)!) >= 0) {
        const counted = this.#counted.get(code) ?? noFindings();
        counted[severity]++;
        this.#counted.set(code, counted);
        return false;
      }
      taken.pop();
    }
    let i = taken.length;
    // biome-ignore lint/style/noNonNullAssertion: i - 1 is within bounds.
    while (i > 0 && bySpan(span, taken[i - 1]!) < 0) i--;
    taken.splice(i, 0, span);
    return true;
  }

  /**
   * The findings built (in text order, every filter applied) capped: the first `max` of each code, and one note
   * per code with more, at the first one left out, counting every finding of that code not listed, built or not.
   */
  apply(sorted: readonly Diagnostic[], severityOf: (code: string, severity: Severity) => Severity): Diagnostic[] {
    const built = new Map<string, number>();
    for (const d of sorted) built.set(d.code, (built.get(d.code) ?? 0) + 1);
    if (![...built.values()].some((count) => count > this.max)) return [...sorted];
    const listed = new Map<string, number>();
    const kept: Diagnostic[] = [];
    const notes = new Map<string, { note: Diagnostic; unlisted: Record<Severity, number> }>();
    for (const d of sorted) {
      const n = (listed.get(d.code) ?? 0) + 1;
      listed.set(d.code, n);
      if (n <= this.max) {
        kept.push(d);
        continue;
      }
      let rest = notes.get(d.code);
      if (rest === undefined) {
        const unlisted = noFindings();
        for (const [severity, count] of Object.entries(this.#counted.get(d.code) ?? {})) {
          unlisted[severityOf(d.code, severity as Severity)] += count;
        }
        rest = { note: d, unlisted };
        notes.set(d.code, rest);
        kept.push(d); // replaced by the note below, once all are counted
      }
      rest.unlisted[d.severity]++;
    }
    return kept.map((d) => {
      const rest = notes.get(d.code);
      if (rest?.note !== d) return d;
      const { error, warning, info } = rest.unlisted;
      const count = (error + warning + info).toLocaleString("en");
      return {
        ...diagnostic("more-findings", "rest", { count, code: d.code, max: this.max }, d.span),
        unlisted: rest.unlisted,
      };
    });
  }
}
