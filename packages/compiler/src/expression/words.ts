import { parseJavaRegex, readJavaReplacement } from "@mailroom/java";
import type { ValueExpression } from "@mailroom/model";
import { quoteString, regexLiteral } from "@mailroom/syntax";
import { isNumberText, number } from "./layout.js";

// The words the explanations of expressions share: positions, ranges, areas, lists and patterns.

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/** first, second... tenth, then 11th, 12th, 13th, 21st, 22nd... */
export function ordinal(n: number): string {
  const word = ORDINALS[n - 1];
  if (word !== undefined) return word;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** A position counted from the end, as the model writes it (-1 the last): "the last page", "the page before last". */
function fromEnd(n: number, noun: string): string {
  if (n === -1) return `the last ${noun}`;
  if (n === -2) return `the ${noun} before last`;
  return `the ${ordinal(-n)} ${noun} from the end`;
}

/** "page 1", "the last page" (-1), "the page before last" (-2), "the third page from the end" (-3), "page 0 (never any text)" */
export function pageWords(page: number): string {
  if (page === 0) return "page 0 (never any text)";
  return page > 0 ? `page ${number(page)}` : fromEnd(page, "page");
}

/** Which file of a box: "the first file" (1), "the second file", "the last file" (-1), "file 0 (no file)". */
export function fileWords(index: number): string {
  if (index === 0) return "file 0 (no file)";
  return index > 0 ? `the ${ordinal(index)} file` : fromEnd(index, "file");
}

/** "the area 120, 18, 80 x 8 (left, top, width, height)" */
export function areaWords(area: { left: number; top: number; width: number; height: number }): string {
  const { left, top, width, height } = area;
  return `the area ${number(left)}, ${number(top)}, ${number(width)} x ${number(height)} (left, top, width, height)`;
}

/** Whether a slice's `end` is an index, not the end of the text (0, -1 or absent, as the model writes it). */
export const endsBefore = (end: number | undefined): end is number => end !== undefined && end !== 0 && end !== -1;

/**
 * Characters `begin` (from 0) to `end` (excluded; 0, -1 or absent: to the end) of a text, counted from 1 as
 * people count: "characters 10 to 17 of X", "character 3 of X", "characters 12 to the end of X".
 */
export function rangeWords(whole: string, begin = 0, end?: number): string {
  const toEnd = !endsBefore(end);
  const indexes = `indexes ${number(begin)} to ${toEnd ? "the end" : number(end)}, counted from 0`;
  // Indexes Java's substring refuses: the evaluation is refused, so no value is claimed.
  if (begin < 0 || (!toEnd && end < -1))
    return `the characters of ${whole} at ${indexes} (Java's substring refuses a negative index)`;
  // The range before the text, always: "X from character 5 on" would run on from a range inside X.
  if (toEnd) return begin === 0 ? whole : `characters ${number(begin + 1)} to the end of ${whole}`;
  if (end <= begin) return `the characters of ${whole} at ${indexes} (the API requires the end after the start)`;
  if (end === begin + 1) return `character ${number(end)} of ${whole}`;
  return `characters ${number(begin + 1)} to ${number(end)} of ${whole}`;
}

/** A number written in the expression, as an integer literal. */
export const isNumberLiteral = (e: ValueExpression): e is { "@type": "exv.Value"; value: string } =>
  e["@type"] === "exv.Value" && isNumberText(e.value);

/** A number of sheets written as a number: "1 sheet", "3 sheets". */
export const sheetsWords = (count: string) => `${count} ${count === "1" ? "sheet" : "sheets"}`;

/** "a", "a and b", "a, b and c" (or with "or"). */
export function joinWords(items: readonly string[], conjunction: "and" | "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

/** A regular expression as the DSL writes it, /.../, or as a quoted pattern when no regex literal reads back. */
export const patternWords = (pattern: string) =>
  pattern === "" ? "the empty pattern" : (regexLiteral(pattern) ?? `the pattern ${quoteString(pattern)}`);

/** A name or setting written as is when it is a plain word (Europe/Paris, fr-FR, true), else quoted. */
export const settingWords = (text: string) => (/^[\w./:+-]+$/.test(text) ? text : quoteString(text));

/** Options of the text-extraction library: "sortByPosition=true and spacingTolerance=0.5". */
export const parametersWords = (parameters: Readonly<Record<string, string>>): string =>
  joinWords(
    Object.entries(parameters).map(([name, value]) => `${settingWords(name)}=${settingWords(value)}`),
    "and",
  );

/**
 * `with every match of /re/ replaced by ...`: what the replacement produces as Java's `appendReplacement` reads
 * it (escapes undone, `$n` and `${name}` as the groups they insert), "removed" for an empty one.
 */
export function replacementWords(which: string, pattern: string, replacement: string): string {
  return `with ${which} of ${patternWords(pattern)} ${replacement === "" ? "removed" : `replaced by ${producedWords(pattern, replacement)}`}`;
}

/** `"$" followed by group 1, "." and group 2`; a replacement Java refuses is shown as written, and said so. */
function producedWords(pattern: string, replacement: string): string {
  const regex = parseJavaRegex(pattern);
  const read = regex.compiles ? readJavaReplacement(replacement, regex.groupCount, regex.groupNames) : undefined;
  if (read === undefined || "problem" in read) return `the replacement ${quoteString(replacement)}, which Java refuses`;
  const names = new Map([...regex.groupNames].map(([name, index]) => [index, name]));
  const part = (p: string | number) => {
    if (typeof p === "string") return quoteString(p);
    if (p === 0) return "the whole match";
    const name = names.get(p);
    return name === undefined ? `group ${p}` : `the group named ${name}`;
  };
  const [first = "", ...rest] = read.parts.map(part);
  return rest.length === 0 ? first : `${first} followed by ${joinWords(rest, "and")}`;
}

/** Zones whose name reads as the opposite of their offset: POSIX's `Etc/GMT-2` is two hours ahead of UTC. */
function zoneWords(zone: string): string {
  const posix = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (zone === "Z") return "Z (UTC)";
  if (posix === null || Number(posix[2]) === 0) return settingWords(zone);
  return `${zone} (UTC${posix[1] === "-" ? "+" : "-"}${Number(posix[2])}: the sign of an Etc/GMT zone is inverted)`;
}

/** The settings of a date: `with the pattern "dd/MM/yyyy" in time zone Europe/Paris (locale fr-FR)`. */
export function dateWords(date: { pattern: string; timeZone: string; locale?: string | undefined }): string {
  const locale = date.locale === undefined ? "" : ` (locale ${settingWords(date.locale)})`;
  return `with the pattern ${quoteString(date.pattern)} in time zone ${zoneWords(date.timeZone)}${locale}`;
}

/** The words that say which PDF is read, after what is read of it: " of the PDF in box annexes", or nothing. */
export const ofPdf = (box: string | undefined) => (box === undefined ? "" : ` of the PDF in ${box}`);
