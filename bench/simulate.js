// The benchmark of a simulated job (`npm run bench`): `simulateJob` on a 200-page PDF batch and a 50-file ZIP
// archive, against pdfjs-dist alone reading the text of every page of the same PDFs: what splitting, extracting,
// matching, evaluating and reconciling cost beyond reading. Both are timed in this process, alternating, the
// fastest of several runs of each kept; printed as jobs per second and as a ratio beside its target.
//
//   node bench/simulate.js [--runs 5]
//
// The batch holds 50 letters of 4 pages, each starting with "LETTER n" (a `bsc.PDF_AREA` split), the customer on
// its first page; the archive holds one annex per letter, taken by a file matcher and paired by a reconcile.
// Exit code 0 whatever the figure (the bench reports, it does not gate).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { compileDsl } from "@mailroom/compiler";
import { simulateJob } from "@mailroom/runtime";
import { zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "5"));
const LETTERS = 50;
const TARGET = 1.5;

/** A PDF whose pages hold the given lines of text, from 100 pt below the top. */
async function pdf(pages) {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    for (const [i, text] of lines.entries()) page.drawText(text, { x: 100, y: 742 - 20 * i, size: 10, font });
  }
  return document.save({ useObjectStreams: false });
}

const folder = mkdtempSync(join(tmpdir(), "mailroom-bench-simulate-"));
const customer = (n) => `C-${String(n).padStart(5, "0")}`;
const batchPages = Array.from({ length: LETTERS }, (_, n) => [
  [`LETTER ${n + 1}`, `Customer ${customer(n)}`, "Dear customer, please find your statement enclosed."],
  ["Statement, page 2", ...Array.from({ length: 30 }, (_, i) => `Line ${i + 1}: 12.50 EUR`)],
  ["Statement, page 3", ...Array.from({ length: 30 }, (_, i) => `Line ${i + 31}: 7.25 EUR`)],
  ["Terms and conditions", "Payment is due within 30 days."],
]).flat();
const batch = join(folder, "batch.pdf");
writeFileSync(batch, await pdf(batchPages));
const annexes = {};
for (let n = 0; n < LETTERS; n++) {
  annexes[`annexes/ANNEX_${customer(n)}.pdf`] = await pdf([[`Annex for ${customer(n)}`]]);
}
const archive = join(folder, "annexes.zip");
writeFileSync(archive, zipSync(annexes, { mtime: new Date("2024-01-01T00:00:00Z") }));

const service = compileDsl(
  "bench.service.yaml",
  `id: 1
name: bench
type: ADVANCED
organizationalUnit: { id: 1, name: OU }
boxes:
  LETTERS:
    type: pdf
    main: true
    elements: 1
    split: { area: [95, 90, 300, 14], value: ^LETTER, page: first }
    metadata:
      customer:
        value: pdfText(1, [95, 110, 300, 14]) | clean(trim) | replace(/^Customer /, "")
      total:
        value: pdfText(2, [95, 110, 400, 600]) | clean(trim, normalizeSpace)
  ARCHIVE:
    type: archive
    elements: 1
  ANNEXES:
    type: pdf
    elements: 0..*
    from: { archive: ARCHIVE, rank: 1, match: 'endsWith(archivePath | lower, ".pdf")' }
    metadata:
      annexCustomer:
        value: fileName[6:13]
    reconcile:
      when: meta.annexCustomer == meta.customer
      expected: 0..*
channels: {}
`,
).services[0].json;

/** pdf.js alone: the text of every page of the batch and of every annex. */
async function readAll() {
  const { readFileSync } = await import("node:fs");
  const files = [new Uint8Array(readFileSync(batch)), ...Object.values(annexes).map((bytes) => bytes.slice())];
  let glyphs = 0;
  for (const data of files) {
    const document = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
    for (let i = 1; i <= document.numPages; i++) {
      const page = await document.getPage(i);
      glyphs += (await page.getTextContent()).items.length;
    }
    await document.destroy();
  }
  return glyphs;
}

async function simulate() {
  const result = await simulateJob(service, {
    files: [
      ["LETTERS", batch],
      ["ARCHIVE", archive],
    ],
    requirements: {},
    areaUnit: "pt",
  });
  if (!result.ok) throw new Error(result.problem);
  const { documents, violations } = result.outcome;
  if (documents.length !== 2 * LETTERS || violations.length > 0) {
    throw new Error(`unexpected outcome: ${documents.length} documents, ${JSON.stringify(violations)}`);
  }
  return documents.length;
}

const time = async (run) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};
const best = { simulate: Infinity, read: Infinity };
await simulate(); // warm-up: pdf.js and the dates are loaded once per process
await readAll();
for (let i = 0; i < RUNS; i++) {
  best.simulate = Math.min(best.simulate, await time(simulate));
  best.read = Math.min(best.read, await time(readAll));
}
if (!process.argv.includes("--keep")) rmSync(folder, { recursive: true, force: true });
else console.log(folder);

const ratio = best.simulate / best.read;
console.log(`mailroom simulation bench: node ${process.version}, ${RUNS} runs, fastest kept`);
console.log(
  `  simulated job (200-page batch, 50-file archive): ${(1000 / best.simulate).toFixed(2)} jobs/s (${best.simulate.toFixed(0)} ms)`,
);
console.log(`  pdfjs-dist alone reading the same text: ${best.read.toFixed(0)} ms`);
console.log(`  ratio ${ratio.toFixed(2)}x (target <= ${TARGET}x) ${ratio <= TARGET ? "ok" : "OVER TARGET"}`);
