import { ChronoField, TextStyle } from "@js-joda/core";
import { checkLanguageTag } from "../language-tag.js";
import { quote } from "../quote.js";
import { DE_BUILDER } from "./date-locale-de.js";
import { EN_BUILDER, Locale } from "./date-locale-en.js";
import { ES_BUILDER } from "./date-locale-es.js";
import { FR_BUILDER } from "./date-locale-fr.js";
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

const BUILDERS: Readonly<Record<string, LocaleBuilder>> = {
  en: EN_BUILDER,
  fr: FR_BUILDER,
  de: DE_BUILDER,
  es: ES_BUILDER,
};

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
  const builder = BUILDERS[language.toLowerCase()];
  if (rest.length > 0 || !builder || !BUNDLED_DATE_LOCALES.includes(normalized)) {
    return {
      ok: false,
      problem: `The locale ${quote(given)} is not bundled with mailroom's date evaluation; it has ${BUNDLED_DATE_LOCALES.join(", ")}.`,
    };
  }
  const cldr = CLDR_REGIONS.has(normalized) ? normalized : language.toLowerCase();
  const names = JDK_DATE_NAMES[normalized];
  const value = {
    builder: names ? withJdkNames(builder, names) : builder,
    locale: new Locale(language.toLowerCase(), region?.toUpperCase() ?? "", cldr),
    differing: new Set((DIFFERING_QUARTERS[normalized] ?? "").split(" ")),
  };
  return { ok: true, value };
}
