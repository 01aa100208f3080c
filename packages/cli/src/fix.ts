import { realpath, stat } from "node:fs/promises";
import type { CheckOptions } from "@mailroom/checker";
import type { Diagnostic, TextEdit } from "@mailroom/syntax";
import { readSource, writeAtomic } from "./files.js";
import { type CheckedFile, checkFile, checkText } from "./lint.js";

/** Most rounds of fixing one file: a fix can reveal another, but never endlessly. */
export const MAX_FIX_PASSES = 10;

/**
 * Applies the fixes of the diagnostics to the text. A fix is applied whole or not at all; one whose edits
 * overlap an edit already taken (or insert at the same place) waits for the next pass, when it is recomputed
 * on the new text. Text outside the edits is kept byte for byte.
 */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): { text: string; applied: number } {
  const fixes = diagnostics
    .flatMap((d) => (d.fix && d.fix.edits.length > 0 ? [d.fix] : []))
    .map((fix) => ({ fix, start: Math.min(...fix.edits.map((e) => e.span.offset)) }))
    .sort((a, b) => a.start - b.start);
  const taken: TextEdit[] = [];
  let applied = 0;
  const clash = (a: TextEdit, b: TextEdit): boolean => {
    const aEnd = a.span.offset + a.span.length;
    const bEnd = b.span.offset + b.span.length;
    if (a.span.offset === b.span.offset) return true;
    return a.span.offset < bEnd && b.span.offset < aEnd;
  };
  for (const { fix } of fixes) {
    const edits = fix.edits;
    const valid = edits.every((e) => e.span.offset >= 0 && e.span.offset + e.span.length <= text.length);
    const overlaps = edits.some((e, i) => edits.some((o, j) => j > i && clash(e, o)) || taken.some((t) => clash(e, t)));
    if (!valid || overlaps) continue;
    taken.push(...edits);
    applied++;
  }
  let result = text;
  for (const edit of [...taken].sort((a, b) => b.span.offset - a.span.offset)) {
    result = result.slice(0, edit.span.offset) + edit.newText + result.slice(edit.span.offset + edit.span.length);
  }
  return { text: result, applied };
}

const readingErrors = (file: CheckedFile): number =>
  file.document?.diagnostics.filter((d) => d.severity === "error").length ?? 0;

/**
 * Fixes a file: applies every fix, checks the result again, and repeats while fixes remain (at most
 * MAX_FIX_PASSES passes), all in memory; then writes the file once, atomically, if it changed. A pass whose
 * result reads worse (new syntax or compile errors) is dropped and fixing stops there. A file whose text
 * could not be read is never written. Returns the final check and how many fixes were applied.
 */
export async function fixFile(file: string, options: CheckOptions): Promise<{ checked: CheckedFile; fixed: number }> {
  const source = await readSource(file);
  if (!source.ok) return { checked: await checkFile(file, options), fixed: 0 };
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
    // Through a symbolic link to the file it names, keeping that file's permissions.
    const target = await realpath(file);
    const { mode } = await stat(target);
    await writeAtomic(target, `${source.bom ? "\uFEFF" : ""}${checked.text}`, mode & 0o7777);
  }
  return { checked, fixed };
}
