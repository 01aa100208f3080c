import "@js-joda/timezone";
import {
  type DateTimeFormatter,
  Instant,
  LocalDateTime,
  ResolverStyle,
  TemporalQueries,
  ZonedDateTime,
  ZoneId,
} from "@js-joda/core";
import { checkJavaDatePattern } from "../date-pattern.js";
import { quote } from "../quote.js";
import { checkJavaZoneId } from "../zone-id.js";
import { javaTrim } from "./clean.js";
import { type DateLocale, DEFAULT_DATE_LOCALE, dateLocale } from "./date-locales.js";
import type { Evaluated } from "./evaluated.js";

/**
 * exv.DateFormat and exv.DateParse with java.time's semantics (OpenJDK 17), through @js-joda/core, the zone rules
 * of @js-joda/timezone and the CLDR data of the bundled @js-joda locale packages. What js-joda does not do the
 * JDK's way is refused with a problem naming it, never answered with a different value. The reference is
 * test/corpus/JavaDates.java.
 */

/**
 * Pattern letters refused, with the reason: their meaning depends on data js-joda does not share with the JDK, or
 * js-joda builds a different field for them.
 */
const REFUSED_LETTERS: Readonly<Record<string, string>> = {
  z: "time-zone names come from CLDR data that differs between the JDK and js-joda",
  v: "generic time-zone names are not supported by js-joda",
  O: "localized offsets (GMT+1) depend on CLDR data that differs between the JDK and js-joda",
  Y: "week-based years follow each locale's week rules, which differ between the JDK and js-joda",
  w: "week numbers follow each locale's week rules, which differ between the JDK and js-joda",
  W: "week numbers follow each locale's week rules, which differ between the JDK and js-joda",
  B: "periods of day are not supported by js-joda",
  g: "modified Julian days are not supported by js-joda",
  A: "js-joda neither gives it the JDK 17's width nor checks it against the other time fields as the JDK does",
  n: "js-joda neither gives it the JDK 17's width nor checks it against the other time fields as the JDK does",
  N: "js-joda neither gives it the JDK 17's width nor checks it against the other time fields as the JDK does",
};

/** Runs of letters refused only at some counts. */
function refusedRun(letter: string, count: number): string | undefined {
  if ((letter === "e" && count <= 2) || (letter === "c" && count === 1)) {
    return "numeric localized days of week follow each locale's week rules, which differ between the JDK and js-joda";
  }
  if (letter === "D" && count === 2) return "js-joda gives it a fixed width of 2 where the JDK 17 allows 3 digits";
  if (letter === "Z" && count === 4) {
    return "localized offsets (GMT+01:00) depend on CLDR data that differs between the JDK and js-joda";
  }
  return Object.hasOwn(REFUSED_LETTERS, letter) ? REFUSED_LETTERS[letter] : undefined;
}

/** Whether a letter run is a number field (which the JDK 17 reads adjacent to the number before it). */
const isNumber = (run: string) => /^[yuDdHhKkmsSF]/.test(run) || (/^[MLQq]/.test(run) && run.length <= 2);

/** Why the pattern (already accepted by checkJavaDatePattern) is refused in the locale, or undefined. */
function refusal(pattern: string, locale: DateLocale, tag: string, reading: boolean): string | undefined {
  for (const literal of pattern.match(/'(?:[^']|'')*'/g) ?? []) {
    // js-joda turns only the first '' of a quoted text into a quote.
    if (literal.length > 2 && (literal.slice(1, -1).match(/''/g)?.length ?? 0) > 1) {
      return `The quoted text ${quote(literal)} has more than one "''", which mailroom's date evaluation cannot read as the JDK does (js-joda leaves all but the first doubled); split it, as in "'a'''b'''c'".`;
    }
  }
  // Quoted texts become a quote, so that the fields on either side of one are not taken as adjacent.
  let previous = "";
  const runs = [...pattern.replace(/'(?:[^']|'')*'/g, "'").matchAll(/([A-Za-z])\1*|[^A-Za-z]/g)].map(([run]) => run);
  for (const run of runs) {
    const why = refusedRun(run.charAt(0), run.length);
    if (why) return `The pattern field ${quote(run)} is not supported by mailroom's date evaluation: ${why}.`;
    if (reading && run.length === 5 && /[MLEceGQq]/.test(run.charAt(0))) {
      return `The pattern field ${quote(run)} cannot be read by mailroom's date evaluation: narrow names are ambiguous (J for January, June and July) and js-joda resolves them differently from the JDK.`;
    }
    if (locale.differing.has(run)) {
      return `The pattern field ${quote(run)} is not supported by mailroom's date evaluation in the locale ${quote(tag)}: its names in js-joda's CLDR data differ from the JDK's.`;
    }
    if (reading && isNumber(run) && ((run.startsWith("S") && isNumber(previous)) || /^[XxZ]/.test(previous))) {
      return `The pattern fields ${quote(previous + run)}, with no separator between them, cannot be read by mailroom's date evaluation: js-joda splits the digits differently from the JDK 17; put a literal between them.`;
    }
    previous = run;
  }
  if (reading && runs.includes("a") && !runs.some((run) => /^[hHkK]/.test(run))) {
    return `The pattern field "a" without an hour cannot be read by mailroom's date evaluation: the JDK 17 then takes 06:00 or 18:00, js-joda midnight.`;
  }
  return undefined;
}

const formatters = new Map<string, Evaluated<DateTimeFormatter>>();

/** `DateTimeFormatter.ofPattern(pattern, locale)` (SMART resolver), or why it cannot be built or is refused. */
function javaDateFormatter(
  pattern: string,
  locale: string | undefined,
  reading: boolean,
): Evaluated<DateTimeFormatter> {
  const key = `${reading}\u0000${locale ?? ""}\u0000${pattern}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = buildFormatter(pattern, locale, reading);
    formatters.set(key, formatter);
  }
  return formatter;
}

function buildFormatter(pattern: string, locale: string | undefined, reading: boolean): Evaluated<DateTimeFormatter> {
  // checkJavaDatePattern reads the trimmed pattern: the characters trimmed are literals, valid either way.
  const invalid = checkJavaDatePattern(pattern);
  if (invalid) return { ok: false, problem: invalid.message };
  const bundled = dateLocale(locale);
  if (!bundled.ok) return bundled;
  const refused = refusal(pattern, bundled.value, locale ?? DEFAULT_DATE_LOCALE, reading);
  if (refused) return { ok: false, problem: refused };
  try {
    const builder = new bundled.value.builder().appendPattern(pattern);
    return { ok: true, value: builder.toFormatter(ResolverStyle.SMART).withLocale(bundled.value.locale) };
  } catch (error) {
    return { ok: false, problem: `The pattern ${quote(pattern)} cannot be used: ${message(error)}.` };
  }
}

/** `ZoneId.of(timeZone)`, or why Java rejects it (or js-joda has no rules for it). */
function javaZone(timeZone: string): Evaluated<ZoneId> {
  const invalid = checkJavaZoneId(timeZone);
  if (invalid) return { ok: false, problem: invalid.message };
  try {
    return { ok: true, value: ZoneId.of(timeZone) };
  } catch (error) {
    return { ok: false, problem: `The time zone ${quote(timeZone)} has no rules in mailroom: ${message(error)}.` };
  }
}

/** The first line of an exception's message (js-joda appends the stack of its cause). */
const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]?.replace(/\.$/, "") ?? "";

/**
 * exv.DateFormat: the instant `epochMillis` seen in `timeZone`, written with `pattern` (used as given) in `locale`
 * (a language tag; absent, en-US: see DEFAULT_DATE_LOCALE).
 */
export function formatJavaDate(
  epochMillis: number,
  pattern: string,
  timeZone: string,
  locale?: string,
): Evaluated<string> {
  if (!Number.isSafeInteger(epochMillis)) {
    return { ok: false, problem: `${epochMillis} is not a number of milliseconds (a whole number) Java can read.` };
  }
  const zone = javaZone(timeZone);
  if (!zone.ok) return zone;
  const formatter = javaDateFormatter(pattern, locale, false);
  if (!formatter.ok) return formatter;
  try {
    return { ok: true, value: Instant.ofEpochMilli(epochMillis).atZone(zone.value).format(formatter.value) };
  } catch (error) {
    return {
      ok: false,
      problem: `Java cannot write ${epochMillis} with the pattern ${quote(pattern)}: ${message(error)}.`,
    };
  }
}

/**
 * exv.DateParse: `text` read with `pattern` (trimmed, as the spec says) in `locale`, to epoch milliseconds. The text
 * must hold a date; without a time it is the start of that day; without a zone or offset of its own, it is in
 * `timeZone`.
 */
export function parseJavaDate(text: string, pattern: string, timeZone: string, locale?: string): Evaluated<number> {
  const zone = javaZone(timeZone);
  if (!zone.ok) return zone;
  const formatter = javaDateFormatter(javaTrim(pattern), locale, true);
  if (!formatter.ok) return formatter;
  try {
    const parsed = formatter.value.parse(text);
    const date = parsed.query(TemporalQueries.localDate());
    if (!date) return { ok: false, problem: `The text ${quote(text)} has no date for the pattern ${quote(pattern)}.` };
    const time = parsed.query(TemporalQueries.localTime());
    const own = parsed.query(TemporalQueries.zone());
    const at = own ?? zone.value;
    const zoned = time
      ? ZonedDateTime.ofLocal(LocalDateTime.of(date, time), at, parsed.query(TemporalQueries.offset()))
      : date.atStartOfDay(at);
    return { ok: true, value: zoned.toInstant().toEpochMilli() };
  } catch (error) {
    return {
      ok: false,
      problem: `The text ${quote(text)} cannot be read with the pattern ${quote(pattern)}: ${message(error)}.`,
    };
  }
}

/** The locales date evaluation has data for (others are refused), and the one without `locale`. */
export { BUNDLED_DATE_LOCALES, DEFAULT_DATE_LOCALE, loadDateLanguages } from "./date-locales.js";
