import { loadJavaDates } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { corpus } from "./helpers.js";

// The dates load on first use, as the evaluator loads them.
const { BUNDLED_DATE_LOCALES, formatJavaDate, parseJavaDate } = await loadJavaDates();

/**
 * corpus/eval-dates.json was recorded from OpenJDK 17 by corpus/record-dates.mjs and JavaDates.java (the reference
 * implementation of exv.DateFormat and exv.DateParse). Every case the evaluator does not refuse must give Java's
 * value, or fail where Java fails.
 */
type Entry = {
  readonly format?: number;
  readonly parse?: string;
  readonly pattern: string;
  readonly zone: string;
  readonly locale?: string;
  readonly text?: string;
  readonly millis?: number;
  readonly error?: string;
};

const entries = corpus<Entry>("eval-dates.json");

/** Refusals name what mailroom does not evaluate; other problems are Java's own failures. */
const isRefusal = (problem: string) => /not supported by mailroom|not bundled with mailroom|js-joda/.test(problem);

interface Tally {
  readonly agreed: number;
  readonly refused: Entry[];
  readonly disagreed: { entry: Entry; got: unknown }[];
}

function compare(kind: "format" | "parse"): Tally {
  let agreed = 0;
  const refused: Entry[] = [];
  const disagreed: { entry: Entry; got: unknown }[] = [];
  for (const entry of entries) {
    const input = entry[kind];
    if (input === undefined) continue;
    const got =
      kind === "format"
        ? formatJavaDate(input as number, entry.pattern, entry.zone, entry.locale)
        : parseJavaDate(input as string, entry.pattern, entry.zone, entry.locale);
    const expected = kind === "format" ? entry.text : entry.millis;
    if (!got.ok && isRefusal(got.problem)) refused.push(entry);
    else if (got.ok ? got.value === expected : entry.error !== undefined) agreed++;
    else disagreed.push({ entry, got });
  }
  return { agreed, refused, disagreed };
}

/** Patterns people write, which must never be refused (the corpus has about 24 cases of each). */
const COMMON = [
  "dd/MM/yyyy",
  "d MMMM yyyy",
  "EEEE d MMMM yyyy",
  "dd/MM/yyyy HH:mm",
  "yyyy-MM-dd",
  "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  "dd.MM.yyyy",
  "MMMM d, yyyy",
  "EEE, d MMM yyyy HH:mm:ss Z",
  "hh:mm a",
  "yyyyMMddHHmmss",
  "dd MMM yy",
  "d 'de' MMMM 'de' yyyy",
  "'le' d MMMM yyyy 'à' HH'h'mm",
];

const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe.each(["format", "parse"] as const)("%s agrees with the JDK", (kind) => {
  const tally = compare(kind);
  const total = tally.agreed + tally.refused.length + tally.disagreed.length;
  it(`on every case not refused (${tally.agreed} of ${total} agree, ${share(tally.refused.length, total)} refused)`, () => {
    expect(tally.disagreed).toEqual([]);
    expect(tally.agreed).toBeGreaterThan(kind === "format" ? 3000 : 1500);
  });
  it("refuses few cases, and none of the common patterns", () => {
    expect(tally.refused.length / total).toBeLessThan(0.2);
    expect(tally.refused.filter((entry) => COMMON.includes(entry.pattern))).toEqual([]);
    expect(
      entries.filter((entry) => entry[kind] !== undefined && COMMON.includes(entry.pattern)).length,
    ).toBeGreaterThan(kind === "format" ? 300 : 100);
  });
});

describe("common patterns", () => {
  const feb5 = Date.UTC(2024, 1, 5, 13, 7, 9, 123);
  it.each([
    ["dd/MM/yyyy", "fr-FR", "05/02/2024"],
    ["d MMMM yyyy", "fr-FR", "5 février 2024"],
    ["EEEE d MMMM yyyy", "fr-FR", "lundi 5 février 2024"],
    ["EEEE d MMMM yyyy", "de-DE", "Montag 5 Februar 2024"],
    ["EEEE d 'de' MMMM 'de' yyyy", "es-ES", "lunes 5 de febrero de 2024"],
    ["EEEE d MMMM yyyy", "the default locale", "Monday 5 February 2024"],
  ])("%s in %s", (pattern, tag, text) => {
    const locale = tag === "the default locale" ? undefined : tag;
    expect(formatJavaDate(feb5, pattern, "Europe/Paris", locale)).toEqual({ ok: true, value: text });
    expect(parseJavaDate(text, pattern, "Europe/Paris", locale)).toEqual({ ok: true, value: Date.UTC(2024, 1, 4, 23) });
  });

  it("reads a text without zone in the given zone, and a text with an offset at that offset", () => {
    expect(parseJavaDate("05/02/2024 14:07", " dd/MM/yyyy HH:mm ", "America/New_York")).toEqual({
      ok: true,
      value: Date.UTC(2024, 1, 5, 19, 7),
    });
    expect(parseJavaDate("05/02/2024 14:07 +05:30", "dd/MM/yyyy HH:mm XXX", "Europe/Paris")).toEqual({
      ok: true,
      value: Date.UTC(2024, 1, 5, 8, 37),
    });
  });
});

describe("problems", () => {
  it.each([
    ["zone names", formatJavaDate(0, "zzzz", "Europe/Paris", "fr-FR"), 'The pattern field "zzzz" is not supported'],
    ["week-based years", formatJavaDate(0, "YYYY-ww", "Europe/Paris"), 'The pattern field "YYYY" is not supported'],
    ["a locale not bundled", formatJavaDate(0, "dd/MM/yyyy", "Europe/Paris", "it-IT"), '"it-IT" is not bundled'],
    ["an ill-formed locale", formatJavaDate(0, "dd/MM/yyyy", "Europe/Paris", "fr_FR"), 'write "fr-FR"'],
    ["quarters that differ", formatJavaDate(0, "QQQ", "UTC", "es-MX"), 'in the locale "es-MX"'],
    ["several '' in a quote", formatJavaDate(0, "'a''b''c'", "UTC"), "more than one"],
    ["an invalid pattern", formatJavaDate(0, "yyyy-MM-ddTHH", "Europe/Paris"), 'pattern letter "T"'],
    ["an unknown zone", formatJavaDate(0, "dd/MM/yyyy", "Paris"), '"Europe/Paris"'],
    ["a fraction of a millisecond", formatJavaDate(0.5, "dd/MM/yyyy", "UTC"), "0.5 is not a number of milliseconds"],
    ["narrow names, when read", parseJavaDate("J 2024", "MMMMM yyyy", "UTC"), "narrow names are ambiguous"],
    ["am-pm without an hour", parseJavaDate("05/02/2024 PM", "dd/MM/yyyy a", "UTC"), '"a" without an hour'],
    ["adjacent fractions", parseJavaDate("2024-02-05 14:3000", "yyyy-MM-dd HH:mmSS", "UTC"), '"mmSS"'],
    ["a text without date", parseJavaDate("14:30", "HH:mm", "UTC"), 'The text "14:30" has no date'],
    ["an invalid day", parseJavaDate("32/01/2024", "dd/MM/yyyy", "UTC"), 'The text "32/01/2024" cannot be read'],
  ])("%s", (_, result, message) => {
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.problem).toContain(message);
  });

  it("lists the bundled locales, fr, de, es and en among them", () => {
    for (const tag of ["fr", "de", "es", "en", "fr-FR", "de-CH", "en-GB"]) expect(BUNDLED_DATE_LOCALES).toContain(tag);
  });
});
