import "@js-joda/locale_de";
import { captureLocaleBuilder } from "./date-locale-plugin.js";

/** DateTimeFormatterBuilder with the CLDR data of @js-joda/locale_de (see captureLocaleBuilder). */
export const BUILDER = captureLocaleBuilder();
/** The package's Locale, re-exported from here: importing the package elsewhere first would defeat the capture. */
export { Locale } from "@js-joda/locale_de";
