import type { TextStyle } from "../date-pattern.js";
import { checkLanguageTag } from "../language-tag.js";
import { quote } from "../quote.js";
import { JAVA_ZONE_IDS } from "../zone-ids.js";
import { WeekDefinition } from "./date-fields.js";
import type { Evaluated } from "./evaluated.js";

/**
 * The locales whose texts, weeks, day periods and zone names the evaluator writes and reads as the JDK does: their
 * data is recorded from the JDK by test/corpus/record-date-data.mjs, one module per language, loaded only when a
 * service uses dates in that language. Other locales are refused rather than guessed.
 */
export const BUNDLED_DATE_LOCALES: readonly string[] = [
  "en",
  "en-US",
  "en-GB",
  "en-CA",
  "en-AU",
  "en-IE",
  "fr",
  "fr-FR",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "fr-LU",
  "de",
  "de-DE",
  "de-AT",
  "de-CH",
  "de-LU",
  "es",
  "es-ES",
  "es-MX",
  "es-US",
];

/**
 * The locale when none is given: the JVM's default, which the spec does not give. A server JVM started without a
 * LANG (or with LANG=C) defaults to en-US, which is taken here.
 */
export const DEFAULT_DATE_LOCALE = "en-US";

/** The day periods of `B` as recorded: [from, to, type index] in minutes of the day, names by index. */
interface RecordedDayPeriods {
  readonly periods: readonly (readonly [number, number, number])[];
  /** Per style (FULL, SHORT, NARROW), the names by type index, "|"-separated ("" for none). */
  readonly names: Readonly<Record<string, string>>;
  /** [minute, type index]: from that minute of the day, the period the formatter writes. */
  readonly byMinute: readonly (readonly [number, number])[];
}

/** A language's locale as recorded (a date-locale-<language>.ts module), as "fr" for French. */
interface RecordedBase {
  /** WeekFields.of(locale): first day of week (1 Monday to 7 Sunday), minimal days in the first week. */
  readonly week: readonly [number, number];
  /** The "GMT" of localized offsets (`O`). */
  readonly gmt: string;
  /** The decimal style of ofPattern: zero digit, positive sign, negative sign, decimal separator. */
  readonly decimal: string;
  /**
   * Per "Field STYLE" (as "MonthOfYear SHORT"), the texts from the field's smallest value, "|"-separated ("" for a
   * value without one); a style absent has no texts (the field is then written and read as a number).
   */
  readonly texts: Readonly<Record<string, string>>;
  readonly dayPeriods: RecordedDayPeriods;
  /**
   * Zone names (TimeZoneNameUtility's, without the id): long and short standard, daylight, generic, "|"-separated
   * ("" for none), in a table, and for each zone of JAVA_ZONE_IDS then "UT" its index in it (base 36, "" for a
   * zone without names).
   */
  readonly zoneNames: { readonly table: readonly string[]; readonly zones: string };
  /** What `z` (SHORT) and `zzzz` (FULL) read: "name=zone index" pairs, "|"-separated. */
  readonly zoneTexts: Readonly<Record<"SHORT" | "FULL", string>>;
}

/** A region of the language, as what differs from the language's locale. */
interface RecordedRegion {
  readonly week?: readonly [number, number];
  readonly gmt?: string;
  readonly decimal?: string;
  /** The texts that differ, null for a style the language has and the region has not. */
  readonly texts?: Readonly<Record<string, string | null>>;
  readonly dayPeriods?: RecordedDayPeriods;
  /** By zone index (base 36), the names that differ ("" for none). */
  readonly zoneNames?: Readonly<Record<string, string>>;
  /** By name, the zone index that differs (-1: not read). */
  readonly zoneTexts?: Partial<Readonly<Record<"SHORT" | "FULL", Readonly<Record<string, number>>>>>;
}

/** A language's date data, as a date-locale-<language>.ts module records it. */
export interface RecordedLanguage {
  readonly base: RecordedBase;
  readonly regions: Readonly<Record<string, RecordedRegion>>;
}

/** The texts of a field in a style: what the text printer-parser writes, and reads (longest first). */
export interface TextStore {
  text(value: number): string | undefined;
  readonly parsable: readonly (readonly [string, number])[];
}

/** A day period of `B` (DateTimeFormatterBuilder.DayPeriod), in minutes of the day. */
export class DayPeriod {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {}

  includes(minute: number): boolean {
    if (this.from === 0 && this.to === 0 && minute === 1440) return true;
    const { from, to } = this;
    return (
      (from === minute && to === minute) ||
      (from <= minute && minute < to) ||
      (from > to && (from <= minute || to > minute))
    );
  }

  get mid(): number {
    const duration = this.from > this.to ? 1440 - this.from + this.to : this.to - this.from;
    return (this.from + Math.trunc(duration / 2)) % 1440;
  }

  toString(): string {
    const time = (m: number) => `${String(Math.trunc(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    return `DayPeriod(${time(this.from)}${this.from === this.to ? ")" : `-${time(this.to)})`}`;
  }
}

/** What a formatter needs of its locale. */
export interface DateLocale {
  readonly week: WeekDefinition;
  readonly gmt: string;
  readonly zeroDigit: string;
  readonly positiveSign: string;
  readonly negativeSign: string;
  /** The texts of Era, MonthOfYear, DayOfWeek, AmPmOfDay or QuarterOfYear in a style, or undefined for none. */
  texts(field: string, style: TextStyle): TextStore | undefined;
  /** The names of the day periods in a style, by type index. */
  dayPeriodTexts(style: "FULL" | "SHORT" | "NARROW"): TextStore;
  /** The period the formatter writes for a minute of the day: its type index. */
  dayPeriodAt(minute: number): number;
  /** The period of a type index (DayPeriod.ofLocale). */
  dayPeriod(index: number): DayPeriod;
  /** A zone's names (long and short standard, daylight, generic; undefined where none), or undefined. */
  zoneNames(id: string): readonly (string | undefined)[] | undefined;
  /** What a zone-text parser reads: name to zone id. */
  zoneTexts(full: boolean): ReadonlyMap<string, string>;
}

/** Each language's recorded module, loaded on demand: a service uses one or two of them. */
const LANGUAGES: Readonly<Record<string, () => Promise<{ LANGUAGE: RecordedLanguage }>>> = {
  en: () => import("./date-locale-en.js"),
  fr: () => import("./date-locale-fr.js"),
  de: () => import("./date-locale-de.js"),
  es: () => import("./date-locale-es.js"),
};

const LOADED: Record<string, RecordedLanguage> = {};

/**
 * Loads the data of the languages of some locale tags (an absent tag is the default locale's); a language not
 * bundled is left for `dateLocale` to refuse.
 */
export async function loadDateLanguages(tags: Iterable<string | undefined>): Promise<void> {
  for (const tag of tags) {
    const language = (tag ?? DEFAULT_DATE_LOCALE).split("-")[0]?.toLowerCase() ?? "";
    const load = Object.hasOwn(LANGUAGES, language) ? LANGUAGES[language] : undefined;
    if (load && !LOADED[language]) LOADED[language] = (await load()).LANGUAGE;
  }
}

/** The zones whose names are recorded, in the recorded order. */
const NAMED_ZONES = [...JAVA_ZONE_IDS, "UT"];

/** A store of "|"-separated texts from a first value: each text read for the greatest value that has it. */
function textStore(joined: string, first: number): TextStore {
  const texts = joined.split("|").map((text) => (text === "" ? undefined : text));
  const values = new Map<string, number>();
  texts.forEach((text, i) => {
    if (text !== undefined) values.set(text, first + i);
  });
  const parsable = [...values].sort((a, b) => b[0].length - a[0].length);
  return { text: (value) => texts[value - first], parsable };
}

/** The smallest value of each text field: the first of its recorded texts. */
const FIRST_VALUES: Readonly<Record<string, number>> = { Era: 0, AmPmOfDay: 0 };

/** A locale's data, decoded from its language's record and its region's differences. */
class RecordedDateLocale implements DateLocale {
  readonly week: WeekDefinition;
  readonly gmt: string;
  readonly zeroDigit: string;
  readonly positiveSign: string;
  readonly negativeSign: string;
  readonly #texts: Readonly<Record<string, string | null>>;
  readonly #dayPeriods: RecordedDayPeriods;
  readonly #stores = new Map<string, TextStore | undefined>();
  #zoneNames: Map<string, readonly (string | undefined)[]> | undefined;
  readonly #zoneTexts: Partial<Record<"SHORT" | "FULL", Map<string, string>>> = {};

  constructor(
    readonly base: RecordedBase,
    readonly region: RecordedRegion = {},
  ) {
    const [first, minimal] = region.week ?? base.week;
    this.week = new WeekDefinition(first, minimal);
    this.gmt = region.gmt ?? base.gmt;
    [this.zeroDigit, this.positiveSign, this.negativeSign] = [...(region.decimal ?? base.decimal)] as [
      string,
      string,
      string,
    ];
    this.#texts = { ...base.texts, ...region.texts };
    this.#dayPeriods = region.dayPeriods ?? base.dayPeriods;
  }

  #store(key: string, joined: string | null | undefined, first: number): TextStore | undefined {
    if (!this.#stores.has(key)) this.#stores.set(key, joined == null ? undefined : textStore(joined, first));
    return this.#stores.get(key);
  }

  texts(field: string, style: TextStyle): TextStore | undefined {
    const key = `${field} ${style}`;
    return this.#store(key, this.#texts[key], FIRST_VALUES[field] ?? 1);
  }

  dayPeriodTexts(style: "FULL" | "SHORT" | "NARROW"): TextStore {
    return this.#store(`DayPeriod ${style}`, this.#dayPeriods.names[style] ?? "", 0) as TextStore;
  }

  dayPeriodAt(minute: number): number {
    let index = 0;
    for (const [from, period] of this.#dayPeriods.byMinute) if (minute >= from) index = period;
    return index;
  }

  dayPeriod(index: number): DayPeriod {
    const [from = 0, to = 0] = this.#dayPeriods.periods.find((period) => period[2] === index) ?? [];
    return new DayPeriod(from, to);
  }

  zoneNames(id: string): readonly (string | undefined)[] | undefined {
    if (!this.#zoneNames) {
      const names = new Map<string, readonly (string | undefined)[]>();
      const split = (joined: string) => joined.split("|").map((name) => (name === "" ? undefined : name));
      const { table, zones } = this.base.zoneNames;
      zones.split(",").forEach((index, i) => {
        if (index !== "") names.set(NAMED_ZONES[i] as string, split(table[Number.parseInt(index, 36)] as string));
      });
      for (const [index, joined] of Object.entries(this.region.zoneNames ?? {})) {
        const zone = NAMED_ZONES[Number.parseInt(index, 36)] as string;
        if (joined === "") names.delete(zone);
        else names.set(zone, split(joined));
      }
      this.#zoneNames = names;
    }
    return this.#zoneNames.get(id);
  }

  zoneTexts(full: boolean): ReadonlyMap<string, string> {
    const style = full ? "FULL" : "SHORT";
    let texts = this.#zoneTexts[style];
    if (!texts) {
      texts = new Map();
      for (const pair of this.base.zoneTexts[style].split("|")) {
        const at = pair.lastIndexOf("=");
        texts.set(pair.slice(0, at), JAVA_ZONE_IDS[Number.parseInt(pair.slice(at + 1), 36)] as string);
      }
      for (const [name, index] of Object.entries(this.region.zoneTexts?.[style] ?? {})) {
        if (index < 0) texts.delete(name);
        else texts.set(name, JAVA_ZONE_IDS[index] as string);
      }
      this.#zoneTexts[style] = texts;
    }
    return texts;
  }
}

const LOCALES = new Map<string, DateLocale>();

/** The bundled locale a tag names, read as `Locale.forLanguageTag` does (case does not matter), or why none. */
export function dateLocale(tag: string | undefined): Evaluated<DateLocale> {
  const given = tag ?? DEFAULT_DATE_LOCALE;
  const problem = checkLanguageTag(given);
  if (problem) return { ok: false, problem: problem.message };
  const [language = "", region, ...rest] = given.split("-");
  const normalized =
    region === undefined ? language.toLowerCase() : `${language.toLowerCase()}-${region.toUpperCase()}`;
  if (rest.length > 0 || !BUNDLED_DATE_LOCALES.includes(normalized)) {
    return {
      ok: false,
      problem: `The locale ${quote(given)} is not bundled with mailroom's date evaluation; it has ${BUNDLED_DATE_LOCALES.join(", ")}.`,
    };
  }
  let locale = LOCALES.get(normalized);
  if (!locale) {
    const recorded = LOADED[language.toLowerCase()];
    if (!recorded) return { ok: false, problem: `The data of the locale ${quote(given)} is not loaded.` };
    locale = new RecordedDateLocale(recorded.base, recorded.regions[normalized]);
    LOCALES.set(normalized, locale);
  }
  return { ok: true, value: locale };
}
