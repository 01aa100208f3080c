/**
 * Sets of code points, for the heuristics of the backtracking analysis (do two parts of a pattern match a common
 * character?). Exact for literals, ranges and ASCII classes; Unicode properties, scripts and blocks are
 * approximated by their ASCII part plus every non-ASCII code point, which errs towards "they overlap".
 */

/** Sorted, disjoint, non-adjacent inclusive ranges. */
export type CharSet = readonly (readonly [number, number])[];

export const MAX_CODE_POINT = 0x10ffff;
/** Above this many ranges a set is widened to its hull: the heuristics need no more, and it bounds the work. */
const MAX_RANGES = 64;

export const EMPTY: CharSet = [];
export const ALL: CharSet = [[0, MAX_CODE_POINT]];
const NON_ASCII: readonly [number, number] = [0x80, MAX_CODE_POINT];

export function normalize(ranges: readonly (readonly [number, number])[]): CharSet {
  const sorted = ranges.filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  if (out.length > MAX_RANGES) return [[out[0]?.[0] ?? 0, out.at(-1)?.[1] ?? 0]];
  return out;
}

export const single = (c: number): CharSet => [[c, c]];
export const range = (lo: number, hi: number): CharSet => (lo <= hi ? [[lo, hi]] : EMPTY);
export const union = (...sets: CharSet[]): CharSet => unionOf(sets);

/** The union of any number of sets, compacted as it grows (no argument spreading, bounded memory). */
export function unionOf(sets: Iterable<CharSet>): CharSet {
  let ranges: (readonly [number, number])[] = [];
  for (const set of sets) {
    for (const r of set) ranges.push(r);
    if (ranges.length > 4 * MAX_RANGES) ranges = [...normalize(ranges)];
  }
  return normalize(ranges);
}

export function negate(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return normalize(out);
}

export function intersect(a: CharSet, b: CharSet): CharSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i] as readonly [number, number];
    const [blo, bhi] = b[j] as readonly [number, number];
    const lo = Math.max(alo, blo);
    const hi = Math.min(ahi, bhi);
    if (lo <= hi) out.push([lo, hi]);
    if (ahi < bhi) i++;
    else j++;
  }
  return normalize(out);
}

export const overlaps = (a: CharSet, b: CharSet): boolean => intersect(a, b).length > 0;

/** Adds the other case of ASCII letters (what `(?i)` does without `u`; enough for the heuristics with it). */
export function caseInsensitive(set: CharSet): CharSet {
  const extra: [number, number][] = [];
  for (const [lo, hi] of set) {
    const upperLo = Math.max(lo, 0x41);
    const upperHi = Math.min(hi, 0x5a);
    if (upperLo <= upperHi) extra.push([upperLo + 32, upperHi + 32]);
    const lowerLo = Math.max(lo, 0x61);
    const lowerHi = Math.min(hi, 0x7a);
    if (lowerLo <= lowerHi) extra.push([lowerLo - 32, lowerHi - 32]);
  }
  return extra.length === 0 ? set : normalize([...set, ...extra]);
}

const DIGIT = range(0x30, 0x39);
const UPPER = range(0x41, 0x5a);
const LOWER = range(0x61, 0x7a);
const ALPHA = union(UPPER, LOWER);
const WORD = union(DIGIT, ALPHA, single(0x5f));
const SPACE = union(range(0x09, 0x0d), single(0x20));
const PUNCT = union(range(0x21, 0x2f), range(0x3a, 0x40), range(0x5b, 0x60), range(0x7b, 0x7e));
const CNTRL = union(range(0x00, 0x1f), single(0x7f));
const HORIZONTAL = normalize([
  [0x09, 0x09],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x180e, 0x180e],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
]);
const VERTICAL = normalize([
  [0x0a, 0x0d],
  [0x85, 0x85],
  [0x2028, 0x2029],
]);
const LINE_TERMINATORS = normalize([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x85, 0x85],
  [0x2028, 0x2029],
]);

/** The set of a predefined class escape (`d`, `w`, `s`, `h`, `v` and their capitals). */
export function escapeClass(letter: string, unicode: boolean): CharSet {
  const wide = (set: CharSet) => (unicode ? union(set, [NON_ASCII]) : set);
  switch (letter) {
    case "d":
      return wide(DIGIT);
    case "w":
      return wide(WORD);
    case "s":
      return unicode ? union(SPACE, HORIZONTAL, VERTICAL) : SPACE;
    case "h":
      return HORIZONTAL;
    case "v":
      return VERTICAL;
    default:
      return negate(escapeClass(letter.toLowerCase(), unicode));
  }
}

/** What `.` matches under the given flags. */
export function dot(dotAll: boolean, unixLines: boolean): CharSet {
  if (dotAll) return ALL;
  return negate(unixLines ? single(0x0a) : LINE_TERMINATORS);
}

/**
 * An approximation of a character property (`\p{...}` after validation): exact for the ASCII-only POSIX
 * classes, ASCII part plus all non-ASCII code points for Unicode categories, scripts and blocks.
 */
export function property(name: string, unicodeClasses: boolean): CharSet {
  const key = name.replace(/^(Is|In)/, "").replace(/^(gc|general_category|sc|script|blk|block)=/i, "");
  const upper = key.toUpperCase();
  const posix =
    !unicodeClasses && /^(Alnum|Alpha|Blank|Cntrl|Digit|Graph|Lower|Print|Punct|Space|Upper|XDigit)$/.test(key);
  const wide = (set: CharSet) => (posix ? set : union(set, [NON_ASCII]));
  if (upper === "ALL") return ALL;
  if (upper === "ASCII" || upper === "BASICLATIN" || upper === "BASIC_LATIN" || upper === "BASIC LATIN") {
    return range(0, 0x7f);
  }
  if (upper === "L1") return range(0, 0xff);
  if (/^(LU|UPPER|UPPERCASE|JAVAUPPERCASE|LT|TITLECASE|JAVATITLECASE)$/.test(upper)) return wide(UPPER);
  if (/^(LL|LOWER|LOWERCASE|JAVALOWERCASE)$/.test(upper)) return wide(LOWER);
  if (/^(L|LC|LM|LO|ALPHA|ALPHABETIC|LETTER|JAVALETTER|JAVAALPHABETIC|LATIN|LATN)$/.test(upper)) {
    return wide(ALPHA);
  }
  if (/^(LD|ALNUM|JAVALETTERORDIGIT)$/.test(upper)) return wide(union(ALPHA, DIGIT));
  if (/^(N|ND|NL|NO|DIGIT|JAVADIGIT)$/.test(upper)) return wide(DIGIT);
  if (/^(XDIGIT|HEXDIGIT|HEX_DIGIT)$/.test(upper)) return wide(union(DIGIT, range(0x41, 0x46), range(0x61, 0x66)));
  if (/^(P|PC|PD|PS|PE|PI|PF|PO|PUNCT|PUNCTUATION)$/.test(upper)) return wide(PUNCT);
  if (/^(S|SM|SC|SK|SO)$/.test(upper)) return wide(PUNCT);
  if (/^(Z|ZS|ZL|ZP|SPACE|WHITESPACE|WHITE_SPACE|JAVASPACECHAR|JAVAWHITESPACE)$/.test(upper)) return wide(SPACE);
  if (upper === "BLANK") return wide(union(single(0x09), single(0x20)));
  if (/^(C|CC|CNTRL|CONTROL|JAVAISOCONTROL)$/.test(upper)) return wide(CNTRL);
  if (/^(GRAPH|PRINT)$/.test(upper)) return wide(range(0x21, 0x7e));
  if (upper === "COMMON" || upper === "ZYYY") return wide(union(DIGIT, PUNCT, SPACE));
  if (/^(JAVA|WORD)/.test(upper)) return wide(WORD);
  return [NON_ASCII];
}

/** A union of sets built one part at a time, in amortized constant time per part. */
export class SetBuilder {
  private ranges: (readonly [number, number])[] = [];
  private normalized = 0;

  add(set: CharSet): this {
    this.ranges.push(...set);
    if (this.ranges.length - this.normalized > 256) this.compact();
    return this;
  }

  build(): CharSet {
    this.compact();
    return this.ranges;
  }

  private compact(): void {
    this.ranges = [...normalize(this.ranges)];
    this.normalized = this.ranges.length;
  }
}
