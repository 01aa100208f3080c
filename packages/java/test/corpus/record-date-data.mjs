// Records the data of @mailroom/java's date evaluation from the JDK 17 (JavaDateData.java): the region ids
// (src/zone-ids.ts, which the linter reads too), the zone rules of every zone (src/eval/date-zone-rules.ts) and, per language, the texts, week definitions, day periods and zone names of
// its bundled locales (src/eval/date-locale-<language>.ts), each region stored as what differs from its language.
// The tests read the generated modules and never need Java.
// Run from the repository root with a JDK 17 on the PATH: node packages/java/test/corpus/record-date-data.mjs
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { javaVersion } from "../../../../test/corpus-recording.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "../../src/eval");
const recordedWith = javaVersion();

/** The bundled locales, by language (the first of each is the language alone, which the others differ from). */
const LANGUAGES = {
  en: ["en", "en-US", "en-GB", "en-CA", "en-AU", "en-IE"],
  fr: ["fr", "fr-FR", "fr-BE", "fr-CA", "fr-CH", "fr-LU"],
  de: ["de", "de-DE", "de-AT", "de-CH", "de-LU"],
  es: ["es", "es-ES", "es-MX", "es-US"],
};

const FLAGS = [
  "--add-opens",
  "java.base/java.time.format=ALL-UNNAMED",
  "--add-opens",
  "java.base/java.time.zone=ALL-UNNAMED",
  "--add-exports",
  "java.base/sun.util.locale.provider=ALL-UNNAMED",
];
/** One run of JavaDateData.java: a locale's data in a JVM of its own (see there why), or the zones'. */
const record = (...args) =>
  JSON.parse(
    execFileSync("java", [...FLAGS, join(here, "JavaDateData.java"), ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    }),
  );
const recorded = record("zones");
recorded.locales = Object.fromEntries(
  Object.values(LANGUAGES)
    .flat()
    .map((tag) => [tag, record("locale", tag)]),
);

const header = `// Written by test/corpus/record-date-data.mjs from ${recordedWith} (tzdata ${recorded.tzdb}): do not edit.\n\n`;
const b36 = (n) => n.toString(36);

function write(name, text) {
  const path = join(src, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, header + text);
  execFileSync("npx", ["biome", "format", "--write", path], { stdio: "inherit" });
}

// ---- Zone rules --------------------------------------------------------------------------------------------------

/** [offset, time, offset, time, offset...] as base-36 numbers, each time the seconds since the one before. */
function transitions([first, ...pairs]) {
  const out = [b36(first)];
  let previous = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    out.push(b36(pairs[i] - previous), b36(pairs[i + 1]));
    previous = pairs[i];
  }
  return out.join(",");
}

const zoneIds = Object.keys(recorded.zones);
const rules = [];
const rulesOf = [];
const dstOffsets = {};
for (const id of zoneIds) {
  const zone = recorded.zones[id];
  const text = [
    transitions(zone.standard),
    transitions(zone.wall),
    zone.last.map((rule) => rule.map(b36).join(",")).join("/"),
  ].join(";");
  let index = rules.indexOf(text);
  if (index < 0) index = rules.push(text) - 1;
  rulesOf.push(b36(index));
  if (zone.dst !== null) dstOffsets[id] = zone.dst;
}
write(
  "../zone-ids.ts",
  `/**
 * The region ids of \`ZoneId.getAvailableZoneIds()\`, sorted, aliases included (\`UTC\`, \`Etc/GMT+1\`, \`Asia/Calcutta\`,
 * \`US/Eastern\`...): the zones the JDK has rules for (eval/date-zone-rules.ts, in this order).
 */
export const JAVA_ZONE_IDS: readonly string[] = ${JSON.stringify(zoneIds.join("|"))}.split("|");

`,
);
write(
  "date-zone-rules.ts",
  `/** The version of the time-zone database the rules below come from. */
export const TZDB_VERSION = ${JSON.stringify(recorded.tzdb)};

/** For each id of JAVA_ZONE_IDS (zone-ids.ts), the index of its rules in ZONE_RULES (base 36, comma-separated). */
export const ZONE_RULES_OF = ${JSON.stringify(rulesOf.join(","))};

/**
 * Distinct ZoneRules, each "standard;wall;last": the standard and the wall offsets as [offset, time, offset...]
 * (seconds, base 36, each time counted from the one before, the first from the epoch), then the rules of the last
 * years, "/"-separated, each as month, day-of-month indicator, day of week (0: none), second of day, midnight at
 * the end of the day (1), time definition (0 UTC, 1 wall, 2 standard), standard offset, offset before and after.
 */
export const ZONE_RULES: readonly string[] = ${JSON.stringify(rules)};

/** The daylight offset CLDR gives a zone explicitly: its daylight names are used only at that offset. */
export const EXPLICIT_DST_OFFSETS: Readonly<Record<string, string>> = ${JSON.stringify(dstOffsets)};
`,
);

// ---- Locales -----------------------------------------------------------------------------------------------------

/** The zones whose names are recorded: the region ids, then "UT". */
const namedZones = [...zoneIds, "UT"];

const checked = (s) => {
  if (/[|=]/.test(s)) throw new Error(`a recorded text has "|" or "=": ${s}`);
  return s;
};
const joinNames = (names) => names.map((name) => checked(name ?? "")).join("|");

function texts(locale) {
  return Object.fromEntries(
    Object.entries(locale.texts)
      .filter(([, names]) => names !== null)
      .map(([key, names]) => [key, joinNames(names)]),
  );
}

const dayPeriods = ({ periods, names, byMinute }) => ({
  periods,
  names: Object.fromEntries(Object.entries(names).map(([style, list]) => [style, joinNames(list)])),
  byMinute,
});

/** A zone's names, long and short standard, daylight and generic, "|"-separated ("" for none). */
const zoneNames = (names) => (names === null ? "" : joinNames(names));

/** The names a zone parser reads and the zone each gives, as "name=zone index" ("|"-separated). */
function zoneTexts(map) {
  return Object.entries(map)
    .map(([name, zone]) => `${checked(name)}=${b36(zoneIds.indexOf(zone))}`)
    .join("|");
}

function baseLocale(locale) {
  const table = [];
  const zones = namedZones.map((id) => {
    const names = zoneNames(locale.zoneNames[id]);
    if (names === "") return "";
    let index = table.indexOf(names);
    if (index < 0) index = table.push(names) - 1;
    return b36(index);
  });
  return {
    week: locale.week,
    gmt: locale.gmt,
    decimal: locale.decimal,
    texts: texts(locale),
    dayPeriods: dayPeriods(locale.dayPeriods),
    zoneNames: { table, zones: zones.join(",") },
    zoneTexts: { SHORT: zoneTexts(locale.zoneTexts.SHORT), FULL: zoneTexts(locale.zoneTexts.FULL) },
  };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A region's data, as what differs from its language's. */
function regionLocale(locale, base) {
  const region = {};
  for (const key of ["week", "gmt", "decimal"]) if (!same(locale[key], base[key])) region[key] = locale[key];
  const ownTexts = texts(locale);
  const baseTexts = texts(base);
  const textChanges = {};
  for (const key of new Set([...Object.keys(ownTexts), ...Object.keys(baseTexts)])) {
    if (ownTexts[key] !== baseTexts[key]) textChanges[key] = ownTexts[key] ?? null;
  }
  if (Object.keys(textChanges).length > 0) region.texts = textChanges;
  if (!same(locale.dayPeriods, base.dayPeriods)) region.dayPeriods = dayPeriods(locale.dayPeriods);
  const nameChanges = {};
  namedZones.forEach((id, i) => {
    const names = zoneNames(locale.zoneNames[id]);
    if (names !== zoneNames(base.zoneNames[id])) nameChanges[b36(i)] = names;
  });
  if (Object.keys(nameChanges).length > 0) region.zoneNames = nameChanges;
  for (const style of ["SHORT", "FULL"]) {
    const own = locale.zoneTexts[style];
    const inherited = base.zoneTexts[style];
    const changes = {};
    for (const name of new Set([...Object.keys(own), ...Object.keys(inherited)])) {
      if (own[name] !== inherited[name]) changes[name] = own[name] === undefined ? -1 : zoneIds.indexOf(own[name]);
    }
    if (Object.keys(changes).length > 0) {
      region.zoneTexts ??= {};
      region.zoneTexts[style] = changes;
    }
  }
  return region;
}

for (const [language, tags] of Object.entries(LANGUAGES)) {
  const base = recorded.locales[language];
  const regions = Object.fromEntries(tags.slice(1).map((tag) => [tag, regionLocale(recorded.locales[tag], base)]));
  write(
    `date-locale-${language}.ts`,
    `import type { RecordedLanguage } from "./date-locales.js";

/** The date data of the ${language} locales, recorded from the JDK: see RecordedLanguage. */
export const LANGUAGE: RecordedLanguage = ${JSON.stringify({ base: baseLocale(base), regions })};
`,
  );
}
console.log("tzdata", recorded.tzdb, "zones", zoneIds.length, "distinct rules", rules.length);
