import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LoadedPdf, loadPdf, type PdfArea } from "@mailroom/runtime";
import { beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

interface Case {
  readonly pdf: string;
  readonly page: number;
  readonly area: PdfArea;
  readonly sortByPosition: boolean;
  readonly text: string;
}

interface Corpus {
  readonly recordedWith: string;
  readonly metadata: Readonly<Record<string, { pageCount: number; info: Readonly<Record<string, string | null>> }>>;
  readonly cases: readonly Case[];
}

/** The two corpora record-pdf.mjs records: PDFs pdf-lib writes, and PDFs of Debian's producers. */
const corpora = [
  { name: "pdf-lib", json: "pdf-areas.json", folder: "pdfs", minimumCases: 999, target: 0.9975 },
  { name: "producers", json: "pdf-producers.json", folder: "pdfs/producers", minimumCases: 1500, target: 0.995 },
].map((c) => ({ ...c, corpus: JSON.parse(readFileSync(join(here, "corpus", c.json), "utf8")) as Corpus }));

const pdfs = new Map<string, LoadedPdf>();

beforeAll(async () => {
  for (const { folder, corpus } of corpora) {
    for (const name of Object.keys(corpus.metadata)) {
      const loaded = await loadPdf(readFileSync(join(here, folder, name)));
      if (!loaded.ok) throw new Error(`${name}: ${loaded.problem}`);
      pdfs.set(`${folder}/${name}`, loaded.pdf);
    }
  }
});

const read = (folder: string, c: Case) =>
  (pdfs.get(`${folder}/${c.pdf}`) as LoadedPdf).textInArea(c.page, c.area, {
    sortByPosition: String(c.sortByPosition),
  });

/** The producer of a PDF of the producers' corpus: its name up to the first "-" (pdftex-scripts.pdf: pdftex). */
const producer = (pdf: string) => pdf.slice(0, pdf.indexOf("-"));

const percent = (agreeing: number, total: number) => `${agreeing}/${total} (${((agreeing / total) * 100).toFixed(2)}%)`;

describe.each(corpora)(
  "text by area against PDFBox, $name corpus",
  ({ name, folder, corpus, minimumCases, target }) => {
    it(`agrees on at least ${target * 100}% of the recorded areas (${corpus.recordedWith})`, () => {
      const differing = corpus.cases.filter((c) => read(folder, c) !== c.text);
      const groups = new Map<string, { total: number; agreeing: number }>();
      for (const c of corpus.cases) {
        const group = groups.get(producer(c.pdf)) ?? { total: 0, agreeing: 0 };
        group.total++;
        if (!differing.includes(c)) group.agreeing++;
        groups.set(producer(c.pdf), group);
      }
      const agreeing = corpus.cases.length - differing.length;
      const lines = [`PDF text by area, ${name}: ${percent(agreeing, corpus.cases.length)} areas agree with PDFBox`];
      if (folder !== "pdfs") {
        for (const [key, group] of [...groups].sort()) lines.push(`  ${key}: ${percent(group.agreeing, group.total)}`);
      }
      console.log(lines.join("\n"));
      const listing = differing.map(
        (c) =>
          `${c.pdf} p${c.page} ${JSON.stringify(c.area)} sort=${c.sortByPosition}: PDFBox ${JSON.stringify(c.text)}, mailroom ${JSON.stringify(read(folder, c))}`,
      );
      if (listing.length > 0) console.log(listing.join("\n"));
      expect(corpus.cases.length).toBeGreaterThanOrEqual(minimumCases);
      expect(agreeing / corpus.cases.length, listing.join("\n")).toBeGreaterThanOrEqual(target);
    });

    it("reads the page count and document information as PDFBox does", () => {
      for (const [pdf, { pageCount, info }] of Object.entries(corpus.metadata)) {
        const loaded = pdfs.get(`${folder}/${pdf}`) as LoadedPdf;
        expect(loaded.pageCount, pdf).toBe(pageCount);
        // PDFBox gives null for a value that is not text (a name such as /Trapped /False): mailroom gives "".
        for (const [key, value] of Object.entries(info))
          expect(loaded.metadata(key), `${pdf} ${key}`).toBe(value ?? "");
      }
    });
  },
);
