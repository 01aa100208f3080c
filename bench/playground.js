// The playground's bundle sizes (`npm run bench`): what a visitor downloads before the page works, and what only a
// dropped file loads (pdf.js), each compressed as a static server sends it (gzip), against its budget.
//
//   node bench/playground.js
//
// The page's first load is everything index.html reaches by static imports: its style, the page's script, the
// worker's (the language server, compiler, checker, runtime, docs renderer and Graphviz, with the examples and
// their samples) and the chunks they import. pdf.js is loaded by a dynamic import when a PDF is first read, so it
// must not be among them: the run fails if it is. Budgets, gzip, each about 1.25x the size when they were set, so
// that a growth of a quarter is seen:
//   - first load <= 1,500 KiB: Graphviz's WebAssembly (inlined by @viz-js/viz, its largest part), the Java Unicode
//     tables, the examples' sample PDFs and CodeMirror are what a playground for this language costs; 1.5 MB is
//     what a phone on 4G loads in a few seconds, once (the site is static and cached).
//   - loaded on drop (pdf.js and its worker code) <= 650 KiB.
//   - date locales and patterns, loaded by the first date expression evaluated, <= 130 KiB.
// Exit code 0 whatever the sizes (the bench reports, it does not gate), except when pdf.js is in the first load.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { reached } from "../packages/playground/scripts/reached.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "packages/playground/dist");

const built = spawnSync(process.execPath, [join(ROOT, "packages/playground/scripts/build.js")], { stdio: "inherit" });
if (built.status !== 0) process.exit(1);

const bytes = (file) => readFileSync(join(DIST, file));
const gzip = (file) => gzipSync(bytes(file), { level: 9 }).length;

const first = new Set(["index.html", "style.css"]);
for (const entry of ["main.js", "worker.js"]) for (const file of reached(DIST, entry)) first.add(file);
const chunks = readdirSync(join(DIST, "chunks")).map((name) => `chunks/${name}`);
const pdf = chunks.filter((file) => /^chunks\/pdf(\.worker)?-/.test(file));
const dates = chunks.filter((file) => /^chunks\/(dates|date-locale-[a-z]+)-/.test(file));

const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const rows = [];
function row(figure, files, budgetKiB) {
  const size = [...files].reduce((sum, file) => sum + gzip(file), 0);
  const raw = [...files].reduce((sum, file) => sum + bytes(file).length, 0);
  const ratio = size / (budgetKiB * 1024);
  rows.push(
    `| ${figure} | <= ${budgetKiB} KiB | ${kib(size)} gzip (${kib(raw)} raw), ${ratio.toFixed(2)} of it: ${ratio <= 1 ? "PASS" : "MISS"} |`,
  );
}
row(`first load (${first.size} files)`, first, 1500);
row(`loaded on drop: pdf.js (${pdf.length} files)`, pdf, 650);
row(`loaded by the first date: locales and patterns (${dates.length} files)`, dates, 130);

console.log("mailroom playground bundle sizes\n\n| figure | budget | measured |\n|---|---|---|");
for (const line of rows) console.log(line);
const early = pdf.filter((file) => first.has(file));
if (pdf.length === 0 || early.length > 0) {
  console.error(`pdf.js must load only when a file is dropped: ${early.join(", ") || "no pdf.js chunk was built"}`);
  process.exit(1);
}
