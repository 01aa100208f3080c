// Written by test/corpus/record-dates.mjs from openjdk version "17.0.15" 2025-04-15: do not edit.

/**
 * The names the JDK 17 writes and reads (its CLDR data, v39) where js-joda's CLDR data (v36) differs, by locale and
 * pattern letter run, in the order of the field's values (January first, Monday first, AM first, BC first).
 */
export const JDK_DATE_NAMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "fr-FR": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "de-DE": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "D", "M", "D", "F", "S", "S"],
    LLL: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    ccc: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  },
  "es-ES": {
    LLLLL: ["E", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "X", "J", "V", "S", "D"],
    MMM: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    LLL: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    EEE: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    ccc: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    GGG: ["antes de Cristo", "anno Dómini"],
  },
  "en-US": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "T", "W", "T", "F", "S", "S"],
  },
  "en-GB": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "T", "W", "T", "F", "S", "S"],
    MMM: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    LLL: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  },
  fr: {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "de-CH": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "D", "M", "D", "F", "S", "S"],
    LLL: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    ccc: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  },
  de: {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "D", "M", "D", "F", "S", "S"],
    LLL: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    ccc: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  },
  es: {
    LLLLL: ["E", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "X", "J", "V", "S", "D"],
    MMM: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    LLL: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    EEE: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    ccc: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    GGG: ["antes de Cristo", "anno Dómini"],
  },
  en: {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "T", "W", "T", "F", "S", "S"],
  },
  "fr-CA": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "fr-BE": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "fr-CH": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "fr-LU": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    GGG: ["BC", "ap. J.-C."],
  },
  "de-AT": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "D", "M", "D", "F", "S", "S"],
    LLL: ["Jän", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    ccc: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  },
  "de-LU": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "D", "M", "D", "F", "S", "S"],
    LLL: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    ccc: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
  },
  "es-MX": {
    LLLLL: ["E", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    EEE: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    GGG: ["antes de Cristo", "anno Dómini"],
  },
  "es-US": {
    LLLLL: ["E", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["L", "M", "M", "J", "V", "S", "D"],
    EEE: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    GGG: ["a.C.", "d.C."],
  },
  "en-CA": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "T", "W", "T", "F", "S", "S"],
  },
  "en-AU": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M.", "Tu.", "W.", "Th.", "F.", "Sa.", "Su."],
    MMM: ["Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"],
  },
  "en-IE": {
    LLLLL: ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"],
    ccccc: ["M", "T", "W", "T", "F", "S", "S"],
    a: ["a.m.", "p.m."],
  },
};
