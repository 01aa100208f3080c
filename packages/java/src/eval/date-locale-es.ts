import "@js-joda/locale_es";
import { captureLocaleBuilder } from "./date-locale-plugin.js";

/** DateTimeFormatterBuilder with the CLDR data of @js-joda/locale_es (see captureLocaleBuilder). */
export const ES_BUILDER = captureLocaleBuilder();
