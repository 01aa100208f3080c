/**
 * The parts of java.time (OpenJDK 17) that date evaluation computes with: ISO dates and times as LocalDate,
 * LocalTime and LocalDateTime hold them (with their `toString`), the ranges of ChronoField's fields with the
 * messages ValueRange throws, and java.time's exceptions as values. Only the ISO calendar: `ofPattern` has no other
 * without a `-u-ca-` locale, which is not bundled.
 */

/** A java.time exception: its simple class name and its message, as Java words them. */
export class JavaException extends Error {
  constructor(
    readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }

  /** "DateTimeException: message", as a stack trace's first line names it (without the package). */
  get thrown(): string {
    return `${this.javaClass}: ${this.message}`;
  }
}

export const dateTimeException = (message: string) => new JavaException("DateTimeException", message);

export const floorDiv = (a: number, b: number) => Math.floor(a / b);
export const floorMod = (a: number, b: number) => ((a % b) + b) % b;

/** Math.toIntExact: a long's value as an int, or Java's ArithmeticException. */
export function toIntExact(value: bigint): number {
  if (value < -2147483648n || value > 2147483647n) throw new JavaException("ArithmeticException", "integer overflow");
  return Number(value);
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

export function lengthOfMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const MONTH_NAMES = [
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
];

/** The first day of each month in the day of year, for a common year. */
const FIRST_DAY_OF_MONTH = [1, 32, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

/** An ISO date, valid (LocalDate): build it with `localDate`, `ofYearDay` or `ofEpochDay`. */
export class LocalDate {
  private constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}

  /** LocalDate.of after its checks (the year, month and day are already valid). */
  static unchecked(year: number, month: number, day: number): LocalDate {
    return new LocalDate(year, month, day);
  }

  get dayOfYear(): number {
    return (
      (FIRST_DAY_OF_MONTH[this.month - 1] as number) + (this.month > 2 && isLeapYear(this.year) ? 1 : 0) + this.day - 1
    );
  }

  get lengthOfYear(): number {
    return isLeapYear(this.year) ? 366 : 365;
  }

  /** ISO day of week, 1 (Monday) to 7 (Sunday). */
  get dayOfWeek(): number {
    return floorMod(this.epochDay + 3, 7) + 1;
  }

  /** Days since 1970-01-01 (LocalDate.toEpochDay). */
  get epochDay(): number {
    const y = this.year;
    const m = this.month;
    let total = 365 * y;
    total +=
      y >= 0
        ? Math.trunc((y + 3) / 4) - Math.trunc((y + 99) / 100) + Math.trunc((y + 399) / 400)
        : -(Math.trunc(y / -4) - Math.trunc(y / -100) + Math.trunc(y / -400));
    total += Math.trunc((367 * m - 362) / 12);
    total += this.day - 1;
    if (m > 2) total -= isLeapYear(y) ? 1 : 2;
    return total - 719528;
  }

  plusDays(days: number): LocalDate {
    return days === 0 ? this : ofEpochDay(this.epochDay + days);
  }

  compareTo(other: LocalDate): number {
    return this.year - other.year || this.month - other.month || this.day - other.day;
  }

  equals(other: LocalDate): boolean {
    return this.compareTo(other) === 0;
  }

  toString(): string {
    const abs = Math.abs(this.year);
    let year: string;
    if (abs < 1000) year = (this.year < 0 ? "-" : "") + String(abs).padStart(4, "0");
    else year = (this.year > 9999 ? "+" : "") + String(this.year);
    return `${year}-${String(this.month).padStart(2, "0")}-${String(this.day).padStart(2, "0")}`;
  }
}

/** LocalDate.ofEpochDay (the day within EpochDay's range). */
export function ofEpochDay(epochDay: number): LocalDate {
  let zeroDay = epochDay + 719528 - 60;
  let adjust = 0;
  if (zeroDay < 0) {
    const adjustCycles = Math.trunc((zeroDay + 1) / 146097) - 1;
    adjust = adjustCycles * 400;
    zeroDay += -adjustCycles * 146097;
  }
  let yearEst = Math.trunc((400 * zeroDay + 591) / 146097);
  let doyEst =
    zeroDay - (365 * yearEst + Math.trunc(yearEst / 4) - Math.trunc(yearEst / 100) + Math.trunc(yearEst / 400));
  if (doyEst < 0) {
    yearEst--;
    doyEst =
      zeroDay - (365 * yearEst + Math.trunc(yearEst / 4) - Math.trunc(yearEst / 100) + Math.trunc(yearEst / 400));
  }
  yearEst += adjust;
  const marchDoy0 = doyEst;
  const marchMonth0 = Math.trunc((marchDoy0 * 5 + 2) / 153);
  const month = ((marchMonth0 + 2) % 12) + 1;
  const day = marchDoy0 - Math.trunc((marchMonth0 * 306 + 5) / 10) + 1;
  yearEst += Math.trunc(marchMonth0 / 10);
  return LocalDate.unchecked(yearEst, month, day);
}

/** LocalDate.of: the checks of the year, month and day, with Java's messages. */
export function localDate(year: number, month: number, day: number): LocalDate {
  checkValid("Year", year);
  checkValid("MonthOfYear", month);
  checkValid("DayOfMonth", day);
  if (day > 28 && day > lengthOfMonth(year, month)) {
    throw dateTimeException(
      day === 29
        ? `Invalid date 'February 29' as '${year}' is not a leap year`
        : `Invalid date '${MONTH_NAMES[month - 1]} ${day}'`,
    );
  }
  return LocalDate.unchecked(year, month, day);
}

/** LocalDate.ofYearDay. */
export function ofYearDay(year: number, dayOfYear: number): LocalDate {
  checkValid("Year", year);
  checkValid("DayOfYear", dayOfYear);
  const leap = isLeapYear(year);
  if (dayOfYear === 366 && !leap) {
    throw dateTimeException(`Invalid date 'DayOfYear 366' as '${year}' is not a leap year`);
  }
  let month = 1;
  while (month < 12 && dayOfYear >= (FIRST_DAY_OF_MONTH[month] as number) + (month >= 2 && leap ? 1 : 0)) month++;
  const first = (FIRST_DAY_OF_MONTH[month - 1] as number) + (month > 2 && leap ? 1 : 0);
  return LocalDate.unchecked(year, month, dayOfYear - first + 1);
}

/** An ISO time of day (LocalTime). */
export class LocalTime {
  constructor(
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
    readonly nano: number,
  ) {}

  static readonly MIDNIGHT = new LocalTime(0, 0, 0, 0);

  static ofNanoOfDay(nanoOfDay: number): LocalTime {
    const seconds = Math.floor(nanoOfDay / 1e9);
    return new LocalTime(Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60, nanoOfDay % 1e9);
  }

  get secondOfDay(): number {
    return this.hour * 3600 + this.minute * 60 + this.second;
  }

  get nanoOfDay(): number {
    return this.secondOfDay * 1e9 + this.nano;
  }

  equals(other: LocalTime): boolean {
    return this.nanoOfDay === other.nanoOfDay;
  }

  toString(): string {
    const two = (n: number) => String(n).padStart(2, "0");
    let text = `${two(this.hour)}:${two(this.minute)}`;
    if (this.second > 0 || this.nano > 0) {
      text += `:${two(this.second)}`;
      if (this.nano > 0) {
        const nanos = String(this.nano).padStart(9, "0");
        text += `.${this.nano % 1e6 === 0 ? nanos.slice(0, 3) : this.nano % 1e3 === 0 ? nanos.slice(0, 6) : nanos}`;
      }
    }
    return text;
  }
}

/** An ISO date and time (LocalDateTime). */
export class LocalDateTime {
  constructor(
    readonly date: LocalDate,
    readonly time: LocalTime,
  ) {}

  /** Seconds since 1970-01-01T00:00 as if it were UTC: exact for years up to about ±285 million. */
  get localEpochSecond(): number {
    return this.date.epochDay * 86400 + this.time.secondOfDay;
  }

  static ofLocalEpochSecond(seconds: number, nano: number): LocalDateTime {
    const day = floorDiv(seconds, 86400);
    return new LocalDateTime(ofEpochDay(day), LocalTime.ofNanoOfDay((seconds - day * 86400) * 1e9 + nano));
  }

  plusSeconds(seconds: number): LocalDateTime {
    return seconds === 0 ? this : LocalDateTime.ofLocalEpochSecond(this.localEpochSecond + seconds, this.time.nano);
  }

  compareTo(other: LocalDateTime): number {
    return this.date.compareTo(other.date) || this.time.nanoOfDay - other.time.nanoOfDay;
  }

  toString(): string {
    return `${this.date}T${this.time}`;
  }
}

/** ValueRange: the smallest and largest minimum and maximum. */
export class ValueRange {
  constructor(
    readonly min: number,
    readonly largestMin: number,
    readonly smallestMax: number,
    readonly max: number,
  ) {}

  static of(min: number, max: number, smallestMax = max): ValueRange {
    return new ValueRange(min, min, smallestMax, max);
  }

  isValid(value: bigint | number): boolean {
    return value >= this.min && value <= this.max;
  }

  /** ValueRange.checkValidValue (and checkValidIntValue: every range checked so is within an int's). */
  check(value: bigint | number, field: string): number {
    if (!this.isValid(value)) {
      throw dateTimeException(`Invalid value for ${field} (valid values ${this}): ${value}`);
    }
    return Number(value);
  }

  toString(): string {
    const min = this.min === this.largestMin ? `${this.min}` : `${this.min}/${this.largestMin}`;
    const max = this.smallestMax === this.max ? `${this.max}` : `${this.smallestMax}/${this.max}`;
    return `${min} - ${max}`;
  }
}

const YEAR_MAX = 999_999_999;

/** The ranges of the ChronoFields date evaluation meets, by their names. */
const CHRONO_RANGES: Readonly<Record<string, ValueRange>> = {
  NanoOfSecond: ValueRange.of(0, 999_999_999),
  NanoOfDay: ValueRange.of(0, 86400 * 1e9 - 1),
  MicroOfSecond: ValueRange.of(0, 999_999),
  MicroOfDay: ValueRange.of(0, 86400 * 1e6 - 1),
  MilliOfSecond: ValueRange.of(0, 999),
  MilliOfDay: ValueRange.of(0, 86400 * 1000 - 1),
  SecondOfMinute: ValueRange.of(0, 59),
  SecondOfDay: ValueRange.of(0, 86400 - 1),
  MinuteOfHour: ValueRange.of(0, 59),
  MinuteOfDay: ValueRange.of(0, 24 * 60 - 1),
  HourOfAmPm: ValueRange.of(0, 11),
  ClockHourOfAmPm: ValueRange.of(1, 12),
  HourOfDay: ValueRange.of(0, 23),
  ClockHourOfDay: ValueRange.of(1, 24),
  AmPmOfDay: ValueRange.of(0, 1),
  DayOfWeek: ValueRange.of(1, 7),
  AlignedDayOfWeekInMonth: ValueRange.of(1, 7),
  DayOfMonth: ValueRange.of(1, 31, 28),
  DayOfYear: ValueRange.of(1, 366, 365),
  EpochDay: ValueRange.of(-365243219162, 365241780471),
  MonthOfYear: ValueRange.of(1, 12),
  YearOfEra: new ValueRange(1, 1, YEAR_MAX, YEAR_MAX + 1),
  Year: ValueRange.of(-YEAR_MAX, YEAR_MAX),
  Era: ValueRange.of(0, 1),
  OffsetSeconds: ValueRange.of(-18 * 3600, 18 * 3600),
  QuarterOfYear: ValueRange.of(1, 4),
  ModifiedJulianDay: ValueRange.of(-365243219162 + 40587, 365241780471 + 40587),
};

/** The fields of ChronoField that are time-based (ChronoField.isTimeBased), by name. */
export const TIME_BASED: ReadonlySet<string> = new Set([
  "NanoOfSecond",
  "NanoOfDay",
  "MicroOfSecond",
  "MicroOfDay",
  "MilliOfSecond",
  "MilliOfDay",
  "SecondOfMinute",
  "SecondOfDay",
  "MinuteOfHour",
  "MinuteOfDay",
  "HourOfAmPm",
  "ClockHourOfAmPm",
  "HourOfDay",
  "ClockHourOfDay",
  "AmPmOfDay",
]);

/** `field.checkValidValue(value)` of a ChronoField (or IsoFields' quarter, JulianFields' day). */
export const checkValid = (field: string, value: bigint | number): number =>
  (CHRONO_RANGES[field] as ValueRange).check(value, field);
