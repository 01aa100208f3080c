// Records the corpora of @mailroom/runtime's PDF tests: areas chosen from a fixed seed (around lines, across
// glyphs, along runs of glyphs such as rotated words, small, empty, whole pages) with the text Apache PDFBox 2
// reads in each (PDFTextStripperByArea), and each PDF's document information. Two corpora:
//   pdf-areas.json      the PDFs pdf-lib writes (../pdfs, generate.mjs);
//   pdf-producers.json  the PDFs of Debian's producers (../pdfs/producers, make.sh), by producer.
// The tests read the JSON and never need Java.
// Run from the repository root with Java 17 and Debian's libpdfbox2-java: node packages/runtime/test/corpus/record-pdf.mjs
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { javaVersion, randomFraction } from "../../../../test/corpus-recording.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const classpath = [
  "/usr/share/java/pdfbox2.jar",
  "/usr/share/java/fontbox2.jar",
  "/usr/share/java/commons-logging.jar",
].join(":");
const recordedWith = javaVersion();

function java(folder, mode, args, input) {
  return execFileSync("java", ["-cp", classpath, join(here, "PdfAreas.java"), mode, ...args], {
    cwd: folder,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["pipe", "pipe", "ignore"],
  });
}

/**
 * Records the PDFs of `folder` into `output`. `perPage`: areas drawn per page (at least 8, shared by a PDF's
 * pages); `runs`: also areas along runs of consecutive glyphs and small areas (the producers' corpus).
 */
function record({ folder, output, seed, perPage, runs, extra = () => {} }) {
  const pdfs = readdirSync(folder)
    .filter((name) => name.endsWith(".pdf"))
    .sort();

  const metadata = {};
  java(folder, "metadata", pdfs)
    .trim()
    .split("\n")
    .forEach((line, i) => {
      metadata[pdfs[i]] = JSON.parse(line);
    });

  /** Glyph origins and sizes by PDF and page, in display coordinates and content order, as PDFBox sees them. */
  const glyphs = new Map();
  for (const line of java(folder, "glyphs", pdfs).trim().split("\n")) {
    const [pdf, page, x, y, width, height] = line.split("\t");
    const key = `${pdf}#${page}`;
    if (!glyphs.has(key)) glyphs.set(key, []);
    glyphs.get(key).push({ x: Number(x), y: Number(y), width: Number(width), height: Number(height) });
  }

  const next = randomFraction(seed);
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
      const count = Math.max(8, Math.round(perPage / pageCount));
      for (let i = 0; i < count; i++) {
        const g = pick(list);
        let kind = next();
        if (runs) {
          if (kind < 0.2) {
            // Along a run of glyphs in content order (a word, rotated or not), with a margin around their origins.
            const start = list.indexOf(g);
            const run = list.slice(start, start + 1 + Math.floor(next() * 12));
            const margin = 0.2 + next() * 3;
            const xs = run.map((p) => p.x);
            const ys = run.map((p) => p.y);
            const left = Math.min(...xs) - margin;
            const top = Math.min(...ys) - margin - g.height * next();
            add(pdf, page, left, top, Math.max(...xs) - left + margin, Math.max(...ys) - top + margin);
            continue;
          }
          if (kind < 0.3) {
            // Small: a few points around a glyph's origin.
            add(pdf, page, g.x - next() * 3, g.y - g.height * next(), 3 + next() * 22, 3 + next() * 12);
            continue;
          }
          kind = (kind - 0.3) / 0.7;
        }
        if (kind < 0.35) {
          // Around the glyph's line, from a little before it to somewhere after.
          add(
            pdf,
            page,
            g.x - next() * 40,
            g.y - g.height * (1 + next()),
            20 + next() * 300,
            g.height * (1.2 + next()),
          );
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
  extra(add);

  const input = cases
    .map((c) => [c.pdf, c.page, c.area.left, c.area.top, c.area.width, c.area.height, c.sortByPosition].join("\t"))
    .join("\n");
  const texts = java(folder, "areas", [], `${input}\n`).split("\n");
  cases.forEach((c, i) => {
    c.text = JSON.parse(texts[i]);
  });

  writeFileSync(
    join(here, output),
    `${JSON.stringify({
      recordedWith: `${recordedWith}, PDFBox 2.0.27 (Debian libpdfbox2-java)`,
      note: "Areas in PDF points, origin top left of the displayed page; text as PDFTextStripperByArea.getTextForRegion gives it.",
      metadata,
      cases,
    })}\n`,
  );
  console.log(output, cases.length, "cases");
}

record({
  folder: join(here, "..", "pdfs"),
  output: "pdf-areas.json",
  seed: 14,
  perPage: 120,
  runs: false,
  extra: (add) => {
    // Pages counted from the end, page 0 and pages out of range.
    for (const page of [-1, -2, -6, -7, 0, 7]) add("pages.pdf", page, 0, 0, 400, 400);
    for (const page of [-1, -4]) add("rotated.pdf", page, 0, 0, 500, 500);
  },
});
record({
  folder: join(here, "..", "pdfs", "producers"),
  output: "pdf-producers.json",
  seed: 15,
  perPage: 80,
  runs: true,
});
