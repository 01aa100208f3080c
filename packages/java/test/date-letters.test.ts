import { type Evaluated, loadJavaDates } from "@mailroom/java";
import { describe, expect, it } from "vitest";

const { formatJavaDate, parseJavaDate } = await loadJavaDates();

/**
 * Each family of DateTimeFormatter's letters, and the resolver's rejections, on cases whose values are those the
 * JDK 17 gives (through corpus/JavaDates.java, run once by hand; the corpus covers the same ground at scale).
 */

/** 2024-02-05T13:07:09.123Z: 14:07:09.123 in Paris, a Monday. */
const FEB5 = 1707138429123;
/** 2024-12-30T12:00Z, a Monday: in week 1 of 2025 wherever weeks start on Monday or Sunday. */
const DEC30 = 1735560000000;
/** 2024-07-03T12:00Z, in summer time. */
const JUL3 = 1720008000000;

const value = <T>(result: Evaluated<T>) => (result.ok ? result.value : `! ${result.thrown ?? result.problem}`);
const format = (millis: number, pattern: string, zone: string, locale?: string) =>
  value(formatJavaDate(millis, pattern, zone, locale));
const parse = (text: string, pattern: string, zone: string, locale?: string) =>
  value(parseJavaDate(text, pattern, zone, locale));

describe("numbers: widths, signs, reduced years", () => {
  it.each([
    [FEB5, "u|uu|uuu|uuuu|uuuuu|y|yy|yyy", "Europe/Paris", "2024|24|2024|2024|02024|2024|24|2024"],
    [FEB5, "D|DD|DDD|M|MM|d|dd|F", "Europe/Paris", "36|36|036|2|02|5|05|5"],
    [FEB5, "H|HH|h|hh|K|k|m|s|S|SSS|SSSSSS", "Europe/Paris", "14|14|2|02|2|14|7|9|1|123|123000"],
    [-62167219200000, "u|uuuu|y|yyyy|G|GGGG|GGGGG", "UTC", "0|0000|1|0001|BC|Before Christ|B"],
    [
      FEB5,
      "g|A|n|N|nnnnnnnnnn|AAAAAAAAAA",
      "Europe/Paris",
      "60345|50829123|123000000|50829123000000|0123000000|0050829123",
    ],
  ])("%i with %s in %s", (millis, pattern, zone, text) => {
    expect(format(millis, pattern, zone)).toBe(text);
  });

  it("reads adjacent numbers by their widths", () => {
    expect(parse("20240205143000123", "yyyyMMddHHmmssSSS", "UTC")).toBe("1707143400123");
    expect(parse("143000123 2024-02-05", "HHmmssSSS yyyy-MM-dd", "UTC")).toBe("1707143400123");
    expect(parse("2402051430", "yyMMddHHmm", "UTC")).toBe("1707143400000");
  });

  it("fails where Java fails", () => {
    expect(format(FEB5, "yyyyyyyyyyy", "Europe/Paris")).toBe(
      "! ArrayIndexOutOfBoundsException: Index 11 out of bounds for length 11",
    );
    expect(parse("+300000000-01-01", "uuuu-MM-dd", "UTC")).toBe("! ArithmeticException: long overflow");
  });
});

describe("texts: months, days, quarters, eras, am-pm in each style", () => {
  it("writes them in the locale's words", () => {
    expect(
      format(
        FEB5,
        "MMM|MMMM|MMMMM|LLL|LLLL|LLLLL|EEE|EEEE|EEEEE|ccc|cccc|ccccc|eee|QQQ|QQQQ|QQQQQ|GGG|GGGG|a",
        "Europe/Paris",
        "fr-FR",
      ),
    ).toBe(
      "févr.|février|F|févr.|février|F|lun.|lundi|L|lun.|lundi|L|lun.|T1|1er trimestre|1|ap. J.-C.|après Jésus-Christ|PM",
    );
    expect(format(FEB5, "MMM|LLL|EEE|ccc|QQQ|GGG", "Europe/Paris", "es-MX")).toBe(
      "feb.|feb.|lun|lun.|1.er trimestre|anno Dómini",
    );
  });

  it("reads the longest text first, and the last month of a narrow name", () => {
    expect(parse("5 févr. 2024", "d MMM yyyy", "UTC", "fr-FR")).toBe("1707091200000");
    expect(parse("J 2024 5", "MMMMM yyyy d", "UTC")).toBe("1720137600000");
  });
});

describe("week-based fields: each locale's first day of week and minimal days", () => {
  it("writes the week-based year of the last days of December", () => {
    expect(format(DEC30, "YYYY-'W'ww-e|c|W|Y|YY|YYYYY", "UTC", "en-US")).toBe("2025-W01-2|2|5|2025|25|02025");
    expect(format(DEC30, "YYYY-'W'ww-e|c|W|Y|YY|YYYYY", "UTC", "fr-FR")).toBe("2025-W01-1|1|5|2025|25|02025");
  });

  it("reads them back to different days by locale, and a week past the year's last as its last", () => {
    expect(parse("2025-W01-1", "YYYY-'W'ww-e", "UTC", "en-US")).toBe("1735430400000");
    expect(parse("2025-W01-1", "YYYY-'W'ww-e", "UTC", "fr-FR")).toBe("1735516800000");
    expect(parse("2024-W53-1", "YYYY-'W'ww-e", "UTC", "fr-FR")).toBe("1734912000000");
    expect(parse("99999999999-W06-1", "YYYY-'W'ww-e", "UTC")).toBe(
      "! DateTimeParseException: Text '99999999999-W06-1' could not be parsed at index 0",
    );
  });
});

describe("zones: names, ids, offsets", () => {
  it.each([
    [
      1704110400000,
      "z|zzzz|v|vvvv",
      "Europe/Paris",
      "en-US",
      "CET|Central European Standard Time|CET|Central European Time",
    ],
    [JUL3, "z|zzzz|v|vvvv", "Europe/Paris", "fr-FR", "CEST|heure d’été d’Europe centrale|CET|heure d’Europe centrale"],
    [JUL3, "z|zzzz|v|vvvv", "Europe/Paris", "de-DE", "MESZ|Mitteleuropäische Sommerzeit|MEZ|Mitteleuropäische Zeit"],
    [JUL3, "z|zzzz", "Europe/Dublin", "en-IE", "IST|Irish Standard Time"],
    [JUL3, "z|zzzz", "Europe/London", "en-GB", "BST|British Summer Time"],
    [
      FEB5,
      "O|OOOO|ZZZZ|X|XX|XXX|XXXX|XXXXX|x|xx|xxx|Z|ZZZZZ|VV",
      "+05:30",
      "fr-FR",
      "UTC+5:30|UTC+05:30|UTC+05:30|+0530|+0530|+05:30|+0530|+05:30|+0530|+0530|+05:30|+0530|+05:30|+05:30",
    ],
    [FEB5, "O|OOOO|ZZZZ|X|XXX|x|Z|ZZZZZ|VV", "UTC", "en-US", "GMT|GMT|GMT|Z|Z|+00|+0000|Z|UTC"],
  ])("%i with %s in %s, %s", (millis, pattern, zone, locale, text) => {
    expect(format(millis, pattern, zone, locale)).toBe(text);
  });

  it.each([
    ["2024-07-01 12:00 CEST", "yyyy-MM-dd HH:mm z", "fr-FR", "1719828000000"],
    ["2024-07-01 12:00 heure d’été d’Europe centrale", "yyyy-MM-dd HH:mm zzzz", "fr-FR", "1719828000000"],
    ["2024-07-01 12:00 Mitteleuropäische Sommerzeit", "yyyy-MM-dd HH:mm zzzz", "de-DE", "1719828000000"],
    // Ambiguous: the JDK's own choice of zone for the name, in each locale.
    ["2024-07-01 12:00 IST", "yyyy-MM-dd HH:mm z", "en-US", "1719835200000"],
    ["2024-07-01 12:00 IST", "yyyy-MM-dd HH:mm z", "en-IE", "1719831600000"],
    ["2024-07-01 12:00 UTC+02:00", "yyyy-MM-dd HH:mm VV", undefined, "1719828000000"],
    ["2024-07-01 12:00 UTC+2", "yyyy-MM-dd HH:mm O", "fr-FR", "1719828000000"],
  ])("reads %j with %s in %s", (text, pattern, locale, millis) => {
    expect(parse(text, pattern, "UTC", locale)).toBe(millis);
  });

  it("fails where Java fails", () => {
    expect(parse("2024-02-05 14:30 +19:00", "yyyy-MM-dd HH:mm XXX", "UTC")).toBe(
      "! DateTimeParseException: Text '2024-02-05 14:30 +19:00' could not be parsed: Zone offset not in valid range: -18:00 to +18:00",
    );
    expect(parse("2024-02-05 14:30 +24:00", "yyyy-MM-dd HH:mm XXX", "UTC")).toBe(
      "! DateTimeParseException: Text '2024-02-05 14:30 +24:00' could not be parsed: Value out of range: Hour[0-23], Minute[0-59], Second[0-59]",
    );
    expect(parse("2024-02-05 GMT+1", "yyyy-MM-dd OOOO", "UTC")).toBe(
      "! DateTimeParseException: Text '2024-02-05 GMT+1' could not be parsed: String index out of range: 16",
    );
    expect(parse("2024-02-05 14:30 Mars/Olympus", "yyyy-MM-dd HH:mm VV", "UTC")).toBe(
      "! DateTimeParseException: Text '2024-02-05 14:30 Mars/Olympus' could not be parsed at index 17",
    );
  });
});

describe("day periods (B)", () => {
  it.each([
    [1707145200000, "h:mm B|BBBB|BBBBB", "en-US", "3:00 in the afternoon|in the afternoon|in the afternoon"],
    [1707145200000, "h:mm B|BBBBB", "fr-FR", "3:00 de l’après-midi|ap.m."],
    [1707145200000, "h:mm B", "de-DE", "3:00 nachmittags"],
    [1707091200000, "h:mm B", "en-US", "12:00 midnight"],
    [1707134400000, "h:mm B", "es-ES", "12:00 del mediodía"],
  ])("writes %i with %s in %s", (millis, pattern, locale, text) => {
    expect(format(millis, pattern, "UTC", locale)).toBe(text);
  });

  it("reads an hour with its period, a period alone as its middle, and refuses an hour outside it", () => {
    expect(parse("2024-02-05 3 in the afternoon", "yyyy-MM-dd h B", "UTC", "en-US")).toBe("1707145200000");
    expect(parse("2024-02-05 du soir", "yyyy-MM-dd B", "UTC", "fr-FR")).toBe("1707166800000");
    expect(parse("2024-02-05 15:30 in the morning", "yyyy-MM-dd HH:mm B", "UTC", "en-US")).toBe(
      "! DateTimeParseException: Text '2024-02-05 15:30 in the morning' could not be parsed: Conflict found: Resolved time 15:30 conflicts with DayPeriod(06:00-12:00)",
    );
  });
});

describe("padding, optional sections, quotes", () => {
  it("writes them", () => {
    expect(format(FEB5, "ppd|pppM|[yyyy]|'a''b''c'|''", "Europe/Paris")).toBe(" 5|  2|2024|a'b'c|'");
    expect(format(FEB5, "pH", "Europe/Paris")).toBe(
      "! DateTimeException: Cannot print as output of 2 characters exceeds pad width of 1",
    );
  });

  it("reads them", () => {
    expect(parse(" 5/ 2/2024", "ppd/ppM/yyyy", "UTC")).toBe("1707091200000");
    expect(parse("05/02/2024", "ppd/ppM/yyyy", "UTC")).toBe("1707091200000");
    expect(parse("2024-02-05 14:30", "yyyy-MM-dd[ HH:mm]", "UTC")).toBe("1707143400000");
    expect(parse("2024-02-05", "yyyy-MM-dd[ HH:mm]", "UTC")).toBe("1707091200000");
  });

  it("refuses a pattern Java refuses, with its exception", () => {
    const result = formatJavaDate(FEB5, "yyyy-MM-ddTHH", "Europe/Paris");
    expect(result.ok ? "" : result.thrown).toBe("IllegalArgumentException: Unknown pattern letter: T");
    expect(result.ok ? "" : result.problem).toContain(`write "'T'" for the literal letter`);
  });
});

describe("the resolver (SMART)", () => {
  it.each([
    ["31/02/2024", "dd/MM/yyyy", "UTC", "1709164800000"],
    ["05/02/2024 24:00", "dd/MM/yyyy HH:mm", "UTC", "1707177600000"],
    ["2024-02-05 07:00 PM", "yyyy-MM-dd hh:mm a", "Europe/Paris", "1707156000000"],
    ["60345 14:30", "g HH:mm", "UTC", "1707143400000"],
    ["2024-02-05 52200000000000", "yyyy-MM-dd N", "UTC", "1707143400000"],
    // An overlap: the earlier offset, unless the text's offset is the other one; a gap: moved past it.
    ["2024-10-27 02:30", "yyyy-MM-dd HH:mm", "Europe/Paris", "1729989000000"],
    ["2024-10-27 02:30 +01:00 Europe/Paris", "yyyy-MM-dd HH:mm XXX VV", "UTC", "1729992600000"],
    ["2024-03-31 02:30", "yyyy-MM-dd HH:mm", "Europe/Paris", "1711848600000"],
    ["2018-11-04", "yyyy-MM-dd", "America/Sao_Paulo", "1541300400000"],
  ])("resolves %j with %s in %s", (text, pattern, zone, millis) => {
    expect(parse(text, pattern, zone)).toBe(millis);
  });

  it.each([
    ["2099-12-31 07:00", "yyyy-MM-dd hh:mm", "Unable to obtain LocalDateTime from TemporalAccessor: {"],
    ["14:30", "HH:mm", "Unable to obtain LocalDateTime from TemporalAccessor: {},ISO resolved to 14:30 of type"],
    ["2024-02", "yyyy-MM", "Unable to obtain LocalDate from TemporalAccessor: {"],
    ["32/01/2024", "dd/MM/yyyy", "Invalid value for DayOfMonth (valid values 1 - 28/31): 32"],
    ["2023-366", "yyyy-DDD", "Invalid date 'DayOfYear 366' as '2023' is not a leap year"],
    [
      "2024-02-05 Tue",
      "yyyy-MM-dd EEE",
      "Conflict found: Field DayOfWeek 1 differs from DayOfWeek 2 derived from 2024-02-05",
    ],
    [
      "2024-02-05 14:30 AM",
      "yyyy-MM-dd HH:mm a",
      "Conflict found: Field AmPmOfDay 1 differs from AmPmOfDay 0 derived from 14:30",
    ],
    [
      "60345 2024-02-06",
      "g yyyy-MM-dd",
      "Conflict found: Fields resolved to two different dates: 2024-02-06 2024-02-05",
    ],
    [
      "2024-02-05 52200000 14:31",
      "yyyy-MM-dd A HH:mm",
      "Conflict found: MinuteOfHour 31 differs from MinuteOfHour 30 while resolving  SecondOfDay",
    ],
  ])("rejects %j with %s as Java does", (text, pattern, message) => {
    const result = parseJavaDate(text, pattern, "UTC");
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.thrown).toContain(
      `DateTimeParseException: Text '${text}' could not be parsed: ${message}`,
    );
    expect(result.ok ? "" : result.problem).toContain(`Java cannot read "${text}" with the pattern "${pattern}"`);
  });

  it("rejects a field read twice with two values where the second is read", () => {
    expect(parse("2024-02-05 14:30:00.5 400000000", "yyyy-MM-dd HH:mm:ss.S n", "UTC")).toBe(
      "! DateTimeParseException: Text '2024-02-05 14:30:00.5 400000000' could not be parsed at index 22",
    );
  });
});

describe("refusals", () => {
  it.each([
    ["a locale not bundled", formatJavaDate(0, "dd/MM/yyyy", "Europe/Paris", "it-IT"), '"it-IT" is not bundled'],
    ["an ill-formed locale", formatJavaDate(0, "dd/MM/yyyy", "Europe/Paris", "fr_FR"), 'write "fr-FR"'],
    ["an unknown zone", formatJavaDate(0, "dd/MM/yyyy", "Paris"), '"Europe/Paris"'],
    ["a fraction of a millisecond", formatJavaDate(0.5, "dd/MM/yyyy", "UTC"), "0.5 is not a number of milliseconds"],
  ])("%s", (_, result, message) => {
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.problem).toContain(message);
    expect(result.ok ? "" : result.thrown).toBeUndefined();
  });
});
