import type { Span } from "@mailroom/syntax";
import { quote } from "./quote.js";

/**
 * Language tags as Java reads them (OpenJDK 17, sun.util.locale.LanguageTag.parse, as used by
 * `Locale.forLanguageTag` and `Locale.Builder.setLanguageTag`): subtags separated by `-`, a language of 2 to 8
 * letters, up to three extended languages, a script, a region, variants, extensions and a private use part, or
 * one of the grandfathered tags. `Locale.forLanguageTag` never fails: it keeps the subtags before the first
 * ill-formed one and drops the rest, silently (so `fr_FR` reads as the root locale). Case does not matter.
 * `Intl.getCanonicalLocales` is stricter than Java (extended languages, `i-klingon`, repeated variants) and so is
 * not used to judge.
 */

export interface LanguageTagProblem {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The first ill-formed subtag, or the whole tag when absent. */
  readonly span?: Span;
  /** The tag to write instead, when the intent is clear (`fr_FR`, `fr_FR.UTF-8` → `fr-FR`). */
  readonly fix?: string;
}

const GRANDFATHERED: ReadonlySet<string> = new Set(
  (
    "art-lojban cel-gaulish en-gb-oed i-ami i-bnn i-default i-enochian i-hak i-klingon i-lux i-mingo i-navajo " +
    "i-pwn i-tao i-tay i-tsu no-bok no-nyn sgn-be-fr sgn-be-nl sgn-ch-de zh-guoyu zh-hakka zh-min zh-min-nan zh-xiang"
  ).split(" "),
);

const alpha = (s: string, min: number, max: number) => s.length >= min && s.length <= max && /^[A-Za-z]+$/.test(s);
const alnum = (s: string, min: number, max: number) => s.length >= min && s.length <= max && /^[A-Za-z0-9]+$/.test(s);
const isLanguage = (s: string) => alpha(s, 2, 8);
const isExtlang = (s: string) => alpha(s, 3, 3);
const isScript = (s: string) => alpha(s, 4, 4);
const isRegion = (s: string) => alpha(s, 2, 2) || /^[0-9]{3}$/.test(s);
const isVariant = (s: string) => alnum(s, 5, 8) || (s.length === 4 && /^[0-9][A-Za-z0-9]{3}$/.test(s));
const isSingleton = (s: string) => alpha(s, 1, 1) && s.toLowerCase() !== "x";
const isExtensionSubtag = (s: string) => alnum(s, 2, 8);
const isPrivateUseSubtag = (s: string) => alnum(s, 1, 8);

interface Parsed {
  /** How many subtags form a well-formed prefix (what `Locale.forLanguageTag` keeps). */
  readonly kept: number;
  /** How many extended-language subtags follow the language. */
  readonly extlangs: number;
  /** Index of the first subtag that is not part of the tag, or -1 when all are. */
  readonly error: number;
  readonly subtags: readonly string[];
}

function parse(tag: string): Parsed {
  const subtags = tag.split("-");
  if (GRANDFATHERED.has(tag.toLowerCase())) return { kept: subtags.length, extlangs: 0, error: -1, subtags };
  let i = 0;
  let kept = 0;
  let extlangs = 0;
  const at = (k: number) => subtags[k] ?? "";
  if (isLanguage(at(i))) {
    i++;
    for (; extlangs < 3 && i < subtags.length && isExtlang(at(i)); extlangs++) i++;
    if (i < subtags.length && isScript(at(i))) i++;
    if (i < subtags.length && isRegion(at(i))) i++;
    while (i < subtags.length && isVariant(at(i))) i++;
    kept = i;
    while (i < subtags.length && isSingleton(at(i))) {
      let j = i + 1;
      while (j < subtags.length && isExtensionSubtag(at(j))) j++;
      if (j === i + 1) return { kept, extlangs, error: i, subtags };
      i = j;
      kept = i;
    }
  }
  if (i < subtags.length && at(i).toLowerCase() === "x") {
    let j = i + 1;
    while (j < subtags.length && isPrivateUseSubtag(at(j))) j++;
    if (j === i + 1) return { kept, extlangs, error: i, subtags };
    i = j;
    kept = i;
  }
  return { kept, extlangs, error: i < subtags.length ? i : -1, subtags };
}

/** A tag in the usual case: language lower, script title, region upper; extensions and private use lower. */
function tidy(tag: string): string {
  let inExtension = false;
  return tag
    .split("-")
    .map((subtag, i) => {
      inExtension ||= i > 0 && subtag.length === 1;
      if (i === 0 || inExtension) return subtag.toLowerCase();
      if (isScript(subtag)) return subtag[0]?.toUpperCase() + subtag.slice(1).toLowerCase();
      if (isRegion(subtag)) return subtag.toUpperCase();
      return subtag;
    })
    .join("-");
}

/** What `Locale.forLanguageTag` makes of an ill-formed tag: its well-formed prefix (an extended language replaces the language). */
function readsAs(parsed: Parsed): string {
  if (parsed.kept === 0) return "the root locale";
  const kept = parsed.subtags.slice(0, parsed.kept);
  const parts = parsed.extlangs > 0 ? [kept[1] as string, ...kept.slice(1 + parsed.extlangs)] : kept;
  return quote(tidy(parts.join("-")));
}

/** The first problem of a locale for Java's `Locale.forLanguageTag`, or undefined when the tag is well formed. */
export function checkLanguageTag(tag: string): LanguageTagProblem | undefined {
  if (tag === "") {
    return { message: 'The locale is empty; expected a language tag such as "fr-FR", or no locale at all.' };
  }
  const parsed = parse(tag);
  if (parsed.error < 0) return undefined;
  const offset = parsed.subtags.slice(0, parsed.error).reduce((sum, subtag) => sum + subtag.length + 1, 0);
  const bad = parsed.subtags[parsed.error] ?? "";
  const span = { offset, length: bad.length };
  const reads = readsAs(parsed);
  // Locale.toString and POSIX forms, and stray spaces: fr_FR, fr_FR.UTF-8, de_DE@euro, "fr FR".
  const posix = tag
    .trim()
    .replace(/[.@].*$/, "")
    .replace(/[_\s]+/g, "-");
  if (posix !== tag && posix !== "" && parse(posix).error < 0) {
    const fix = tidy(posix);
    return {
      message: `The locale ${quote(tag)} is not a language tag, and Java's Locale.forLanguageTag reads it as ${reads}; write ${quote(fix)}.`,
      span: { offset: 0, length: tag.length },
      fix,
    };
  }
  return {
    message:
      bad === ""
        ? `The locale ${quote(tag)} has an empty subtag, so Java reads it as ${reads}; expected a language tag such as "fr-FR".`
        : `The locale ${quote(tag)} is not a well-formed language tag (found ${quote(bad)}), so Java reads it as ${reads}; expected a tag such as "fr-FR".`,
    // An empty subtag is pointed at by the "-" that opens it (or the one that starts the tag).
    span: bad === "" ? { offset: Math.max(0, Math.min(offset, tag.length) - 1), length: 1 } : span,
  };
}
