// The benchmark of mailroom's Java regex engine (`npm run bench`): `javaReplace` (Matcher.replaceAll) and
// `javaMatches` (Matcher.find, Matcher.matches) against the same regular expression written for JavaScript's
// RegExp, on the texts services read: the text of a PDF area (a few lines of an address block), file names, and
// a page of text. Both run in this process on the same inputs, alternating, the fastest of several runs of each
// kept; printed as the ratio engine / RegExp per pattern and overall (geometric mean), beside the target.
//
//   node bench/regex.js [--runs 7]
//
// Every JavaScript twin is checked to give the engine's result on every text first: the bench fails (exit 1) on
// a difference, for then it would time two different things. Exit code 0 whatever the figures.

import { performance } from "node:perf_hooks";
import { javaMatches, javaReplace } from "@mailroom/java";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "7"));
const TARGET = 3;

// ---- Texts -----------------------------------------------------------------------------------------------------

const AREA = [
  "Madame Claire DUPONT-MARTIN",
  "Résidence Les Tilleuls, Bât. B",
  "12  rue de la  Paix",
  "75002 PARIS CEDEX 02",
].join("\n");

const FILE_NAMES = [
  "FACTURES_20240315_LOT07.pdf",
  "BC_2024_001234.PDF",
  "Relevé de compte - Mars 2024 (copie).pdf",
  "LRAR_2024-0317_Dupont.pdf",
  'scan 0042 / annexe: "contrat".docx',
  "Prénom_Nom_Élodie_Müller.pdf",
];

/** A page of an invoice: lines of text, amounts, dates, references, e-mail addresses, 3,000 characters or so. */
function page() {
  const lines = ["GROUPE HÔTELIER VAUBAN – Service Paie", "SIRET 832 415 769 00021 – TVA FR 12 832415769", ""];
  for (let n = 1; lines.join("\n").length < 3000; n++) {
    const amount = (n * 1234.5).toFixed(2).replace(".", ",");
    lines.push(
      `Invoice No. ${4700 + n}   du ${String((n % 28) + 1).padStart(2, "0")}/03/2024   réf. BC-${String(1000 + n * 7).padStart(6, "0")}`,
      `  Prestation n° ${n} : nettoyage des étages ${n} et ${n + 1}, ${amount} € HT,  contact compta${n}@vauban-hotels.fr`,
      `  Règlement par virement IBAN FR76 3000 6000 0112 3456 7890 ${String(100 + n)}  –  échéance 30 jours`,
    );
  }
  return lines.join("\n");
}
const PAGE = page();

// ---- Patterns: the engine's Java regex, and the same written for RegExp ------------------------------------------

/** [what, Java pattern, JavaScript RegExp, how: replace (with the replacement in each syntax) or find or whole]. */
const CASES = [
  ["collapse spaces", "[ \\t]{2,}", /[ \t]{2,}/g, ["replace", " ", " "]],
  ["trim lines", "(?m)^[ \\t]+|[ \\t]+$", /^[ \t]+|[ \t]+$/gm, ["replace", "", ""]],
  ["keep letters and digits", "[^\\p{L}\\p{N}]+", /[^\p{L}\p{N}]+/gu, ["replace", "_", "_"]],
  ["file name characters", '[\\\\/:*?"<>|]', /[\\/:*?"<>|]/g, ["replace", "-", "-"]],
  ["extension", "\\.(?i:pdf|docx?)$", /\.(?:[pP][dD][fF]|[dD][oO][cC][xX]?)$/, ["replace", "", ""]],
  [
    "invoice number",
    "(?i)invoice\\s+no\\.?\\s*(\\d+)",
    /[iI][nN][vV][oO][iI][cC][eE][ \t\n\v\f\r]+[nN][oO]\.?[ \t\n\v\f\r]*(\d+)/g,
    ["replace", "#$1", "#$1"],
  ],
  ["dates", "(\\d{2})/(\\d{2})/(\\d{4})", /(\d{2})\/(\d{2})\/(\d{4})/g, ["replace", "$3-$2-$1", "$3-$2-$1"]],
  ["postal code", "\\b\\d{5}\\b", /(?<![\p{L}\p{Nd}_])\d{5}(?![\p{L}\p{Nd}_])/u, ["find"]],
  ["reference", "BC-\\d{6}", /BC-\d{6}/, ["find"]],
  [
    "e-mail",
    "[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}",
    /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g,
    ["replace", "<mail>", "<mail>"],
  ],
  ["IBAN", "FR\\d{2}(?: ?[A-Z0-9]{4}){5}", /FR\d{2}(?: ?[A-Z0-9]{4}){5}/, ["find"]],
  ["thousands", "(?<=\\d)(?=(?:\\d{3})+(?!\\d))", /(?<=\d)(?=(?:\d{3})+(?!\d))/g, ["replace", " ", " "]],
  ["accents (?iu)", "(?iu)é", /é|É/g, ["replace", "e", "e"]],
  ["cedex", "(?i)\\s+cedex\\s*\\d*", /[ \t\n\v\f\r]+[cC][eE][dD][eE][xX][ \t\n\v\f\r]*\d*/g, ["replace", "", ""]],
  ["whole reference", "^[A-Z]{2}_\\d{4}_\\d{6}\\.(?:pdf|PDF)$", /^[A-Z]{2}_\d{4}_\d{6}\.(?:pdf|PDF)$/, ["whole"]],
  ["amounts", "\\d+(?:[ .]\\d{3})*,\\d{2} ?€", /\d+(?:[ .]\d{3})*,\d{2} ?€/g, ["replace", "<€>", "<€>"]],
];

const TEXTS = [
  ["area", [AREA]],
  ["file names", FILE_NAMES],
  ["page", [PAGE]],
];

function engine(pattern, how, text) {
  const result =
    how[0] === "replace" ? javaReplace(text, pattern, how[1], false) : javaMatches(text, pattern, how[0] === "whole");
  if (!result.ok) throw new Error(`${pattern}: ${result.problem}`);
  return result.value;
}

function regexp(re, how, text) {
  if (how[0] === "replace") return text.replace(re, how[2]);
  re.lastIndex = 0;
  if (how[0] === "whole") return re.test(text);
  return re.test(text);
}

/** The fastest of `runs` runs of `work` over every text, `rounds` times, in milliseconds, after one to warm up. */
function time(work, texts, rounds, runs = 1) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    for (let r = 0; r < rounds; r++) for (const text of texts) work(text);
    const elapsed = performance.now() - start;
    if (run > 0) best = Math.min(best, elapsed);
  }
  return best;
}

let failed = false;
const rows = [];
for (const [what, pattern, re, how] of CASES) {
  for (const [name, texts] of TEXTS) {
    for (const text of texts) {
      const ours = engine(pattern, how, text);
      const theirs = regexp(re, how, text);
      if (ours !== theirs) {
        console.error(`${what} on ${name}: the engine gives ${JSON.stringify(ours)}, RegExp ${JSON.stringify(theirs)}`);
        failed = true;
      }
    }
    // Enough rounds for RegExp to take a few milliseconds per run, so that the timer's resolution does not count.
    let rounds = 1;
    while (time((text) => regexp(re, how, text), texts, rounds) < 3 && rounds < 1e6) rounds *= 2;
    let ratio = 0;
    let mine = 0;
    let js = 0;
    // Alternating: each side timed right after the other, twice, keeping each one's best.
    for (let k = 0; k < 2; k++) {
      const a = time((text) => engine(pattern, how, text), texts, rounds, RUNS);
      const b = time((text) => regexp(re, how, text), texts, rounds, RUNS);
      mine = k === 0 ? a : Math.min(mine, a);
      js = k === 0 ? b : Math.min(js, b);
    }
    ratio = mine / js;
    // Per pass over the texts, in microseconds.
    rows.push({ what, name, mine: (1000 * mine) / rounds, js: (1000 * js) / rounds, ratio });
  }
}
if (failed) process.exit(1);

const pad = (s, n) => String(s).padEnd(n);
console.log(`Java regex engine vs RegExp, fastest of ${RUNS} runs (target: at most ${TARGET}x RegExp)`);
console.log(`${pad("pattern", 26)}${pad("text", 12)}${pad("engine µs", 12)}${pad("RegExp µs", 12)}ratio`);
for (const { what, name, mine, js, ratio } of rows) {
  console.log(
    `${pad(what, 26)}${pad(name, 12)}${pad(mine.toFixed(2), 12)}${pad(js.toFixed(2), 12)}${ratio.toFixed(2)}x`,
  );
}
const overall = Math.exp(rows.reduce((sum, row) => sum + Math.log(row.ratio), 0) / rows.length);
const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
console.log(
  `overall (geometric mean) ${overall.toFixed(2)}x RegExp: ${overall <= TARGET ? "PASS" : "MISS"} (target ${TARGET}x); worst ${worst.ratio.toFixed(2)}x (${worst.what} on ${worst.name})`,
);
