// Records the corpus of @mailroom/runtime's PDF tests: areas over the generated PDFs of ../pdfs (chosen from a
// fixed seed around lines, across glyphs, empty, whole pages) with the text Apache PDFBox 2 reads in each
// (PDFTextStripperByArea), and each PDF's document information, written to pdf-areas.json beside this file.
// The tests read the JSON and never need Java.
// Run from the repository root with Java 17 and Debian's libpdfbox2-java: node packages/runtime/test/corpus/record-pdf.mjs
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { javaVersion, randomFraction } from "../../../../test/corpus-recording.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const pdfFolder = join(here, "..", "pdfs");
const classpath = ["/usr/share/java/pdfbox2.jar", "/usr/share/java/commons-logging.jar"].join(":");
const recordedWith = javaVersion();

function java(mode, args, input) {
  return execFileSync("java", ["-cp", classpath, join(here, "PdfAreas.java"), mode, ...args], {
    cwd: pdfFolder,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["pipe", "pipe", "ignore"],
  });
}

const pdfs = readdirSync(pdfFolder)
  .filter((name) => name.endsWith(".pdf"))
  .sort();

const metadata = {};
java("metadata", pdfs)
  .trim()
  .split("\n")
  .forEach((line, i) => {
    metadata[pdfs[i]] = JSON.parse(line);
  });

/** Glyph origins and sizes by PDF and page, in display coordinates, as PDFBox sees them. */
const glyphs = new Map();
for (const line of java("glyphs", pdfs).trim().split("\n")) {
  const [pdf, page, x, y, width, height] = line.split("\t");
  const key = `${pdf}#${page}`;
  if (!glyphs.has(key)) glyphs.set(key, []);
  glyphs.get(key).push({ x: Number(x), y: Number(y), width: Number(width), height: Number(height) });
}

const next = randomFraction(14);
const pick = (list) => list[Math.floor(next() * list.length)];
const round2 = (v) => Math.round(v * 100) / 100;
const cases = [];
const add = (pdf, page, left, top, width, height, sortByPosition = next() < 0.5) =>
  cases.push({
    pdf,
    page,
    area: {
      left: round2(left),
      top: round2(top),
      width: round2(Math.max(0, width)),
      height: round2(Math.max(0, height)),
    },
    sortByPosition,
  });

for (const pdf of pdfs) {
  const { pageCount } = metadata[pdf];
  for (let page = 1; page <= pageCount; page++) {
    const list = glyphs.get(`${pdf}#${page}`) ?? [];
    for (const sort of [false, true]) add(pdf, page, 0, 0, 2000, 2000, sort);
    add(pdf, page, 700, 700, 50, 50);
    if (list.length === 0) continue;
    const count = Math.max(8, Math.round(120 / pageCount));
    for (let i = 0; i < count; i++) {
      const g = pick(list);
      const kind = next();
      if (kind < 0.35) {
        // Around the glyph's line, from a little before it to somewhere after.
        add(pdf, page, g.x - next() * 40, g.y - g.height * (1 + next()), 20 + next() * 300, g.height * (1.2 + next()));
      } else if (kind < 0.65) {
        // Edges across glyphs: just before or after an origin, left and right.
        const h = pick(list);
        const [a, b] = g.x <= h.x ? [g, h] : [h, g];
        const nudge = () => (next() < 0.5 ? -1 : 1) * (0.01 + next() * 0.8);
        const left = a.x + nudge();
        add(pdf, page, left, Math.min(a.y, b.y) - 12 - next() * 4, b.x + nudge() - left, Math.abs(a.y - b.y) + 14);
      } else if (kind < 0.75) {
        // Edges exactly on an origin: the left and top edges are inside, the right and bottom ones outside.
        const h = pick(list);
        cases.push({
          pdf,
          page,
          area: { left: g.x, top: Math.min(g.y, h.y), width: Math.abs(h.x - g.x), height: Math.abs(h.y - g.y) },
          sortByPosition: next() < 0.5,
        });
      } else if (kind < 0.9) {
        // Several lines.
        add(pdf, page, g.x - next() * 100, g.y - 30 - next() * 60, 50 + next() * 400, 40 + next() * 150);
      } else {
        add(pdf, page, next() * 400, next() * 600, next() * 300, next() * 200);
      }
    }
  }
}
// Pages counted from the end, page 0 and pages out of range.
for (const page of [-1, -2, -6, -7, 0, 7]) add("pages.pdf", page, 0, 0, 400, 400);
for (const page of [-1, -4]) add("rotated.pdf", page, 0, 0, 500, 500);

const input = cases
  .map((c) => [c.pdf, c.page, c.area.left, c.area.top, c.area.width, c.area.height, c.sortByPosition].join("\t"))
  .join("\n");
const texts = java("areas", [], `${input}\n`).split("\n");
cases.forEach((c, i) => {
  c.text = JSON.parse(texts[i]);
});

writeFileSync(
  join(here, "pdf-areas.json"),
  `${JSON.stringify({
    recordedWith: `${recordedWith}, PDFBox 2.0.27 (Debian libpdfbox2-java)`,
    note: "Areas in PDF points, origin top left of the displayed page; text as PDFTextStripperByArea.getTextForRegion gives it.",
    metadata,
    cases,
  })}\n`,
);
console.log("pdf-areas.json", cases.length, "cases");
