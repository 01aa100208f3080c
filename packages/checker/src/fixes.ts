import type { Diagnostic, TextEdit } from "@mailroom/syntax";

/** Whether two edits touch the same text: they overlap, or insert at the same place. */
const clash = (a: TextEdit, b: TextEdit): boolean => {
  if (a.span.offset === b.span.offset) return true;
  return a.span.offset < b.span.offset + b.span.length && b.span.offset < a.span.offset + a.span.length;
};

/**
 * The fixes of the diagnostics that can be applied together to a text of this length, in text order: a fix is
 * taken whole or not at all, and one whose edits overlap an edit already taken (or insert at the same place)
 * is left for another pass, when it is recomputed on the new text. Returns their edits and how many were taken.
 */
export function selectFixes(
  textLength: number,
  diagnostics: readonly Diagnostic[],
): { edits: TextEdit[]; applied: number } {
  const fixes = diagnostics
    .flatMap((d) => (d.fix && d.fix.edits.length > 0 ? [d.fix] : []))
    .map((fix) => ({ fix, start: Math.min(...fix.edits.map((e) => e.span.offset)) }))
    .sort((a, b) => a.start - b.start);
  const taken: TextEdit[] = [];
  let applied = 0;
  for (const { fix } of fixes) {
    const edits = fix.edits;
    const valid = edits.every((e) => e.span.offset >= 0 && e.span.offset + e.span.length <= textLength);
    const overlaps = edits.some((e, i) => edits.some((o, j) => j > i && clash(e, o)) || taken.some((t) => clash(e, t)));
    if (!valid || overlaps) continue;
    taken.push(...edits);
    applied++;
  }
  return { edits: taken, applied };
}

/** The text with edits that do not overlap applied; text outside them is kept byte for byte. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.span.offset - a.span.offset)) {
    result = result.slice(0, edit.span.offset) + edit.newText + result.slice(edit.span.offset + edit.span.length);
  }
  return result;
}

/** Applies every fix `selectFixes` takes to the text (what `mailroom lint --fix` does in one pass). */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): { text: string; applied: number } {
  const { edits, applied } = selectFixes(text.length, diagnostics);
  return { text: applyEdits(text, edits), applied };
}
