import { quote } from "../quote.js";
import * as cs from "./char-set.js";
import { c, next, read, unread } from "./lexer.js";
import { type RegexState, UNICODE_CHARACTER_CLASS } from "./state.js";
import type { RegexNode } from "./tree.js";
import { JAVA_BLOCKS, JAVA_SCRIPTS } from "./unicode-names.js";

/**
 * Character properties, `\p{...}` and `\P{...}`: how Pattern reads them, the names Java 17 accepts, and the
 * nearest spelling for names it does not.
 */

/** Java's general categories, POSIX and java.lang.Character classes for `\p{Name}` and `gc=` (case-sensitive). */
const PROPERTIES: ReadonlySet<string> = new Set(
  (
    "Cn Lu Ll Lt Lm Lo Mn Me Mc Nd Nl No Zs Zl Zp Cc Cf Co Cs Pd Ps Pe Pc Po Sm Sc Sk So Pi Pf L M N Z C P S LC LD " +
    "L1 all ASCII Alnum Alpha Blank Cntrl Digit Graph Lower Print Punct Space Upper XDigit javaLowerCase " +
    "javaUpperCase javaAlphabetic javaIdeographic javaTitleCase javaDigit javaDefined javaLetter javaLetterOrDigit " +
    "javaJavaIdentifierStart javaJavaIdentifierPart javaUnicodeIdentifierStart javaUnicodeIdentifierPart " +
    "javaIdentifierIgnorable javaSpaceChar javaWhitespace javaISOControl javaMirrored"
  ).split(" "),
);
/** POSIX names, upper case, for `\p{IsName}` (any case) and, under the `U` flag, `\p{name}`. */
const POSIX: ReadonlySet<string> = new Set(
  "ALPHA LOWER UPPER SPACE PUNCT XDIGIT ALNUM CNTRL DIGIT BLANK GRAPH PRINT".split(" "),
);
/** Binary properties, upper case, for `\p{IsName}`. */
const BINARY: ReadonlySet<string> = new Set(
  (
    "ALPHABETIC ASSIGNED CONTROL HEXDIGIT HEX_DIGIT IDEOGRAPHIC JOINCONTROL JOIN_CONTROL LETTER LOWERCASE " +
    "NONCHARACTERCODEPOINT NONCHARACTER_CODE_POINT TITLECASE PUNCTUATION UPPERCASE WHITESPACE WHITE_SPACE WORD"
  ).split(" "),
);

const isScript = (name: string) => JAVA_SCRIPTS.has(name.toUpperCase());
const isBlock = (name: string) => JAVA_BLOCKS.has(name.toUpperCase());
const isBinaryOrPosix = (name: string) => BINARY.has(name.toUpperCase()) || POSIX.has(name.toUpperCase());

/** Whether Java knows the name of `\p{name}`, given whether the `U` flag is on. */
function isJavaCharacterProperty(name: string, unicodeClasses: boolean): boolean {
  const eq = name.indexOf("=");
  if (eq !== -1) {
    const key = name.slice(0, eq).toLowerCase();
    const value = name.slice(eq + 1);
    if (key === "sc" || key === "script") return isScript(value);
    if (key === "blk" || key === "block") return isBlock(value);
    if (key === "gc" || key === "general_category") return PROPERTIES.has(value);
    return false;
  }
  if (name.startsWith("In")) return isBlock(name.slice(2));
  if (name.startsWith("Is")) {
    const short = name.slice(2);
    return isBinaryOrPosix(short) || PROPERTIES.has(short) || isScript(short);
  }
  return (unicodeClasses && POSIX.has(name.toUpperCase())) || PROPERTIES.has(name);
}

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
  return candidates.find((candidate) => candidate !== name && isJavaCharacterProperty(candidate, unicodeClasses));
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
  const set = propertySet(s, from, complement);
  return { kind: "char", set, span: s.span(from, s.cursor) };
}

/** `\p` or `\P` with the cursor on the letter: the set of the property (approximate, see char-set.ts). */
export function propertySet(s: RegexState, from: number, complement: boolean): cs.CharSet {
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
  if (!isJavaCharacterProperty(name, unicodeClasses)) {
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
  return complement ? cs.negate(set) : set;
}
