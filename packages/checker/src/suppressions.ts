import { type Diagnostic, LineIndex, nearest } from "@mailroom/syntax";

const COMMENT = /#\s*mailroom-disable(-next-line)?\s+([A-Za-z0-9-]+(?:\s*,\s*[A-Za-z0-9-]+)*)(?:\s+--\s*(.*))?\s*$/;

interface Suppression {
  readonly rule: string;
  /** 1-based line the suppression covers; undefined for the whole file. */
  readonly line?: number;
  readonly offset: number;
  readonly length: number;
  used: boolean;
}

/** The offset of the first character of a line that is not a blank. */
const contentOffset = (index: LineIndex, line: number): number =>
  index.offset({ line, column: 1 }) + (/^\s*/.exec(index.lineText(line))?.[0].length ?? 0);

/** The line after `line` that holds something other than blanks or a comment. */
function nextContentLine(index: LineIndex, line: number): number {
  let next = line + 1;
  while (next <= index.lineCount && /^\s*(#.*)?$/.test(index.lineText(next))) next++;
  return next;
}

/**
 * Applies the suppression comments of a DSL file: `# mailroom-disable-next-line <rule>[, <rule>] -- reason`
 * silences those rules on the next line with content, `# mailroom-disable <rule> -- reason` in the whole
 * file. A suppression that silences nothing, or names no known code, is itself reported, so stale ones go;
 * except where the check is `unsure` (given the offset of the line's content, or undefined for the whole file):
 * a part of the file held back by an error may hold the problem it silences.
 */
export function applySuppressions(
  text: string,
  diagnostics: readonly Diagnostic[],
  knownCodes: ReadonlySet<string>,
  unsure: (offset: number | undefined) => boolean = () => false,
): Diagnostic[] {
  if (!text.includes("mailroom-disable")) return [...diagnostics];
  const index = new LineIndex(text);
  const suppressions: Suppression[] = [];
  for (let line = 1; line <= index.lineCount; line++) {
    const content = index.lineText(line);
    const match = COMMENT.exec(content);
    if (!match || !/^\s*#/.test(content.slice(0, match.index + 1))) continue;
    const start = index.offset({ line, column: match.index + 1 });
    const target = match[1] ? nextContentLine(index, line) : undefined;
    for (const rule of (match[2] ?? "").split(/\s*,\s*/)) {
      suppressions.push({
        rule,
        ...(target !== undefined ? { line: target } : {}),
        offset: start,
        length: match[0].trimEnd().length,
        used: false,
      });
    }
  }
  const kept = diagnostics.filter((d) => {
    const line = index.position(d.span.offset).line;
    const silencer = suppressions.find((s) => s.rule === d.code && (s.line === undefined || s.line === line));
    if (silencer) silencer.used = true;
    return !silencer;
  });
  for (const s of suppressions) {
    if (s.used) continue;
    const known = knownCodes.has(s.rule);
    if (known && unsure(s.line === undefined ? undefined : contentOffset(index, s.line))) continue;
    const guess = known ? undefined : nearest(s.rule, knownCodes);
    kept.push({
      code: "unused-suppression",
      severity: "warning",
      message: known
        ? `Found a suppression of "${s.rule}" that silences nothing; expected a "${s.rule}" problem ${s.line === undefined ? "in this file" : `on line ${s.line}`}, or remove the comment.`
        : `Found a suppression of "${s.rule}", which is not a rule or diagnostic code; expected a known code${guess ? ` such as "${guess}"` : ""}.`,
      span: { offset: s.offset, length: s.length },
    });
  }
  return kept;
}
