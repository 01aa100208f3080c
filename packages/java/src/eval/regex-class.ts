import type { Span } from "@mailroom/syntax";
import { quote } from "../quote.js";
import * as cs from "../regex/char-set.js";
import { classBody, exactNegate, exactUnion, javaProperty, type Property, setAtom } from "./regex-sets.js";

/**
 * Java character classes (`[...]`) and properties (`\p{...}`) as JavaScript source for the `u` flag, read from the
 * pattern as written (the parser has accepted it). Unions of characters, ranges, ASCII escape classes and
 * properties JavaScript writes the same way translate; nested classes, `&&`, `\Q...\E` and properties under `(?i)`
 * are refused.
 */

/** Thrown for a construct whose JavaScript meaning could differ from Java's. */
export class Refusal extends Error {
  constructor(
    readonly problem: string,
    readonly span: Span,
  ) {
    super(problem);
  }
}

const ESCAPE_CLASSES = new Set("dDwWsShHvV");
const CONTROL: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, r: 0x0d, f: 0x0c, a: 0x07, e: 0x1b };

/**
 * JavaScript source, and whether Java's compiler marks the pattern as one that may match supplementary characters
 * (its `hasSupplementary`, which makes its scan step over surrogate pairs): it does for complemented properties and
 * classes, Unicode properties, case-insensitive ranges, and escapes of surrogates or supplementary characters.
 */
export interface Source {
  readonly source: string;
  readonly supplementary: boolean;
}

const ASCII_PROPERTY = /^\\p\{(ASCII|Alpha|Digit|Alnum|Upper|Lower|Punct|Graph|Print|Blank|Cntrl|XDigit|Space|L1)\}$/;
const isSupplementary = (cp: number) => cp > 0xffff || (cp >= 0xd800 && cp <= 0xdfff);

/** `\p{name}`, `\pX` or their `\P` complements at `offset`: the JavaScript source, or a refusal. */
export function propertySource(text: string, offset: number, caseInsensitive: boolean): Source {
  const property = readProperty(text, 0, offset, caseInsensitive).property;
  return {
    source: "escape" in property ? property.escape : setAtom(property.set),
    supplementary: !ASCII_PROPERTY.test(text),
  };
}

function readProperty(
  text: string,
  at: number,
  offset: number,
  caseInsensitive: boolean,
): { property: Property; end: number } {
  const braced = text[at + 2] === "{";
  const end = braced ? text.indexOf("}", at) + 1 : at + 3;
  const written = text.slice(at, end);
  const span = { offset: offset + at, length: end - at };
  const name = braced ? text.slice(at + 3, end - 1) : (text[at + 2] ?? "");
  const property = javaProperty(name, text[at + 1] === "P", caseInsensitive);
  if (!property) {
    throw new Refusal(
      `The property ${quote(written)}${caseInsensitive ? ' under "(?i)"' : ""} (JavaScript has no property with its meaning: blocks, java.lang.Character properties and most binary properties differ).`,
      span,
    );
  }
  return { property, end };
}

type ClassItem = { cp: number; end: number } | { set: cs.CharSet; end: number } | { property: Property; end: number };

/** The class written `text` at `offset` in the pattern, under `(?i)` or not. */
export function classSource(text: string, offset: number, caseInsensitive: boolean): Source {
  const refuse = (what: string, at: number, length: number) => {
    throw new Refusal(`${what} (JavaScript's classes differ).`, { offset: offset + at, length });
  };
  const fold = (set: cs.CharSet) => (caseInsensitive ? cs.caseInsensitive(set) : set);
  const negated = text[1] === "^";
  let supplementary = negated;
  let at = negated ? 2 : 1;
  const sets: cs.CharSet[] = [];
  const escapes: string[] = [];
  const item = (from: number, isRangeEnd: boolean): ClassItem => {
    const ch = text[from];
    if (ch !== "\\") {
      const cp = text.codePointAt(from) as number;
      return { cp, end: from + (cp > 0xffff ? 2 : 1) };
    }
    const letter = text[from + 1] ?? "";
    if (letter === "p" || letter === "P") {
      const end = text[from + 2] === "{" ? text.indexOf("}", from) + 1 : from + 3;
      if (!ASCII_PROPERTY.test(text.slice(from, end))) supplementary = true;
      return readProperty(text, from, offset, caseInsensitive);
    }
    if (letter === "v" && (isRangeEnd || text[from + 2] === "-")) return { cp: 0x0b, end: from + 2 };
    if (ESCAPE_CLASSES.has(letter)) {
      if (letter !== "v" && letter !== "h" && letter === letter.toUpperCase()) supplementary = true;
      return { set: cs.escapeClass(letter, false), end: from + 2 };
    }
    const control = CONTROL[letter];
    if (control !== undefined) return { cp: control, end: from + 2 };
    const coded =
      /^\\(?:x\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?|0([0-3][0-7]{2}|[0-7]{1,2})|c([\s\S]))/.exec(
        text.slice(from),
      );
    if (coded) {
      const [all, braced, hex, unit, low, octal, control] = coded;
      let cp: number;
      if (braced !== undefined || hex !== undefined) cp = Number.parseInt(braced ?? hex ?? "", 16);
      else if (unit !== undefined) {
        const high = Number.parseInt(unit, 16);
        cp =
          low !== undefined && high >= 0xd800 && high <= 0xdbff
            ? (high - 0xd800) * 0x400 + (Number.parseInt(low, 16) - 0xdc00) + 0x10000
            : high;
        if (low !== undefined && cp === high) return { cp, end: from + 6 };
      } else if (octal !== undefined) cp = Number.parseInt(octal, 8);
      else cp = (control?.codePointAt(0) ?? 0) ^ 64;
      return { cp, end: from + all.length };
    }
    if (/[A-Za-z]/.test(letter)) refuse(`The escape ${quote(`\\${letter}`)} in a class`, from, 2);
    const cp = text.codePointAt(from + 1) as number;
    return { cp, end: from + 1 + (cp > 0xffff ? 2 : 1) };
  };
  let first = true;
  while (at < text.length) {
    const ch = text[at];
    if (ch === "]" && !first) break;
    first = false;
    if (ch === "[") refuse("A nested class", at, 1);
    if (ch === "&" && text[at + 1] === "&") refuse('The class intersection "&&"', at, 2);
    if (ch === "\\" && (text[at + 1] === "Q" || text[at + 1] === "N")) {
      refuse(`${quote(`\\${text[at + 1]}`)} in a class`, at, 2);
    }
    const read = item(at, false);
    at = read.end;
    if ("cp" in read && isSupplementary(read.cp)) supplementary = true;
    if ("set" in read) sets.push(read.set);
    else if ("property" in read) {
      if ("escape" in read.property) escapes.push(read.property.escape);
      else sets.push(read.property.set);
    } else if (text[at] === "-" && text[at + 1] !== "]" && text[at + 1] !== "[") {
      const last = item(at + 1, true);
      if (!("cp" in last)) refuse("A range ending with a class", at + 1, last.end - at - 1);
      else {
        sets.push(fold(cs.range(read.cp, last.cp)));
        if (caseInsensitive || isSupplementary(last.cp)) supplementary = true;
        at = last.end;
      }
    } else sets.push(fold(cs.single(read.cp)));
  }
  const set = exactUnion(sets);
  if (escapes.length === 0) return { source: setAtom(negated ? exactNegate(set) : set), supplementary };
  return { source: `[${negated ? "^" : ""}${classBody(set)}${escapes.join("")}]`, supplementary };
}
