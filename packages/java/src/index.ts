/**
 * What the Java runtime behind the API accepts (OpenJDK 17): each reader below is a port of the JDK's own, checked
 * against verdicts recorded from a JDK (test/corpus/), and says what is wrong in a sentence with a span inside the
 * text read. Nothing here runs Java or knows the API's services; the checker's rules and the language service
 * read fields and call these.
 */

/** `Collections.sort` with a comparator: the JDK's TimSort, step by step, for comparators that break its contract. */
export { JavaSortContractViolation, javaListSort } from "./collections-sort.js";
/** `DateTimeFormatter.ofPattern` patterns. */
export { checkJavaDatePattern, type DatePatternProblem } from "./date-pattern.js";
export { javaLowerCase, javaUpperCase } from "./eval/case.js";
/** `clean` as the API words it, `String.toUpperCase`/`toLowerCase` in the root locale, `String.substring`. */
export { type CleanFlags, javaClean, javaTrim } from "./eval/clean.js";
/**
 * Dates as `DateTimeFormatter.ofPattern(pattern, locale)` writes and reads them, in a zone, to epoch milliseconds,
 * with the locales bundled. Loaded on first use only, with the JDK's zone rules: no command that does not evaluate
 * dates pays for them. `locales` are the tags that will be used (an absent one is the default locale): only their
 * languages' data are loaded; all of them when not given.
 */
export type JavaDates = typeof import("./eval/dates.js");
export async function loadJavaDates(locales?: Iterable<string | undefined>): Promise<JavaDates> {
  const dates = await import("./eval/dates.js");
  await dates.loadDateLanguages(locales ?? dates.BUNDLED_DATE_LOCALES);
  return dates;
}
/** The outcome of a Java semantic the evaluator runs: a value, or the reason there is none. */
export type { Evaluated } from "./eval/evaluated.js";
/** Numbers in texts: comparisons as BigDecimal's, epoch milliseconds as Long.parseLong's. */
export { javaCompareNumbers, javaParseLong } from "./eval/numbers.js";
/** Java regexes run as java.util.regex runs them: `replaceAll`/`replaceFirst`, `find`/`matches`. */
export { DEPTH_LIMIT, javaMatches, javaReplace, STEP_BUDGET } from "./eval/replace.js";
export { javaSubstring } from "./eval/substring.js";
/** Language tags as `Locale.forLanguageTag` reads them. */
export { checkLanguageTag, type LanguageTagProblem } from "./language-tag.js";
/** The repeated groups of a parsed regex on which Java's backtracking matcher can take exponential time. */
export { type BacktrackingRisk, findBacktrackingRisks } from "./regex/backtracking.js";
/** The approximate character sets of a parsed regex's nodes. */
export type { CharSet } from "./regex/char-set.js";
/** Regular expressions as `Pattern.compile` reads them: the verdict, the first error, the groups and a tree. */
export { type JavaRegex, parseJavaRegex } from "./regex/parse.js";
/** The first error of a regex, with the index and description Java's exception gives. */
export type { JavaRegexError } from "./regex/state.js";
/** The tree of a parsed regex. */
export type { GroupType, QuantifierMode, RegexNode } from "./regex/tree.js";
/** Replacement strings of `Matcher.appendReplacement` (`$1`, `${name}`, `\$`). */
export {
  checkJavaReplacement,
  type ReplacementParts,
  type ReplacementProblem,
  readJavaReplacement,
} from "./replacement.js";
/** Time-zone ids of `ZoneId.of`: offsets and region ids. */
export { checkJavaZoneId, type ZoneIdProblem, zoneIds } from "./zone-id.js";
/** The region ids `ZoneId.of` knows. */
