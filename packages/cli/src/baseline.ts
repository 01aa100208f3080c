import { dirname, relative, resolve, sep } from "node:path";
import { readSource } from "@mailroom/checker";
import type { Diagnostic } from "@mailroom/syntax";
import { writeOutput } from "./files.js";
import { sha256 } from "./hash.js";
import { UsageError } from "./io.js";
import type { LocatedReport } from "./report.js";

/**
 * A problem's fingerprint: what it is, not where. A hash of its code, the text of its span (whitespace runs
 * collapsed) and its message with positions ("line 12", "byte 40") blanked, so that it survives lines added
 * or removed elsewhere in the file, and changes when the problem itself does.
 */
export function fingerprintOf(text: string, diagnostic: Diagnostic): string {
  const spanText = text
    .slice(diagnostic.span.offset, diagnostic.span.offset + Math.min(diagnostic.span.length, 1000))
    .replace(/\s+/g, " ")
    .trim();
  const message = diagnostic.message.replace(/\b(line|lines|column|byte)\s+\d+/gi, "$1 #");
  return sha256(`${diagnostic.code}\u0000${spanText}\u0000${message}`).slice(0, 16);
}

/**
 * Each diagnostic's fingerprint with its occurrence among equal ones in the file (`<hash>:<n>`, n from 0 in
 * text order): unique within the file, for SARIF's `partialFingerprints`.
 */
export function fingerprints(report: LocatedReport): string[] {
  const seen = new Map<string, number>();
  return report.diagnostics.map(({ fingerprint: print }) => {
    const n = seen.get(print) ?? 0;
    seen.set(print, n + 1);
    return `${print}:${n}`;
  });
}

/** One kind of problem in one file, and how many times the baseline accepts it. */
export interface BaselineEntry {
  readonly code: string;
  readonly fingerprint: string;
  readonly count: number;
  /** The message when recorded: for people reading the file; matching uses the fingerprint only. */
  readonly message: string;
}

/** The baseline file: entries per file path, relative to the baseline's own directory with `/` separators. */
export interface Baseline {
  readonly mailroomBaseline: 1;
  readonly files: Readonly<Record<string, readonly BaselineEntry[]>>;
}

/** A linted file's key in a baseline stored at `baselinePath`. */
const keyOf = (baselinePath: string, file: string): string =>
  relative(dirname(resolve(baselinePath)), resolve(file))
    .split(sep)
    .join("/");

/** The baseline of the problems in these reports. */
export function makeBaseline(baselinePath: string, reports: readonly LocatedReport[]): Baseline {
  const files: [string, BaselineEntry[]][] = [];
  const keyed = reports
    .filter((r) => r.diagnostics.length > 0)
    .map((r) => [keyOf(baselinePath, r.file), r] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, report] of keyed) {
    const entries = new Map<string, { code: string; fingerprint: string; count: number; message: string }>();
    for (const d of report.diagnostics) {
      const fingerprint = d.fingerprint;
      const id = `${d.code}\u0000${fingerprint}`;
      const entry = entries.get(id);
      if (entry) entry.count++;
      else entries.set(id, { code: d.code, fingerprint, count: 1, message: d.message });
    }
    const sorted = [...entries.values()].sort((a, b) =>
      a.code < b.code ? -1 : a.code > b.code ? 1 : a.fingerprint < b.fingerprint ? -1 : 1,
    );
    files.push([key, sorted]);
  }
  // fromEntries defines each key as data, so a file named "__proto__" is just a file.
  return { mailroomBaseline: 1, files: Object.fromEntries(files) };
}

export async function writeBaseline(path: string, baseline: Baseline): Promise<void> {
  const problem = await writeOutput(resolve(path), `${JSON.stringify(baseline, null, 2)}\n`);
  if (problem) throw new UsageError(problem.message);
}

const isEntry = (value: unknown): value is BaselineEntry => {
  const entry = value as Partial<BaselineEntry> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.code === "string" &&
    typeof entry.fingerprint === "string" &&
    Number.isInteger(entry.count) &&
    (entry.count ?? 0) > 0
  );
};

/** Reads a baseline written by `--write-baseline`; anything else is a usage error. */
export async function readBaseline(path: string): Promise<Baseline> {
  const source = await readSource(path);
  if (!source.ok) throw new UsageError(`Baseline "${path}": ${source.message}`);
  let value: unknown;
  try {
    value = JSON.parse(source.text);
  } catch {
    throw new UsageError(`Baseline "${path}" is not JSON; expected a file written by --write-baseline.`);
  }
  const baseline = value as Partial<Baseline> | null;
  const valid =
    typeof baseline === "object" &&
    baseline !== null &&
    baseline.mailroomBaseline === 1 &&
    typeof baseline.files === "object" &&
    baseline.files !== null &&
    Object.values(baseline.files).every((entries) => Array.isArray(entries) && entries.every(isEntry));
  if (!valid) {
    throw new UsageError(`Baseline "${path}" has an unknown shape; expected a file written by --write-baseline.`);
  }
  return baseline as Baseline;
}

/**
 * The reports without the problems the baseline accepts. In each file, a problem is accepted while its
 * fingerprint's count lasts, in text order: with more equal problems than recorded, the later ones are new.
 * Also returns how many accepted problems were not found (fixed since), for files in these reports only.
 */
export function applyBaseline(
  baselinePath: string,
  baseline: Baseline,
  reports: readonly LocatedReport[],
): { reports: LocatedReport[]; gone: number } {
  let gone = 0;
  const filtered = reports.map((report) => {
    const key = keyOf(baselinePath, report.file);
    const entries = Object.hasOwn(baseline.files, key) ? (baseline.files[key] ?? []) : [];
    const allowance = new Map(entries.map((e) => [`${e.code}\u0000${e.fingerprint}`, e.count]));
    const diagnostics = report.diagnostics.filter((d) => {
      const id = `${d.code}\u0000${d.fingerprint}`;
      const left = allowance.get(id) ?? 0;
      if (left === 0) return true;
      allowance.set(id, left - 1);
      return false;
    });
    for (const left of allowance.values()) gone += left;
    return { ...report, diagnostics };
  });
  return { reports: filtered, gone };
}
