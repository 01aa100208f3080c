import { areaWords, sentence as capitalised, parametersWords } from "@mailroom/compiler";
import { quoteString } from "@mailroom/syntax";
import { flag, integer, type Json, object, text } from "./json.js";
import type { Count } from "./model.js";

/*
 * The parts of a service that are not expressions, in words: counts, splits, appositions, ranks. Expressions
 * are put in words by the compiler's function registry (`explainExpression`), which hover shares.
 */

/** A range of the model's integers, -1 (or a missing upper bound) meaning no limit. */
export function count(min: unknown, max: unknown, unit: string): Count {
  const low = integer(min) ?? 0;
  const high = integer(max);
  const unbounded = high === undefined || high < 0;
  const plural = (n: number) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  let words: string;
  if (unbounded) words = low === 0 ? `any number of ${unit}s` : `at least ${plural(low)}`;
  else if (low === high) words = `exactly ${plural(low)}`;
  else if (low === 0) words = `up to ${plural(high)}`;
  else words = `${low} to ${plural(high)}`;
  return { min: low, max: unbounded ? null : high, words };
}

/** The text values of an object: extraction parameters as the model types them. */
const stringValues = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(object(value) ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

const area = (value: unknown): { left: number; top: number; width: number; height: number } => {
  const a = object(value) ?? {};
  const n = (v: unknown) => (typeof v === "number" ? v : 0);
  return { left: n(a.left), top: n(a.top), width: n(a.width), height: n(a.height) };
};

/** What a split configuration does; its `@type` decides. */
export function splitWords(split: Json): string {
  const type = text(split["@type"]);
  let words: string;
  if (type === "bsc.PAGE") {
    const pages = integer(split.pages) ?? 0;
    words =
      pages === 1
        ? "each page is a document"
        : `each file is cut into documents of ${pages} pages (its page count must be a multiple of ${pages})`;
  } else if (type === "bsc.PDF_AREA") {
    const value = text(split.value) ?? "";
    const test = value.startsWith("^") ? `starts with ${quoteString(value.slice(1))}` : `is ${quoteString(value)}`;
    const where = `each page whose text in ${areaWords(area(split.area))} ${test}`;
    const pages = integer(split.pages);
    if (pages === 1) words = `a new document starts on ${where}`;
    else if (pages === -1) words = `a document ends on ${where}`;
    else words = `documents are cut at ${where} (pages ${pages ?? "missing"}, which the API describes only as 1 or -1)`;
    const parameters = parametersWords(stringValues(split.extractionParameters));
    if (parameters) words += `, read with ${parameters}`;
  } else if (type === "bsc.NONE") words = "each file is one document";
  else words = `an unknown split (${type ?? "no @type"})`;
  const editable = flag(split.editable);
  return `${words}; ${editable ? "a job may override it at creation" : "jobs cannot change it"}`;
}

const TARGETS: Readonly<Record<string, string>> = {
  ADDRESS_PAGE: "the address page",
  DOCUMENT: "each document",
  COMPOSED_DOCUMENT: "the composed document",
};

/** What an apposition lays where. */
export function appositionWords(apposition: Json): string {
  const kind = text(apposition["@type"]) === "bap.Image" ? "an image" : "an overlay";
  const file = text(apposition.serviceFileId);
  const target = text(apposition.targetType);
  const pages = text(apposition.serializedPageFilter);
  const where = apposition.background === true ? "under" : "over";
  const on = (target && TARGETS[target]) ?? `${target ?? "an unknown target"}`;
  const filter = pages === undefined ? "" : `, pages ${quoteString(pages)}`;
  const change = apposition.editable === true ? "a job may change it" : "jobs cannot change it";
  return `${kind}${file ? ` (service file ${file})` : ""} laid ${where} the content of ${on}${filter}; ${change}`;
}

/** A sentence from words: capital first letter, final period. */
export const sentence = (words: string): string => {
  const text = capitalised(words);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};
