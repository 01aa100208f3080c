import { zoneIds } from "@mailroom/java";

/** Time-zone ids offered where `parseDate`/`formatDate` expect one: those Java's `ZoneId.of` knows (time-zone rule). */
export function timeZones(): readonly string[] {
  sortedZones ??= [...zoneIds()].sort();
  return sortedZones;
}
let sortedZones: readonly string[] | undefined;

/**
 * Locales offered where a `locale` is expected. There is no list to read from Java, so these are the common
 * BCP 47 tags of the languages the service's users write in; any well-formed tag is accepted (locale rule).
 */
export const LOCALES: readonly string[] = [
  "fr-FR",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "fr-LU",
  "en-GB",
  "en-US",
  "en-IE",
  "en-CA",
  "en-AU",
  "de-DE",
  "de-AT",
  "de-CH",
  "it-IT",
  "it-CH",
  "es-ES",
  "es-MX",
  "pt-PT",
  "pt-BR",
  "nl-NL",
  "nl-BE",
  "ca-ES",
  "eu-ES",
  "br-FR",
  "da-DK",
  "sv-SE",
  "nb-NO",
  "fi-FI",
  "pl-PL",
  "cs-CZ",
  "ro-RO",
  "hu-HU",
  "el-GR",
  "tr-TR",
  "ru-RU",
  "ar-MA",
  "ja-JP",
  "zh-CN",
];

/** The language and region of a locale, in English, for completion details. */
export function describeLocale(tag: string): string | undefined {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(tag);
  } catch {
    return undefined;
  }
}
