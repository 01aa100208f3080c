// The benchmark of mailroom's parsers and rules on hostile and very large inputs (`npm run bench`): the time
// budgets the unit tests used to assert with a clock, as ratios measured in one run, so that a loaded machine
// cannot fail a test. Each input is built at two sizes, n and 2n, and timed (the fastest of several runs of each,
// alternating, after one run of each to warm up); the figure is time(2n) / time(n): about 2 for linear work, 4 for
// quadratic.
//
//   node bench/hostile.js [--runs 5]
//
// The unit tests keep what each input must give (the parse, the refusal, the findings); this times it only.
// Exit code 0 whatever the figures (the bench reports, it does not gate).

import { performance } from "node:perf_hooks";
import { readJsonDocument } from "@mailroom/compiler";
import { format } from "@mailroom/format";
import { findBacktrackingRisks, parseJavaRegex } from "@mailroom/java";
import { parseExpression, parseYaml } from "@mailroom/syntax";
// Internals, from the build: the rules without the rest of the checker, and the expression printer and lowering.
import { runRules } from "../packages/checker/dist/engine/run.js";
import { archiveRules } from "../packages/checker/dist/rules/archive/index.js";
import { lowerExpression, printExpression } from "../packages/compiler/dist/expression/index.js";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "5"));
/** Growth from n to 2n: linear is 2, quadratic 4; 3 leaves room for the garbage collector. */
const GROWTH = 3;

/** The fastest of RUNS runs of each of `runs`, alternating them, after one run of each. */
function fastest(...runs) {
  for (const run of runs) run();
  const best = runs.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < RUNS; r++) {
    runs.forEach((run, i) => {
      const start = performance.now();
      run();
      best[i] = Math.min(best[i], performance.now() - start);
    });
  }
  return best;
}

// ---- Inputs, each a function of its size ------------------------------------------------------------------------

const regex = (make) => (n) => () => {
  const pattern = make(n);
  const parsed = parseJavaRegex(pattern);
  if (parsed.root) findBacktrackingRisks(parsed.root, pattern);
};
const expression = (make) => (n) => () => parseExpression(make(n));

const CASES = [
  ["regex: open groups", regex((n) => "(".repeat(n)), 100_000],
  ["regex: nested groups", regex((n) => `${"(".repeat(n)}a${")".repeat(n)}`), 350],
  ["regex: open classes", regex((n) => "[".repeat(n)), 100_000],
  ["regex: long class", regex((n) => `[${"a-z\\d".repeat(n)}]`), 25_000],
  ["regex: alternatives", regex((n) => "a|".repeat(n)), 50_000],
  ["regex: lookbehind", regex((n) => `(?<=${"(?:a|bc)".repeat(n)})`), 10_000],
  ["regex: optional lookbehind", regex((n) => `(?<=${"(?:(?:a|b)c?)?".repeat(n)})`), 10_000],
  ["regex: quoted", regex((n) => `\\Q${"a.b*".repeat(n)}`), 25_000],
  ["regex: comments", regex((n) => `(?x)${" # comment\n".repeat(n)}`), 25_000],
  ["regex: back references", regex((n) => `(a)${"\\1".repeat(n)}`), 50_000],
  ["regex: nested plus", regex((n) => `^(${"(a+)+".repeat(n)})*$`), 1_000],
  ["yaml: flow sequences", (n) => () => parseYaml("[".repeat(n) + "]".repeat(n)), 5_000],
  ["yaml: flow mappings", (n) => () => parseYaml(`${"{a: ".repeat(n)}1${"}".repeat(n)}`), 5_000],
  ["yaml: compact sequences", (n) => () => parseYaml(`${"- ".repeat(n)}x\n`), 5_000],
  [
    "expression: flat concat",
    expression((n) => `concat(${Array.from({ length: n }, (_, i) => `"v${i}"`).join(", ")})`),
    75_000,
  ],
  ["expression: long string", expression((n) => `"${"x".repeat(n)}"`), 1 << 20],
  ["expression: garbage", expression((n) => "#(".repeat(n)), 1 << 18],
  ["expression: colons", expression((n) => `concat(${"a: 1, ".repeat(n)}b: "${"x".repeat(5 * n)}")`), 50_000],
  [
    "expression: print and lower",
    (n) => () => lowerExpression(parseExpression(printExpression(concat(n), {})).ast, { expect: "value" }),
    30_000,
  ],
  ["format: many boxes", (n) => () => format(manyBoxes(n)), 500],
  ["archive rules: boxes", (n) => archive(n), 1_000],
];

function concat(n) {
  const operands = Array.from({ length: n }, (_, i) => ({
    "@type": "exv.Substring",
    expr: { "@type": "exv.Reference", namespace: "METADATA", identifier: `m${i}` },
    beginIndex: i,
  }));
  return { "@type": "exv.Concat", operands };
}

function manyBoxes(n) {
  return `boxes:\n${Array.from({ length: n }, (_, i) => `  b${i}: { type: pdf, elements: 1 } # c${i}\n`).join("")}`;
}

// ---- A service of archive boxes with a few of every mistake (as packages/checker/test/rules-archive.test.ts) ----

const TRUE = { "@type": "exb.Boolean", value: true };
const AREA = { left: 0, top: 0, width: 10, height: 10 };
const common = (type, name) => ({ "@type": type, name, hidden: false, minElements: 0, maxElements: 1 });
const inflated = { main: false, parent: null, metadatas: [], reconcile: null, configuredFiles: [] };
const pdf = (name, extra = {}) => ({ ...common("box.PDF", name), ...inflated, ...extra });
const from = (boxName, rank) => ({ parent: { boxName, fileMatcher: TRUE, rank } });

/** `n` archive boxes, a third of them in one cycle of parents, and 2n PDF boxes extracting from them. */
function archiveService(n) {
  const uuid = (i) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`;
  const boxes = [pdf("letters", { main: true })];
  for (let i = 0; i < n; i++) {
    boxes.push({ ...common("box.ARCHIVE", `archive${i}`), ...(i % 3 === 0 ? from(`archive${(i + 3) % n}`, 9) : {}) });
  }
  for (let i = 0; i < 2 * n; i++) {
    const odd = i % 50 === 7;
    boxes.push(
      pdf(i % 100 === 3 ? "dup" : `box${i}`, {
        ...from(i % 20 === 1 ? `archiv${i}` : `archive${i % n}`, Math.floor(i / n) + 1),
        metadatas: [0, 1, odd ? 0 : 2].map((m) => ({
          name: `m${m}`,
          persist: true,
          editable: false,
          content: { "@type": "exv.PdfText", fromMain: false, boxName: `box${i}`, page: odd ? 0 : 1, area: AREA },
        })),
        configuredFiles: [{ serviceFileId: uuid(i), removable: true }],
      }),
    );
  }
  const json = {
    id: 1,
    type: "ADVANCED",
    name: "S",
    properties: { boxes, channels: [{ label: "Mail", outputFilesConfig: [{ name: "MAIN" }] }] },
  };
  const document = readJsonDocument("t.service.json", JSON.stringify(json, null, 2));
  const source = document.services[0];
  if (!source) throw new Error("the archive service did not read");
  return { document, source };
}

const archiveMemo = new Map();
function archive(n) {
  if (!archiveMemo.has(n)) archiveMemo.set(n, archiveService(n));
  const { document, source } = archiveMemo.get(n);
  return () => runRules(document, source, archiveRules);
}

// ---- Run --------------------------------------------------------------------------------------------------------

const rows = [];
for (const [what, make, n] of CASES) {
  const [small, large] = fastest(make(n), make(2 * n));
  rows.push([
    what,
    `n=${n.toLocaleString("en")}`,
    large / small,
    GROWTH,
    `${small.toFixed(1)} / ${large.toFixed(1)} ms`,
  ]);
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`hostile inputs: time(2n) / time(n), fastest of ${RUNS}`);
for (const [what, size, ratio, target, figures] of rows) {
  const verdict = ratio <= target ? "ok" : "MISS";
  console.log(
    `  ${what.padEnd(width)}  ${size.padEnd(12)} ${ratio.toFixed(2).padStart(6)}x (<= ${target})  ${verdict}  ${figures}`,
  );
}
