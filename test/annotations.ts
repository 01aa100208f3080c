/**
 * Annotated fixtures (STYLE.md section 5). A comment line made of carets under a line marks a span on the
 * nearest line above that is not itself an annotation, followed by the expected code and, optionally, text
 * the message must contain:
 *
 *       value: meta.invoiceNo
 *   #          ^^^^^^^^^^^^^^ unknown-metadata No metadata named "invoiceNo"
 *
 * A `#` directly followed by `^` counts as the first caret, so a span at column 1 is written `#^^^^ code`.
 * A single caret also matches an empty span. A span running past its line is compared on its first line.
 * Where a comment line cannot go (inside a block scalar, whose lines are content) the place is written out:
 * `# at 12:11-21 code message` (end column exclusive), anywhere in the file.
 */
export interface Expectation {
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
  readonly code: string;
  readonly message?: string;
}

const ANNOTATION = /^(\s*)#(\^*)(\s*)(\^*)\s+([a-z][a-z0-9-]*)(?:\s+(.*))?$/;
const EXPLICIT = /^\s*#\s+at\s+(\d+):(\d+)-(\d+)\s+([a-z][a-z0-9-]*)(?:\s+(.*))?$/;

export function readAnnotations(text: string): Expectation[] {
  const lines = text.split(/\r?\n/);
  const expectations: Expectation[] = [];
  let target = 0;
  lines.forEach((line, index) => {
    const explicit = EXPLICIT.exec(line);
    if (explicit) {
      const [, at, column, endColumn, code = "", message] = explicit;
      expectations.push({
        line: Number(at),
        column: Number(column),
        endColumn: Number(endColumn),
        code,
        ...(message ? { message } : {}),
      });
      return;
    }
    const match = ANNOTATION.exec(line);
    const carets = match && (match[2] || match[4]);
    if (!match || !carets) {
      target = index + 1;
      return;
    }
    const [, indent = "", hashCarets = "", gap = "", spaceCarets = "", code = "", message] = match;
    const column = hashCarets ? indent.length + 1 : indent.length + 2 + gap.length;
    const width = hashCarets ? 1 + hashCarets.length : spaceCarets.length;
    expectations.push({ line: target, column, endColumn: column + width, code, ...(message ? { message } : {}) });
  });
  return expectations;
}

export interface Reported {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly code: string;
  readonly message: string;
}

/** Whether a reported problem is the one an annotation expects. */
export function matches(expected: Expectation, reported: Reported, lineLength: number): boolean {
  if (expected.line !== reported.line || expected.column !== reported.column || expected.code !== reported.code) {
    return false;
  }
  const end = reported.endLine === reported.line ? reported.endColumn : lineLength + 1;
  const width = expected.endColumn - expected.column;
  const sameEnd = end === expected.endColumn || (width === 1 && end === reported.column);
  return sameEnd && (expected.message === undefined || reported.message.includes(expected.message));
}
