// Records eval-dates.json, the corpus of @mailroom/java's date evaluation: cases generated from a fixed seed (patterns
// x zones x locales x instants), written by JavaDates.java, then read back by it (round trips, and hand-written
// texts). The tests read the JSON and never need Java.
// Run from the repository root with a JDK 17 on the PATH: node packages/java/test/corpus/record-dates.mjs
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { javaVersion, random, runJava, unescapeTabs } from "../../../../test/corpus-recording.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const recordedWith = javaVersion();
// The JVM's default locale is fixed, so that cases without a locale are recorded the same everywhere.
const JVM = ["-Duser.language=en", "-Duser.country=US", "-Duser.timezone=UTC", join(here, "JavaDates.java")];

function java(mode, inputs) {
  return runJava([...JVM, mode], inputs).map((line) => {
    const [verdict, detail] = line.split("\t");
    return verdict === "OK" ? { ok: true, value: unescapeTabs(detail) } : { ok: false, error: unescapeTabs(detail) };
  });
}

const rnd = random(20251126);
const pick = (list) => list[rnd(list.length)];

const ZONES = [
  "Europe/Paris",
  "America/New_York",
  "Asia/Kolkata",
  "UTC",
  "+05:30",
  "-03:00",
  "Z",
  "Australia/Lord_Howe",
  "Europe/London",
  "America/Sao_Paulo",
  "Pacific/Chatham",
  "Europe/Berlin",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "GMT+2",
];
const LOCALES = [
  "fr-FR",
  "de-DE",
  "es-ES",
  "en-US",
  "en-GB",
  "fr",
  "de-CH",
  "de",
  "es",
  "en",
  "fr-CA",
  "fr-BE",
  "fr-CH",
  "fr-LU",
  "de-AT",
  "de-LU",
  "es-MX",
  "es-US",
  "en-CA",
  "en-AU",
  "en-IE",
  null,
];

/** Instants: random ones, DST transitions and their edges, year boundaries, leap days, before 1970. */
function instants() {
  const list = [0, -1, 951782400000, 951868800000, 1709164800000, 1709251199999, 1735689599999, 1735689600000];
  const transitions = [
    1711846800000, // 2024-03-31 01:00 UTC, Europe/Paris springs forward
    1729990800000, // 2024-10-27 01:00 UTC, Europe/Paris falls back
    1710054000000, // 2024-03-10 07:00 UTC, America/New_York springs forward
    1730613600000, // 2024-11-03 06:00 UTC, America/New_York falls back
    1712417400000, // 2024-04-06 15:30 UTC, Australia/Lord_Howe's half hour
    1727879400000, // 2024-10-05 15:30 UTC, Australia/Lord_Howe's half hour
  ];
  for (const t of transitions) for (const d of [-3600001, -1, 0, 1, 1800000, 3599999]) list.push(t + d);
  for (let i = 0; i < 60; i++) list.push((rnd(2) ? 1 : -1) * rnd(2 ** 31) * 1000 + rnd(1000));
  for (let i = 0; i < 60; i++) list.push(946684800000 + rnd(1100) * 86400000 * 10 + rnd(86400000));
  list.push(-62135596800000, -62135596800001, 253402300799999, -2208988800000, -30610224000000);
  return list;
}
const INSTANTS = instants();

const COMMON = [
  "dd/MM/yyyy",
  "d MMMM yyyy",
  "EEEE d MMMM yyyy",
  "dd/MM/yyyy HH:mm",
  "dd/MM/yyyy HH:mm:ss",
  "yyyy-MM-dd",
  "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  "yyyy-MM-dd'T'HH:mm:ssxxx",
  "uuuu-MM-dd HH:mm:ss VV",
  "dd.MM.yyyy",
  "dd.MM.yy",
  "MMMM d, yyyy",
  "EEE, d MMM yyyy HH:mm:ss Z",
  "hh:mm a",
  "h:mm a, EEEE",
  "yyyyMMdd",
  "yyyyMMddHHmmss",
  "ddMMyyyy",
  "dd MMM yy",
  "d 'de' MMMM 'de' yyyy",
  "'le' d MMMM yyyy 'à' HH'h'mm",
  "EEEE, d. MMMM yyyy",
  "MMM yyyy",
  "MMMM yyyy",
  "LLLL yyyy",
  "QQQ yyyy",
  "QQQQ",
  "yyyy-DDD",
  "G yyyy",
  "GGGG y",
  "E dd/MM",
  "HH:mm:ss.SSSSSS",
  "yyyy-MM-dd HH:mm:ss ZZZZZ",
  "yyyy-MM-dd'T'HH:mm:ssX",
  "yyyy-MM-dd[ HH:mm]",
  "[EEEE ]dd/MM/yyyy",
  "dd/MM/yyyy kk:mm",
  "dd/MM/yyyy KK:mm a",
  "MMMMM",
  "EEEEE",
  "cccc",
  "ccc",
  "eeee",
  "yyyy-MM-dd'T'HH:mm:ss'Z'",
  "dd-MMM-yyyy",
  "y-M-d H:m:s",
  "yyyy/MM/dd HH:mm:ss.SSS",
];

const DATE_PARTS = [
  ["dd", "d"],
  ["MM", "M", "MMM", "MMMM", "LLL", "LLLL"],
  ["yyyy", "yy", "uuuu", "y", "u"],
  ["EEE", "EEEE", "E", "ccc", "cccc", "eee", "eeee", "EEEEE", "MMMMM", "QQQ", "G", "D", "DDD", "qqqq"],
];
const TIME_PARTS = [["HH", "H", "hh", "h", "kk", "KK"], ["mm", "m"], ["ss", "s", "SSS", "S", "SSSSSSSSS"], ["a"]];
const ZONE_PARTS = ["XXX", "XX", "X", "xxx", "xx", "x", "Z", "ZZ", "ZZZZZ", "VV", "XXXXX", "xxxx"];
/** Fields the evaluator refuses (or may), so that each refusal is known to be needed. */
const RARE_PARTS = [
  "F",
  "A",
  "n",
  "N",
  "ppH",
  "pppd",
  "pM",
  "O",
  "OOOO",
  "ZZZZ",
  "DD",
  "AA",
  "nnn",
  "e",
  "c",
  "Y",
  "w",
  "W",
];
const ZONE_NAMES = ["z", "zzzz", "v", "B", "g"];
const SEPARATORS = [
  "/",
  "-",
  " ",
  ":",
  ".",
  ", ",
  "'T'",
  " 'à' ",
  "'le' ",
  " ' de ' ",
  "''",
  "",
  " 'h' ",
  "'o''clock'",
];

/** A pattern from a small grammar: some date fields, maybe time fields, maybe a zone, with literals between. */
function randomPattern() {
  const fields = [];
  for (const group of DATE_PARTS) if (rnd(6) > 0) fields.push(pick(group));
  if (rnd(2)) for (const group of TIME_PARTS) if (rnd(4) > 0) fields.push(pick(group));
  if (rnd(3) === 0) fields.push(pick(ZONE_PARTS));
  if (rnd(6) === 0) fields.push(pick(rnd(3) ? RARE_PARTS : ZONE_NAMES));
  if (fields.length === 0) fields.push("dd");
  if (rnd(3) === 0) fields.sort(() => rnd(3) - 1);
  let pattern = fields[0];
  for (const field of fields.slice(1)) pattern += pick(SEPARATORS) + field;
  if (rnd(10) === 0) pattern = `[${pattern}]`;
  if (rnd(10) === 0) pattern = ` ${pattern} `;
  return pattern;
}

const formatCases = [];
for (const pattern of COMMON) {
  for (let i = 0; i < 24; i++) formatCases.push([pick(INSTANTS), pattern, pick(ZONES), pick(LOCALES)]);
}
for (let i = 0; i < 2100; i++) formatCases.push([pick(INSTANTS), randomPattern(), pick(ZONES), pick(LOCALES)]);
const formatted = java("format", formatCases);

// Round trips: what Java wrote, read back with the same pattern, zone and locale (a third in another zone).
const parseCases = [];
formatCases.forEach(([, pattern, zone, locale], i) => {
  if (formatted[i].ok && i % 2 === 0)
    parseCases.push([formatted[i].value, pattern, rnd(3) ? zone : pick(ZONES), locale]);
});

// Hand-written texts, some invalid.
const HANDWRITTEN = [
  ["05/02/2024", "dd/MM/yyyy"],
  ["5/2/2024", "dd/MM/yyyy"],
  ["5/2/2024", "d/M/yyyy"],
  ["31/02/2024", "dd/MM/yyyy"],
  ["30/02/2023", "dd/MM/yyyy"],
  ["32/01/2024", "dd/MM/yyyy"],
  ["00/01/2024", "dd/MM/yyyy"],
  ["29/02/2023", "dd/MM/yyyy"],
  ["05/13/2024", "dd/MM/yyyy"],
  ["05/02/24", "dd/MM/yy"],
  ["05/02/99", "dd/MM/yy"],
  ["05/02/2024 ", "dd/MM/yyyy"],
  [" 05/02/2024", "dd/MM/yyyy"],
  ["05-02-2024", "dd/MM/yyyy"],
  ["", "dd/MM/yyyy"],
  ["05/02/2024", " dd/MM/yyyy "],
  ["5 février 2024", "d MMMM yyyy"],
  ["5 Février 2024", "d MMMM yyyy"],
  ["5 fevrier 2024", "d MMMM yyyy"],
  ["5 févr. 2024", "d MMM yyyy"],
  ["5 févr 2024", "d MMM yyyy"],
  ["lundi 5 février 2024", "EEEE d MMMM yyyy"],
  ["mardi 5 février 2024", "EEEE d MMMM yyyy"],
  ["Monday 5 February 2024", "EEEE d MMMM yyyy"],
  ["5 February 2024", "d MMMM yyyy"],
  ["5 Februar 2024", "d MMMM yyyy"],
  ["5. März 2024", "d. MMMM yyyy"],
  ["5 de febrero de 2024", "d 'de' MMMM 'de' yyyy"],
  ["05/02/2024 14:30", "dd/MM/yyyy HH:mm"],
  ["05/02/2024 24:00", "dd/MM/yyyy HH:mm"],
  ["05/02/2024 2:30 PM", "dd/MM/yyyy h:mm a"],
  ["05/02/2024 2:30 pm", "dd/MM/yyyy h:mm a"],
  ["05/02/2024 02:30", "dd/MM/yyyy hh:mm"],
  ["31/03/2024 02:30", "dd/MM/yyyy HH:mm"],
  ["27/10/2024 02:30", "dd/MM/yyyy HH:mm"],
  ["10/03/2024 02:30", "dd/MM/yyyy HH:mm"],
  ["03/11/2024 01:30", "dd/MM/yyyy HH:mm"],
  ["2024-02-05T14:30:00.123+05:30", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00.123Z", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00.123+0530", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00+0530", "yyyy-MM-dd'T'HH:mm:ssZ"],
  ["2024-02-05 14:30:00 America/New_York", "yyyy-MM-dd HH:mm:ss VV"],
  ["2024-02-05 14:30:00 Mars/Olympus", "yyyy-MM-dd HH:mm:ss VV"],
  ["2024-02-05 Asia/Tokyo", "yyyy-MM-dd VV"],
  ["2024-02-05 +09:00", "yyyy-MM-dd XXX"],
  ["14:30", "HH:mm"],
  ["2024-02", "yyyy-MM"],
  ["2024", "yyyy"],
  ["20240205", "yyyyMMdd"],
  ["2024020514", "yyyyMMddHH"],
  ["20240205143000", "yyyyMMddHHmmss"],
  ["202402051430", "yyyyMMddHHmmss"],
  ["05/02/2024", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05 14:30", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05 14", "yyyy-MM-dd HH"],
  ["2024-02-05 14:30:61", "yyyy-MM-dd HH:mm:ss"],
  ["-0001-02-05", "uuuu-MM-dd"],
  ["+12345-02-05", "uuuu-MM-dd"],
  ["12345-02-05", "yyyy-MM-dd"],
  ["Q1 2024", "QQQ yyyy"],
  ["2024-036", "yyyy-DDD"],
  ["2024-366", "yyyy-DDD"],
  ["2023-366", "yyyy-DDD"],
  ["Mon 05/02/2024", "EEE dd/MM/yyyy"],
  ["Tue 05/02/2024", "EEE dd/MM/yyyy"],
  ["AD 2024-02-05", "G yyyy-MM-dd"],
  ["BC 2024-02-05", "G yyyy-MM-dd"],
  ["5 Feb 2024", "d MMM yyyy"],
  ["5 FEB 2024", "d MMM yyyy"],
  ["5 Sept 2024", "d MMM yyyy"],
  ["5 Sep 2024", "d MMM yyyy"],
  ["5 sept. 2024", "d MMM yyyy"],
  ["5 sep. 2024", "d MMM yyyy"],
  ["5 Mai 2024", "d MMM yyyy"],
  ["5 mai 2024", "d MMM yyyy"],
  ["5 janv. 2024", "d MMM yyyy"],
  ["5 ene. 2024", "d MMM yyyy"],
  ["5 ene 2024", "d MMM yyyy"],
  ["5 Jan. 2024", "d MMM yyyy"],
  ["5 Jän. 2024", "d MMM yyyy"],
  ["1er janvier 2024", "d'er' MMMM yyyy"],
  ["05/02/2024 12:00 AM", "dd/MM/yyyy hh:mm a"],
  ["05/02/2024 12:00 a. m.", "dd/MM/yyyy hh:mm a"],
  ["05/02/2024 00:00 PM", "dd/MM/yyyy hh:mm a"],
];
for (const [text, pattern] of HANDWRITTEN) {
  for (const locale of ["fr-FR", "en-US", "de-DE", "es-ES", "en-GB", null]) {
    parseCases.push([text, pattern, pick(["Europe/Paris", "America/New_York", "UTC", "+05:30"]), locale]);
  }
}
const parsed = java("parse", parseCases);

// ---- Names where js-joda's CLDR data (v36) differs from the JDK 17's (v39) ---------------------------------------
// Found by comparing every name of every bundled locale; written to src/eval/date-names.ts, which the evaluator uses
// in place of js-joda's for these fields (quarters, which js-joda cannot take names for, are refused instead).

const NARROW_STANDALONE = "LLLLL ccccc";
const BY_LANGUAGE = {
  en: NARROW_STANDALONE,
  fr: `${NARROW_STANDALONE} GGG`,
  de: `${NARROW_STANDALONE} LLL ccc`,
  es: `${NARROW_STANDALONE} MMM LLL EEE ccc GGG`,
};
const BY_LOCALE = {
  "en-GB": `${NARROW_STANDALONE} MMM LLL`,
  "en-AU": `${NARROW_STANDALONE} MMM`,
  "en-IE": `${NARROW_STANDALONE} a`,
  "es-MX": `${NARROW_STANDALONE} EEE GGG`,
  "es-US": `${NARROW_STANDALONE} EEE GGG`,
};
// Every bundled locale is listed: regions may have names of their own (de-AT writes "Jän").
const DIFFERING = Object.fromEntries(
  LOCALES.filter((tag) => tag !== null).map((tag) => [tag, BY_LOCALE[tag] ?? BY_LANGUAGE[tag.slice(0, 2)]]),
);
/** For each run, the instants whose names it writes, in the order of the field's values. */
const utc = (y, m, d, h = 12) => Date.UTC(y, m - 1, d, h);
const months = Array.from({ length: 12 }, (_, i) => utc(2024, i + 1, 15));
const days = Array.from({ length: 7 }, (_, i) => utc(2024, 1, i + 1));
const VALUES = {
  M: months,
  L: months,
  E: days,
  c: days,
  a: [utc(2024, 1, 1, 3), utc(2024, 1, 1, 15)],
  G: [utc(-100, 6, 1), utc(2024, 1, 1)],
};
function dateNames() {
  const cases = [];
  for (const [tag, runs] of Object.entries(DIFFERING)) {
    for (const run of runs.split(" ")) for (const at of VALUES[run[0]]) cases.push([at, run, "UTC", tag]);
  }
  const names = java("format", cases);
  const table = {};
  cases.forEach(([, run, , tag], i) => {
    table[tag] ??= {};
    table[tag][run] ??= [];
    table[tag][run].push(names[i].value);
  });
  const path = join(here, "../../src/eval/date-names.ts");
  writeFileSync(
    path,
    `// Written by test/corpus/record-dates.mjs from ${recordedWith}: do not edit.\n\n` +
      "/**\n * The names the JDK 17 writes and reads (its CLDR data, v39) where js-joda's CLDR data (v36) differs, by locale and\n" +
      " * pattern letter run, in the order of the field's values (January first, Monday first, AM first, BC first).\n */\n" +
      `export const JDK_DATE_NAMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = ${JSON.stringify(table)};\n`,
  );
  execFileSync("npx", ["biome", "format", "--write", path], { stdio: "inherit" });
  return cases.map(([at, run, zone, tag], i) => [at, run, zone, tag, names[i]]);
}
const nameCases = dateNames();

// One entry per case; an error is the exception's class (its message is the JDK's wording, not compared).
const entry = (kind, input, result, valueKey) => ({
  [kind]: input[0],
  pattern: input[1],
  zone: input[2],
  ...(input[3] === null ? {} : { locale: input[3] }),
  ...(result.ok
    ? { [valueKey]: valueKey === "millis" ? Number(result.value) : result.value }
    : { error: result.error.split(":")[0] }),
});
const entries = [
  ...nameCases.map((input) => entry("format", input, input[4], "text")),
  ...formatCases.map((input, i) => entry("format", input, formatted[i], "text")),
  ...parseCases.map((input, i) => entry("parse", input, parsed[i], "millis")),
];
const tzdb = execFileSync("java", [...JVM, "version"], { encoding: "utf8" }).trim();
writeFileSync(
  join(here, "eval-dates.json"),
  `${JSON.stringify({
    recordedWith,
    tzdb,
    note: "JavaDates.java: format (epoch millis, pattern, zone, locale) gives text, parse (text, pattern, zone, locale) gives epoch millis, or the class of the exception thrown; no locale: the JVM default, en-US.",
    entries,
  })}\n`,
);
console.log("eval-dates.json", entries.length, "format", formatCases.length, "parse", parseCases.length);
// The repository's formatter has the last word on the layout of the JSON.
execFileSync("npx", ["biome", "format", "--write", join(here, "eval-dates.json")], { stdio: "inherit" });
