import { quote } from "../quote.js";
import { charProperty } from "./atoms.js";
import * as cs from "./char-set.js";
import { c, next, read, unread } from "./lexer.js";
import * as p from "./predicates.js";
import { CASE_INSENSITIVE, type RegexState, UNICODE_CHARACTER_CLASS } from "./state.js";
import type { RegexNode } from "./tree.js";

/**
 * Character properties, `\p{...}` and `\P{...}`: how Pattern reads them, the names Java 17 accepts, and the
 * nearest spelling for names it does not.
 */

/** A spelling of an unknown property name that Java knows, when one is obvious. */
function propertySuggestion(name: string, unicodeClasses: boolean): string | undefined {
  const candidates = [`Is${name}`, `In${name}`, name.replace(/^Script=/i, "sc="), name.replace(/\s+/g, "")];
  if (/^(general_category|gc)=/i.test(name)) {
    const value = name.slice(name.indexOf("=") + 1);
    const short = ownValue(LONG_CATEGORIES, value.toLowerCase().replace(/[\s_]/g, ""));
    if (short) candidates.unshift(`gc=${short}`);
  }
  const long = ownValue(LONG_CATEGORIES, name.toLowerCase().replace(/[\s_]/g, ""));
  if (long) candidates.unshift(long);
  return candidates.find(
    (candidate) => candidate !== name && p.familyPredicate(candidate, false, unicodeClasses) !== undefined,
  );
}

/** A table entry for a key the user wrote: never one of Object.prototype's own names (`constructor`...). */
const ownValue = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** Long Unicode category names (which JavaScript accepts in `\p{...}`) and Java's short ones. */
const LONG_CATEGORIES: Readonly<Record<string, string>> = {
  letter: "L",
  uppercaseletter: "Lu",
  lowercaseletter: "Ll",
  titlecaseletter: "Lt",
  casedletter: "LC",
  modifierletter: "Lm",
  otherletter: "Lo",
  mark: "M",
  number: "N",
  decimalnumber: "Nd",
  letternumber: "Nl",
  othernumber: "No",
  punctuation: "P",
  symbol: "S",
  separator: "Z",
  spaceseparator: "Zs",
  other: "C",
  control: "Cc",
  format: "Cf",
  unassigned: "Cn",
  privateuse: "Co",
  surrogate: "Cs",
  mathsymbol: "Sm",
  currencysymbol: "Sc",
};

/** `\p` or `\P` with the cursor on the letter: the character property, as a character node. */
export function property(s: RegexState, from: number, complement: boolean): RegexNode {
  const { set, test } = propertySet(s, from, complement);
  return charProperty(s, test, set, s.span(from, s.cursor), true);
}

/**
 * `\p` or `\P` with the cursor on the letter: the property as Pattern.family resolves it, and its approximate set
 * (see char-set.ts).
 */
export function propertySet(
  s: RegexState,
  from: number,
  complement: boolean,
): { set: cs.CharSet; test: p.CharPredicate } {
  let oneLetter = true;
  if (next(s) !== c("{")) unread(s);
  else oneLetter = false;
  next(s);
  let name: string;
  if (oneLetter) {
    name = String.fromCodePoint(s.t(s.cursor));
    read(s);
  } else {
    const i = s.cursor;
    const end = s.patternLength;
    s.temp[end] = c("}");
    while (read(s) !== c("}")) {
      // Pattern marks the end of the pattern with "}" so that this loop stops.
    }
    s.temp[end] = 0;
    const j = s.cursor;
    if (j > s.patternLength) {
      throw s.error(
        "Unclosed character family",
        `Expected "}" to close ${quote(s.text(from, i))} but found the end of the pattern.`,
        s.span(from, i),
      );
    }
    if (i + 1 >= j) {
      throw s.error(
        "Empty character family",
        'The character property "{}" is empty; expected a name such as "L", "IsLatin" or "InGreek".',
        s.span(from, j),
      );
    }
    name = s.temp
      .slice(i, j - 1)
      .map((cp) => String.fromCodePoint(cp))
      .join("");
  }
  const unicodeClasses = s.has(UNICODE_CHARACTER_CLASS);
  const test = p.familyPredicate(name, s.has(CASE_INSENSITIVE), unicodeClasses);
  if (test === undefined) {
    const eq = name.indexOf("=");
    const javaDescription =
      eq === -1
        ? `Unknown character property name {${name}}`
        : `Unknown Unicode property {name=<${name.slice(0, eq).toLowerCase()}>, value=<${name.slice(eq + 1)}>}`;
    const suggestion = propertySuggestion(name, unicodeClasses);
    throw s.error(
      javaDescription,
      suggestion
        ? `Java does not know the character property ${quote(name)}; did you mean ${quote(suggestion)}?`
        : `Java does not know the character property ${quote(name)}; expected a category such as "Lu", a script such as "IsLatin", a block such as "InGreek" or a property such as "IsAlphabetic".`,
      s.span(from, s.cursor),
    );
  }
  const set = cs.property(name, unicodeClasses);
  if (!complement) return { set, test };
  // Pattern.family: a complement makes the search step over surrogate pairs, whatever it complements.
  s.supplementary = true;
  return { set: cs.negate(set), test: p.not(test) };
}
