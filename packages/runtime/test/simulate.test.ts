import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileDsl } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import { type JobOutcome, simulateJob } from "@mailroom/runtime";
import { zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";

// Every test is one job: a service written in the DSL, files written to a temporary folder, and what the
// simulation gives. The `it` names quote the API's own sentences (spec: Box, SplitConfig, parent, reconcile).

const folder = mkdtempSync(join(tmpdir(), "mailroom-simulate-"));
let written = 0;

/** A file of the temporary folder holding `bytes`. */
function file(bytes: Uint8Array | string, name = `file-${++written}`): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

/** A PDF whose page i holds the texts of `pages[i]`, each at 100 pt from the left and 100 pt from the top. */
async function pdf(pages: readonly (readonly string[])[], name?: string): Promise<string> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const texts of pages) {
    const page = document.addPage([595, 842]);
    texts.forEach((text, line) => {
      page.drawText(text, { x: 100, y: 842 - 100 - 20 * line, size: 10, font });
    });
  }
  return file(await document.save({ useObjectStreams: false }), name ?? `doc-${++written}.pdf`);
}

/** The service a DSL text compiles to; the text must compile without errors. */
function service(boxes: string): Service {
  const text = `id: 1\nname: test\ntype: ADVANCED\norganizationalUnit: { id: 1, name: OU }\nboxes:\n${boxes}\nchannels: {}\n`;
  const compiled = compileDsl("test.service.yaml", text);
  expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return compiled.services[0]?.json as Service;
}

async function simulate(boxes: string, files: [string, string][]): Promise<JobOutcome> {
  const result = await simulateJob(service(boxes), { files, requirements: {}, areaUnit: "pt" });
  if (!result.ok) throw new Error(`${result.file}: ${result.problem}`);
  return result.outcome;
}

/** Each document as `BOX pages first-last`, in outcome order. */
const shape = (outcome: JobOutcome) =>
  outcome.documents.map(({ document }) => `${document.box} ${document.pages?.join("-") ?? "-"}`);
const values = (outcome: JobOutcome, name: string) =>
  outcome.documents.map(({ metadata }) => {
    const result = metadata.get(name);
    return result && "value" in result ? result.value : undefined;
  });
const codes = (outcome: JobOutcome) => outcome.violations.map((v) => `${v.code} ${v.box}`);

// The area of the texts `pdf` writes on their first line, in points.
const LINE1 = "[95, 90, 300, 14]";

describe("split", () => {
  const byPages = (pages: number) =>
    `  LETTERS:\n    type: pdf\n    main: true\n    elements: 1\n    split: { pages: ${pages} }`;

  it("bsc.PAGE: split every N pages", async () => {
    const outcome = await simulate(byPages(2), [["LETTERS", await pdf([["a"], ["b"], ["c"], ["d"], ["e"], ["f"]])]]);
    expect(shape(outcome)).toEqual(["LETTERS 1-2", "LETTERS 3-4", "LETTERS 5-6"]);
    expect(outcome.violations).toEqual([]);
  });

  it("bsc.PAGE: a 5-page document cannot be split every 3 pages", async () => {
    const outcome = await simulate(byPages(3), [["LETTERS", await pdf([["a"], ["b"], ["c"], ["d"], ["e"]])]]);
    expect(shape(outcome)).toEqual([]);
    expect(codes(outcome)).toEqual(["invalid-split LETTERS"]);
    expect(outcome.violations[0]?.message).toContain("5 pages, which cannot be split every 3 pages");
  });

  const byArea = (value: string, page: "first" | "last") =>
    `  LETTERS:\n    type: pdf\n    main: true\n    elements: 1\n    split: { area: ${LINE1}, value: "${value}", page: ${page} }\n    metadata:\n      head:\n        value: pdfText(1, ${LINE1}) | clean(trim)\n      foot:\n        value: pdfText(-1, ${LINE1}) | clean(trim)`;

  it("bsc.PDF_AREA: page 1 means the split marks the first page of each document", async () => {
    const batch = await pdf([["INVOICE"], ["more"], ["INVOICE"], ["more"], ["end"]]);
    const outcome = await simulate(byArea("INVOICE", "first"), [["LETTERS", batch]]);
    expect(shape(outcome)).toEqual(["LETTERS 1-2", "LETTERS 3-5"]);
    // Pages are the document's own: 1 its first, -1 its last.
    expect(values(outcome, "head")).toEqual(["INVOICE", "INVOICE"]);
    expect(values(outcome, "foot")).toEqual(["more", "end"]);
  });

  it("bsc.PDF_AREA: page -1 means the last page", async () => {
    const batch = await pdf([["one"], ["END"], ["two"], ["three"], ["END"]]);
    const outcome = await simulate(byArea("END", "last"), [["LETTERS", batch]]);
    expect(shape(outcome)).toEqual(["LETTERS 1-2", "LETTERS 3-5"]);
    expect(outcome.violations).toEqual([]);
  });

  it("bsc.PDF_AREA: the value is compared by equality with the text extracted from the area", async () => {
    const batch = await pdf([["INVOICE"], ["INVOICE 2"], ["INVOICE"]]);
    const outcome = await simulate(byArea("INVOICE", "first"), [["LETTERS", batch]]);
    expect(shape(outcome)).toEqual(["LETTERS 1-2", "LETTERS 3-3"]);
  });

  it("bsc.PDF_AREA: a value prefixed with ^ means starts-with", async () => {
    const batch = await pdf([["INVOICE 1"], ["INVOICE 2"], ["not an INVOICE"]]);
    const outcome = await simulate(byArea("^INVOICE", "first"), [["LETTERS", batch]]);
    expect(shape(outcome)).toEqual(["LETTERS 1-1", "LETTERS 2-3"]);
  });

  it("bsc.PDF_AREA: pages before the first mark belong to no document, and are reported", async () => {
    const batch = await pdf([["cover"], ["INVOICE"], ["more"]]);
    const outcome = await simulate(byArea("INVOICE", "first"), [["LETTERS", batch]]);
    expect(shape(outcome)).toEqual(["LETTERS 2-3"]);
    expect(codes(outcome)).toEqual(["unmarked-pages LETTERS"]);
    expect(outcome.violations[0]?.message).toContain(
      'pages 1 to 1 come before the first page where the text in the area is "INVOICE"',
    );
  });

  it("bsc.PDF_AREA: a file without any mark is an invalid split", async () => {
    const outcome = await simulate(byArea("INVOICE", "last"), [["LETTERS", await pdf([["a"], ["b"]])]]);
    expect(shape(outcome)).toEqual([]);
    expect(codes(outcome)).toEqual(["invalid-split LETTERS"]);
  });
});

describe("archives", () => {
  const boxes = `  ANNEXES:\n    type: archive\n    elements: 1
  ORDERS:\n    type: data-file\n    elements: 0..*\n    from: { archive: ANNEXES, rank: 2, match: 'endsWith(archivePath, ".csv") or startsWith(archivePath, "orders/")' }
  CSV:\n    type: data-file\n    elements: 0..*\n    from: { archive: ANNEXES, rank: 1, match: 'endsWith(archivePath, ".csv")' }
    metadata:\n      name: { value: fileName }`;

  const zip = (entries: Record<string, string>) =>
    file(
      zipSync(
        Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, new TextEncoder().encode(text)])),
        {
          mtime: new Date("2024-01-01T00:00:00Z"),
        },
      ),
      `archive-${++written}.zip`,
    );

  it("rank 1 is tried first, then 2; a file matcher may use the archive-relative path", async () => {
    const archive = await zip({ "orders/a.csv": "x", "orders/b.txt": "y", "readme.md": "z", "folder/": "" });
    const outcome = await simulate(boxes, [["ANNEXES", archive]]);
    expect(outcome.documents.map(({ document }) => `${document.box} ${document.archiveEntry}`)).toEqual([
      "ORDERS orders/b.txt",
      "CSV orders/a.csv",
    ]);
    expect(outcome.documents.every(({ document }) => document.file === archive)).toBe(true);
    expect(values(outcome, "name")).toEqual([undefined, "a.csv"]);
    expect(outcome.unmatched).toEqual([{ archive, entry: "readme.md" }]);
  });

  it("an archive that inflates past the limits is refused, named, before it is inflated", async () => {
    const archive = file(zipSync({ "zeros.txt": new Uint8Array(2_000_000) }), "bomb.zip");
    const result = await simulateJob(
      service(boxes),
      { files: [["ANNEXES", archive]], requirements: {}, areaUnit: "pt" },
      {
        fileBytes: 1_000_000,
        archiveEntries: 10,
        archiveBytes: 1_000_000,
      },
    );
    expect(result).toMatchObject({ ok: false, box: "ANNEXES", file: archive });
    expect(!result.ok && result.problem).toContain("inflate to more than");
  });

  it("an entry whose header declares less than it inflates to is not inflated past what it declares", async () => {
    const bytes = zipSync({ "orders/zeros.csv": new Uint8Array(2_000_000) });
    // The uncompressed size of the local (offset 22) and central (offset 24) headers, set to 100 bytes.
    const view = new DataView(bytes.buffer);
    for (let at = 0; at < bytes.length - 4; at++) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 100, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 100, true);
    }
    const { readArchive } = await import("../src/simulate/archive.js");
    const read = readArchive(bytes, { fileBytes: 1e9, archiveEntries: 10, archiveBytes: 1000 });
    expect(read.ok && read.entries.map((entry) => entry.bytes.length)).toEqual([100]);
  });

  it("a file that is not a ZIP archive is a problem of its box, not a crash", async () => {
    const result = await simulateJob(service(boxes), {
      files: [["ANNEXES", file("not a zip", "broken.zip")]],
      requirements: {},
      areaUnit: "pt",
    });
    expect(!result.ok && result.problem).toMatch(/^it is not a ZIP archive that can be read/);
  });
});

describe("inputs", () => {
  const boxes = `  LETTERS:\n    type: pdf\n    main: true\n    elements: 1`;
  it("a truncated PDF, a missing file and an unknown box stop the simulation, named", async () => {
    const whole = await pdf([["a"]]);
    const truncated = file(new Uint8Array(readFileSync(whole)).slice(0, 200), "truncated.pdf");
    const run = (files: [string, string][]) => simulateJob(service(boxes), { files, requirements: {}, areaUnit: "pt" });
    expect(await run([["LETTERS", truncated]])).toMatchObject({ ok: false, box: "LETTERS", file: truncated });
    expect(await run([["LETTERS", join(folder, "absent.pdf")]])).toMatchObject({ ok: false, problem: "no such file" });
    expect(await run([["NOPE", whole]])).toMatchObject({
      ok: false,
      problem: expect.stringContaining('no box "NOPE"'),
    });
  });

  it("minElements and maxElements count the files a box receives", async () => {
    const outcome = await simulate(boxes, [
      ["LETTERS", await pdf([["a"]])],
      ["LETTERS", await pdf([["b"]])],
    ]);
    expect(codes(outcome)).toEqual(["element-count LETTERS"]);
    expect(outcome.violations[0]?.message).toBe("LETTERS takes 1 file(s); the job gives it 2");
  });
});

describe("reconcile", () => {
  const boxes = (
    counts: string,
  ) => `  LETTERS:\n    type: pdf\n    main: true\n    elements: 0..*\n    split: { pages: 1 }
    metadata:\n      customer:\n        value: pdfText(1, ${LINE1}) | clean(trim)
  ANNEXES:\n    type: pdf\n    elements: 0..*
    metadata:\n      for:\n        value: pdfText(1, ${LINE1}) | clean(trim)\n      letter: { value: meta.customer }
    reconcile: { when: meta.for == meta.customer${counts} }`;

  it("each attachment goes to the MAIN documents its condition holds for; references to MAIN metadata read them", async () => {
    const outcome = await simulate(boxes(""), [
      ["LETTERS", await pdf([["C1"], ["C2"]])],
      ["ANNEXES", await pdf([["C2"]])],
    ]);
    const annex = outcome.documents.find(({ document }) => document.box === "ANNEXES");
    expect(annex?.attachedTo?.map((d) => d.pages)).toEqual([[2, 2]]);
    // The attachment's MAIN metadata is its own MAIN document's, though the job has two.
    expect(annex?.metadata.get("letter")).toEqual({ value: "C2" });
    expect(outcome.violations).toEqual([]);
  });

  it("an attachment whose condition holds for no MAIN document is reported", async () => {
    const outcome = await simulate(boxes(""), [
      ["LETTERS", await pdf([["C1"]])],
      ["ANNEXES", await pdf([["C9"]])],
    ]);
    expect(codes(outcome)).toEqual(["unattached ANNEXES"]);
    const annex = outcome.documents.find(({ document }) => document.box === "ANNEXES");
    expect(annex?.attachedTo).toEqual([]);
  });

  it("maxMatches (default 1) bounds the attachments of a box each MAIN document gets; -1 is unbounded", async () => {
    const files: [string, string][] = [
      ["LETTERS", await pdf([["C1"]])],
      ["ANNEXES", await pdf([["C1"]])],
      ["ANNEXES", await pdf([["C1"]])],
    ];
    const bounded = await simulate(boxes(""), files);
    expect(codes(bounded)).toEqual(["match-count ANNEXES"]);
    expect(bounded.violations[0]?.message).toContain("may get 0 to 1 document(s) of ANNEXES; it gets 2");
    expect((await simulate(boxes(", matches: 0..*"), files)).violations).toEqual([]);
  });

  it("minMatches: each MAIN document must get at least that many", async () => {
    const outcome = await simulate(boxes(", matches: 1..2"), [["LETTERS", await pdf([["C1"]])]]);
    expect(codes(outcome)).toEqual(["match-count ANNEXES"]);
  });

  it("minExpected and maxExpected bound the documents of the box in the job", async () => {
    const files: [string, string][] = [
      ["LETTERS", await pdf([["C1"], ["C2"]])],
      ["ANNEXES", await pdf([["C1"]])],
    ];
    expect(codes(await simulate(boxes(", expected: 2..3"), files))).toEqual(["expected-count ANNEXES"]);
    expect(codes(await simulate(boxes(", expected: 0..1"), files))).toEqual([]);
  });
});

describe("pages read", () => {
  it("a PDF is read only at the pages some pdfText reads, placed in each document its split cuts", async () => {
    const { pagesRead } = await import("../src/simulate/pages-read.js");
    const boxes = (split: string, pages: string[]) =>
      `  LETTERS:\n    type: pdf\n    main: true\n    elements: 1\n    split: ${split}\n    metadata:\n${pages
        .map((page, i) => `      m${i}:\n        value: pdfText(${page}, [0, 0, 10, 10])`)
        .join("\n")}\n  OTHER:\n    type: pdf\n    elements: 0..*`;
    const wanted = (split: string, pages: string[], box = "LETTERS") => {
      const read = pagesRead(service(boxes(split, pages)))(box);
      return [1, 2, 3, 4, 5, 6].filter((page) => read(page, 6));
    };
    expect(wanted("{ pages: 2 }", ["1"])).toEqual([1, 3, 5]);
    expect(wanted("{ pages: 3 }", ["-1"])).toEqual([3, 6]);
    expect(wanted("none", ["2", "-1"])).toEqual([2, 6]);
    expect(wanted(`{ area: ${LINE1}, value: X, page: first }`, ["1"])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(wanted("none", ["1"], "OTHER")).toEqual([]);
    // A page left unread is never read as empty by mistake.
    const { loadPdf } = await import("@mailroom/runtime");
    const loaded = await loadPdf(readFileSync(await pdf([["a"], ["b"]])), (page) => page === 1);
    expect(loaded.ok && loaded.pdf.textInArea(1, { left: 0, top: 0, width: 595, height: 842 })).toBe("a\n");
    expect(() => loaded.ok && loaded.pdf.textInArea(2, { left: 0, top: 0, width: 595, height: 842 })).toThrow(
      "page 2 of the PDF was not read",
    );
  });
});
