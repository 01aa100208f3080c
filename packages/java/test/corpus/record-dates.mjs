// Records eval-dates-format.json and eval-dates-parse.json, the corpus of @mailroom/java's date evaluation: cases generated from a fixed seed, written
// by JavaDates.java (format), then read back by it (parse), with hand-written texts. Sections: every pattern letter
// at every count, common patterns, daylight-saving changes, week-based years at year ends in every bundled locale,
// zone names in every bundled locale, hand-written texts (hh without a, day periods, Julian days, optional sections,
// padding...), and patterns from a grammar. An error is recorded as Java throws it: its class and its message.
// The tests read the JSON and never need Java.
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

/**
 * JavaDates.java's results, each locale's cases in a JVM of its own: the JDK caches zone names across locales (see
 * JavaDateData.java), and a service writes and reads in its own locale.
 */
function java(mode, inputs) {
  const results = new Array(inputs.length);
  const byLocale = new Map();
  for (const [i, input] of inputs.entries()) byLocale.set(input[3], [...(byLocale.get(input[3]) ?? []), i]);
  for (const indexes of byLocale.values()) {
    const lines = runJava(
      [...JVM, mode],
      indexes.map((i) => inputs[i]),
    );
    lines.forEach((line, j) => {
      const [verdict, detail] = line.split("\t");
      results[indexes[j]] =
        verdict === "OK" ? { ok: true, value: unescapeTabs(detail) } : { ok: false, error: unescapeTabs(detail) };
    });
  }
  return results;
}

const rnd = random(20251126);
const pick = (list) => list[rnd(list.length)];
const utc = (y, m, d, h = 12, min = 0) => Date.UTC(y, m - 1, d, h, min);

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
  "UTC+01:00",
  "Europe/Dublin",
  "Africa/Casablanca",
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
  list.push(8640000000000000, -8640000000000000, 4102444800123, -377673580800000);
  return list;
}
const INSTANTS = instants();

const formatCases = [];
const parseCases = [];
/** Cases formatted first, then read back with the pattern that wrote them: [instant, pattern, zone, locale, zone to read in]. */
const roundTrips = [];
const anyCase = () => [pick(INSTANTS), pick(ZONES), pick(LOCALES)];

// ---- Every letter at every count ---------------------------------------------------------------------------------

/** Each letter with counts Java accepts (and a few it refuses), and a pattern that reads a whole date with it. */
const LETTERS = {
  G: [[1, 2, 3, 4, 5, 6], (r) => `${r} yyyy-MM-dd`],
  u: [[1, 2, 3, 4, 5, 9, 10, 11, 19, 20], (r) => `${r}-MM-dd`],
  y: [[1, 2, 3, 4, 5, 9, 10, 12, 19, 20], (r) => `${r}-MM-dd`],
  D: [[1, 2, 3, 4], (r) => `uuuu ${r}`],
  M: [[1, 2, 3, 4, 5, 6], (r) => `uuuu ${r} d`],
  L: [[1, 2, 3, 4, 5], (r) => `uuuu ${r} d`],
  d: [[1, 2, 3], (r) => `uuuu-MM ${r}`],
  g: [[1, 2, 5, 10, 19, 20], (r) => `${r} HH:mm`],
  Q: [[1, 2, 3, 4, 5, 6], (r) => `uuuu-MM-dd ${r}`],
  q: [[1, 2, 3, 4, 5], (r) => `uuuu-MM-dd ${r}`],
  Y: [[1, 2, 3, 4, 5, 10, 19, 20], (r) => `${r} w e`],
  w: [[1, 2, 3], (r) => `YYYY ${r} e`],
  W: [[1, 2], (r) => `uuuu-MM ${r} e`],
  E: [[1, 2, 3, 4, 5, 6], (r) => `uuuu-MM-dd ${r}`],
  e: [[1, 2, 3, 4, 5, 6], (r) => `YYYY w ${r}`],
  c: [[1, 2, 3, 4, 5], (r) => `YYYY w ${r}`],
  F: [[1, 2], (r) => `uuuu-MM-dd ${r}`],
  a: [[1, 2], (r) => `uuuu-MM-dd hh:mm ${r}`],
  B: [[1, 2, 4, 5], (r) => `uuuu-MM-dd h:mm ${r}`],
  h: [[1, 2, 3], (r) => `uuuu-MM-dd ${r}:mm a`],
  K: [[1, 2], (r) => `uuuu-MM-dd ${r}:mm a`],
  k: [[1, 2], (r) => `uuuu-MM-dd ${r}:mm`],
  H: [[1, 2, 3], (r) => `uuuu-MM-dd ${r}:mm`],
  m: [[1, 2, 3], (r) => `uuuu-MM-dd HH:${r}`],
  s: [[1, 2], (r) => `uuuu-MM-dd HH:mm:${r}`],
  S: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (r) => `uuuu-MM-dd HH:mm:ss.${r}`],
  A: [[1, 2, 3, 8, 9, 19, 20], (r) => `uuuu-MM-dd ${r}`],
  n: [[1, 2, 3, 9, 10, 19], (r) => `uuuu-MM-dd HH:mm:ss ${r}`],
  N: [[1, 5, 14, 19, 20], (r) => `uuuu-MM-dd ${r}`],
  V: [[1, 2, 3], (r) => `uuuu-MM-dd HH:mm ${r}`],
  v: [[1, 2, 4], (r) => `uuuu-MM-dd HH:mm ${r}`],
  z: [[1, 2, 3, 4, 5], (r) => `uuuu-MM-dd HH:mm ${r}`],
  O: [[1, 2, 4], (r) => `uuuu-MM-dd HH:mm ${r}`],
  X: [[1, 2, 3, 4, 5, 6], (r) => `uuuu-MM-dd HH:mm ${r}`],
  x: [[1, 2, 3, 4, 5, 6], (r) => `uuuu-MM-dd HH:mm ${r}`],
  Z: [[1, 2, 3, 4, 5, 6], (r) => `uuuu-MM-dd HH:mm ${r}`],
};
for (const [letter, [counts, within]] of Object.entries(LETTERS)) {
  for (const count of counts) {
    const run = letter.repeat(count);
    for (let i = 0; i < 4; i++) formatCases.push([pick(INSTANTS), run, pick(ZONES), pick(LOCALES)]);
    for (let i = 0; i < 3; i++) {
      const [instant, zone, locale] = anyCase();
      roundTrips.push([instant, within(run), zone, locale, rnd(3) ? zone : pick(ZONES)]);
    }
  }
}

// ---- Common patterns ---------------------------------------------------------------------------------------------

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
  "yyyy-DDD",
  "G yyyy",
  "E dd/MM",
  "HH:mm:ss.SSSSSS",
  "yyyy-MM-dd HH:mm:ss ZZZZZ",
  "yyyy-MM-dd'T'HH:mm:ssX",
  "yyyy-MM-dd[ HH:mm]",
  "[EEEE ]dd/MM/yyyy",
  "dd/MM/yyyy kk:mm",
  "dd/MM/yyyy KK:mm a",
  "dd/MM/yyyy hh:mm a",
  "yyyy-MM-dd'T'HH:mm:ss'Z'",
  "dd-MMM-yyyy",
  "y-M-d H:m:s",
  "yyyy/MM/dd HH:mm:ss.SSS",
  "EEE MMM dd HH:mm:ss zzz yyyy",
  "yyyy-MM-dd HH:mm z",
  "YYYY-'W'ww-e",
];
for (const pattern of COMMON) {
  for (let i = 0; i < 12; i++) formatCases.push([pick(INSTANTS), pattern, pick(ZONES), pick(LOCALES)]);
  for (let i = 0; i < 8; i++) {
    const [instant, zone, locale] = anyCase();
    roundTrips.push([instant, pattern, zone, locale, rnd(3) ? zone : pick(ZONES)]);
  }
}

// ---- Names in every bundled locale: each month and day in each style, read back in the common patterns --------

const TEXTS =
  "MMMM|MMM|MMMMM|LLLL|LLL|LLLLL|EEEE|EEE|EEEEE|cccc|ccc|ccccc|QQQQ|QQQ|QQQQQ|qqqq|qqq|qqqqq|GGGG|GGG|GGGGG|a";
for (const locale of LOCALES) {
  for (let month = 1; month <= 12; month++)
    formatCases.push([utc(2024, month, month + 7, 2 * month), TEXTS, "UTC", locale]);
  formatCases.push([utc(-43, 3, 15), TEXTS, "UTC", locale]);
  for (const pattern of ["EEEE d MMMM yyyy", "EEE d MMM yy HH:mm", "cccc, d LLLL yyyy"]) {
    for (let i = 0; i < 2; i++) roundTrips.push([pick(INSTANTS), pattern, pick(ZONES), locale, pick(ZONES)]);
  }
}

// ---- Daylight saving ---------------------------------------------------------------------------------------------

const PARIS_CHANGES = [
  utc(2023, 3, 26, 1),
  utc(2023, 10, 29, 1),
  utc(2024, 3, 31, 1),
  utc(2024, 10, 27, 1),
  utc(2025, 3, 30, 1),
  utc(2025, 10, 26, 1),
  utc(1996, 10, 27, 1),
  utc(1976, 3, 28, 0),
];
const DST_PATTERNS = [
  "yyyy-MM-dd HH:mm:ss.SSS XXX",
  "yyyy-MM-dd HH:mm z",
  "yyyy-MM-dd HH:mm:ss zzzz VV",
  "yyyy-MM-dd HH:mm O",
  "yyyy-MM-dd HH:mm v",
];
for (const change of PARIS_CHANGES) {
  for (const delta of [-3600001, -1, 0, 1, 1800000, 3599999, 3600000]) {
    const pattern = pick(DST_PATTERNS);
    roundTrips.push([change + delta, pattern, "Europe/Paris", pick(LOCALES), "UTC"]);
  }
}
const LOCAL_TIMES = [];
for (const [day, hours] of [
  ["2024-03-31", ["01:59", "02:00", "02:30", "02:59", "03:00"]],
  ["2024-10-27", ["01:59", "02:00", "02:30", "02:59", "03:00"]],
  ["2025-03-30", ["02:15"]],
  ["2025-10-26", ["02:15"]],
]) {
  for (const hour of hours) LOCAL_TIMES.push(`${day} ${hour}`);
}
for (const local of LOCAL_TIMES) {
  parseCases.push([local, "yyyy-MM-dd HH:mm", "Europe/Paris", null]);
  parseCases.push([`${local}:59`, "yyyy-MM-dd HH:mm:ss", "Europe/Paris", "fr-FR"]);
  for (const offset of ["+01:00", "+02:00", "+03:00"]) {
    parseCases.push([`${local} ${offset}`, "yyyy-MM-dd HH:mm XXX", "Europe/Paris", null]);
    parseCases.push([`${local} ${offset} Europe/Paris`, "yyyy-MM-dd HH:mm XXX VV", "UTC", null]);
  }
  for (const name of ["CET", "CEST", "MEZ", "MESZ", "Central European Standard Time", "Europe/Paris"]) {
    parseCases.push([`${local} ${name}`, "yyyy-MM-dd HH:mm z", "UTC", pick(["en-US", "de-DE", "fr-FR", null])]);
  }
}
// Days whose midnight falls in a gap: the start of the day is the end of the gap.
for (const [day, zone] of [
  ["2018-11-04", "America/Sao_Paulo"],
  ["2017-10-15", "America/Sao_Paulo"],
  ["2024-09-08", "America/Santiago"],
  ["2024-03-10", "America/Havana"],
  ["2024-03-31", "Asia/Beirut"],
  ["2024-03-31", "Europe/Paris"],
  ["2024-10-27", "Europe/Paris"],
  ["2024-11-03", "America/New_York"],
]) {
  parseCases.push([day, "yyyy-MM-dd", zone, null]);
  parseCases.push([`${day} 00:30`, "yyyy-MM-dd HH:mm", zone, null]);
  formatCases.push([Date.parse(`${day}T12:00:00Z`), "yyyy-MM-dd HH:mm:ss z XXX", zone, pick(LOCALES)]);
}

// ---- Week-based years at year ends, in every bundled locale ------------------------------------------------------

const WEEKS = "YYYY-'W'ww-e|c W Y YY w|uuuu-MM-dd";
// Years whose first day falls on each day from Thursday to Monday.
for (const year of [2020, 2021, 2022, 2023, 2025]) {
  for (const [month, day] of [
    [12, 29],
    [12, 30],
    [12, 31],
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 4],
  ]) {
    const instant = utc(month === 12 ? year : year + 1, month, day);
    for (const locale of LOCALES) roundTrips.push([instant, WEEKS, "UTC", locale, "UTC", "YYYY-'W'ww-e"]);
  }
}

// ---- Zone names, in every bundled locale -------------------------------------------------------------------------

const NAMED_ZONES = [
  "Europe/Paris",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Moscow",
  "Europe/Istanbul",
  "Europe/Zurich",
  "Africa/Casablanca",
  "Africa/Cairo",
  "Africa/Johannesburg",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Asia/Jerusalem",
  "Australia/Sydney",
  "Australia/Adelaide",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Pacific/Honolulu",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Halifax",
  "America/St_Johns",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "America/Argentina/Buenos_Aires",
  "UTC",
  "GMT",
  "UT",
  "Etc/GMT+5",
  "+05:30",
  "Z",
  "GMT+2",
];
const NAMES = "yyyy-MM-dd HH:mm z|zzzz|v|vvvv";
/** The zones written in every locale; the others in a few. */
const EVERY_LOCALE = new Set(["Europe/Paris", "Europe/London", "Europe/Dublin", "America/New_York", "UTC", "GMT"]);
for (const zone of NAMED_ZONES) {
  for (const instant of [utc(2024, 1, 15), utc(2024, 7, 15), utc(1990, 7, 15)]) {
    for (const locale of LOCALES) {
      const share = EVERY_LOCALE.has(zone)
        ? instant === utc(1990, 7, 15)
          ? 4
          : 1
        : instant === utc(1990, 7, 15)
          ? 10
          : 4;
      if (rnd(share) === 0) roundTrips.push([instant, NAMES, zone, locale, "UTC"]);
    }
  }
}
// Every zone the JDK knows, once, at an instant from 1900 to 2100, in some bundled locale.
const EVERY_ZONE = JSON.parse(execFileSync("java", [...JVM, "zones"], { encoding: "utf8" }));
for (const zone of EVERY_ZONE) {
  formatCases.push([-2208988800000 + rnd(6311390) * 1000000, "uuuu-MM-dd HH:mm XXXXX z|zzzz|v", zone, pick(LOCALES)]);
}
/** Names read alone, some shared by several zones or regions, some unknown. */
const ZONE_TEXTS = [
  "CST",
  "CDT",
  "IST",
  "BST",
  "EST",
  "EDT",
  "PST",
  "PDT",
  "GMT",
  "UTC",
  "UT",
  "CET",
  "CEST",
  "EET",
  "WET",
  "WEST",
  "MST",
  "AST",
  "ADT",
  "SST",
  "HST",
  "AKST",
  "NZST",
  "AEST",
  "JST",
  "MSK",
  "BRT",
  "WAT",
  "SAST",
  "MEZ",
  "OESZ",
  "Z",
  "Zulu",
  "Europe/Paris",
  "Mars/Olympus",
  "Central European Standard Time",
  "Central European Time",
  "heure normale d’Europe centrale",
  "Mitteleuropäische Normalzeit",
  "hora estándar de Europa central",
  "British Summer Time",
  "Irish Standard Time",
  "Eastern Standard Time",
  "GMT+01:00",
  "UTC-05:30",
  "+05:30",
  "-03",
];
for (const name of ZONE_TEXTS) {
  for (const locale of LOCALES) {
    if (rnd(2)) continue;
    parseCases.push([
      `2024-07-01 12:00 ${name}`,
      `yyyy-MM-dd HH:mm ${pick(["z", "zzzz", "v", "vvvv"])}`,
      "UTC",
      locale,
    ]);
  }
  parseCases.push([`2024-07-01 12:00 ${name}`, "yyyy-MM-dd HH:mm VV", "UTC", null]);
}

// ---- Hand-written texts ------------------------------------------------------------------------------------------

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
  ["5 Februar 2024", "d MMMM yyyy"],
  ["5. März 2024", "d. MMMM yyyy"],
  ["5 de febrero de 2024", "d 'de' MMMM 'de' yyyy"],
  ["05/02/2024 14:30", "dd/MM/yyyy HH:mm"],
  ["05/02/2024 24:00", "dd/MM/yyyy HH:mm"],
  ["05/02/2024 24:00:00", "dd/MM/yyyy HH:mm:ss"],
  ["05/02/2024 24:01", "dd/MM/yyyy HH:mm"],
  ["05/02/2024 2:30 PM", "dd/MM/yyyy h:mm a"],
  ["05/02/2024 2:30 pm", "dd/MM/yyyy h:mm a"],
  ["05/02/2024 02:30", "dd/MM/yyyy hh:mm"],
  ["2099-12-31 07:00", "yyyy-MM-dd hh:mm"],
  ["2024-02-05 07", "yyyy-MM-dd hh"],
  ["2024-02-05 07 PM", "yyyy-MM-dd hh a"],
  ["2024-02-05 30", "yyyy-MM-dd mm"],
  ["2024-02-05 30:15", "yyyy-MM-dd mm:ss"],
  ["2024-02-05 00:30 AM", "yyyy-MM-dd hh:mm a"],
  ["2024-02-05 13:30 PM", "yyyy-MM-dd hh:mm a"],
  ["2024-02-05 00:30", "yyyy-MM-dd kk:mm"],
  ["2024-02-05 24:30", "yyyy-MM-dd kk:mm"],
  ["2024-02-05 14:30 PM", "yyyy-MM-dd HH:mm a"],
  ["2024-02-05 14:30 AM", "yyyy-MM-dd HH:mm a"],
  ["2024-02-05 PM", "yyyy-MM-dd a"],
  ["2024-02-05 in the afternoon", "yyyy-MM-dd B"],
  ["2024-02-05 at night", "yyyy-MM-dd B"],
  ["2024-02-05 noon", "yyyy-MM-dd B"],
  ["2024-02-05 midnight", "yyyy-MM-dd B"],
  ["2024-02-05 3 in the afternoon", "yyyy-MM-dd h B"],
  ["2024-02-05 3:30 in the morning", "yyyy-MM-dd h:mm B"],
  ["2024-02-05 15:30 in the morning", "yyyy-MM-dd HH:mm B"],
  ["2024-02-05 15:30:00 in the morning", "yyyy-MM-dd HH:mm:ss B"],
  ["2024-02-05 15:30:00.000 in the morning", "yyyy-MM-dd HH:mm:ss.SSS B"],
  ["2024-02-05 de l’après-midi", "yyyy-MM-dd B"],
  ["2024-02-05 3 de l’après-midi", "yyyy-MM-dd h B"],
  ["2024-02-05 nachmittags", "yyyy-MM-dd B"],
  ["2024-02-05 de la tarde", "yyyy-MM-dd B"],
  ["2024-02-05 ap.m.", "yyyy-MM-dd BBBBB"],
  ["60345", "g"],
  ["60345 14:30", "g HH:mm"],
  ["-678941", "g"],
  ["+60345", "g"],
  ["60345 2024-02-05", "g yyyy-MM-dd"],
  ["60345 2024-02-06", "g yyyy-MM-dd"],
  ["2024-02-05 52200000", "yyyy-MM-dd A"],
  ["2024-02-05 86400000", "yyyy-MM-dd A"],
  ["2024-02-05 52200000 14:30", "yyyy-MM-dd A HH:mm"],
  ["2024-02-05 52200000 14:31", "yyyy-MM-dd A HH:mm"],
  ["2024-02-05 14:30:00 500", "yyyy-MM-dd HH:mm:ss n"],
  ["2024-02-05 14:30:00 1000000000", "yyyy-MM-dd HH:mm:ss n"],
  ["2024-02-05 14:30:00.5 500000000", "yyyy-MM-dd HH:mm:ss.S n"],
  ["2024-02-05 14:30:00.5 400000000", "yyyy-MM-dd HH:mm:ss.S n"],
  ["2024-02-05 52200000000000", "yyyy-MM-dd N"],
  ["2024-02-05 52200000000000 14:30", "yyyy-MM-dd N HH:mm"],
  ["2024-02-05 52200000000000 15:30", "yyyy-MM-dd N HH:mm"],
  ["2024-02-05 99999999999999999999", "yyyy-MM-dd N"],
  ["2024-02-05 9999999999999999999", "yyyy-MM-dd A"],
  ["2024-02-05 52200000 500", "yyyy-MM-dd A n"],
  ["2024-02-05", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05 14:30", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05 14", "yyyy-MM-dd[ HH:mm]"],
  ["2024-02-05 14:30", "yyyy-MM-dd[ HH:mm[:ss]]"],
  ["2024-02-05 14:30:15", "yyyy-MM-dd[ HH:mm[:ss]]"],
  ["2024-02-05T14:30", "yyyy-MM-dd['T'HH:mm][ HH:mm]"],
  ["2024-02-05 14:30", "yyyy-MM-dd['T'HH:mm][ HH:mm]"],
  ["[2024-02-05]", "'['yyyy-MM-dd']'"],
  ["2024-02-05 +01:00", "yyyy-MM-dd[ XXX]"],
  ["2024-02-05 Europe/Paris", "yyyy-MM-dd[ VV]"],
  ["2024-02-05", "[yyyy-MM-dd][dd/MM/yyyy]"],
  ["05/02/2024", "[yyyy-MM-dd][dd/MM/yyyy]"],
  ["2024-02-05 lundi", "yyyy-MM-dd[ EEEE]"],
  ["2024-02-05 mardi", "yyyy-MM-dd[ EEEE]"],
  [" 5/ 2/2024", "ppd/ppM/yyyy"],
  ["05/02/2024", "ppd/ppM/yyyy"],
  ["5/2/2024", "ppd/ppM/yyyy"],
  ["  5/2/2024", "pppd/M/yyyy"],
  ["2024-02-05  Mon", "yyyy-MM-dd pppppE"],
  ["2024-02-05 X Mon", "yyyy-MM-dd pppppE"],
  ["2024-02-05 14:30 +1", "yyyy-MM-dd HH:mm ppX"],
  ["2024-02-05 14:30  +01", "yyyy-MM-dd HH:mm ppppX"],
  ["2024-02-05 14:30 UTC+01:00", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 UT", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 GMT0", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 +05:30", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 +19:00", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 Z", "yyyy-MM-dd HH:mm VV"],
  ["2024-02-05 14:30 GMT+01:00", "yyyy-MM-dd HH:mm O"],
  ["2024-02-05 14:30 GMT+1", "yyyy-MM-dd HH:mm O"],
  ["2024-02-05 14:30 GMT+1:30", "yyyy-MM-dd HH:mm O"],
  ["2024-02-05 14:30 GMT", "yyyy-MM-dd HH:mm O"],
  ["2024-02-05 14:30 GMT+01:00", "yyyy-MM-dd HH:mm OOOO"],
  ["2024-02-05 14:30 GMT+1", "yyyy-MM-dd HH:mm OOOO"],
  ["2024-02-05 14:30 UTC+01:00", "yyyy-MM-dd HH:mm OOOO"],
  ["2024-02-05 14:30 GMT+01:00", "yyyy-MM-dd HH:mm ZZZZ"],
  ["2024-02-05 14:30 +24:00", "yyyy-MM-dd HH:mm XXX"],
  ["2024-02-05 14:30 +19:00", "yyyy-MM-dd HH:mm XXX"],
  ["2024-02-05 +19:00", "yyyy-MM-dd XXX"],
  ["2024-02-05 14:30 +0530", "yyyy-MM-dd HH:mm XX"],
  ["2024-02-05 14:30 +05:30", "yyyy-MM-dd HH:mm XX"],
  ["2024-02-05 14:30 +05", "yyyy-MM-dd HH:mm x"],
  ["2024-02-05 14:30 +0530", "yyyy-MM-dd HH:mm x"],
  ["2024-02-05 14:30 +00", "yyyy-MM-dd HH:mm x"],
  ["2024-02-05 14:30 -00:00", "yyyy-MM-dd HH:mm xxx"],
  ["2024-02-05 14:30 +053045", "yyyy-MM-dd HH:mm XXXX"],
  ["2024-02-05 14:30 +05:30:45", "yyyy-MM-dd HH:mm XXXXX"],
  ["2024-02-05T14:30:00.123+05:30", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00.123Z", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00.123+0530", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"],
  ["2024-02-05T14:30:00+0530", "yyyy-MM-dd'T'HH:mm:ssZ"],
  ["2024-02-05 14:30:00 America/New_York", "yyyy-MM-dd HH:mm:ss VV"],
  ["2024-02-05 14:30:00 Mars/Olympus", "yyyy-MM-dd HH:mm:ss VV"],
  ["2024-02-05 Asia/Tokyo", "yyyy-MM-dd VV"],
  ["14:30", "HH:mm"],
  ["2024-02", "yyyy-MM"],
  ["2024", "yyyy"],
  ["02-05", "MM-dd"],
  ["20240205", "yyyyMMdd"],
  ["2024020514", "yyyyMMddHH"],
  ["20240205143000", "yyyyMMddHHmmss"],
  ["202402051430", "yyyyMMddHHmmss"],
  ["20240205143000123", "yyyyMMddHHmmssSSS"],
  ["2024020514300012", "yyyyMMddHHmmssSSS"],
  ["143000123", "HHmmssSSS"],
  ["240205", "yyMMdd"],
  ["2402051430", "yyMMddHHmm"],
  ["20240205 1430", "uuuuMMdd HHmm"],
  ["120240205", "yyyyyMMdd"],
  ["+120240205", "uuuuuMMdd"],
  ["2024-02-05 14:3000", "yyyy-MM-dd HH:mmSS"],
  ["2024-02-05 +0100 1430", "yyyy-MM-dd Z HHmm"],
  ["2024-02-05 +01001430", "yyyy-MM-dd ZHHmm"],
  ["2024-02-05 14:30:61", "yyyy-MM-dd HH:mm:ss"],
  ["-0001-02-05", "uuuu-MM-dd"],
  ["+12345-02-05", "uuuu-MM-dd"],
  ["12345-02-05", "yyyy-MM-dd"],
  ["+2024-02-05", "uuuu-MM-dd"],
  ["-2024-02-05", "yyyy-MM-dd"],
  ["-0-02-05", "u-MM-dd"],
  ["+1000000000-02-05", "uuuu-MM-dd"],
  ["999999999-12-31 23:59", "uuuu-MM-dd HH:mm"],
  ["+300000000-01-01", "uuuu-MM-dd"],
  ["Q1 2024", "QQQ yyyy"],
  ["2024-02-05 Q2", "yyyy-MM-dd QQQ"],
  ["2024-036", "yyyy-DDD"],
  ["2024-366", "yyyy-DDD"],
  ["2023-366", "yyyy-DDD"],
  ["2024-36", "yyyy-DD"],
  ["2024-400", "yyyy-DDD"],
  ["Mon 05/02/2024", "EEE dd/MM/yyyy"],
  ["Tue 05/02/2024", "EEE dd/MM/yyyy"],
  ["2024-02-05 1", "yyyy-MM-dd F"],
  ["2024-02-05 2", "yyyy-MM-dd F"],
  ["AD 2024-02-05", "G yyyy-MM-dd"],
  ["BC 2024-02-05", "G yyyy-MM-dd"],
  ["AD 2024-02-05", "G uuuu-MM-dd"],
  ["BC 2024-02-05", "G uuuu-MM-dd"],
  ["5 Feb 2024", "d MMM yyyy"],
  ["5 FEB 2024", "d MMM yyyy"],
  ["5 Sept 2024", "d MMM yyyy"],
  ["5 Sep 2024", "d MMM yyyy"],
  ["5 sept. 2024", "d MMM yyyy"],
  ["5 Mai 2024", "d MMM yyyy"],
  ["5 janv. 2024", "d MMM yyyy"],
  ["5 ene. 2024", "d MMM yyyy"],
  ["5 ene 2024", "d MMM yyyy"],
  ["5 Jän. 2024", "d MMM yyyy"],
  ["1er janvier 2024", "d'er' MMMM yyyy"],
  ["J 2024 5", "MMMMM yyyy d"],
  ["M 2024 5", "LLLLL yyyy d"],
  ["2024-02-05 T", "yyyy-MM-dd EEEEE"],
  ["2024-02-05 M", "yyyy-MM-dd ccccc"],
  ["05/02/2024 12:00 AM", "dd/MM/yyyy hh:mm a"],
  ["05/02/2024 12:00 a. m.", "dd/MM/yyyy hh:mm a"],
  ["05/02/2024 00:00 PM", "dd/MM/yyyy hh:mm a"],
  ["2024-W06-1", "YYYY-'W'ww-e"],
  ["2024-W53-1", "YYYY-'W'ww-e"],
  ["2024-W54-1", "YYYY-'W'ww-e"],
  ["2024-W06", "YYYY-'W'ww"],
  ["2024-W06-8", "YYYY-'W'ww-e"],
  ["2024-W06-1 2024-02-05", "YYYY-'W'ww-e yyyy-MM-dd"],
  ["2024-W06-1 2024-02-12", "YYYY-'W'ww-e yyyy-MM-dd"],
  ["24-W06-1", "YY-'W'ww-e"],
  ["2024-02 2 1", "yyyy-MM W e"],
  ["2024-02 6 1", "yyyy-MM W e"],
  ["2024-02 2 lundi", "yyyy-MM W EEEE"],
  ["99999999999-W06-1", "YYYY-'W'ww-e"],
  ["2024-02-05 'x''y", "yyyy-MM-dd '''x''''y'"],
  ["2024-02-05 o'clock", "yyyy-MM-dd 'o''clock'"],
];
const HANDWRITTEN_LOCALES = ["fr-FR", "en-US", "de-DE", "es-ES", null];
for (const [text, pattern] of HANDWRITTEN) {
  for (const locale of HANDWRITTEN_LOCALES) {
    parseCases.push([text, pattern, pick(["Europe/Paris", "America/New_York", "UTC", "+05:30"]), locale]);
  }
}
// Day periods in every bundled locale, at each hour, written and read back.
for (const locale of LOCALES) {
  for (let hour = 0; hour < 24; hour += rnd(3) + 1) {
    roundTrips.push([utc(2024, 2, 5, hour, rnd(4) * 15), "yyyy-MM-dd h:mm B '|' BBBB '|' BBBBB", "UTC", locale, "UTC"]);
  }
  roundTrips.push([utc(2024, 2, 5, rnd(24)), "yyyy-MM-dd BBBB", "UTC", locale, "UTC"]);
}

// ---- Patterns from a grammar -------------------------------------------------------------------------------------

const DATE_PARTS = [
  ["dd", "d"],
  ["MM", "M", "MMM", "MMMM", "LLL", "LLLL"],
  ["yyyy", "yy", "uuuu", "y", "u"],
  ["EEE", "EEEE", "E", "ccc", "cccc", "eee", "eeee", "EEEEE", "MMMMM", "QQQ", "G", "D", "DDD", "qqqq"],
];
const TIME_PARTS = [["HH", "H", "hh", "h", "kk", "KK"], ["mm", "m"], ["ss", "s", "SSS", "S", "SSSSSSSSS"], ["a"]];
const ZONE_PARTS = ["XXX", "XX", "X", "xxx", "xx", "x", "Z", "ZZ", "ZZZZZ", "VV", "XXXXX", "xxxx"];
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
const ZONE_NAMES = ["z", "zzzz", "v", "vvvv", "B", "g"];
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
  "'a''b''c'",
];

/** A pattern from a small grammar: some date fields, maybe time fields, maybe a zone, with literals between. */
function randomPattern() {
  const fields = [];
  for (const group of DATE_PARTS) if (rnd(6) > 0) fields.push(pick(group));
  if (rnd(2)) for (const group of TIME_PARTS) if (rnd(4) > 0) fields.push(pick(group));
  if (rnd(3) === 0) fields.push(pick(ZONE_PARTS));
  if (rnd(4) === 0) fields.push(pick(rnd(2) ? RARE_PARTS : ZONE_NAMES));
  if (fields.length === 0) fields.push("dd");
  if (rnd(3) === 0) fields.sort(() => rnd(3) - 1);
  let pattern = fields[0];
  for (const field of fields.slice(1)) pattern += pick(SEPARATORS) + field;
  if (rnd(10) === 0) pattern = `[${pattern}]`;
  if (rnd(10) === 0) pattern = ` ${pattern} `;
  return pattern;
}
for (let i = 0; i < 1300; i++) {
  const [instant, zone, locale] = anyCase();
  if (i % 2) roundTrips.push([instant, randomPattern(), zone, locale, rnd(3) ? zone : pick(ZONES)]);
  else formatCases.push([instant, randomPattern(), zone, locale]);
}

// ---- Recording ---------------------------------------------------------------------------------------------------

// Round trips: what Java wrote, read back with the same pattern (or the one given) in the zone given.
const written = java(
  "format",
  roundTrips.map(([instant, pattern, zone, locale]) => [instant, pattern, zone, locale]),
);
roundTrips.forEach(([instant, pattern, zone, locale, readIn, readWith], i) => {
  formatCases.push([instant, pattern, zone, locale]);
  if (!written[i].ok) return;
  parseCases.push([written[i].value, pattern, readIn, locale]);
  if (readWith) parseCases.push([written[i].value.split("|")[0], readWith, readIn, locale]);
});
const formatted = java("format", formatCases);
const parsed = java("parse", parseCases);

/** One case: [input, pattern, zone, locale or null, Java's value or null, Java's error or null]. */
const entry = (input, result) => [...input, result.ok ? result.value : null, result.ok ? null : result.error];
const tzdb = execFileSync("java", [...JVM, "version"], { encoding: "utf8" }).trim();
// Two files, each small enough for the repository's formatter.
for (const [kind, cases, results, what] of [
  ["format", formatCases, formatted, "[epoch millis, pattern, zone, locale, text, error]"],
  ["parse", parseCases, parsed, "[text, pattern, zone, locale, epoch millis, error]"],
]) {
  const file = join(here, `eval-dates-${kind}.json`);
  const note = `JavaDates.java ${kind}: ${what}; a locale null is the JVM default (en-US); an error is the exception's class and message.`;
  const entries = cases.map((input, i) => entry(input, results[i]));
  writeFileSync(file, `${JSON.stringify({ recordedWith, tzdb, note, entries })}\n`);
  // The repository's formatter has the last word on the layout of the JSON.
  execFileSync("npx", ["biome", "format", "--write", file], { stdio: "inherit" });
}
console.log("eval-dates: format", formatCases.length, "parse", parseCases.length);
