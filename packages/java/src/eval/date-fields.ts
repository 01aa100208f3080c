import type { DateField } from "../date-pattern.js";
import { floorMod, type LocalDate, type LocalTime, localDate, ValueRange } from "./date-time.js";

/**
 * The fields a date-time pattern reads and writes, as java.time computes them from a date or a time: ChronoField's
 * (getLong of LocalDate and LocalTime), IsoFields.QUARTER_OF_YEAR, JulianFields.MODIFIED_JULIAN_DAY and the fields
 * of WeekFields.of(locale), which depend on the locale's first day of week and minimal days in the first week.
 */

/** The fields the resolver meets besides the pattern's: those it derives, and the offset. */
export type Field = DateField | "MilliOfSecond" | "MicroOfSecond" | "SecondOfDay" | "OffsetSeconds";

const DAY_NAMES = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

/** The week fields' names without their definition. */
const WEEK_FIELDS: Readonly<Partial<Record<Field, string>>> = {
  LocalizedDayOfWeek: "DayOfWeek",
  WeekOfMonth: "WeekOfMonth",
  WeekOfWeekBasedYear: "WeekOfWeekBasedYear",
  WeekBasedYear: "WeekBasedYear",
};

/** WeekFields: a first day of week (1 for Monday to 7 for Sunday) and the minimal days of the first week. */
export class WeekDefinition {
  constructor(
    readonly firstDayOfWeek: number,
    readonly minimalDays: number,
  ) {}

  toString(): string {
    return `WeekFields[${DAY_NAMES[this.firstDayOfWeek - 1]},${this.minimalDays}]`;
  }

  /** A field's name as java.time writes it: a week field's with its definition, as "WeekBasedYear[WeekFields[...]]". */
  nameOf(field: Field): string {
    const week = WEEK_FIELDS[field];
    return week === undefined ? field : `${week}[${this}]`;
  }

  /** The localized day of week (1 for the first day of the week) of an ISO day of week. */
  localizedDayOfWeek(isoDayOfWeek: number): number {
    return floorMod(isoDayOfWeek - this.firstDayOfWeek, 7) + 1;
  }

  /** ComputedDayOfField.startOfWeekOffset. */
  #startOfWeekOffset(day: number, dow: number): number {
    const weekStart = floorMod(day - dow, 7);
    return weekStart + 1 > this.minimalDays ? 7 - weekStart : -weekStart;
  }

  #computeWeek = (offset: number, day: number) => Math.trunc((7 + offset + (day - 1)) / 7);

  weekOfMonth(date: LocalDate): number {
    const offset = this.#startOfWeekOffset(date.day, this.localizedDayOfWeek(date.dayOfWeek));
    return this.#computeWeek(offset, date.day);
  }

  weekOfWeekBasedYear(date: LocalDate): number {
    const doy = date.dayOfYear;
    const offset = this.#startOfWeekOffset(doy, this.localizedDayOfWeek(date.dayOfWeek));
    let week = this.#computeWeek(offset, doy);
    if (week === 0) return this.weekOfWeekBasedYear(date.plusDays(-doy));
    if (week > 50) {
      const newYearWeek = this.#computeWeek(offset, date.lengthOfYear + this.minimalDays);
      if (week >= newYearWeek) week = week - newYearWeek + 1;
    }
    return week;
  }

  weekBasedYear(date: LocalDate): number {
    const doy = date.dayOfYear;
    const offset = this.#startOfWeekOffset(doy, this.localizedDayOfWeek(date.dayOfWeek));
    const week = this.#computeWeek(offset, doy);
    if (week === 0) return date.year - 1;
    return week >= this.#computeWeek(offset, date.lengthOfYear + this.minimalDays) ? date.year + 1 : date.year;
  }

  /** ComputedDayOfField.ofWeekBasedYear: a week beyond the year's last is its last (SMART). */
  ofWeekBasedYear(year: number, week: number, localizedDayOfWeek: number): LocalDate {
    const date = localDate(year, 1, 1);
    const offset = this.#startOfWeekOffset(1, this.localizedDayOfWeek(date.dayOfWeek));
    const newYearWeek = this.#computeWeek(offset, date.lengthOfYear + this.minimalDays);
    const days = -offset + (localizedDayOfWeek - 1) + (Math.min(week, newYearWeek - 1) - 1) * 7;
    return date.plusDays(days);
  }
}

/** The ranges of the week fields (ComputedDayOfField). */
export const WEEK_RANGES: Readonly<Partial<Record<Field, ValueRange>>> = {
  LocalizedDayOfWeek: ValueRange.of(1, 7),
  WeekOfMonth: new ValueRange(0, 1, 4, 6),
  WeekOfWeekBasedYear: ValueRange.of(1, 53, 52),
  WeekBasedYear: ValueRange.of(-999_999_999, 999_999_999),
};

/** A date's value of a field (LocalDate.getLong, or the field's getFrom), or undefined when it has none. */
export function dateValue(field: Field, date: LocalDate, week: WeekDefinition): number | undefined {
  switch (field) {
    case "Era":
      return date.year >= 1 ? 1 : 0;
    case "YearOfEra":
      return date.year >= 1 ? date.year : 1 - date.year;
    case "Year":
      return date.year;
    case "QuarterOfYear":
      return Math.trunc((date.month + 2) / 3);
    case "MonthOfYear":
      return date.month;
    case "DayOfYear":
      return date.dayOfYear;
    case "DayOfMonth":
      return date.day;
    case "AlignedDayOfWeekInMonth":
      return ((date.day - 1) % 7) + 1;
    case "DayOfWeek":
      return date.dayOfWeek;
    case "ModifiedJulianDay":
      return date.epochDay + 40587;
    case "LocalizedDayOfWeek":
      return week.localizedDayOfWeek(date.dayOfWeek);
    case "WeekOfMonth":
      return week.weekOfMonth(date);
    case "WeekOfWeekBasedYear":
      return week.weekOfWeekBasedYear(date);
    case "WeekBasedYear":
      return week.weekBasedYear(date);
    default:
      return undefined;
  }
}

/** A time's value of a field (LocalTime.getLong), or undefined when it has none. */
export function timeValue(field: Field, time: LocalTime): number | undefined {
  switch (field) {
    case "NanoOfSecond":
      return time.nano;
    case "NanoOfDay":
      return time.nanoOfDay;
    case "MicroOfSecond":
      return Math.trunc(time.nano / 1000);
    case "MilliOfSecond":
      return Math.trunc(time.nano / 1e6);
    case "MilliOfDay":
      return Math.trunc(time.nanoOfDay / 1e6);
    case "SecondOfMinute":
      return time.second;
    case "SecondOfDay":
      return time.secondOfDay;
    case "MinuteOfHour":
      return time.minute;
    case "HourOfAmPm":
      return time.hour % 12;
    case "ClockHourOfAmPm":
      return time.hour % 12 === 0 ? 12 : time.hour % 12;
    case "HourOfDay":
      return time.hour;
    case "ClockHourOfDay":
      return time.hour === 0 ? 24 : time.hour;
    case "AmPmOfDay":
      return Math.trunc(time.hour / 12);
    default:
      return undefined;
  }
}
