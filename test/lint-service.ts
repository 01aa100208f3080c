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
/** The problems of SERVICE as the stylish format prints them under the file's name, code frames included. */
export const SERVICE_STYLISH: readonly string[] = [
  '  12:40  error    The organizational unit has no property "Siret"; did you mean "SIRET"?  unknown-ou-identifier',
  '    12 |         value: concat(ou.NAME, " ", ou.Siret)   # misspelt on purpose',
  "       |                                        ^^^^^",
  '  14:7   warning  Metadata "reference" of box "letters" is not referenced, persisted nor editable, so it has no effect; reference it, persist it, or remove it.  unused-metadata',
  "    14 |       reference: fileName[0:8]",
  "       |       ^^^^^^^^^",
  '  15:26  warning  Requirement "POSTAL_ADDRES" is not known; expected "POSTAL_ADDRESS_RECIPIENT", or a name added to the rule\'s "requirements" option.  unknown-requirement',
  "    15 |       need: { value: req.POSTAL_ADDRES, persist: true }",
  "       |                          ^^^^^^^^^^^^^",
  '  19:5   error    Channel label "Mail" is already used by another channel; expected a label of its own.  duplicate-channel-label',
  "    19 |   - label: Mail",
  "       |     ^^^^^",
  '    17:5: The first channel labelled "Mail" is here.',
];

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
