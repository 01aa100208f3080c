import { type DateElement, type NumberElement, OFFSET_PATTERNS } from "../date-pattern.js";
import { dateValue, type Field, timeValue } from "./date-fields.js";
import type { DateLocale } from "./date-locales.js";
import { dateTimeException, floorMod, JavaException, LocalDate, type LocalTime } from "./date-time.js";
import type { Zone } from "./date-zones.js";

/**
 * DateTimeFormatter.format of a ZonedDateTime: each printer-parser of the pattern writes its part (a port of
 * DateTimeFormatterBuilder's printers, OpenJDK 17). Everything a ZonedDateTime has is there to write, so optional
 * sections are always written. What Java throws is thrown as a JavaException.
 */

/** The ZonedDateTime written: its local date and time, offset, zone and instant. */
export interface Printed {
  readonly date: LocalDate;
  readonly time: LocalTime;
  readonly offset: number;
  readonly zone: Zone;
  readonly epochSecond: number;
}

/** NumberPrinterParser.EXCEED_POINTS: 10 to the power of 0 to 10 (and no more: see `exceeds`). */
const EXCEED_POINTS = Array.from({ length: 11 }, (_, i) => 10 ** i);

function exceedPoint(width: number): number {
  const point = EXCEED_POINTS[width];
  if (point === undefined) {
    throw new JavaException("ArrayIndexOutOfBoundsException", `Index ${width} out of bounds for length 11`);
  }
  return point;
}

/** The date on which two-digit years are counted from (ReducedPrinterParser.BASE_DATE). */
export const REDUCED_BASE_DATE = LocalDate.unchecked(2000, 1, 1);

class Printer {
  constructor(
    readonly printed: Printed,
    readonly locale: DateLocale,
  ) {}

  /** A field of the pattern: every one is a date's or a time's. */
  value(field: Field): number {
    const { date, time } = this.printed;
    return (dateValue(field, date, this.locale.week) ?? timeValue(field, time)) as number;
  }

  print(element: DateElement): string {
    switch (element.kind) {
      case "literal":
        return element.text;
      case "number":
        return this.#number(element);
      case "fraction":
        return fraction(this.printed.time.nano, element.width);
      case "text": {
        const value = this.value(element.field);
        const text = this.locale.texts(element.field, element.style)?.text(value);
        if (text !== undefined) return text;
        return this.#number({
          kind: "number",
          field: element.field,
          min: 1,
          max: 19,
          sign: "NORMAL",
          subsequentWidth: 0,
        });
      }
      case "day-period": {
        const { hour, minute } = this.printed.time;
        const index = this.locale.dayPeriodAt(floorMod(hour, 24) * 60 + floorMod(minute, 60));
        return this.locale.dayPeriodTexts(element.style).text(index) ?? "null";
      }
      case "offset":
        return formatOffset(this.printed.offset, element.pattern, element.noOffsetText);
      case "localized-offset":
        return this.locale.gmt + localizedOffset(this.printed.offset, element.full);
      case "zone-id":
        return this.printed.zone.id;
      case "zone-text":
        return this.#zoneText(element.full, element.generic);
      case "pad": {
        const text = this.print(element.element);
        if (text.length > element.width) {
          throw dateTimeException(
            `Cannot print as output of ${text.length} characters exceeds pad width of ${element.width}`,
          );
        }
        return text.padStart(element.width, " ");
      }
      case "optional":
        return element.elements.map((e) => this.print(e)).join("");
    }
  }

  /** NumberPrinterParser.format (a reduced year as ReducedPrinterParser.getValue gives it). */
  #number(element: NumberElement): string {
    const { field, min, max, sign } = element;
    let value = this.value(field);
    if (element.reduced) value = Math.abs(value) % 10 ** min;
    const name = this.locale.week.nameOf(field);
    const digits = String(Math.abs(value));
    if (digits.length > max) {
      throw dateTimeException(
        `Field ${name} cannot be printed as the value ${value} exceeds the maximum print width of ${max}`,
      );
    }
    const { zeroDigit, positiveSign, negativeSign } = this.locale;
    let text = "";
    if (value >= 0) {
      if (sign === "EXCEEDS_PAD" && min < 19 && value >= exceedPoint(min)) text = positiveSign;
    } else if (sign === "NOT_NEGATIVE") {
      throw dateTimeException(
        `Field ${name} cannot be printed as the value ${value} cannot be negative according to the SignStyle`,
      );
    } else text = negativeSign;
    const localized =
      zeroDigit === "0"
        ? digits
        : digits.replace(/\d/g, (d) => String.fromCharCode(zeroDigit.charCodeAt(0) + Number(d)));
    return text + zeroDigit.repeat(Math.max(0, min - digits.length)) + localized;
  }

  /** ZoneTextPrinterParser.format: a region's name, standard or daylight (or generic), else its id. */
  #zoneText(full: boolean, generic: boolean): string {
    const { zone, offset, epochSecond } = this.printed;
    if (zone.offset !== undefined) return zone.id;
    const names = this.locale.zoneNames(zone.id);
    if (!names) return zone.id;
    let type = 2;
    if (!generic) {
      const daylight =
        zone.explicitDst === undefined ? zone.rules.isDaylightSavings(epochSecond) : offset === zone.explicitDst;
      type = daylight ? 1 : 0;
    }
    return names[type * 2 + (full ? 0 : 1)] ?? zone.id;
  }
}

/** FractionPrinterParser.format: the nanoseconds as a decimal fraction, cut (not rounded) to `width` digits. */
function fraction(nano: number, width: number): string {
  if (nano === 0) return "0".repeat(width);
  const digits = String(nano).padStart(9, "0").replace(/0+$/, "");
  return digits.slice(0, width).padEnd(width, "0");
}

/** OffsetIdPrinterParser.format: `pattern` one of OFFSET_PATTERNS (the hour always on two digits). */
function formatOffset(totalSeconds: number, pattern: string, noOffsetText: string): string {
  if (totalSeconds === 0) return noOffsetText;
  const style = OFFSET_PATTERNS.indexOf(pattern) % 11;
  const colon = style > 0 && style % 2 === 0;
  const hours = Math.abs(Math.trunc(totalSeconds / 3600) % 100);
  const minutes = Math.abs(Math.trunc(totalSeconds / 60) % 60);
  const seconds = Math.abs(totalSeconds % 60);
  const two = (n: number, withColon: boolean) => `${withColon ? ":" : ""}${String(n).padStart(2, "0")}`;
  let text = (totalSeconds < 0 ? "-" : "+") + two(hours, false);
  let output = hours;
  if ((style >= 3 && style <= 8) || (style >= 9 && seconds > 0) || (style >= 1 && minutes > 0)) {
    text += two(minutes, colon);
    output += minutes;
    if (style === 7 || style === 8 || (style >= 5 && seconds > 0)) {
      text += two(seconds, colon);
      output += seconds;
    }
  }
  return output === 0 ? noOffsetText : text;
}

/** LocalizedOffsetIdPrinterParser.format, after the "GMT": nothing for zero, else the sign and the time. */
function localizedOffset(totalSeconds: number, full: boolean): string {
  if (totalSeconds === 0) return "";
  const hours = Math.abs(Math.trunc(totalSeconds / 3600) % 100);
  const minutes = Math.abs(Math.trunc(totalSeconds / 60) % 60);
  const seconds = Math.abs(totalSeconds % 60);
  const two = (n: number) => String(n).padStart(2, "0");
  let text = totalSeconds < 0 ? "-" : "+";
  if (full) {
    text += `${two(hours)}:${two(minutes)}`;
    if (seconds !== 0) text += `:${two(seconds)}`;
  } else {
    text += String(hours);
    if (minutes !== 0 || seconds !== 0) {
      text += `:${two(minutes)}`;
      if (seconds !== 0) text += `:${two(seconds)}`;
    }
  }
  return text;
}

/** The text of a ZonedDateTime with a pattern's printer-parsers, in a locale. */
export function printDate(elements: readonly DateElement[], printed: Printed, locale: DateLocale): string {
  const printer = new Printer(printed, locale);
  return elements.map((element) => printer.print(element)).join("");
}
