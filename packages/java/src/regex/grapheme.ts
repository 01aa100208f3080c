import { graphemeTypeOf } from "./unicode.js";

/**
 * Grapheme clusters as Java 17 finds them for `\X`, `\b{g}` and `(?c)` (java.util.regex.Grapheme): Unicode's
 * extended grapheme cluster rules in Java's own reading (its character types are recorded in unicode-data.ts),
 * with emoji ZWJ sequences and regional-indicator pairs.
 */

const OTHER = 0;
const CR = 1;
const LF = 2;
const CONTROL = 3;
const EXTEND = 4;
const ZWJ = 5;
const RI = 6;
const PREPEND = 7;
const SPACING_MARK = 8;
const L = 9;
const V = 10;
const T = 11;
const LV = 12;
const LVT = 13;
const PICTOGRAPHIC = 14;
const TYPES = 15;

/** Whether a cluster breaks between a character of type `a` and one of type `b` (rules GB3 to GB9b). */
const BREAKS: readonly boolean[] = (() => {
  const breaks = new Array<boolean>(TYPES * TYPES).fill(true);
  const keep = (a: number, b: number) => {
    breaks[a * TYPES + b] = false;
  };
  for (const b of [L, V, LV, LVT]) keep(L, b);
  for (const a of [LV, V]) for (const b of [V, T]) keep(a, b);
  for (const a of [LVT, T]) keep(a, T);
  for (let t = OTHER; t < TYPES; t++) {
    keep(t, EXTEND);
    keep(t, ZWJ);
    keep(t, SPACING_MARK);
    keep(PREPEND, t);
  }
  for (let t = OTHER; t < TYPES; t++) {
    for (const control of [CR, LF, CONTROL]) {
      breaks[t * TYPES + control] = true;
      breaks[control * TYPES + t] = true;
    }
  }
  keep(CR, LF);
  return breaks;
})();

export const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
export const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Character.codePointAt(text, at): a pair as one code point, a lone surrogate as itself. */
export function codePointAt(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  if (isHigh(unit) && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (isLow(low)) return ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  return unit;
}

/** Where the grapheme cluster that starts at `from` ends, looking no further than `limit` (Grapheme.nextBoundary). */
export function nextBoundary(text: string, from: number, limit: number): number {
  const first = codePointAt(text, from);
  let at = from + (first > 0xffff ? 2 : 1);
  let t0 = graphemeTypeOf(first);
  let riCount = t0 === RI ? 1 : 0;
  const pictographic = t0 === PICTOGRAPHIC;
  while (at < limit) {
    const cp = codePointAt(text, at);
    const t1 = graphemeTypeOf(cp);
    if (pictographic && t0 === ZWJ && t1 === PICTOGRAPHIC) {
      // GB11: an emoji ZWJ sequence stays one cluster.
    } else if (riCount % 2 === 1 && t0 === RI && t1 === RI) {
      // GB12, GB13: regional indicators pair up.
    } else if (BREAKS[t0 * TYPES + t1]) {
      break;
    }
    if (t1 === RI) riCount++;
    t0 = t1;
    at += cp > 0xffff ? 2 : 1;
  }
  return at;
}
