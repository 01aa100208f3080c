import "@js-joda/locale_de";
import { captureLocaleBuilder } from "./date-locale-plugin.js";

/** DateTimeFormatterBuilder with the CLDR data of @js-joda/locale_de (see captureLocaleBuilder). */
export const DE_BUILDER = captureLocaleBuilder();
