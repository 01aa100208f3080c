/**
 * What the Java runtime behind the API accepts (OpenJDK 17): each reader below is a port of the JDK's own, checked
 * against verdicts recorded from a JDK (test/corpus/), and says what is wrong in a sentence with a span inside the
 * text read. Nothing here runs Java or knows the API's services; the checker's rules and the language service
 * read fields and call these.
 */

/** `DateTimeFormatter.ofPattern` patterns. */
export { checkJavaDatePattern, type DatePatternProblem } from "./date-pattern.js";
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
export { checkJavaReplacement, type ReplacementProblem } from "./replacement.js";
/** Time-zone ids of `ZoneId.of`: offsets and region ids. */
export { checkJavaZoneId, type ZoneIdProblem } from "./zone-id.js";
/** The region ids `ZoneId.of` knows. */
export { ZONE_IDS } from "./zone-ids.js";
