import { asciiLower, asciiUpper } from "./atoms.js";
import type { CharPredicate, NamedPredicate } from "./predicates.js";
import { blockOf, categoryOf, flagsOf, scriptOf, toLowerCase, toUpperCase } from "./unicode.js";

/**
 * The engine's test of a character node: a CharPredicate of the parse tree compiled into a function of a code
 * point, with the answers for Latin-1 worked out once (most characters of most texts), so that a greedy run over
 * a class costs a table read per character.
 */
export interface CharTest {
  /** 1 where a code point below 256 matches, 0 elsewhere. */
  readonly latin1: Uint8Array;
  readonly test: (cp: number) => boolean;
  /** Pattern's BmpCharPredicate: tested on one UTF-16 unit rather than a code point. */
  readonly bmp: boolean;
}

export function compileCharTest(predicate: CharPredicate): CharTest {
  const test = compile(predicate);
  const latin1 = new Uint8Array(256);
  for (let cp = 0; cp < 256; cp++) latin1[cp] = test(cp) ? 1 : 0;
  return { latin1, test, bmp: predicate.bmp };
}

/** The test as a JavaScript expression over the variable `v`, for the generated machine (codegen.ts). */
export interface TestSource {
  readonly source: string;
  /** Whether `source` reads the Latin-1 table and the function of the compiled test (named `table` and `fn`). */
  readonly compiled: boolean;
}

const MAX_CP = 0x10ffff;
/** Beyond this many comparisons an expression reads the Latin-1 table instead. */
const MAX_COMPARISONS = 4;

/**
 * The expression of a predicate over `v` (a code point, or one UTF-16 unit for a BMP predicate): comparisons
 * where it is a few ranges, a read of the Latin-1 table below 256 otherwise, and the compiled function only for
 * what depends on Unicode's tables (properties, Unicode case), above 255.
 */
export function testSource(predicate: CharPredicate, v: string, table: string, fn: string): TestSource {
  const ranges = exactRanges(predicate);
  if (ranges) {
    const inline = compare(ranges, v);
    if (inline) return { source: inline, compiled: false };
    const above = intersect(ranges, [[256, MAX_CP]]);
    const high = above.length === 0 ? "false" : compare(above, v);
    if (high) return { source: `(${v} < 256 ? ${table}[${v}] === 1 : ${high})`, compiled: true };
  }
  return { source: `(${v} < 256 ? ${table}[${v}] === 1 : ${fn}(${v}))`, compiled: true };
}

/** Sorted, disjoint inclusive ranges of code points. */
export type Ranges = readonly (readonly [number, number])[];

/**
 * A JavaScript character class (of a RegExp without the `u` flag, which reads UTF-16 units) matching every unit
 * the test accepts, and the units of `extra`: exactly where the predicate is a list of ranges, otherwise every
 * unit above Latin-1 as well (a candidate the caller tests again).
 */
export function unitClassSource(predicate: CharPredicate, extra: Ranges): string {
  let ranges = exactRanges(predicate);
  if (!ranges) {
    const { latin1 } = compileCharTest(predicate);
    const below: [number, number][] = [];
    for (let cp = 0; cp < 256; cp++) if (latin1[cp] === 1) below.push([cp, cp]);
    ranges = [...below, [256, 0xffff]];
  }
  const units = normalized([...intersect(normalized(ranges), [[0, 0xffff]]), ...extra]);
  const hex = (unit: number) => `\\u${unit.toString(16).padStart(4, "0")}`;
  return `[${units.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join("")}]`;
}

/** `v` in the ranges, or its complement, in at most MAX_COMPARISONS comparisons; undefined past that. */
function compare(ranges: Ranges, v: string): string | undefined {
  const test = (set: Ranges) =>
    set.length > MAX_COMPARISONS
      ? undefined
      : set.length === 0
        ? "false"
        : set
            .map(([lo, hi]) =>
              lo === hi
                ? `${v} === ${lo}`
                : lo === 0
                  ? `${v} <= ${hi}`
                  : hi === MAX_CP
                    ? `${v} >= ${lo}`
                    : `(${v} >= ${lo} && ${v} <= ${hi})`,
            )
            .join(" || ");
  const direct = test(ranges);
  if (direct !== undefined) return `(${direct})`;
  const inverse = test(complement(ranges));
  return inverse === undefined ? undefined : `!(${inverse})`;
}

/** The code points a predicate matches as sorted disjoint ranges, where they do not depend on Unicode's tables. */
function exactRanges(p: CharPredicate): Ranges | undefined {
  switch (p.op) {
    case "is":
      return [[p.cp, p.cp]];
    case "either":
      return normalized([
        [p.lower, p.lower],
        [p.upper, p.upper],
      ]);
    case "folded":
      if (p.fold === "unicode") return undefined;
      return normalized(
        p.cp >= 0x61 && p.cp <= 0x7a
          ? [
              [p.cp, p.cp],
              [p.cp - 0x20, p.cp - 0x20],
            ]
          : [[p.cp, p.cp]],
      );
    case "bits":
      return normalized(p.chars.map((c) => [c, c]));
    case "ascii":
      return normalized([...p.chars].map((ch) => [ch.charCodeAt(0), ch.charCodeAt(0)]));
    case "range": {
      if (p.fold === "unicode") return undefined;
      const ranges: [number, number][] = [[p.lo, p.hi]];
      if (p.fold === "ascii") {
        for (let cp = 0; cp < 0x80; cp++) {
          if (inRange(p.lo, asciiUpper(cp), p.hi) || inRange(p.lo, asciiLower(cp), p.hi)) ranges.push([cp, cp]);
        }
      }
      return normalized(ranges);
    }
    case "named":
      return NAMED_RANGES[p.name];
    case "union": {
      const items = p.items.map(exactRanges);
      return items.every((item) => item !== undefined) ? normalized(items.flat()) : undefined;
    }
    case "and": {
      const left = exactRanges(p.left);
      const right = exactRanges(p.right);
      return left && right ? intersect(left, right) : undefined;
    }
    case "not": {
      const item = exactRanges(p.item);
      return item && complement(item);
    }
    default:
      return undefined;
  }
}

/** The named predicates that are fixed lists of code points (the others read Unicode's tables). */
const NAMED_RANGES: Partial<Record<NamedPredicate, Ranges>> = {
  all: [[0, MAX_CP]],
  dot: complement([
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x85, 0x85],
    [0x2028, 0x2029],
  ]),
  "unix-dot": complement([[0x0a, 0x0a]]),
  vertical: [
    [0x0a, 0x0d],
    [0x85, 0x85],
    [0x2028, 0x2029],
  ],
  horizontal: normalized(
    [0x09, 0x20, 0xa0, 0x1680, 0x180e, 0x202f, 0x205f, 0x3000].map((c) => [c, c] as const).concat([[0x2000, 0x200a]]),
  ),
  "join-control": [[0x200c, 0x200d]],
  "iso-control": [
    [0, 0x1f],
    [0x7f, 0x9f],
  ],
};

function normalized(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}

function intersect(a: Ranges, b: Ranges): Ranges {
  const out: [number, number][] = [];
  for (const [alo, ahi] of a) {
    for (const [blo, bhi] of b) {
      const lo = Math.max(alo, blo);
      const hi = Math.min(ahi, bhi);
      if (lo <= hi) out.push([lo, hi]);
    }
  }
  return normalized(out);
}

const inRange = (lo: number, cp: number, hi: number) => lo <= cp && cp <= hi;
const mask = (...types: number[]) => types.reduce((m, t) => m | (1 << t), 0);
// Character.getType's values used below.
const SEPARATORS = mask(12, 13, 14);
const PUNCTUATION = mask(20, 21, 22, 23, 24, 29, 30);
const NOT_GRAPH = mask(12, 13, 14, 15, 19, 0);
const WORD_EXTRA = mask(6, 7, 8, 9, 23);
const ALPHABETIC = 1;

function compile(p: CharPredicate): (cp: number) => boolean {
  switch (p.op) {
    case "is": {
      const c = p.cp;
      return (cp) => cp === c;
    }
    case "either": {
      const { lower, upper } = p;
      return (cp) => cp === lower || cp === upper;
    }
    case "folded": {
      const c = p.cp;
      if (p.fold === "unicode") return (cp) => cp === c || toLowerCase(toUpperCase(cp)) === c;
      return (cp) => cp === c || asciiLower(cp) === c;
    }
    case "bits": {
      const bits = new Uint8Array(256);
      for (const c of p.chars) bits[c] = 1;
      return (cp) => cp < 256 && bits[cp] === 1;
    }
    case "range": {
      const { lo, hi } = p;
      if (p.fold === "none") return (cp) => lo <= cp && cp <= hi;
      if (p.fold === "ascii") {
        return (cp) =>
          inRange(lo, cp, hi) || (cp < 0x80 && (inRange(lo, asciiUpper(cp), hi) || inRange(lo, asciiLower(cp), hi)));
      }
      return (cp) => {
        if (inRange(lo, cp, hi)) return true;
        const up = toUpperCase(cp);
        return inRange(lo, up, hi) || inRange(lo, toLowerCase(up), hi);
      };
    }
    case "category": {
      const m = p.mask;
      return (cp) => ((m >> categoryOf(cp)) & 1) !== 0;
    }
    case "flag": {
      const f = p.flag;
      return (cp) => (flagsOf(cp) & f) !== 0;
    }
    case "script": {
      const s = p.script;
      return (cp) => scriptOf(cp) === s;
    }
    case "block": {
      const b = p.block;
      return (cp) => blockOf(cp) === b;
    }
    case "ascii": {
      const chars = new Uint8Array(128);
      for (const ch of p.chars) chars[ch.charCodeAt(0)] = 1;
      return (cp) => cp < 128 && chars[cp] === 1;
    }
    case "named":
      return namedTest(p.name);
    case "union": {
      const items = p.items.map(compile);
      return (cp) => items.some((item) => item(cp));
    }
    case "and": {
      const left = compile(p.left);
      const right = compile(p.right);
      return (cp) => left(cp) && right(cp);
    }
    case "not": {
      const item = compile(p.item);
      return (cp) => !item(cp);
    }
  }
}

/** The predicates Pattern and CharPredicates write as code. */
function namedTest(name: NamedPredicate): (cp: number) => boolean {
  switch (name) {
    case "white-space":
      return (cp) => ((SEPARATORS >> categoryOf(cp)) & 1) !== 0 || (cp >= 0x09 && cp <= 0x0d) || cp === 0x85;
    case "punctuation":
      return (cp) => ((PUNCTUATION >> categoryOf(cp)) & 1) !== 0;
    case "hex-digit":
      return (cp) =>
        categoryOf(cp) === 9 ||
        inRange(0x30, cp, 0x39) ||
        inRange(0x41, cp, 0x46) ||
        inRange(0x61, cp, 0x66) ||
        inRange(0xff10, cp, 0xff19) ||
        inRange(0xff21, cp, 0xff26) ||
        inRange(0xff41, cp, 0xff46);
    case "blank":
      return (cp) => categoryOf(cp) === 12 || cp === 0x09;
    case "graph":
      return (cp) => ((NOT_GRAPH >> categoryOf(cp)) & 1) === 0;
    case "print": {
      const graph = namedTest("graph");
      const blank = namedTest("blank");
      return (cp) => (graph(cp) || blank(cp)) && categoryOf(cp) !== 15;
    }
    case "word":
      return (cp) =>
        (flagsOf(cp) & ALPHABETIC) !== 0 ||
        ((WORD_EXTRA >> categoryOf(cp)) & 1) !== 0 ||
        cp === 0x200c ||
        cp === 0x200d;
    case "join-control":
      return (cp) => cp === 0x200c || cp === 0x200d;
    case "noncharacter":
      return (cp) => (cp & 0xfffe) === 0xfffe || inRange(0xfdd0, cp, 0xfdef);
    case "horizontal":
      return (cp) =>
        cp === 0x09 ||
        cp === 0x20 ||
        cp === 0xa0 ||
        cp === 0x1680 ||
        cp === 0x180e ||
        inRange(0x2000, cp, 0x200a) ||
        cp === 0x202f ||
        cp === 0x205f ||
        cp === 0x3000;
    case "vertical":
      return (cp) => inRange(0x0a, cp, 0x0d) || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
    case "dot":
      return (cp) => cp !== 0x0a && cp !== 0x0d && (cp | 1) !== 0x2029 && cp !== 0x85;
    case "unix-dot":
      return (cp) => cp !== 0x0a;
    case "all":
      return () => true;
    case "iso-control":
      return (cp) => cp <= 0x9f && (cp >= 0x7f || cp >>> 5 === 0);
  }
}
