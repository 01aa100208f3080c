import { ChronoField, TextStyle } from "@js-joda/core";
import { checkLanguageTag } from "../language-tag.js";
import { quote } from "../quote.js";
import type { Locale } from "./date-locale-en.js";
import type { LocaleBuilder } from "./date-locale-plugin.js";
import { JDK_DATE_NAMES } from "./date-names.js";
import type { Evaluated } from "./evaluated.js";

/**
 * The locales whose month and day names, am-pm markers and eras the evaluator writes and reads as the JDK does,
 * checked against OpenJDK 17 (its CLDR data) by the date corpus. Other locales are refused rather than guessed.
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

/**
 * Each language's js-joda package, loaded on demand: their CLDR data weigh 13 MB (en alone 7 MB), and a service
 * uses one or two. Each module imports its package and captures its builder at once (see captureLocaleBuilder).
 */
const PACKAGES: Readonly<Record<string, () => Promise<{ BUILDER: LocaleBuilder; Locale: typeof Locale }>>> = {
  en: () => import("./date-locale-en.js"),
  fr: () => import("./date-locale-fr.js"),
  de: () => import("./date-locale-de.js"),
  es: () => import("./date-locale-es.js"),
};

const BUILDERS: Record<string, LocaleBuilder> = {};
/** The Locale class of the first package loaded: every package's has the same behaviour. */
let LocaleClass: typeof Locale | undefined;

/**
 * Loads the data of the languages of some locale tags (an absent tag is the default locale's), one package after
 * the other, so that each captures its own; a language not bundled is left for `dateLocale` to refuse.
 */
export async function loadDateLanguages(tags: Iterable<string | undefined>): Promise<void> {
  for (const tag of tags) {
    const language = (tag ?? DEFAULT_DATE_LOCALE).split("-")[0]?.toLowerCase() ?? "";
    const load = PACKAGES[language];
    if (!load || BUILDERS[language]) continue;
    const loaded = await load();
    BUILDERS[language] = loaded.BUILDER;
    LocaleClass ??= loaded.Locale;
  }
}

/** The CLDR data sets of each package that differ from their language's (others, like fr-FR, fall back to it). */
const CLDR_REGIONS: ReadonlySet<string> = new Set([
  "en-GB",
  "en-CA",
  "en-AU",
  "en-IE",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "fr-LU",
  "de-AT",
  "de-CH",
  "de-LU",
  "es-MX",
  "es-US",
]);

/**
 * Quarter names of js-joda's CLDR data that differ from the JDK 17's, by locale: refused, as js-joda takes names of
 * its own only for ChronoFields (other names that differ are replaced by the JDK's: see JDK_DATE_NAMES).
 */
const DIFFERING_QUARTERS: Readonly<Record<string, string>> = {
  "es-MX": "QQQ QQQQQ qqqqq",
  "es-US": "QQQ QQQQ QQQQQ qqq qqqq",
};

/** The text fields JDK_DATE_NAMES is keyed by: a pattern letter run, its field, its style, its first value. */
const NAMED_FIELDS: readonly (readonly [string, ChronoField, TextStyle, number])[] = [
  ["MMM", ChronoField.MONTH_OF_YEAR, TextStyle.SHORT, 1],
  ["LLL", ChronoField.MONTH_OF_YEAR, TextStyle.SHORT_STANDALONE, 1],
  ["LLLLL", ChronoField.MONTH_OF_YEAR, TextStyle.NARROW_STANDALONE, 1],
  ["EEE", ChronoField.DAY_OF_WEEK, TextStyle.SHORT, 1],
  ["ccc", ChronoField.DAY_OF_WEEK, TextStyle.SHORT_STANDALONE, 1],
  ["ccccc", ChronoField.DAY_OF_WEEK, TextStyle.NARROW_STANDALONE, 1],
  ["a", ChronoField.AMPM_OF_DAY, TextStyle.SHORT, 0],
  ["GGG", ChronoField.ERA, TextStyle.SHORT, 0],
];

/** A builder that writes and reads the JDK's names where they are given, and js-joda's elsewhere. */
function withJdkNames(base: LocaleBuilder, names: Readonly<Record<string, readonly string[]>>): LocaleBuilder {
  return class extends base {
    override appendText(field: ChronoField, style: TextStyle | Record<string | number, string>) {
      const named = NAMED_FIELDS.find(([run, f, s]) => f === field && s === style && names[run]);
      if (!named) return super.appendText(field, style);
      const [run, , , first] = named;
      return super.appendText(field, Object.fromEntries((names[run] ?? []).map((name, i) => [first + i, name])));
    }
  };
}

/** What a formatter needs for a locale: the builder with its package's data, and the locale to give it. */
export interface DateLocale {
  readonly builder: LocaleBuilder;
  readonly locale: Locale;
  /** The text fields (letter runs, as "QQQ") whose names differ from the JDK's in this locale, refused. */
  readonly differing: ReadonlySet<string>;
}

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
  const builder = BUILDERS[language.toLowerCase()];
  if (!builder || !LocaleClass) return { ok: false, problem: `The data of the locale ${quote(given)} is not loaded.` };
  const cldr = CLDR_REGIONS.has(normalized) ? normalized : language.toLowerCase();
  const names = JDK_DATE_NAMES[normalized];
  const value = {
    builder: names ? withJdkNames(builder, names) : builder,
    locale: new LocaleClass(language.toLowerCase(), region?.toUpperCase() ?? "", cldr),
    differing: new Set((DIFFERING_QUARTERS[normalized] ?? "").split(" ")),
  };
  return { ok: true, value };
}
