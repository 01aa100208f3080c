import { BLOCK_NAMES, SCRIPT_NAMES } from "./unicode-data.js";

/**
 * What a character node of a Java regex matches, exactly as java.util.regex.Pattern builds it (its CharPredicate
 * objects), as data: the parser builds these, the engine compiles them into tests over Java 17's Unicode tables.
 * `bmp` is Pattern's BmpCharPredicate: such a predicate is tested on one UTF-16 unit, any other on a code point
 * (a surrogate pair read as one character), which decides how much of the text a character node consumes.
 */

/** How a literal compares under the flags: exactly, `(?i)` (ASCII letters only), `(?iu)` (Character's cases). */
export type Fold = "none" | "ascii" | "unicode";

/** A property of Character, as a bit of the flags recorded per code point (see unicode-data.ts). */
export const CharFlag = {
  Alphabetic: 1 << 0,
  Ideographic: 1 << 1,
  LowerCase: 1 << 2,
  UpperCase: 1 << 3,
  JavaIdentifierStart: 1 << 4,
  JavaIdentifierPart: 1 << 5,
  UnicodeIdentifierStart: 1 << 6,
  UnicodeIdentifierPart: 1 << 7,
  IdentifierIgnorable: 1 << 8,
  Whitespace: 1 << 9,
  Mirrored: 1 << 10,
} as const;
export type CharFlag = (typeof CharFlag)[keyof typeof CharFlag];

/** Predicates Pattern writes as code over general categories and code points rather than as one table look-up. */
export type NamedPredicate =
  | "white-space"
  | "punctuation"
  | "hex-digit"
  | "blank"
  | "graph"
  | "print"
  | "word"
  | "join-control"
  | "noncharacter"
  | "horizontal"
  | "vertical"
  | "dot"
  | "unix-dot"
  | "all"
  | "iso-control";

export type CharPredicate = { readonly bmp: boolean } /** Single, SingleS: one code point. */ & (
  | { readonly op: "is"; readonly cp: number }
  /** SingleI: an ASCII letter in either case. */
  | { readonly op: "either"; readonly lower: number; readonly upper: number }
  /** SingleU, and a character of a Slice under `(?iu)` or `(?i)`: equal, or equal once folded. */
  | { readonly op: "folded"; readonly cp: number; readonly fold: Fold }
  /** BitClass: characters below 256. */
  | { readonly op: "bits"; readonly chars: readonly number[] }
  /** Range, CIRange, CIRangeU. */
  | { readonly op: "range"; readonly lo: number; readonly hi: number; readonly fold: Fold }
  /** Character.getType in a mask of categories (1 << type). */
  | { readonly op: "category"; readonly mask: number }
  /** One of Character's boolean properties. */
  | { readonly op: "flag"; readonly flag: CharFlag }
  | { readonly op: "script"; readonly script: number }
  | { readonly op: "block"; readonly block: number }
  /** ASCII's ctype classes, by their characters. */
  | { readonly op: "ascii"; readonly chars: string }
  | { readonly op: "named"; readonly name: NamedPredicate }
  | { readonly op: "union"; readonly items: readonly CharPredicate[] }
  | { readonly op: "and"; readonly left: CharPredicate; readonly right: CharPredicate }
  | { readonly op: "not"; readonly item: CharPredicate }
);

/** Pattern.isSupplementary: above the BMP, or a surrogate. */
export const isSupplementary = (cp: number) => cp >= 0x10000 || (cp >= 0xd800 && cp <= 0xdfff);

const named = (name: NamedPredicate, bmp = false): CharPredicate => ({ op: "named", name, bmp });
const ascii = (chars: string): CharPredicate => ({ op: "ascii", chars, bmp: true });

export const is = (cp: number): CharPredicate => ({ op: "is", cp, bmp: !isSupplementary(cp) });
export const ALL = named("all");
export const DOT = named("dot");
export const UNIX_DOT = named("unix-dot");
export const HORIZONTAL = named("horizontal", true);
export const VERTICAL = named("vertical", true);
export const union = (...items: CharPredicate[]): CharPredicate =>
  items.length === 1 ? (items[0] as CharPredicate) : { op: "union", items, bmp: items.every((p) => p.bmp) };
export const and = (left: CharPredicate, right: CharPredicate): CharPredicate => ({
  op: "and",
  left,
  right,
  bmp: left.bmp && right.bmp,
});
export const not = (item: CharPredicate): CharPredicate => ({ op: "not", item, bmp: false });

/** Pattern.Range, CIRange and CIRangeU. */
export function range(lo: number, hi: number, fold: Fold): CharPredicate {
  const bmp = fold === "none" && (hi < 0xd800 || (lo > 0xdfff && hi < 0x10000));
  return { op: "range", lo, hi, fold, bmp };
}

// ASCII's classes (java.util.regex.ASCII), by their characters.
const DIGITS = "0123456789";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const SPACE = " \t\n\u000b\f\r";
const CNTRL = `${String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i))}\u007f`;
export const ASCII_DIGIT = ascii(DIGITS);
export const ASCII_WORD = ascii(`${DIGITS}${UPPER}${LOWER}_`);
export const ASCII_SPACE = ascii(SPACE);

const category = (...types: number[]): CharPredicate => ({
  op: "category",
  mask: types.reduce((mask, type) => mask | (1 << type), 0),
  bmp: false,
});
const flag = (flag: CharFlag): CharPredicate => ({ op: "flag", flag, bmp: false });

// Character.getType's values.
const Cn = 0;
const Lu = 1;
const Ll = 2;
const Lt = 3;
const Lm = 4;
const Lo = 5;
const Mn = 6;
const Me = 7;
const Mc = 8;
const Nd = 9;
const Nl = 10;
const No = 11;
const Zs = 12;
const Zl = 13;
const Zp = 14;
const Cc = 15;
const Cf = 16;
const Co = 18;
const Cs = 19;
const Pd = 20;
const Ps = 21;
const Pe = 22;
const Pc = 23;
const Po = 24;
const Sm = 25;
const Sc = 26;
const Sk = 27;
const So = 28;
const Pi = 29;
const Pf = 30;

/** Character.isDigit, isLetter, isLetterOrDigit: general categories. */
export const DIGIT = category(Nd);
const LETTER = category(Lu, Ll, Lt, Lm, Lo);
export const LETTER_OR_DIGIT = category(Lu, Ll, Lt, Lm, Lo, Nd);
const cased = (first: number) => {
  const title = category(Lt);
  const lower = flag(CharFlag.LowerCase);
  const upper = flag(CharFlag.UpperCase);
  if (first === CharFlag.LowerCase) return union(lower, upper, title);
  if (first === CharFlag.UpperCase) return union(upper, lower, title);
  return union(title, lower, upper);
};

/** CharPredicates.WHITE_SPACE, and the predicates `\w`, `\d`, `\s` and `\b` use under `(?U)`. */
export const WHITE_SPACE = named("white-space");
export const WORD = named("word");

/** CharPredicates.getPosixPredicate: POSIX names, upper case, for `\p{IsName}` and, under `(?U)`, `\p{Name}`. */
function posix(name: string, caseIns: boolean): CharPredicate | undefined {
  switch (name) {
    case "ALPHA":
      return flag(CharFlag.Alphabetic);
    case "LOWER":
      return caseIns ? cased(CharFlag.LowerCase) : flag(CharFlag.LowerCase);
    case "UPPER":
      return caseIns ? cased(CharFlag.UpperCase) : flag(CharFlag.UpperCase);
    case "SPACE":
      return WHITE_SPACE;
    case "PUNCT":
      return named("punctuation");
    case "XDIGIT":
      return named("hex-digit");
    case "ALNUM":
      return union(flag(CharFlag.Alphabetic), DIGIT);
    case "CNTRL":
      return category(Cc);
    case "DIGIT":
      return DIGIT;
    case "BLANK":
      return named("blank");
    case "GRAPH":
      return named("graph");
    case "PRINT":
      return named("print");
    default:
      return undefined;
  }
}

/** CharPredicates.getUnicodePredicate: binary properties, upper case. */
function binary(name: string, caseIns: boolean): CharPredicate | undefined {
  switch (name) {
    case "ALPHABETIC":
      return flag(CharFlag.Alphabetic);
    case "ASSIGNED":
      return not(category(Cn));
    case "CONTROL":
      return category(Cc);
    case "HEXDIGIT":
    case "HEX_DIGIT":
      return named("hex-digit");
    case "IDEOGRAPHIC":
      return flag(CharFlag.Ideographic);
    case "JOINCONTROL":
    case "JOIN_CONTROL":
      return named("join-control");
    case "LETTER":
      return LETTER;
    case "LOWERCASE":
      return caseIns ? cased(CharFlag.LowerCase) : flag(CharFlag.LowerCase);
    case "NONCHARACTERCODEPOINT":
    case "NONCHARACTER_CODE_POINT":
      return named("noncharacter");
    case "TITLECASE":
      return caseIns ? cased(0) : category(Lt);
    case "PUNCTUATION":
      return named("punctuation");
    case "UPPERCASE":
      return caseIns ? cased(CharFlag.UpperCase) : flag(CharFlag.UpperCase);
    case "WHITESPACE":
    case "WHITE_SPACE":
      return WHITE_SPACE;
    case "WORD":
      return WORD;
    default:
      return undefined;
  }
}

/** General categories by their short names (CharPredicates.forProperty), `caseIns` widening the cased ones. */
const CATEGORIES: Readonly<Record<string, readonly number[]>> = {
  Cn: [Cn],
  Lm: [Lm],
  Lo: [Lo],
  Mn: [Mn],
  Me: [Me],
  Mc: [Mc],
  Nd: [Nd],
  Nl: [Nl],
  No: [No],
  Zs: [Zs],
  Zl: [Zl],
  Zp: [Zp],
  Cc: [Cc],
  Cf: [Cf],
  Co: [Co],
  Cs: [Cs],
  Pd: [Pd],
  Ps: [Ps],
  Pe: [Pe],
  Pc: [Pc],
  Po: [Po],
  Sm: [Sm],
  Sc: [Sc],
  Sk: [Sk],
  So: [So],
  Pi: [Pi],
  Pf: [Pf],
  L: [Lu, Ll, Lt, Lm, Lo],
  M: [Mn, Me, Mc],
  N: [Nd, Nl, No],
  Z: [Zs, Zl, Zp],
  C: [Cc, Cf, Co, Cs, Cn],
  P: [Pd, Ps, Pe, Pc, Po, Pi, Pf],
  S: [Sm, Sc, Sk, So],
  LC: [Lu, Ll, Lt],
  LD: [Lu, Ll, Lt, Lm, Lo, Nd],
};

/** The java.lang.Character methods of `\p{javaName}`. */
const JAVA: Readonly<Record<string, () => CharPredicate>> = {
  javaAlphabetic: () => flag(CharFlag.Alphabetic),
  javaIdeographic: () => flag(CharFlag.Ideographic),
  javaDigit: () => DIGIT,
  javaDefined: () => not(category(Cn)),
  javaLetter: () => LETTER,
  javaLetterOrDigit: () => LETTER_OR_DIGIT,
  javaJavaIdentifierStart: () => flag(CharFlag.JavaIdentifierStart),
  javaJavaIdentifierPart: () => flag(CharFlag.JavaIdentifierPart),
  javaUnicodeIdentifierStart: () => flag(CharFlag.UnicodeIdentifierStart),
  javaUnicodeIdentifierPart: () => flag(CharFlag.UnicodeIdentifierPart),
  javaIdentifierIgnorable: () => flag(CharFlag.IdentifierIgnorable),
  javaSpaceChar: () => category(Zs, Zl, Zp),
  javaWhitespace: () => flag(CharFlag.Whitespace),
  javaISOControl: () => named("iso-control"),
  javaMirrored: () => flag(CharFlag.Mirrored),
};

/** CharPredicates.forProperty: categories, POSIX classes (ASCII), `java*` methods, case-sensitive names. */
function property(name: string, caseIns: boolean): CharPredicate | undefined {
  const cased3 = [Lu, Ll, Lt];
  if (name === "Lu" || name === "Ll" || name === "Lt") {
    return category(...(caseIns ? cased3 : [{ Lu, Ll, Lt }[name]]));
  }
  if (Object.hasOwn(CATEGORIES, name)) return category(...(CATEGORIES[name] as number[]));
  if (Object.hasOwn(JAVA, name)) return (JAVA[name] as () => CharPredicate)();
  switch (name) {
    case "L1":
      return range(0, 0xff, "none");
    case "all":
      return ALL;
    case "ASCII":
      return range(0, 0x7f, "none");
    case "Alnum":
      return ascii(DIGITS + UPPER + LOWER);
    case "Alpha":
      return ascii(UPPER + LOWER);
    case "Blank":
      return ascii(" \t");
    case "Cntrl":
      return ascii(CNTRL);
    case "Digit":
      return range(0x30, 0x39, "none");
    case "Graph":
      return ascii(PUNCT + UPPER + LOWER + DIGITS);
    case "Lower":
      return caseIns ? ascii(UPPER + LOWER) : range(0x61, 0x7a, "none");
    case "Print":
      return range(0x20, 0x7e, "none");
    case "Punct":
      return ascii(PUNCT);
    case "Space":
      return ascii(SPACE);
    case "Upper":
      return caseIns ? ascii(UPPER + LOWER) : range(0x41, 0x5a, "none");
    case "XDigit":
      return ascii(`${DIGITS}ABCDEFabcdef`);
    case "javaLowerCase":
      return caseIns ? cased(CharFlag.LowerCase) : flag(CharFlag.LowerCase);
    case "javaUpperCase":
      return caseIns ? cased(CharFlag.UpperCase) : flag(CharFlag.UpperCase);
    case "javaTitleCase":
      return caseIns ? cased(0) : category(Lt);
    default:
      return undefined;
  }
}

/** Names to indexes, from the recorded "a|b,c|d" lists (index of the comma-separated entry). */
function nameIndex(list: string): ReadonlyMap<string, number> {
  const map = new Map<string, number>();
  list.split(",").forEach((names, index) => {
    for (const name of names.split("|")) map.set(name, index);
  });
  return map;
}

let scripts: ReadonlyMap<string, number> | undefined;
let blocks: ReadonlyMap<string, number> | undefined;

/** Character.UnicodeScript.forName: the script's index, or undefined. */
export function scriptIndex(name: string): number | undefined {
  scripts ??= nameIndex(SCRIPT_NAMES);
  return scripts.get(name.toUpperCase());
}

/** Character.UnicodeBlock.forName: the block's index (from 1, as in BLOCK_RUNS), or undefined. */
export function blockIndex(name: string): number | undefined {
  blocks ??= nameIndex(BLOCK_NAMES);
  const index = blocks.get(name.toUpperCase());
  return index === undefined ? undefined : index + 1;
}

const script = (name: string): CharPredicate | undefined => {
  const index = scriptIndex(name);
  return index === undefined ? undefined : { op: "script", script: index, bmp: false };
};
const block = (name: string): CharPredicate | undefined => {
  const index = blockIndex(name);
  return index === undefined ? undefined : { op: "block", block: index, bmp: false };
};

/**
 * The predicate of `\p{name}` as Pattern.family resolves the name, under `(?i)` (`caseIns`) and `(?U)`
 * (`unicodeClasses`); undefined for a name Java does not know.
 */
export function familyPredicate(name: string, caseIns: boolean, unicodeClasses: boolean): CharPredicate | undefined {
  const eq = name.indexOf("=");
  if (eq !== -1) {
    const value = name.slice(eq + 1);
    switch (name.slice(0, eq).toLowerCase()) {
      case "sc":
      case "script":
        return script(value);
      case "blk":
      case "block":
        return block(value);
      case "gc":
      case "general_category":
        return property(value, caseIns);
      default:
        return undefined;
    }
  }
  if (name.startsWith("In")) return block(name.slice(2));
  if (name.startsWith("Is")) {
    const short = name.slice(2);
    const upper = short.toUpperCase();
    return binary(upper, caseIns) ?? posix(upper, caseIns) ?? property(short, caseIns) ?? script(short);
  }
  return (unicodeClasses ? posix(name.toUpperCase(), caseIns) : undefined) ?? property(name, caseIns);
}
