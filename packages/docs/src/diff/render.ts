import { codeSpan, escapeMarkdown } from "../markdown.js";
import { CHANGE_CLASSES, type Change, type ChangeClass, type DiffReport, type ServiceDiff } from "./compare.js";

/*
 * The views of a diff: text for a terminal, Markdown for a pull-request comment, JSON for machines. Each lists
 * the services in the report's order and, in each, the changes breaking first, then behaviour, then cosmetic.
 */

const TITLES: Record<ChangeClass, string> = {
  breaking: "Breaking for integrators",
  behaviour: "Behaviour",
  cosmetic: "Cosmetic",
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "3 changes: 1 breaking, 1 behaviour, 1 cosmetic", or "no changes". */
export function diffSummary(report: DiffReport): string {
  const total = CHANGE_CLASSES.reduce((n, c) => n + report.counts[c], 0);
  if (total === 0) return "no changes";
  return `${plural(total, "change")}: ${CHANGE_CLASSES.map((c) => `${report.counts[c]} ${c}`).join(", ")}`;
}

const serviceTitle = (d: ServiceDiff): string => {
  const s = d.new ?? d.old;
  return s ? `service "${s.name}"${s.id === null ? "" : ` (id ${s.id})`}` : "service";
};

const files = (d: ServiceDiff): string => `${d.old?.file ?? "(none)"} -> ${d.new?.file ?? "(none)"}`;

/** A mark per kind of change, as deployment previews show them: added, removed, changed. */
const MARKS: Record<Change["kind"], string> = { added: "+", removed: "-", changed: "~" };

const byClass = (changes: readonly Change[], cls: ChangeClass) => changes.filter((c) => c.class === cls);

export function renderDiffText(report: DiffReport): string {
  const lines: string[] = [];
  for (const d of report.services) {
    if (d.changes.length === 0) continue;
    lines.push(`${serviceTitle(d)}: ${files(d)}`);
    for (const cls of CHANGE_CLASSES) {
      for (const c of byClass(d.changes, cls)) {
        lines.push(`  ${cls.padEnd(10)}${MARKS[c.kind]} ${c.subject}: ${c.summary}`);
        if (c.old !== null) lines.push(`                was: ${c.old}`);
        if (c.new !== null) lines.push(`                now: ${c.new}`);
      }
    }
    lines.push("");
  }
  lines.push(diffSummary(report));
  return `${lines.join("\n")}\n`;
}

export function renderDiffMarkdown(report: DiffReport): string {
  const counts = CHANGE_CLASSES.map((c) => `${report.counts[c]} ${c}`).join(", ");
  const lines = [`**mailroom diff**: ${report.counts.breaking > 0 ? "⚠️ " : ""}${counts}`, ""];
  for (const d of report.services) {
    if (d.changes.length === 0) continue;
    lines.push(`### ${escapeMarkdown(serviceTitle(d))}`, "");
    lines.push(`${codeSpan(d.old?.file ?? "(none)")} → ${codeSpan(d.new?.file ?? "(none)")}`, "");
    for (const cls of CHANGE_CLASSES) {
      const changes = byClass(d.changes, cls);
      if (changes.length === 0) continue;
      lines.push(`#### ${TITLES[cls]} (${changes.length})`, "");
      for (const c of changes) lines.push(...markdownChange(c));
      lines.push("");
    }
  }
  if (report.services.every((d) => d.changes.length === 0)) lines.push("No changes.", "");
  return `${lines.join("\n").trimEnd()}\n`;
}

function markdownChange(c: Change): string[] {
  const lines = [`- **${escapeMarkdown(c.subject)}**: ${escapeMarkdown(c.summary)}`];
  const side = (label: string, words: string | null, expression: string | null | undefined) => {
    if (words === null) return;
    const code = expression ? ` (${codeSpan(expression)})` : "";
    lines.push(`  - ${label}: ${escapeMarkdown(words)}${code}`);
  };
  side("before", c.old, c.expression?.old);
  side("after", c.new, c.expression?.new);
  return lines;
}

export const renderDiffJson = (report: DiffReport): string => `${JSON.stringify(report, null, 2)}\n`;
