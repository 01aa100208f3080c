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
