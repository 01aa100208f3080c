import * as cs from "../regex/char-set.js";
import { JAVA_SCRIPTS } from "../regex/unicode-names.js";

/**
 * Sets of code points written as JavaScript regex source for the `u` flag, and Java's character properties that
 * JavaScript writes the same way. Java's general categories become `\p{..}` (both follow Unicode, Java 17 version
 * 13, Node.js a later one: a character assigned since then is in a category for JavaScript and unassigned for Java);
 * Java's POSIX classes are ASCII-only sets, written out.
 */

/** A property as JavaScript writes it: a set, or a `\p{..}`/`\P{..}` escape. */
export type Property = { readonly set: cs.CharSet } | { readonly escape: string };

const CATEGORIES: ReadonlySet<string> = new Set(
  "L Lu Ll Lt Lm Lo LC M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Co Cs Cn".split(
    " ",
  ),
);

const ASCII_SETS: Readonly<Record<string, cs.CharSet>> = {
  ASCII: cs.range(0, 0x7f),
  Alpha: cs.union(cs.range(0x41, 0x5a), cs.range(0x61, 0x7a)),
  Digit: cs.range(0x30, 0x39),
  Alnum: cs.union(cs.range(0x30, 0x39), cs.range(0x41, 0x5a), cs.range(0x61, 0x7a)),
  Upper: cs.range(0x41, 0x5a),
  Lower: cs.range(0x61, 0x7a),
  Punct: cs.union(cs.range(0x21, 0x2f), cs.range(0x3a, 0x40), cs.range(0x5b, 0x60), cs.range(0x7b, 0x7e)),
  Graph: cs.range(0x21, 0x7e),
  Print: cs.range(0x20, 0x7e),
  Blank: cs.union(cs.single(0x09), cs.single(0x20)),
  Cntrl: cs.union(cs.range(0, 0x1f), cs.single(0x7f)),
  XDigit: cs.union(cs.range(0x30, 0x39), cs.range(0x41, 0x46), cs.range(0x61, 0x66)),
  Space: cs.union(cs.range(0x09, 0x0d), cs.single(0x20)),
  L1: cs.range(0, 0xff),
  all: cs.ALL,
};

/** Java's binary properties (`\p{IsAlphabetic}`...) that JavaScript names the same, upper case. */
const BINARY: Readonly<Record<string, string>> = {
  ALPHABETIC: "\\p{Alphabetic}",
  LETTER: "\\p{L}",
  IDEOGRAPHIC: "\\p{Ideographic}",
  LOWERCASE: "\\p{Lowercase}",
  UPPERCASE: "\\p{Uppercase}",
  TITLECASE: "\\p{Lt}",
  WHITE_SPACE: "\\p{White_Space}",
  WHITESPACE: "\\p{White_Space}",
  CONTROL: "\\p{Cc}",
  PUNCTUATION: "\\p{P}",
  JOIN_CONTROL: "\\p{Join_Control}",
  JOINCONTROL: "\\p{Join_Control}",
};
/** What `(?i)` makes of the cased categories and POSIX classes (CharPredicates.forProperty with caseIns). */
const CASED_CATEGORIES = new Set(["Lu", "Ll", "Lt"]);

const propertyEscape = (complement: boolean, name: string) => ({ escape: `\\${complement ? "P" : "p"}{${name}}` });

/** A Java script name (`LATIN`, `Latn`, `old_italic`) as JavaScript writes it, if JavaScript knows it. */
function script(name: string): string | undefined {
  if (!JAVA_SCRIPTS.has(name.toUpperCase())) return undefined;
  const written = name.toLowerCase().replace(/(^|_)([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
  for (const candidate of [written, written === "Signwriting" ? "SignWriting" : written]) {
    try {
      new RegExp(`\\p{Script=${candidate}}`, "u");
      return candidate;
    } catch {
      // Not a script JavaScript knows by this name.
    }
  }
  return undefined;
}

/**
 * The property named in `\p{name}` (or `\pX`), complemented for `\P`, under `(?i)` or not, when JavaScript can
 * say the same; undefined for the rest (blocks, java.lang.Character properties, some binary properties).
 */
export function javaProperty(name: string, complement: boolean, caseInsensitive: boolean): Property | undefined {
  const eq = name.indexOf("=");
  const key = eq === -1 ? "" : name.slice(0, eq).toLowerCase();
  const value = eq === -1 ? name : name.slice(eq + 1);
  if (key === "sc" || key === "script") {
    const found = script(value);
    return found === undefined ? undefined : propertyEscape(complement, `Script=${found}`);
  }
  if (key !== "" && key !== "gc" && key !== "general_category") return undefined;
  const isForm = key === "" && name.startsWith("Is");
  const bare = isForm ? name.slice(2) : value;
  if (isForm && Object.hasOwn(BINARY, bare.toUpperCase())) {
    if (caseInsensitive && /CASE$/i.test(bare)) return undefined;
    return { escape: (BINARY[bare.toUpperCase()] as string).replace("\\p", complement ? "\\P" : "\\p") };
  }
  if (CATEGORIES.has(bare) && (key !== "" || isForm || bare === name)) {
    if (caseInsensitive && CASED_CATEGORIES.has(bare)) return key === "" ? propertyEscape(complement, "LC") : undefined;
    return propertyEscape(complement, bare);
  }
  if (isForm) {
    const found = script(bare);
    return found === undefined ? undefined : propertyEscape(complement, `Script=${found}`);
  }
  const ascii = key === "" && Object.hasOwn(ASCII_SETS, name) ? ASCII_SETS[name] : undefined;
  if (ascii === undefined) return undefined;
  const set = caseInsensitive && (name === "Lower" || name === "Upper") ? (ASCII_SETS.Alpha as cs.CharSet) : ascii;
  return { set: complement ? exactNegate(set) : set };
}

/** The union of sets, exact however many ranges it has (char-set.ts widens large sets for its heuristics). */
export function exactUnion(sets: readonly cs.CharSet[]): cs.CharSet {
  const sorted = sets.flat().sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** The complement of a set, exact. */
export function exactNegate(set: cs.CharSet): cs.CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= cs.MAX_CODE_POINT) out.push([next, cs.MAX_CODE_POINT]);
  return out;
}

const SYNTAX = new Set("^$\\.*+?()[]{}|/-");

/** One code point as regex source, inside or outside a class. */
export function codePoint(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (cp >= 0x20 && cp < 0x7f) return SYNTAX.has(ch) ? (ch === "-" ? "\\x2D" : `\\${ch}`) : ch;
  if (cp >= 0x80 && cp < 0xd800 && /\p{L}/u.test(ch)) return ch;
  return cp <= 0xff ? `\\x${cp.toString(16).padStart(2, "0")}` : `\\u{${cp.toString(16)}}`;
}

/** The inside of a class (without brackets) for a set of code points. */
export function classBody(set: cs.CharSet): string {
  return set.map(([lo, hi]) => (lo === hi ? codePoint(lo) : `${codePoint(lo)}-${codePoint(hi)}`)).join("");
}

/** A set as one atom: a character, or a class (complemented when that is shorter). */
export function setAtom(set: cs.CharSet): string {
  const only = set[0];
  if (set.length === 1 && only && only[0] === only[1]) return codePoint(only[0]);
  if (set.length === 1 && only && only[0] === 0 && only[1] === cs.MAX_CODE_POINT) return "[\\s\\S]";
  const complement = exactNegate(set);
  return complement.length < set.length ? `[^${classBody(complement)}]` : `[${classBody(set)}]`;
}
