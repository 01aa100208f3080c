import { JAVA_ZONE_IDS } from "../zone-ids.js";
import { dateTimeException, floorMod, LocalDateTime, LocalTime, lengthOfMonth, localDate } from "./date-time.js";
import { EXPLICIT_DST_OFFSETS, ZONE_RULES, ZONE_RULES_OF } from "./date-zone-rules.js";

/**
 * Time zones as java.time has them (OpenJDK 17): ZoneId.of's reading of an id, and ZoneRules over the transitions
 * recorded from the JDK (date-zone-rules.ts), so that offsets and daylight saving are the JDK's own, tzdata
 * version included.
 */

/** ZoneOffset's id: "Z", or "+hh:mm", with ":ss" when there are seconds. */
export function offsetId(totalSeconds: number): string {
  if (totalSeconds === 0) return "Z";
  const abs = Math.abs(totalSeconds);
  const two = (n: number) => String(n).padStart(2, "0");
  const seconds = abs % 60;
  return `${totalSeconds < 0 ? "-" : "+"}${two(Math.floor(abs / 3600))}:${two(Math.floor(abs / 60) % 60)}${seconds ? `:${two(seconds)}` : ""}`;
}

/** ZoneOffset.ofTotalSeconds's check. */
export function checkOffset(totalSeconds: number): number {
  if (Math.abs(totalSeconds) > 18 * 3600) throw dateTimeException("Zone offset not in valid range: -18:00 to +18:00");
  return totalSeconds;
}

/** A gap or an overlap of a zone's offsets (ZoneOffsetTransition). */
class Transition {
  constructor(
    /** The instant of the transition, in epoch seconds. */
    readonly epochSecond: number,
    readonly offsetBefore: number,
    readonly offsetAfter: number,
  ) {}

  get isGap(): boolean {
    return this.offsetAfter > this.offsetBefore;
  }

  get dateTimeBefore(): LocalDateTime {
    return LocalDateTime.ofLocalEpochSecond(this.epochSecond + this.offsetBefore, 0);
  }

  get dateTimeAfter(): LocalDateTime {
    return LocalDateTime.ofLocalEpochSecond(this.epochSecond + this.offsetAfter, 0);
  }
}

/** ZoneOffsetTransitionRule: the transition of a year, once the recorded ones are over. */
class TransitionRule {
  constructor(readonly fields: readonly number[]) {}

  transition(year: number): Transition {
    const [month, dom, dow, secondOfDay, endOfDay, definition, standard, before, after] = this.fields as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    let date = dom < 0 ? localDate(year, month, lengthOfMonth(year, month) + 1 + dom) : localDate(year, month, dom);
    if (dow > 0) {
      // previousOrSame for a day counted from the month's end, nextOrSame otherwise.
      date = date.plusDays(dom < 0 ? -floorMod(date.dayOfWeek - dow, 7) : floorMod(dow - date.dayOfWeek, 7));
    }
    if (endOfDay) date = date.plusDays(1);
    const wall = definition === 0 ? before : definition === 2 ? before - standard : 0;
    const local = new LocalDateTime(date, LocalTime.ofNanoOfDay(secondOfDay * 1e9)).plusSeconds(wall);
    return new Transition(local.localEpochSecond - before, before, after);
  }
}

/** ZoneRules. */
class ZoneRules {
  readonly #yearTransitions = new Map<number, readonly Transition[]>();
  /** The local date-times of the transitions: a gap's before then after, an overlap's after then before. */
  readonly #localTransitions: LocalDateTime[];

  constructor(
    readonly standardTransitions: readonly number[],
    readonly standardOffsets: readonly number[],
    readonly wallTransitions: readonly number[],
    readonly wallOffsets: readonly number[],
    readonly lastRules: readonly TransitionRule[],
  ) {
    this.#localTransitions = wallTransitions.flatMap((t, i) => {
      const transition = new Transition(t, wallOffsets[i] as number, wallOffsets[i + 1] as number);
      return transition.isGap
        ? [transition.dateTimeBefore, transition.dateTimeAfter]
        : [transition.dateTimeAfter, transition.dateTimeBefore];
    });
  }

  static fixed(offset: number): ZoneRules {
    return new ZoneRules([], [offset], [], [offset], []);
  }

  #transitionsOf(year: number): readonly Transition[] {
    let transitions = this.#yearTransitions.get(year);
    if (!transitions) {
      transitions = this.lastRules.map((rule) => rule.transition(year));
      this.#yearTransitions.set(year, transitions);
    }
    return transitions;
  }

  /** getOffset(Instant), the instant in epoch seconds (exact: within ±2^53). */
  offset(epochSecond: number): number {
    const transitions = this.wallTransitions;
    if (transitions.length === 0) return this.wallOffsets[0] as number;
    const lastOffset = this.wallOffsets.at(-1) as number;
    if (this.lastRules.length > 0 && epochSecond > (transitions.at(-1) as number)) {
      const year = LocalDateTime.ofLocalEpochSecond(epochSecond + lastOffset, 0).date.year;
      let offset = lastOffset;
      for (const transition of this.#transitionsOf(year)) {
        if (epochSecond < transition.epochSecond) return transition.offsetBefore;
        offset = transition.offsetAfter;
      }
      return offset;
    }
    return this.wallOffsets[upperBound(transitions, epochSecond)] as number;
  }

  /** getStandardOffset(Instant). */
  standardOffset(epochSecond: number): number {
    return this.standardOffsets[upperBound(this.standardTransitions, epochSecond)] as number;
  }

  isDaylightSavings(epochSecond: number): boolean {
    return this.standardOffset(epochSecond) !== this.offset(epochSecond);
  }

  /** getOffsetInfo(LocalDateTime): the one valid offset, or the gap or overlap the local date-time falls in. */
  offsetInfo(dateTime: LocalDateTime): number | Transition {
    const local = this.#localTransitions;
    if (local.length === 0) return this.wallOffsets[0] as number;
    if (this.lastRules.length > 0 && dateTime.compareTo(local.at(-1) as LocalDateTime) > 0) {
      let info: number | Transition = 0;
      for (const transition of this.#transitionsOf(dateTime.date.year)) {
        info = offsetInfo(dateTime, transition);
        if (info instanceof Transition || info === transition.offsetBefore) return info;
      }
      return info;
    }
    let index = binarySearch(local, dateTime);
    if (index === -1) return this.wallOffsets[0] as number;
    if (index < 0) index = -index - 2;
    else if (index < local.length - 1 && local[index]?.compareTo(local[index + 1] as LocalDateTime) === 0) index++;
    if ((index & 1) === 0) {
      const before = this.wallOffsets[index / 2] as number;
      const after = this.wallOffsets[index / 2 + 1] as number;
      const at = after > before ? (local[index] as LocalDateTime) : (local[index + 1] as LocalDateTime);
      return new Transition(at.localEpochSecond - before, before, after);
    }
    return this.wallOffsets[(index >> 1) + 1] as number;
  }
}

/** Where a local date-time stands against one transition of the last rules (ZoneRules.findOffsetInfo). */
function offsetInfo(dateTime: LocalDateTime, transition: Transition): number | Transition {
  const before = transition.dateTimeBefore;
  const after = transition.dateTimeAfter;
  if (transition.isGap) {
    if (dateTime.compareTo(before) < 0) return transition.offsetBefore;
    return dateTime.compareTo(after) < 0 ? transition : transition.offsetAfter;
  }
  if (dateTime.compareTo(before) >= 0) return transition.offsetAfter;
  return dateTime.compareTo(after) < 0 ? transition.offsetBefore : transition;
}

/** The index of the value after the last transition at or before `value` (Arrays.binarySearch's use in ZoneRules). */
function upperBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Arrays.binarySearch: the index of a match, or -(insertion point) - 1. */
function binarySearch(sorted: readonly LocalDateTime[], value: LocalDateTime): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const order = (sorted[mid] as LocalDateTime).compareTo(value);
    if (order < 0) low = mid + 1;
    else if (order > 0) high = mid - 1;
    else return mid;
  }
  return -(low + 1);
}

const numbers = (text: string) => (text === "" ? [] : text.split(",").map((n) => Number.parseInt(n, 36)));

/** [offset, time, offset...] with times counted from the one before, as transitions and offsets. */
function decodeTransitions(text: string): { transitions: number[]; offsets: number[] } {
  const [first = 0, ...pairs] = numbers(text);
  const transitions: number[] = [];
  const offsets = [first];
  let time = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    time += pairs[i] as number;
    transitions.push(time);
    offsets.push(pairs[i + 1] as number);
  }
  return { transitions, offsets };
}

const rulesIndex = new Map<string, number>();
ZONE_RULES_OF.split(",").forEach((index, i) => {
  rulesIndex.set(JAVA_ZONE_IDS[i] as string, Number.parseInt(index, 36));
});
const decoded = new Map<number, ZoneRules>();

/** The JDK's rules of a region id it knows, or undefined. */
function recordedRules(id: string): ZoneRules | undefined {
  const index = rulesIndex.get(id);
  if (index === undefined) return undefined;
  let rules = decoded.get(index);
  if (!rules) {
    const [standard = "", wall = "", last = ""] = (ZONE_RULES[index] as string).split(";");
    const std = decodeTransitions(standard);
    const savings = decodeTransitions(wall);
    const lastRules = last === "" ? [] : last.split("/").map((rule) => new TransitionRule(numbers(rule)));
    rules = new ZoneRules(std.transitions, std.offsets, savings.transitions, savings.offsets, lastRules);
    decoded.set(index, rules);
  }
  return rules;
}

/** A ZoneId: a ZoneOffset (`offset` set) or a ZoneRegion, with its rules. */
export interface Zone {
  readonly id: string;
  readonly rules: ZoneRules;
  /** The total seconds of a ZoneOffset; undefined for a region. */
  readonly offset?: number;
  /** CLDR's explicit daylight offset of the region, in seconds. */
  readonly explicitDst?: number;
}

export const zoneOffset = (totalSeconds: number): Zone => ({
  id: offsetId(totalSeconds),
  rules: ZoneRules.fixed(totalSeconds),
  offset: totalSeconds,
});

/** ZoneOffset.of's reading, the id already checked by checkJavaZoneId: "Z", or a sign and hours, minutes, seconds. */
function parseOffsetId(id: string): number {
  if (id === "Z") return 0;
  const digits = id.slice(1).replaceAll(":", "");
  const hours = Number(digits.length === 1 ? digits : digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || 0);
  const seconds = Number(digits.slice(4, 6) || 0);
  return (id.startsWith("-") ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
}

/**
 * ZoneId.of, for an id checkJavaZoneId accepts: an offset, a prefix (UTC, GMT, UT) with or without an offset, or a
 * region id the JDK has rules for; undefined for a region it has none for (zoneIds() knows a few newer ones).
 */
export function zoneOf(id: string): Zone | undefined {
  if (id.length <= 1 || id.startsWith("+") || id.startsWith("-")) return zoneOffset(parseOffsetId(id));
  const prefix = /^(UTC|GMT|UT)(?=$|[+-])/.exec(id)?.[1];
  if (prefix !== undefined) {
    const offset = parseOffsetId(id.slice(prefix.length) || "Z");
    return { id: offset === 0 ? prefix : `${prefix}${offsetId(offset)}`, rules: ZoneRules.fixed(offset) };
  }
  const rules = recordedRules(id);
  if (!rules) return undefined;
  const dst = EXPLICIT_DST_OFFSETS[id];
  return { id, rules, ...(dst === undefined ? {} : { explicitDst: parseOffsetId(dst) }) };
}

/**
 * ZonedDateTime.ofLocal: the instant of a local date-time in a zone, in epoch seconds as a bigint (exact for every
 * year Java has): in a gap, moved forward by the gap's length; in an overlap, the earlier offset unless `preferred`
 * is the other one.
 */
export function instantOfLocal(
  dateTime: LocalDateTime,
  zone: Zone,
  preferred?: number,
): { readonly epochSecond: bigint; readonly offset: number } {
  let local = dateTime;
  let offset: number;
  if (zone.offset !== undefined) offset = zone.offset;
  else {
    const info = zone.rules.offsetInfo(local);
    if (typeof info === "number") offset = info;
    else if (info.isGap) {
      local = local.plusSeconds(info.offsetAfter - info.offsetBefore);
      offset = info.offsetAfter;
    } else offset = preferred === info.offsetAfter ? info.offsetAfter : info.offsetBefore;
  }
  const epochSecond = BigInt(local.date.epochDay) * 86400n + BigInt(local.time.secondOfDay) - BigInt(offset);
  return { epochSecond, offset };
}

/** LocalDate.atStartOfDay(zone): midnight, or the end of a gap that midnight falls in. */
export function startOfDay(dateTime: LocalDateTime, zone: Zone): LocalDateTime {
  if (zone.offset !== undefined) return dateTime;
  const info = zone.rules.offsetInfo(dateTime);
  return info instanceof Transition && info.isGap ? info.dateTimeAfter : dateTime;
}

/** The local date-time of an instant (epoch seconds and nanoseconds) in a zone, and the offset there. */
export function localOfInstant(
  epochSecond: number,
  nano: number,
  zone: Zone,
): { dateTime: LocalDateTime; offset: number } {
  const offset = zone.rules.offset(epochSecond);
  return { dateTime: LocalDateTime.ofLocalEpochSecond(epochSecond + offset, nano), offset };
}
