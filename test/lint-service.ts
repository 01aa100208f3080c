import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A DSL service with one problem of each kind the lint tests need: an error with a fix
 * (unknown-ou-identifier, 12:40), two warnings (unused-metadata 14:7, unknown-requirement 15:26, which has
 * options) and an error with a related location (duplicate-channel-label 19:5, first label at 17:5).
 */
export const SERVICE = `id: 1
name: Letters
type: SIMPLE_UNIQUE
boxes:
  letters:
    type: pdf
    main: true
    elements: 1
    metadata:
      # the issuer, printed on the envelope
      issuer:
        value: concat(ou.NAME, " ", ou.Siret)   # misspelt on purpose
        persist: true
      reference: fileName[0:8]
      need: { value: req.POSTAL_ADDRES, persist: true }
channels:
  - label: Mail
    name: green-letter
  - label: Mail
    name: registered-letter
`;

/** The same service with no problem at all. */
export const CLEAN_SERVICE = `id: 1
name: Letters
type: SIMPLE_UNIQUE
boxes:
  letters:
    type: pdf
    main: true
    elements: 1
    metadata:
      reference:
        value: fileName[0:8]
        persist: true
channels:
  - label: Mail
    name: green-letter
`;

/** A new temporary directory holding the files given (paths relative to it, folders made as needed). */
export function scratch(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "mailroom-lint-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export interface JsonProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly related?: readonly { file: string; line: number; column: number; message: string }[];
  readonly fix?: { description: string; edits: readonly { line: number; column: number; newText: string }[] };
}

/** `code@line:column severity` for each problem of a `--format json` output, for compact assertions. */
export const brief = (stdout: string): string[] =>
  (JSON.parse(stdout) as JsonProblem[]).map((d) => `${d.code}@${d.line}:${d.column} ${d.severity}`);
