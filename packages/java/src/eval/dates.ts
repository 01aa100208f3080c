import { type DateElement, readJavaDatePattern } from "../date-pattern.js";
import { quote } from "../quote.js";
import { checkJavaZoneId } from "../zone-id.js";
import { javaTrim } from "./clean.js";
import { type DateLocale, dateLocale } from "./date-locales.js";
import { parseDate } from "./date-parse.js";
import { printDate } from "./date-print.js";
import type { Parsed } from "./date-resolve.js";
import { floorDiv, floorMod, JavaException, LocalDateTime, LocalTime, TIME_BASED } from "./date-time.js";
import { TZDB_VERSION } from "./date-zone-rules.js";
import {
  checkOffset,
  instantOfLocal,
  localOfInstant,
  startOfDay,
  type Zone,
  zoneOf,
  zoneOffset,
} from "./date-zones.js";
import type { Evaluated } from "./evaluated.js";

/**
 * exv.DateFormat and exv.DateParse with java.time's semantics (OpenJDK 17): the pattern read as `ofPattern` reads
 * it (readJavaDatePattern), written and read by ports of DateTimeFormatterBuilder's printer-parsers, resolved as
 * Parsed resolves with ResolverStyle.SMART, with the locale data and zone rules recorded from the JDK. What Java
 * throws is the problem, with the exception as Java words it; the reference is test/corpus/JavaDates.java.
 */

const patterns = new Map<string, Evaluated<readonly DateElement[]>>();

/** `DateTimeFormatter.ofPattern(pattern)`: its printer-parsers, or Java's exception. */
function javaPattern(pattern: string): Evaluated<readonly DateElement[]> {
  const known = patterns.get(pattern);
  if (known) return known;
  const result = readJavaDatePattern(pattern);
  const read: Evaluated<readonly DateElement[]> = result.ok
    ? { ok: true, value: result.elements }
    : {
        ok: false,
        problem: `${result.problem.message.replace(/\.$/, "")}: ofPattern throws ${result.problem.thrown}`,
        thrown: result.problem.thrown,
      };
  patterns.set(pattern, read);
  return read;
}

/** `ZoneId.of(timeZone)`, or why Java rejects it (or why mailroom has no rules for it). */
function javaZone(timeZone: string): Evaluated<Zone> {
  const invalid = checkJavaZoneId(timeZone);
  if (invalid) return { ok: false, problem: invalid.message };
  const zone = zoneOf(timeZone);
  if (!zone) {
    return {
      ok: false,
      problem: `The time zone ${quote(timeZone)} has no rules in mailroom's date evaluation, which has the JDK's of tzdata ${TZDB_VERSION}.`,
    };
  }
  return { ok: true, value: zone };
}

/** What Java threw, as a problem saying what was being done. */
function failure(doing: string, error: unknown): { ok: false; problem: string; thrown: string } {
  if (!(error instanceof JavaException)) throw error;
  return { ok: false, problem: `${doing}: ${error.thrown}`, thrown: error.thrown };
}

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
  const elements = javaPattern(pattern);
  if (!elements.ok) return elements;
  const bundled = dateLocale(locale);
  if (!bundled.ok) return bundled;
  try {
    const epochSecond = floorDiv(epochMillis, 1000);
    const { dateTime, offset } = localOfInstant(epochSecond, floorMod(epochMillis, 1000) * 1e6, zone.value);
    const printed = { date: dateTime.date, time: dateTime.time, offset, zone: zone.value, epochSecond };
    return { ok: true, value: printDate(elements.value, printed, bundled.value) };
  } catch (error) {
    return failure(`Java cannot write ${epochMillis} with the pattern ${quote(pattern)}`, error);
  }
}

/** DateTimeFormatter's DateTimeParseException for a text: its message names the text, cut at 64 characters. */
function parseException(text: string, message: string): JavaException {
  const abbreviated = text.length > 64 ? `${text.slice(0, 64)}...` : text;
  return new JavaException("DateTimeParseException", `Text '${abbreviated}' ${message}`);
}

/** `formatter.parse(text)`: the text read and resolved, or DateTimeParseException. */
function parseResolved(elements: readonly DateElement[], text: string, locale: DateLocale): Parsed {
  try {
    const read = parseDate(elements, text, locale);
    if ("errorIndex" in read) throw parseException(text, `could not be parsed at index ${read.errorIndex}`);
    if (read.end < text.length)
      throw parseException(text, `could not be parsed, unparsed text found at index ${read.end}`);
    read.parsed.resolve();
    return read.parsed;
  } catch (error) {
    if (!(error instanceof JavaException) || error.javaClass === "DateTimeParseException") throw error;
    throw parseException(text, `could not be parsed: ${error.message}`);
  }
}

/** Instant.toEpochMilli, with its ArithmeticException past a long. */
function toEpochMilli(epochSecond: bigint, nano: number): bigint {
  const inLong = (value: bigint) => {
    if (value < -(2n ** 63n) || value >= 2n ** 63n) throw new JavaException("ArithmeticException", "long overflow");
    return value;
  };
  if (epochSecond < 0n && nano > 0) {
    return inLong(inLong((epochSecond + 1n) * 1000n) + BigInt(Math.trunc(nano / 1e6) - 1000));
  }
  return inLong(inLong(epochSecond * 1000n) + BigInt(Math.trunc(nano / 1e6)));
}

/**
 * exv.DateParse: `text` read with `pattern` (trimmed, as the spec says) in `locale`, to epoch milliseconds (as Java's
 * Long.toString writes them). The zone is the text's own (an id, else an offset), else `timeZone`. A text with a time
 * of day, or with time fields (an `hh` without its `a`), must resolve to a date and a time (LocalDateTime.from);
 * one without is the start of its date (LocalDate.from, then atStartOfDay).
 */
export function parseJavaDate(text: string, pattern: string, timeZone: string, locale?: string): Evaluated<string> {
  const zone = javaZone(timeZone);
  if (!zone.ok) return zone;
  const elements = javaPattern(javaTrim(pattern));
  if (!elements.ok) return elements;
  const bundled = dateLocale(locale);
  if (!bundled.ok) return bundled;
  try {
    const parsed = parseResolved(elements.value, text, bundled.value);
    // TemporalQueries.zone() and offset(): an offset is checked (ZoneOffset.ofTotalSeconds) when it is read.
    const offsetField = parsed.fields.get("OffsetSeconds");
    const offset = () => (offsetField === undefined ? parsed.zone?.offset : checkOffset(Number(offsetField)));
    const textOffset = parsed.zone ? undefined : offset();
    const at = parsed.zone ?? (textOffset === undefined ? zone.value : zoneOffset(textOffset));
    const hasTime = parsed.time !== undefined || [...parsed.fields.keys()].some((field) => TIME_BASED.has(field));
    const unable = (what: string) =>
      parseException(
        text,
        `could not be parsed: Unable to obtain ${what} from TemporalAccessor: ${parsed} of type java.time.format.Parsed`,
      );
    if (!parsed.date) throw unable(hasTime ? "LocalDateTime" : "LocalDate");
    let instant: { readonly epochSecond: bigint; readonly nano: number };
    if (!hasTime) {
      const midnight = startOfDay(new LocalDateTime(parsed.date, LocalTime.MIDNIGHT), at);
      instant = { ...instantOfLocal(midnight, at), nano: 0 };
    } else {
      if (!parsed.time) throw unable("LocalDateTime");
      const dateTime = new LocalDateTime(parsed.date, parsed.time);
      instant = { ...instantOfLocal(dateTime, at, offset()), nano: parsed.time.nano };
    }
    return { ok: true, value: String(toEpochMilli(instant.epochSecond, instant.nano)) };
  } catch (error) {
    return failure(`Java cannot read ${quote(text)} with the pattern ${quote(pattern)}`, error);
  }
}

/** The locales date evaluation has data for (others are refused), and the one without `locale`. */
export { BUNDLED_DATE_LOCALES, DEFAULT_DATE_LOCALE, loadDateLanguages } from "./date-locales.js";
