import { nearest, type Span } from "@mailroom/syntax";
import { quote } from "./quote.js";
import { JAVA_ZONE_IDS } from "./zone-ids.js";

/**
 * The region ids `ZoneId.of` accepts: the recorded ones, and those of Node's `Intl.supportedValuesOf("timeZone")`,
 * which lists only canonical ids but knows zones newer than the recording. Made on first use: asking Intl takes a
 * millisecond or so, which a start that reads no time zone need not pay.
 */
export function zoneIds(): ReadonlySet<string> {
  knownZoneIds ??= new Set([...JAVA_ZONE_IDS, ...Intl.supportedValuesOf("timeZone")]);
  return knownZoneIds;
}
let knownZoneIds: ReadonlySet<string> | undefined;

/** The region ids the JDK has rules for: what a `VV` field reads. */
export const REGION_IDS: ReadonlySet<string> = new Set(JAVA_ZONE_IDS);

/** Whether `ZoneId.of` knows a region id: the recorded ids are asked first, Intl only for an id they lack. */
function isZoneId(id: string): boolean {
  return REGION_IDS.has(id) || zoneIds().has(id);
}

/**
 * Time-zone ids as `java.time.ZoneId.of` reads them (OpenJDK 17): `Z`, an offset (`+h`, `+hh`, `+hh:mm`,
 * `+hhmm`, `+hh:mm:ss`, `+hhmmss`, within ±18:00), `UTC`, `GMT` or `UT` alone or followed by an offset, or a
 * region id Java knows (`Europe/Paris`, `Etc/GMT+1`, `US/Eastern`...), case-sensitive.
 */

export interface ZoneIdProblem {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The offending part of the id, when it is not the whole id. */
  readonly span?: Span;
  /** The id to write instead, when there is exactly one obvious candidate. */
  readonly fix?: string;
}

/** `ZoneId.SHORT_IDS`: abbreviations `ZoneId.of` rejects unless given this map, and what they stand for. */
const SHORT_IDS: Readonly<Record<string, string>> = {
  ACT: "Australia/Darwin",
  AET: "Australia/Sydney",
  AGT: "America/Argentina/Buenos_Aires",
  ART: "Africa/Cairo",
  AST: "America/Anchorage",
  BET: "America/Sao_Paulo",
  BST: "Asia/Dhaka",
  CAT: "Africa/Harare",
  CNT: "America/St_Johns",
  CST: "America/Chicago",
  CTT: "Asia/Shanghai",
  EAT: "Africa/Addis_Ababa",
  ECT: "Europe/Paris",
  IET: "America/Indiana/Indianapolis",
  IST: "Asia/Kolkata",
  JST: "Asia/Tokyo",
  MIT: "Pacific/Apia",
  NET: "Asia/Yerevan",
  NST: "Pacific/Auckland",
  PLT: "Asia/Karachi",
  PNT: "America/Phoenix",
  PRT: "America/Puerto_Rico",
  PST: "America/Los_Angeles",
  SST: "Pacific/Guadalcanal",
  VST: "Asia/Ho_Chi_Minh",
  EST: "-05:00",
  MST: "-07:00",
  HST: "-10:00",
};

const OFFSET_FORMS = '"+h", "+hh", "+hh:mm", "+hhmm", "+hh:mm:ss" or "+hhmmss"';

/**
 * The forms of ZoneOffset.of with two-digit hours, by length: where the minutes and the seconds start (absent:
 * zero), and whether a colon precedes each.
 */
const OFFSET_LAYOUTS: ReadonlyMap<
  number,
  { readonly minutes?: number; readonly seconds?: number; readonly colon: boolean }
> = new Map([
  [3, { colon: false }],
  [5, { minutes: 3, colon: false }],
  [6, { minutes: 4, colon: true }],
  [7, { minutes: 3, seconds: 5, colon: false }],
  [9, { minutes: 4, seconds: 7, colon: true }],
]);

/** ZoneOffset.of: undefined when Java accepts `offset`, otherwise why not. */
function checkOffset(offset: string, prefix = ""): string | undefined {
  const subject = `The offset ${quote(offset)}${prefix ? ` after ${quote(prefix)}` : ""}`;
  if (offset === "Z") return undefined;
  const digits = (at: number, colon: boolean): number | undefined => {
    if (colon && offset[at - 1] !== ":") return undefined;
    const pair = offset.slice(at, at + 2);
    return /^[0-9]{2}$/.test(pair) ? Number(pair) : undefined;
  };
  let hours: number | undefined;
  let minutes: number | undefined = 0;
  let seconds: number | undefined = 0;
  const layout = OFFSET_LAYOUTS.get(offset.length);
  if (offset.length === 2) hours = /^[0-9]$/.test(offset[1] as string) ? Number(offset[1]) : undefined;
  else if (layout) {
    hours = digits(1, false);
    if (layout.minutes !== undefined) minutes = digits(layout.minutes, layout.colon);
    if (layout.seconds !== undefined) seconds = digits(layout.seconds, layout.colon);
  }
  if (hours === undefined || minutes === undefined || seconds === undefined || !/^[+-]/.test(offset)) {
    return `${subject} is not in a form Java reads; expected ${OFFSET_FORMS}, as in "+01:00".`;
  }
  if (minutes > 59 || seconds > 59) {
    return `${subject} has ${minutes > 59 ? `${minutes} minutes` : `${seconds} seconds`}; expected 0 to 59.`;
  }
  if (hours > 18 || (hours === 18 && (minutes > 0 || seconds > 0))) {
    return `${subject} is out of range; expected an offset from "-18:00" to "+18:00".`;
  }
  return undefined;
}

/** The id a misspelt region most likely stands for (none for text far longer than any id). */
function suggestRegion(id: string): string | undefined {
  if (id.length > 64) return undefined;
  const lower = id.toLowerCase();
  const sameLetters = [...zoneIds()].filter((known) => known.toLowerCase() === lower);
  if (sameLetters.length === 1) return sameLetters[0];
  if (!id.includes("/")) {
    const city = lower.replace(/\s+/g, "_");
    const byCity = [...zoneIds()].filter((known) => known.toLowerCase().endsWith(`/${city}`));
    if (byCity.length > 0) return byCity.sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
  }
  return nearest(id, zoneIds());
}

/** The first problem of a time-zone id for `ZoneId.of`, or undefined when Java accepts it. */
export function checkJavaZoneId(id: string): ZoneIdProblem | undefined {
  if (id.length <= 1 || id.startsWith("+") || id.startsWith("-")) {
    if (id === "") {
      return {
        message: 'The time zone is empty; expected an IANA id such as "Europe/Paris" or an offset such as "+01:00".',
      };
    }
    const message = checkOffset(id);
    return message ? { message } : undefined;
  }
  const prefix = id.startsWith("UTC") || id.startsWith("GMT") ? 3 : id.startsWith("UT") ? 2 : 0;
  if (prefix > 0 && id.length > prefix && (id[prefix] === "+" || id[prefix] === "-")) {
    const offset = id.slice(prefix);
    const message = checkOffset(offset, id.slice(0, prefix));
    return message ? { message, span: { offset: prefix, length: offset.length } } : undefined;
  }
  if (prefix > 0 && id.length === prefix) return undefined;
  if (isZoneId(id)) return undefined;
  const trimmed = id.trim();
  if (trimmed !== id && (isZoneId(trimmed) || checkOffset(trimmed) === undefined)) {
    return {
      message: `The time zone ${quote(id)} has spaces around it; Java expects exactly ${quote(trimmed)}.`,
      fix: trimmed,
    };
  }
  const short = Object.hasOwn(SHORT_IDS, id) ? SHORT_IDS[id] : undefined;
  if (short) {
    return {
      message: short.startsWith("-")
        ? `Java's ZoneId.of does not accept the abbreviation ${quote(id)}; write the fixed offset ${quote(short)} that ZoneId.SHORT_IDS gives it, or a region id for daylight saving.`
        : `Java's ZoneId.of does not accept the abbreviation ${quote(id)}; write ${quote(short)}, the region ZoneId.SHORT_IDS gives it.`,
    };
  }
  const suggestion = suggestRegion(id);
  const caseOnly = suggestion !== undefined && suggestion.toLowerCase() === id.toLowerCase();
  return {
    message: suggestion
      ? `Java does not know the time zone ${quote(id)}; did you mean ${quote(suggestion)}?`
      : `Java does not know the time zone ${quote(id)}; expected an IANA id such as "Europe/Paris" or an offset such as "+01:00".`,
    ...(caseOnly ? { fix: suggestion } : {}),
  };
}
