import { applyFixes, type CheckOptions, type SourceText } from "@mailroom/checker";
import { unreadFile, writeOutput } from "./files.js";
import { type CheckedFile, checkText } from "./lint.js";

// The one pass of fixing lives in the checker, shared with the language service's "fix all".
export { applyFixes };

/** Most rounds of fixing one file: a fix can reveal another, but never endlessly. */
export const MAX_FIX_PASSES = 10;

const readingErrors = (file: CheckedFile): number =>
  file.document?.diagnostics.filter((d) => d.severity === "error").length ?? 0;

/**
 * Fixes a file (as read: `source`): applies every fix, checks the result again, and repeats while fixes remain (at most
 * MAX_FIX_PASSES passes), all in memory; then writes the file once, atomically, if it changed. A pass whose
 * result reads worse (new syntax or compile errors) is dropped and fixing stops there. A file whose text
 * could not be read is never written; one that cannot be written is reported as it is, with `cannot-write`.
 * Returns the final check and how many fixes were applied.
 */
export async function fixFile(
  file: string,
  source: SourceText,
  options: CheckOptions,
): Promise<{ checked: CheckedFile; fixed: number }> {
  if (!source.ok) return { checked: unreadFile(file, source), fixed: 0 };
  let checked = checkText(file, source.text, options);
  let fixed = 0;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const { text, applied } = applyFixes(checked.text, checked.diagnostics);
    if (applied === 0 || text === checked.text) break;
    const next = checkText(file, text, options);
    if (readingErrors(next) > readingErrors(checked)) break;
    checked = next;
    fixed += applied;
  }
  if (checked.text !== source.text) {
    const problem = await writeOutput(file, `${source.bom ? "\uFEFF" : ""}${checked.text}`);
    // Not written: what stands is the file as it was, and why it was not fixed.
    if (problem) {
      const unchanged = checkText(file, source.text, options);
      return { checked: { ...unchanged, diagnostics: [...unchanged.diagnostics, problem] }, fixed: 0 };
    }
  }
  return { checked, fixed };
}
