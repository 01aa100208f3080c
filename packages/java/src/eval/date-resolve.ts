import { dateValue, type Field, timeValue, WEEK_RANGES, type WeekDefinition } from "./date-fields.js";
import type { DayPeriod } from "./date-locales.js";
import {
  checkValid,
  dateTimeException,
  floorMod,
  type LocalDate,
  LocalDateTime,
  LocalTime,
  lengthOfMonth,
  localDate,
  ofEpochDay,
  ofYearDay,
  TIME_BASED,
  toIntExact,
  type ValueRange,
} from "./date-time.js";
import { checkOffset, type Zone } from "./date-zones.js";

/**
 * java.time.format.Parsed (OpenJDK 17): the fields a parse gives, then their resolution with ResolverStyle.SMART
 * (the resolver of `ofPattern`) into a date, a time and a zone, with the JDK's cross-checks and its messages.
 * Values are bigints until checked: a text may hold 19 digits.
 *
 * Java keeps the fields in a HashMap, whose order follows identity hash codes and so changes from one JVM run to
 * another; it shows where several fields could be resolved or checked first, and in the order of the fields a
 * message lists. Here the fields keep the order they were parsed in.
 */
export class Parsed {
  readonly fields = new Map<Field, bigint>();
  zone: Zone | undefined;
  dayPeriod: DayPeriod | undefined;
  date: LocalDate | undefined;
  time: LocalTime | undefined;
  /** Days a "24:00" adds to the date (Parsed.excessDays: 0 or 1 under SMART). */
  excessDays = 0;

  constructor(readonly week: WeekDefinition) {}

  copy(): Parsed {
    const copy = new Parsed(this.week);
    for (const [field, value] of this.fields) copy.fields.set(field, value);
    copy.zone = this.zone;
    copy.dayPeriod = this.dayPeriod;
    return copy;
  }

  #name = (field: Field) => this.week.nameOf(field);

  /** Parsed.toString: the fields left, the chronology, the zone, and what they resolved to. */
  toString(): string {
    const fields = [...this.fields].map(([field, value]) => `${this.#name(field)}=${value}`).join(", ");
    let text = `{${fields}},ISO${this.zone ? `,${this.zone.id}` : ""}`;
    if (this.date || this.time) {
      text += " resolved to ";
      if (this.date) text += this.time ? `${this.date}T${this.time}` : `${this.date}`;
      else text += `${this.time}`;
    }
    return text;
  }

  /** Parsed.resolve(SMART, null). */
  resolve(): void {
    this.#resolveFields();
    this.#resolveTimeLenient();
    this.#crossCheck();
    if (this.date && this.time && this.excessDays !== 0) {
      this.date = this.date.plusDays(this.excessDays);
      this.excessDays = 0;
    }
    this.#resolveFractional();
    // resolveInstant: what matters of it is that an offset out of range is refused there.
    const offset = this.fields.get("OffsetSeconds");
    if (this.date && this.time && offset !== undefined) checkOffset(Number(offset));
  }

  #take(field: Field): bigint {
    const value = this.fields.get(field) as bigint;
    this.fields.delete(field);
    return value;
  }

  /** Parsed.updateCheckConflict(targetField, changeField, changeValue). */
  #updateCheckConflict(target: Field, change: Field, value: bigint): void {
    const old = this.fields.get(change);
    this.fields.set(change, value);
    if (old !== undefined && old !== value) {
      throw dateTimeException(
        `Conflict found: ${this.#name(change)} ${old} differs from ${this.#name(change)} ${value} while resolving  ${this.#name(target)}`,
      );
    }
  }

  /** AbstractChronology.addFieldValue. */
  #addFieldValue(field: Field, value: bigint): void {
    const old = this.fields.get(field);
    if (old !== undefined && old !== value) {
      throw dateTimeException(`Conflict found: ${field} ${old} differs from ${field} ${value}`);
    }
    this.fields.set(field, value);
  }

  #updateDate(date: LocalDate | undefined): void {
    if (!date) return;
    if (this.date && !this.date.equals(date)) {
      throw dateTimeException(`Conflict found: Fields resolved to two different dates: ${this.date} ${date}`);
    }
    this.date ??= date;
  }

  #updateTime(time: LocalTime, excessDays: number): void {
    if (!this.time) {
      this.time = time;
      this.excessDays = excessDays;
      return;
    }
    if (!this.time.equals(time)) {
      throw dateTimeException(`Conflict found: Fields resolved to different times: ${this.time} ${time}`);
    }
    this.excessDays = excessDays;
  }

  #resolveFields(): void {
    this.#updateDate(this.#resolveDate());
    this.#resolveTimeFields();
    if (this.fields.size === 0) return;
    let changed = 0;
    outer: while (changed < 50) {
      for (const field of this.fields.keys()) {
        const resolved = this.#resolveField(field);
        if (resolved) {
          this.#updateDate(resolved);
          changed++;
          continue outer;
        }
        if (!this.fields.has(field)) {
          changed++;
          continue outer;
        }
      }
      break;
    }
    if (changed > 0) {
      this.#updateDate(this.#resolveDate());
      this.#resolveTimeFields();
    }
  }

  /** IsoChronology.resolveDate, SMART. */
  #resolveDate(): LocalDate | undefined {
    const { fields } = this;
    const yearOfEra = fields.get("YearOfEra");
    if (yearOfEra !== undefined) {
      fields.delete("YearOfEra");
      checkValid("YearOfEra", yearOfEra);
      const era = fields.get("Era");
      fields.delete("Era");
      if (era === undefined) {
        const year = fields.get("Year");
        this.#addFieldValue("Year", year === undefined || year > 0n ? yearOfEra : 1n - yearOfEra);
      } else if (era === 1n) this.#addFieldValue("Year", yearOfEra);
      else if (era === 0n) this.#addFieldValue("Year", 1n - yearOfEra);
      else throw dateTimeException(`Invalid value for era: ${era}`);
    } else if (fields.has("Era")) checkValid("Era", fields.get("Era") as bigint);
    if (!fields.has("Year")) return undefined;
    if (fields.has("MonthOfYear") && fields.has("DayOfMonth")) {
      const year = checkValid("Year", this.#take("Year"));
      const month = checkValid("MonthOfYear", this.#take("MonthOfYear"));
      const day = checkValid("DayOfMonth", this.#take("DayOfMonth"));
      // SMART: the last day of the month for a day past it.
      return localDate(year, month, Math.min(day, lengthOfMonth(year, month)));
    }
    if (fields.has("DayOfYear")) {
      const year = checkValid("Year", this.#take("Year"));
      return ofYearDay(year, checkValid("DayOfYear", this.#take("DayOfYear")));
    }
    return undefined;
  }

  /** TemporalField.resolve of the fields that are not ChronoFields: the week fields and the modified Julian day. */
  #resolveField(field: Field): LocalDate | undefined {
    const { fields, week } = this;
    if (field === "ModifiedJulianDay") {
      const value = this.#take(field);
      return ofEpochDay(checkValid("ModifiedJulianDay", value) - 40587);
    }
    const range = WEEK_RANGES[field];
    if (!range) return undefined;
    const value = fields.get(field) as bigint;
    const int = toIntExact(value);
    if (field === "LocalizedDayOfWeek") {
      const checked = range.check(value, week.nameOf(field));
      fields.delete(field);
      fields.set("DayOfWeek", BigInt(floorMod(week.firstDayOfWeek - 1 + (checked - 1), 7) + 1));
      return undefined;
    }
    const isoDayOfWeek = fields.get("DayOfWeek");
    if (isoDayOfWeek === undefined) return undefined;
    const dayOfWeek = week.localizedDayOfWeek(checkValid("DayOfWeek", isoDayOfWeek));
    const year = fields.get("Year");
    if (year !== undefined) {
      const y = checkValid("Year", year);
      if (field !== "WeekOfMonth" || !fields.has("MonthOfYear")) return undefined;
      // resolveWoM, SMART: the date may fall in another month.
      const month = checkValid("MonthOfYear", fields.get("MonthOfYear") as bigint);
      const first = localDate(y, month, 1);
      const weeks = (range as ValueRange).check(int, week.nameOf(field)) - week.weekOfMonth(first);
      const date = first.plusDays(weeks * 7 + dayOfWeek - week.localizedDayOfWeek(first.dayOfWeek));
      for (const f of [field, "Year", "MonthOfYear", "DayOfWeek"] as const) fields.delete(f);
      return date;
    }
    if (
      (field === "WeekOfWeekBasedYear" || field === "WeekBasedYear") &&
      fields.has("WeekBasedYear") &&
      fields.has("WeekOfWeekBasedYear")
    ) {
      const yearOfWeeks = (WEEK_RANGES.WeekBasedYear as ValueRange).check(
        fields.get("WeekBasedYear") as bigint,
        week.nameOf("WeekBasedYear"),
      );
      const weekOfYear = (WEEK_RANGES.WeekOfWeekBasedYear as ValueRange).check(
        fields.get("WeekOfWeekBasedYear") as bigint,
        week.nameOf("WeekOfWeekBasedYear"),
      );
      const date = week.ofWeekBasedYear(yearOfWeeks, weekOfYear, dayOfWeek);
      for (const f of [field, "WeekBasedYear", "WeekOfWeekBasedYear", "DayOfWeek"] as const) fields.delete(f);
      return date;
    }
    return undefined;
  }

  /** Parsed.resolveTimeFields, SMART. */
  #resolveTimeFields(): void {
    const { fields } = this;
    if (fields.has("ClockHourOfDay")) {
      const hour = this.#take("ClockHourOfDay");
      if (hour !== 0n) checkValid("ClockHourOfDay", hour);
      this.#updateCheckConflict("ClockHourOfDay", "HourOfDay", hour === 24n ? 0n : hour);
    }
    if (fields.has("ClockHourOfAmPm")) {
      const hour = this.#take("ClockHourOfAmPm");
      if (hour !== 0n) checkValid("ClockHourOfAmPm", hour);
      this.#updateCheckConflict("ClockHourOfAmPm", "HourOfAmPm", hour === 12n ? 0n : hour);
    }
    if (fields.has("AmPmOfDay") && fields.has("HourOfAmPm")) {
      const ampm = this.#take("AmPmOfDay");
      const hour = this.#take("HourOfAmPm");
      checkValid("AmPmOfDay", ampm);
      checkValid("HourOfAmPm", hour);
      this.#updateCheckConflict("AmPmOfDay", "HourOfDay", ampm * 12n + hour);
    }
    if (fields.has("NanoOfDay")) {
      const nod = this.#take("NanoOfDay");
      checkValid("NanoOfDay", nod);
      this.#updateCheckConflict("NanoOfDay", "HourOfDay", nod / 3_600_000_000_000n);
      this.#updateCheckConflict("NanoOfDay", "MinuteOfHour", (nod / 60_000_000_000n) % 60n);
      this.#updateCheckConflict("NanoOfDay", "SecondOfMinute", (nod / 1_000_000_000n) % 60n);
      this.#updateCheckConflict("NanoOfDay", "NanoOfSecond", nod % 1_000_000_000n);
    }
    if (fields.has("MilliOfDay")) {
      const lod = this.#take("MilliOfDay");
      checkValid("MilliOfDay", lod);
      this.#updateCheckConflict("MilliOfDay", "SecondOfDay", lod / 1000n);
      this.#updateCheckConflict("MilliOfDay", "MilliOfSecond", lod % 1000n);
    }
    if (fields.has("SecondOfDay")) {
      const sod = this.#take("SecondOfDay");
      checkValid("SecondOfDay", sod);
      this.#updateCheckConflict("SecondOfDay", "HourOfDay", sod / 3600n);
      this.#updateCheckConflict("SecondOfDay", "MinuteOfHour", (sod / 60n) % 60n);
      this.#updateCheckConflict("SecondOfDay", "SecondOfMinute", sod % 60n);
    }
    const nano = fields.get("NanoOfSecond");
    if (nano !== undefined) {
      checkValid("NanoOfSecond", nano);
      if (fields.has("MilliOfSecond")) {
        const los = this.#take("MilliOfSecond");
        checkValid("MilliOfSecond", los);
        this.#updateCheckConflict("MilliOfSecond", "NanoOfSecond", los * 1_000_000n + (nano % 1_000_000n));
      }
    }
    if (this.dayPeriod && fields.has("HourOfAmPm")) {
      const hour = this.#take("HourOfAmPm");
      checkValid("HourOfAmPm", hour);
      const minute = fields.get("MinuteOfHour");
      const moh = minute === undefined ? 0 : Number(((minute % 60n) + 60n) % 60n);
      const excess = this.dayPeriod.includes((Number(hour % 12n) + 12) * 60 + moh) ? 12n : 0n;
      this.#updateCheckConflict("HourOfAmPm", "HourOfDay", hour + excess);
      this.dayPeriod = undefined;
    }
    if (
      fields.has("HourOfDay") &&
      fields.has("MinuteOfHour") &&
      fields.has("SecondOfMinute") &&
      fields.has("NanoOfSecond")
    ) {
      this.#resolveTime(
        this.#take("HourOfDay"),
        this.#take("MinuteOfHour"),
        this.#take("SecondOfMinute"),
        this.#take("NanoOfSecond"),
      );
    }
  }

  /** Parsed.resolveTimeLenient, SMART. */
  #resolveTimeLenient(): void {
    const { fields } = this;
    if (!this.time) {
      if (fields.has("MilliOfSecond")) fields.set("NanoOfSecond", this.#take("MilliOfSecond") * 1_000_000n);
      const timeFields = ["HourOfDay", "MinuteOfHour", "SecondOfMinute", "NanoOfSecond"] as const;
      if (!timeFields.some((field) => fields.has(field))) {
        if (this.dayPeriod) {
          const mid = this.dayPeriod.mid;
          this.#resolveTime(BigInt(Math.trunc(mid / 60)), BigInt(mid % 60), 0n, 0n);
          this.dayPeriod = undefined;
        } else if (fields.has("AmPmOfDay")) {
          const ampm = this.#take("AmPmOfDay");
          checkValid("AmPmOfDay", ampm);
          this.#resolveTime(ampm * 12n + 6n, 0n, 0n, 0n);
        }
      }
      const hour = fields.get("HourOfDay");
      if (hour !== undefined) {
        const [minute, second, nano] = [
          fields.get("MinuteOfHour"),
          fields.get("SecondOfMinute"),
          fields.get("NanoOfSecond"),
        ];
        const incomplete =
          (minute === undefined && (second !== undefined || nano !== undefined)) ||
          (minute !== undefined && second === undefined && nano !== undefined);
        if (incomplete) return;
        if (this.dayPeriod && !this.dayPeriod.includes(Number(hour * 60n + (minute ?? 0n)))) {
          throw dateTimeException(
            `Conflict found: Resolved time ${twoDigits(hour)}:${twoDigits(minute ?? 0n)} conflicts with ${this.dayPeriod}`,
          );
        }
        this.#resolveTime(hour, minute ?? 0n, second ?? 0n, nano ?? 0n);
        for (const field of timeFields) fields.delete(field);
      }
    }
    for (const [field, value] of fields) if (TIME_BASED.has(field)) checkValid(field, value);
  }

  /** Parsed.resolveTime, SMART: 24:00 is the next day's midnight. */
  #resolveTime(hour: bigint, minute: bigint, second: bigint, nano: bigint): void {
    const m = checkValid("MinuteOfHour", minute);
    const n = checkValid("NanoOfSecond", nano);
    if (hour === 24n && m === 0 && second === 0n && n === 0) {
      this.#updateTime(LocalTime.MIDNIGHT, 1);
      return;
    }
    const h = checkValid("HourOfDay", hour);
    const s = checkValid("SecondOfMinute", second);
    this.#updateTime(new LocalTime(h, m, s, n), 0);
  }

  /** Parsed.crossCheck: each field left must agree with the date, the time, and the two together. */
  #crossCheck(): void {
    const { date, time } = this;
    if (date) this.#crossCheckWith(`${date}`, (field) => dateValue(field, date, this.week));
    if (time) {
      this.#crossCheckWith(`${time}`, (field) => timeValue(field, time));
      if (date && this.fields.size > 0) {
        const target = `${new LocalDateTime(date, time)}`;
        this.#crossCheckWith(target, (field) => dateValue(field, date, this.week) ?? timeValue(field, time));
      }
    }
  }

  #crossCheckWith(target: string, derive: (field: Field) => number | undefined): void {
    for (const [field, value] of this.fields) {
      const derived = derive(field);
      if (derived === undefined) continue;
      if (BigInt(derived) !== value) {
        const name = this.#name(field);
        throw dateTimeException(
          `Conflict found: Field ${name} ${derived} differs from ${name} ${value} derived from ${target}`,
        );
      }
      this.fields.delete(field);
    }
  }

  /** Parsed.resolveFractional: seconds without a time get their fractions, as fields. */
  #resolveFractional(): void {
    const { fields } = this;
    if (this.time || !(fields.has("SecondOfDay") || fields.has("SecondOfMinute"))) return;
    const nano = fields.get("NanoOfSecond");
    if (nano === undefined) {
      fields.set("NanoOfSecond", 0n);
      fields.set("MicroOfSecond", 0n);
      fields.set("MilliOfSecond", 0n);
    } else {
      fields.set("MicroOfSecond", nano / 1000n);
      fields.set("MilliOfSecond", nano / 1_000_000n);
    }
  }
}

/** String.format("%02d"): at least two digits, the sign before them. */
function twoDigits(value: bigint): string {
  return value < 0n ? `-${String(-value).padStart(1, "0")}` : String(value).padStart(2, "0");
}
