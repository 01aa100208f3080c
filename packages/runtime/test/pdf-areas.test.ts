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
  readonly metadata: Readonly<Record<string, { pageCount: number; info: Readonly<Record<string, string>> }>>;
  readonly cases: readonly Case[];
}

const corpus = JSON.parse(readFileSync(join(here, "corpus", "pdf-areas.json"), "utf8")) as Corpus;
const pdfs = new Map<string, LoadedPdf>();

beforeAll(async () => {
  for (const name of Object.keys(corpus.metadata)) {
    const loaded = await loadPdf(readFileSync(join(here, "pdfs", name)));
    if (!loaded.ok) throw new Error(`${name}: ${loaded.problem}`);
    pdfs.set(name, loaded.pdf);
  }
});

const pdf = (name: string) => pdfs.get(name) as LoadedPdf;

describe(`text by area against PDFBox (${corpus.recordedWith})`, () => {
  it("agrees on at least 99% of the recorded areas", () => {
    const differing = corpus.cases.filter(
      (c) => pdf(c.pdf).textInArea(c.page, c.area, { sortByPosition: String(c.sortByPosition) }) !== c.text,
    );
    const agreement = (corpus.cases.length - differing.length) / corpus.cases.length;
    console.log(
      `PDF text by area: ${corpus.cases.length - differing.length}/${corpus.cases.length} areas agree with PDFBox (${(agreement * 100).toFixed(1)}%)`,
    );
    const listing = differing.map((c) => {
      const ours = pdf(c.pdf).textInArea(c.page, c.area, { sortByPosition: String(c.sortByPosition) });
      return `${c.pdf} p${c.page} ${JSON.stringify(c.area)} sort=${c.sortByPosition}: PDFBox ${JSON.stringify(c.text)}, mailroom ${JSON.stringify(ours)}`;
    });
    if (listing.length > 0) console.log(listing.join("\n"));
    expect(corpus.cases.length).toBeGreaterThanOrEqual(500);
    expect(agreement, listing.join("\n")).toBeGreaterThanOrEqual(0.99);
  });

  it("reads the page count and document information as PDFBox does", () => {
    for (const [name, { pageCount, info }] of Object.entries(corpus.metadata)) {
      expect(pdf(name).pageCount, name).toBe(pageCount);
      for (const [key, value] of Object.entries(info)) expect(pdf(name).metadata(key), `${name} ${key}`).toBe(value);
    }
  });
});
