import type { JobDocument } from "../job.js";
import type { JobOutcome } from "../outcome.js";
import { describeDocument } from "./words.js";

/*
 * A job's outcome as `mailroom eval` prints it, as JSON or as text; the playground shows the same on a dropped file.
 */

/** A document as the JSON output refers to it. */
const reference = (document: JobDocument) => ({
  box: document.box,
  file: document.file,
  ...(document.pages && { pages: document.pages }),
});

export function outcomeJson(outcome: JobOutcome): string {
  const documents = outcome.documents.map(({ document, metadata, attachedTo }) => ({
    box: document.box,
    file: document.file,
    ...(document.archiveEntry !== undefined && { archiveEntry: document.archiveEntry }),
    ...(document.pages && { pages: document.pages }),
    metadata: Object.fromEntries(
      [...metadata].map(([name, result]) => [name, "value" in result ? result.value : null]),
    ),
    errors: Object.fromEntries(
      [...metadata].flatMap(([name, result]) => ("problem" in result ? [[name, result.problem]] : [])),
    ),
    ...(attachedTo && { attachedTo: attachedTo.map(reference) }),
  }));
  const violations = outcome.violations.map(({ code, box, message }) => ({ code, box, message }));
  return `${JSON.stringify({ documents, unmatched: outcome.unmatched, violations }, null, 2)}\n`;
}

/**
 * Per document, where it comes from and what it goes with, then its metadata and their values, aligned; a
 * metadata without a value says so. Then the archive entries no box takes, and the violations.
 */
export function outcomeText(outcome: JobOutcome): string {
  const documents = outcome.documents.map(({ document, metadata, attachedTo }) => {
    const width = Math.max(0, ...[...metadata.keys()].map((n) => n.length));
    const lines = [...metadata].map(([name, result]) => {
      const shown = "value" in result ? JSON.stringify(result.value) : "(no value: see below)";
      return `  ${name.padEnd(width)}  ${shown}`;
    });
    const entry = document.archiveEntry === undefined ? "" : `  ${document.archiveEntry}`;
    const pages = document.pages ? `  pages ${document.pages[0]}-${document.pages[1]}` : "";
    const to = attachedTo && `  attached to ${attachedTo.map(describeDocument).join(", ") || "no MAIN document"}`;
    return `${document.box}#${document.position}  ${document.file}${entry}${pages}\n${to ? `${to}\n` : ""}${lines.join("\n") || "  (no metadata)"}\n`;
  });
  const unmatched = outcome.unmatched.map(({ archive, entry }) => `  ${archive}  ${entry}\n`);
  const violations = outcome.violations.map(({ code, message }) => `  ${code}: ${message}\n`);
  return [
    ...documents,
    ...(unmatched.length > 0 ? [`Taken by no box:\n${unmatched.join("")}`] : []),
    ...(violations.length > 0 ? [`Violations:\n${violations.join("")}`] : []),
  ].join("\n");
}
