import { JAVA_BLOCKS, JAVA_SCRIPTS } from "./java-unicode-names.js";

/** The names Java 17 accepts in `\p{...}` and `\P{...}`, and the nearest spelling for names it does not. */

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
export function isJavaCharacterProperty(name: string, unicodeClasses: boolean): boolean {
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
export function propertySuggestion(name: string, unicodeClasses: boolean): string | undefined {
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

/** Long Unicode category names (which JavaScript accepts in `\p{...}`) and Java's short ones. */
/** A table entry for a key the user wrote: never one of Object.prototype's own names (`constructor`...). */
const ownValue = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

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
