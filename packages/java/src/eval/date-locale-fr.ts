import "@js-joda/locale_fr";
import { captureLocaleBuilder } from "./date-locale-plugin.js";

/** DateTimeFormatterBuilder with the CLDR data of @js-joda/locale_fr (see captureLocaleBuilder). */
export const FR_BUILDER = captureLocaleBuilder();
