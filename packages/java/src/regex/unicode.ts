import { inflateRawSync } from "node:zlib";
import { javaTrim } from "../eval/clean.js";
import { BLOCK_NAMES, BLOCK_RUNS, LOWER_DELTAS, PROPERTY_RUNS, SCRIPT_RUNS, UPPER_DELTAS } from "./unicode-data.js";
import { CHARACTER_NAMES } from "./unicode-names.js";

/**
 * Java 17's Unicode, as java.lang.Character answers (Unicode 13.0, whatever Node.js follows): general category,
 * boolean properties, script, block, simple case mappings, character names and the grapheme cluster type of
 * Pattern's `\X`, read
 * from the tables recorded from the JDK (unicode-data.ts), each decoded on first use. Values of the Basic
 * Multilingual Plane are kept in a flat array, the rest found by binary search in the runs.
 */

/** Runs "length:value,..." (base 36) as their start code points and values. */
interface Runs {
  readonly starts: Int32Array;
  readonly values: Int32Array;
  /** The value of every BMP code point. */
  readonly bmp: Int32Array;
}

function decodeRuns(text: string): Runs {
  const parts = text.split(",");
  const starts = new Int32Array(parts.length);
  const values = new Int32Array(parts.length);
  const bmp = new Int32Array(0x10000);
  let at = 0;
  parts.forEach((part, index) => {
    const colon = part.indexOf(":");
    const length = Number.parseInt(part.slice(0, colon), 36);
    const value = Number.parseInt(part.slice(colon + 1), 36);
    starts[index] = at;
    values[index] = value;
    if (at < 0x10000) bmp.fill(value, at, Math.min(at + length, 0x10000));
    at += length;
  });
  return { starts, values, bmp };
}

function lookUp(runs: Runs, cp: number): number {
  if (cp < 0x10000) return runs.bmp[cp] as number;
  const { starts, values } = runs;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= cp) lo = mid;
    else hi = mid - 1;
  }
  return values[lo] as number;
}

let properties: Runs | undefined;
let scripts: Runs | undefined;
let blocks: Runs | undefined;

/** Character.getType, the flags (CharFlag) from bit 5, the grapheme cluster type from bit 16. */
export function propertiesOf(cp: number): number {
  properties ??= decodeRuns(PROPERTY_RUNS);
  return lookUp(properties, cp);
}

/** Character.getType. */
export const categoryOf = (cp: number): number => propertiesOf(cp) & 0x1f;
/** The flags of CharFlag. */
export const flagsOf = (cp: number): number => (propertiesOf(cp) >> 5) & 0x7ff;
/** java.util.regex.Grapheme's type of a code point. */
export const graphemeTypeOf = (cp: number): number => propertiesOf(cp) >> 16;

/** The index of Character.UnicodeScript.of (as scriptIndex gives). */
export function scriptOf(cp: number): number {
  scripts ??= decodeRuns(SCRIPT_RUNS);
  return lookUp(scripts, cp);
}

/** The index of Character.UnicodeBlock.of (as blockIndex gives), 0 for none. */
export function blockOf(cp: number): number {
  blocks ??= decodeRuns(BLOCK_RUNS);
  return lookUp(blocks, cp);
}

/** A simple case mapping: a flat table of the BMP, a map above it. */
interface CaseMap {
  readonly bmp: Int32Array;
  readonly above: ReadonlyMap<number, number>;
}

function decodeCase(text: string): CaseMap {
  const bmp = new Int32Array(0x10000);
  for (let cp = 0; cp < 0x10000; cp++) bmp[cp] = cp;
  const above = new Map<number, number>();
  for (const part of text.split(",")) {
    const [start, count, delta] = part.split(":").map((n) => Number.parseInt(n, 36)) as [number, number, number];
    for (let cp = start; cp < start + count; cp++) {
      if (cp < 0x10000) bmp[cp] = cp + delta;
      else above.set(cp, cp + delta);
    }
  }
  return { bmp, above };
}

let upper: CaseMap | undefined;
let lower: CaseMap | undefined;

/** Character.toUpperCase(int). */
export function toUpperCase(cp: number): number {
  upper ??= decodeCase(UPPER_DELTAS);
  return cp < 0x10000 ? (upper.bmp[cp] as number) : (upper.above.get(cp) ?? cp);
}

/** Character.toLowerCase(int). */
export function toLowerCase(cp: number): number {
  lower ??= decodeCase(LOWER_DELTAS);
  return cp < 0x10000 ? (lower.bmp[cp] as number) : (lower.above.get(cp) ?? cp);
}

let names: { readonly byName: Map<string, number>; readonly byCode: Map<number, string> } | undefined;

function characterNames(): NonNullable<typeof names> {
  if (names) return names;
  const byName = new Map<string, number>();
  const byCode = new Map<number, string>();
  let cp = 0;
  for (const line of inflateRawSync(Buffer.from(CHARACTER_NAMES, "base64")).toString("utf8").split("\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    cp += Number.parseInt(line.slice(0, colon), 36);
    const name = line.slice(colon + 1);
    byName.set(name, cp);
    byCode.set(cp, name);
  }
  names = { byName, byCode };
  return names;
}

/** Character.getName: its own name, or its block's and its code point's, or undefined when unassigned. */
function nameOf(cp: number): string | undefined {
  const own = characterNames().byCode.get(cp);
  if (own !== undefined) return own;
  if (categoryOf(cp) === 0) return undefined;
  const hex = cp.toString(16).toUpperCase();
  const block = blockOf(cp);
  if (block === 0) return hex;
  const constant = BLOCK_NAMES.split(",")[block - 1]?.split("|")[0] ?? "";
  return `${constant.replaceAll("_", " ")} ${hex}`;
}

/** Character.codePointOf: the code point of a character's name (any case, trimmed), or undefined. */
export function codePointOfName(written: string): number | undefined {
  const name = javaTrim(written).toUpperCase();
  const cp = characterNames().byName.get(name);
  if (cp !== undefined) return cp;
  // A name made of a block and a code point ("CJK UNIFIED IDEOGRAPHS 4E00") is accepted as getName writes it.
  const hex = name.slice(name.lastIndexOf(" ") + 1);
  if (!/^[0-9A-F]{1,6}$/.test(hex) || hex === name) return undefined;
  const code = Number.parseInt(hex, 16);
  return code <= 0x10ffff && nameOf(code) === name ? code : undefined;
}
