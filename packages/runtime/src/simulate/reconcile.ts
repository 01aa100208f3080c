import { type InflatedBox, RECONCILE_DEFAULTS, type Service } from "@mailroom/model";
import type { JobDocument } from "../job.js";
import type { JobEvaluation } from "../metadata.js";
import type { Violation } from "../outcome.js";
import { describeDocument } from "./words.js";

/** `min..max` with -1 as no limit, in words. */
export const countWords = (min: number, max: number): string =>
  max === -1 ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;

/** Whether a count is outside `min..max` (-1: no limit). */
export const outOf = (count: number, min: number, max: number): boolean => count < min || (max !== -1 && count > max);

/**
 * Pairs each document of an attachment box (a box with a reconcile) with the MAIN documents its condition holds
 * for, records the pairs in the evaluation (an attachment's MAIN metadata are then its MAIN document's), and checks
 * the counts: `minExpected..maxExpected` documents of the box in the job, `minMatches..maxMatches` of them per
 * MAIN document; an attachment paired with none goes nowhere. Returns the MAIN documents of each attachment.
 */
export function reconcile(
  service: Service,
  documents: readonly JobDocument[],
  evaluation: JobEvaluation,
  violations: Violation[],
): Map<JobDocument, JobDocument[]> {
  const boxes = service.properties.boxes.filter((box): box is InflatedBox => box["@type"] !== "box.ARCHIVE");
  const mainBoxes = new Set(boxes.filter((box) => box.main).map((box) => box.name));
  const mains = documents.filter((d) => mainBoxes.has(d.box));
  const attached = new Map<JobDocument, JobDocument[]>();
  for (const box of boxes) {
    const settings = box.reconcile;
    if (box.main || !settings) continue;
    const own = documents.filter((d) => d.box === box.name);
    // Counts a service leaves out take the API's defaults.
    const minExpected = settings.minExpected ?? RECONCILE_DEFAULTS.minExpected;
    const maxExpected = settings.maxExpected ?? RECONCILE_DEFAULTS.maxExpected;
    const minMatches = settings.minMatches ?? RECONCILE_DEFAULTS.minMatches;
    const maxMatches = settings.maxMatches ?? RECONCILE_DEFAULTS.maxMatches;
    if (outOf(own.length, minExpected, maxExpected)) {
      violations.push({
        code: "expected-count",
        box: box.name,
        message: `the job may hold ${countWords(minExpected, maxExpected)} document(s) of ${box.name}; it holds ${own.length}`,
      });
    }
    for (const attachment of own) {
      const paired = mains.filter((main) => {
        const result = evaluation.pairs(attachment, main);
        if (result.ok) return result.value;
        violations.push({
          code: "cannot-evaluate",
          box: box.name,
          file: attachment.file,
          message: `the reconcile condition of ${describeDocument(attachment)} with ${describeDocument(main)} cannot be evaluated: ${result.problem}`,
        });
        return false;
      });
      attached.set(attachment, paired);
      evaluation.attach(attachment, paired);
      if (paired.length === 0) {
        violations.push({
          code: "unattached",
          box: box.name,
          file: attachment.file,
          message: `${describeDocument(attachment)} goes with no MAIN document: its reconcile condition holds for none`,
        });
      }
    }
    for (const main of mains) {
      const count = own.filter((attachment) => attached.get(attachment)?.includes(main)).length;
      if (outOf(count, minMatches, maxMatches)) {
        violations.push({
          code: "match-count",
          box: box.name,
          file: main.file,
          message: `${describeDocument(main)} may get ${countWords(minMatches, maxMatches)} document(s) of ${box.name}; it gets ${count}`,
        });
      }
    }
  }
  return attached;
}
