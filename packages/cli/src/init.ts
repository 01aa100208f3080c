import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeOutput } from "./files.js";
import { type Io, UsageError } from "./io.js";
import { displayPath } from "./report.js";

/*
 * What `mailroom init` writes: a small service and everything it is checked with, each file clean as written
 * (`mailroom lint`, `fmt --check` and `test` pass on it; a test runs them), so that a new project starts green.
 */

const SAMPLE = "samples/INV-2024-0001.pdf";

const SERVICE = `# A service of the hybrid-mail job API, in mailroom's DSL (docs/language.md).
# mailroom build compiles it to the JSON the API takes; mailroom lint checks it.
id: 1
name: Invoices
type: SIMPLE_UNIQUE
description: One invoice per PDF, sent by post.

boxes:
  INVOICES:
    type: pdf
    label: Invoices (PDF)
    main: true
    elements: 1..100
    metadata:
      # The file's name without its extension (docs/expressions.md).
      invoiceNumber:
        value: fileName | replace(/\\.pdf$/, "")
        persist: true
      # The text of an area of page 1: x, y, width, height, from the top left corner, in the unit of
      # mailroom.config.yaml (PDF points here).
      customerName:
        value: pdfText(1, [60, 94, 250, 20]) | clean(trim, normalizeSpace) | replace(/^Customer:\\s*/, "")
        persist: true
      senderSiret: { value: ou.SIRET, persist: true }

channels:
  Post:
    name: MAIL
`;

const TEST = `# The cases of invoices.service.yaml, run by mailroom test (docs/testing.md).
cases:
  - name: one invoice
    files:
      INVOICES: ${SAMPLE}
    ou: organizational-unit.json
    expect:
      documents:
        INVOICES:
          - pages: [1, 1]
            metadata:
              invoiceNumber: INV-2024-0001
              customerName: Jane Martin
              senderSiret: "12345678900011"
      violations: []
`;

const CONFIG = `# mailroom's configuration for the files under this folder (docs/configuration.md).
# The unit the services' areas are written in: the API does not say; confirm it against the platform.
areaUnit: pt
# A sample file per box: mailroom eval evaluates on them when no --file is given, and editors show each
# metadata's value on them on hover.
samples:
  INVOICES: ${SAMPLE}
`;

/** An organizational unit as the API returns it, with the properties the service reads (ou.SIRET). */
const UNIT = `${JSON.stringify(
  {
    id: 1,
    name: "My organizational unit",
    accountIdentifier: "my-unit",
    defaultMailCountry: "FR",
    properties: {
      emailAddress: "mail@example.org",
      senderAddress: { addressLines: "My company\n1 rue de la Paix\n75002 Paris", countryCode: "FR" },
      siret: "12345678900011",
    },
  },
  null,
  2,
)}\n`;

/**
 * A one-page A4 PDF, written by hand so that no PDF library ships with the CLI: Helvetica text, an
 * invoice's number and its customer, where the service's area reads it.
 */
function samplePdf(): string {
  const content = "BT /F1 14 Tf 72 760 Td (Invoice INV-2024-0001) Tj 0 -24 Td (Customer: Jane Martin) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  // Each cross-reference entry is exactly 20 bytes: ten digits, space, five digits, space, keyword, space, newline.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  return `${pdf}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/** Every file `init` writes, by its path in the folder. */
const files = (): Record<string, string> => ({
  "invoices.service.yaml": SERVICE,
  "invoices.service.test.yaml": TEST,
  "mailroom.config.yaml": CONFIG,
  "organizational-unit.json": UNIT,
  [SAMPLE]: samplePdf(),
});

/**
 * `mailroom init`: writes a starting project into `dir`. A file already there is never replaced without `force`:
 * the command then writes nothing and names them. Returns the exit code.
 */
export async function init(dir: string, options: { force?: boolean }, io: Io): Promise<number> {
  const written = Object.entries(files()).map(([name, text]) => ({ path: join(dir, name), text }));
  const there = written.filter(({ path }) => existsSync(path));
  if (there.length > 0 && !options.force) {
    const names = there.map(({ path }) => displayPath(path)).join(", ");
    throw new UsageError(`Found ${names} already; nothing written (--force overwrites).`);
  }
  for (const { path, text } of written) {
    const problem = await writeOutput(path, text);
    if (problem) throw new UsageError(problem.message);
    io.out(`wrote ${displayPath(path)}\n`);
  }
  const into = dir === "." ? "" : `cd ${dir} && `;
  io.err(`next: ${into}mailroom lint . && mailroom test . (docs/language.md describes the DSL)\n`);
  return 0;
}
