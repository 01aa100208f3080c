/// <reference path="./js-joda-locale-es.d.ts" />
import localeEs from "@js-joda/locale_es";
import { captureLocaleBuilder } from "./date-locale-plugin.js";

/** DateTimeFormatterBuilder with the CLDR data of @js-joda/locale_es (see captureLocaleBuilder). */
export const BUILDER = captureLocaleBuilder();
/**
 * The package's Locale, re-exported from here: importing the package elsewhere first would defeat the capture.
 * Version 3 of the package is a CommonJS bundle whose names Node cannot list, so it is read from the default export,
 * which Node and bundlers both give.
 */
export const { Locale } = localeEs;
