import { type DateElement, type DateField, type NumberElement, OFFSET_PATTERNS } from "../date-pattern.js";
import { REGION_IDS } from "../zone-id.js";
import { dateValue, type Field } from "./date-fields.js";
import type { DateLocale, TextStore } from "./date-locales.js";
import { REDUCED_BASE_DATE } from "./date-print.js";
import { Parsed } from "./date-resolve.js";
import { dateTimeException, JavaException } from "./date-time.js";
import { offsetId, type Zone, zoneOf, zoneOffset } from "./date-zones.js";

/**
 * DateTimeFormatter.parse's first step, parseUnresolved: each printer-parser of the pattern reads its part of the
 * text into a Parsed (a port of DateTimeFormatterBuilder's parsers, OpenJDK 17), as `ofPattern` sets them:
 * strict and case sensitive. A parser gives the position after what it read, or the complement (~) of where it
 * failed.
 */

/** DateTimeParseContext: the fields parsed so far, one Parsed per optional section entered. */
class ParseContext {
  readonly #parsed: Parsed[];

  constructor(readonly locale: DateLocale) {
    this.#parsed = [new Parsed(locale.week)];
  }

  get current(): Parsed {
    return this.#parsed.at(-1) as Parsed;
  }

  /** setParsedField: a field read twice must be read with the same value. */
  setField(field: Field, value: bigint, errorPos: number, successPos: number): number {
    const old = this.current.fields.get(field);
    this.current.fields.set(field, value);
    return old !== undefined && old !== value ? ~errorPos : successPos;
  }

  startOptional(): void {
    this.#parsed.push(this.current.copy());
  }

  endOptional(successful: boolean): void {
    this.#parsed.splice(successful ? -2 : -1, 1);
  }
}

/** String.charAt's failure past the end, as the localized offset parser meets it. */
function charAt(text: string, index: number): string {
  const ch = text[index];
  if (ch === undefined)
    throw new JavaException("StringIndexOutOfBoundsException", `String index out of range: ${index}`);
  return ch;
}

const digitOf = (ch: string | undefined, zero = "0") => {
  const digit = ch === undefined ? -1 : ch.charCodeAt(0) - zero.charCodeAt(0);
  return digit >= 0 && digit <= 9 ? digit : -1;
};

/** The longest of `keys` that the text has at `position`, or undefined (the zone parsers' PrefixTree.match). */
function longestKey(keys: ReadonlySet<string> | ReadonlyMap<string, string>, text: string, position: number) {
  for (let end = Math.min(text.length, position + maxKeyLength(keys)); end > position; end--) {
    const key = text.slice(position, end);
    if (keys.has(key)) return key;
  }
  return undefined;
}

const maxLengths = new WeakMap<object, number>();
function maxKeyLength(keys: ReadonlySet<string> | ReadonlyMap<string, string>): number {
  let max = maxLengths.get(keys);
  if (max === undefined) {
    max = Math.max(0, ...[...keys.keys()].map((key) => key.length));
    maxLengths.set(keys, max);
  }
  return max;
}

class Parser {
  constructor(readonly context: ParseContext) {}

  get locale(): DateLocale {
    return this.context.locale;
  }

  parse(element: DateElement, text: string, position: number): number {
    switch (element.kind) {
      case "literal":
        return text.startsWith(element.text, position) ? position + element.text.length : ~position;
      case "number":
        return this.#number(element, text, position);
      case "fraction":
        return this.#fraction(element.width, text, position);
      case "text":
        return this.#text(element.field, this.locale.texts(element.field, element.style), text, position);
      case "day-period": {
        for (const [name, index] of this.locale.dayPeriodTexts(element.style).parsable) {
          if (text.startsWith(name, position)) {
            this.context.current.dayPeriod = this.locale.dayPeriod(index);
            return position + name.length;
          }
        }
        return ~position;
      }
      case "offset":
        return this.#offset(element.pattern, element.noOffsetText, text, position);
      case "localized-offset":
        return this.#localizedOffset(element.full, text, position);
      case "zone-id":
        return this.#zone(REGION_IDS, text, position);
      case "zone-text":
        return this.#zone(this.locale.zoneTexts(element.full), text, position);
      case "pad": {
        if (position === text.length) return ~position;
        const end = position + element.width;
        if (end > text.length) return ~position;
        let pos = position;
        while (pos < end && text[pos] === " ") pos++;
        const result = this.parse(element.element, text.slice(0, end), pos);
        // Java gives the sum of the two positions as where it failed.
        return result !== end ? ~(position + pos) : result;
      }
      case "optional": {
        this.context.startOptional();
        let pos = position;
        for (const inner of element.elements) {
          pos = this.parse(inner, text, pos);
          if (pos < 0) {
            this.context.endOptional(false);
            return position;
          }
        }
        this.context.endOptional(true);
        return pos;
      }
    }
  }

  /** NumberPrinterParser.parse, strict; a reduced year as ReducedPrinterParser.setValue sets it. */
  #number(element: NumberElement, text: string, start: number): number {
    const { min, max, sign, subsequentWidth } = element;
    let position = start;
    if (position === text.length) return ~position;
    const first = text[position];
    let negative = false;
    let positive = false;
    if (first === this.locale.positiveSign) {
      if (sign !== "EXCEEDS_PAD") return ~position;
      positive = true;
      position++;
    } else if (first === this.locale.negativeSign) {
      if (sign === "NOT_NEGATIVE") return ~position;
      negative = true;
      position++;
    }
    const minEnd = position + min;
    if (minEnd > text.length) return ~position;
    let maxWidth = max + Math.max(subsequentWidth, 0);
    let total = 0n;
    let pos = position;
    for (let pass = 0; pass < 2; pass++) {
      const maxEnd = Math.min(pos + maxWidth, text.length);
      while (pos < maxEnd) {
        const digit = digitOf(text[pos++], this.locale.zeroDigit);
        if (digit < 0) {
          pos--;
          if (pos < minEnd) return ~position;
          break;
        }
        total = total * 10n + BigInt(digit);
      }
      if (subsequentWidth > 0 && pass === 0) {
        // Adjacent value parsing: leave the digits of the fixed-width numbers after this one.
        maxWidth = Math.max(min, pos - position - subsequentWidth);
        pos = position;
        total = 0n;
      } else break;
    }
    if (negative) {
      if (total === 0n) return ~(position - 1);
      total = -total;
    } else if (sign === "EXCEEDS_PAD") {
      const length = pos - position;
      if (positive ? length <= min : length > min) return positive ? ~(position - 1) : ~position;
    }
    // BigInteger.longValue after dropping the last digit of a value past a long's 63 bits.
    if (total >= 2n ** 63n || total < -(2n ** 63n)) {
      total /= 10n;
      pos--;
    }
    if (element.reduced && pos - position === min && total >= 0n) {
      const base = BigInt(dateValue(element.field, REDUCED_BASE_DATE, this.locale.week) as number);
      const range = 10n ** BigInt(min);
      const basePart = base - (base % range);
      total = base > 0n ? basePart + total : basePart - total;
      if (total < base) total += range;
    }
    return this.context.setField(element.field, total, position, pos);
  }

  /** FractionPrinterParser.parse, strict: exactly `width` digits of a second. */
  #fraction(width: number, text: string, position: number): number {
    if (position === text.length) return ~position;
    const minEnd = position + width;
    if (minEnd > text.length) return ~position;
    let total = 0;
    let pos = position;
    while (pos < minEnd) {
      const digit = digitOf(text[pos++], this.locale.zeroDigit);
      if (digit < 0) return ~position;
      total = total * 10 + digit;
    }
    return this.context.setField("NanoOfSecond", BigInt(total * 10 ** (9 - width)), position, pos);
  }

  /** TextPrinterParser.parse, strict: the style's texts, longest first; a number when the style has none. */
  #text(field: DateField, store: TextStore | undefined, text: string, position: number): number {
    if (!store) {
      const number: NumberElement = { kind: "number", field, min: 1, max: 19, sign: "NORMAL", subsequentWidth: 0 };
      return this.#number(number, text, position);
    }
    for (const [name, value] of store.parsable) {
      if (text.startsWith(name, position)) {
        return this.context.setField(field, BigInt(value), position, position + name.length);
      }
    }
    return ~position;
  }

  /** OffsetIdPrinterParser.parse, strict, into OFFSET_SECONDS. */
  #offset(pattern: string, noOffsetText: string, text: string, position: number): number {
    const setOffset = (seconds: number, end: number) =>
      this.context.setField("OffsetSeconds", BigInt(seconds), position, end);
    const read = readOffset(pattern, noOffsetText, text, position);
    return typeof read === "number" ? read : setOffset(read.seconds, read.end);
  }

  /** LocalizedOffsetIdPrinterParser.parse: the "GMT" of the locale, then an offset or nothing. */
  #localizedOffset(full: boolean, text: string, position: number): number {
    const { gmt } = this.locale;
    if (!text.startsWith(gmt, position)) return ~position;
    let pos = position + gmt.length;
    const end = text.length;
    if (pos === end) return this.context.setField("OffsetSeconds", 0n, position, pos);
    const sign = text[pos];
    if (sign !== "+" && sign !== "-") return this.context.setField("OffsetSeconds", 0n, position, pos);
    const negative = sign === "-" ? -1 : 1;
    pos++;
    const digit = (at: number) => digitOf(charAt(text, at));
    let [h, m, s] = [0, 0, 0];
    if (full) {
      const h1 = digit(pos++);
      const h2 = digit(pos++);
      if (h1 < 0 || h2 < 0 || charAt(text, pos++) !== ":") return ~position;
      h = h1 * 10 + h2;
      const m1 = digit(pos++);
      const m2 = digit(pos++);
      if (m1 < 0 || m2 < 0) return ~position;
      m = m1 * 10 + m2;
      if (pos + 2 < end && text[pos] === ":") {
        const [s1, s2] = [digit(pos + 1), digit(pos + 2)];
        if (s1 >= 0 && s2 >= 0) {
          s = s1 * 10 + s2;
          pos += 3;
        }
      }
    } else {
      h = digit(pos++);
      if (h < 0) return ~position;
      if (pos < end) {
        const h2 = digit(pos);
        if (h2 >= 0) {
          h = h * 10 + h2;
          pos++;
        }
        if (pos + 2 < end && text[pos] === ":") {
          const [m1, m2] = [digit(pos + 1), digit(pos + 2)];
          if (m1 >= 0 && m2 >= 0) {
            m = m1 * 10 + m2;
            pos += 3;
            if (pos + 2 < end && text[pos] === ":") {
              const [s1, s2] = [digit(pos + 1), digit(pos + 2)];
              if (s1 >= 0 && s2 >= 0) {
                s = s1 * 10 + s2;
                pos += 3;
              }
            }
          }
        }
      }
    }
    return this.context.setField("OffsetSeconds", BigInt(negative * (h * 3600 + m * 60 + s)), position, pos);
  }

  /**
   * ZoneIdPrinterParser.parse (and ZoneTextPrinterParser's, with the locale's names): an offset, a "UTC", "GMT" or
   * "UT" prefix with or without an offset, else the longest name or id known, else "Z".
   */
  #zone(names: ReadonlySet<string> | ReadonlyMap<string, string>, text: string, position: number): number {
    const length = text.length;
    if (position === length) return ~position;
    const next = text[position];
    if (next === "+" || next === "-") return this.#offsetBasedZone(text, position, position, "Z");
    if (length >= position + 2) {
      if (next === "U" && text[position + 1] === "T") {
        if (length >= position + 3 && text[position + 2] === "C") {
          const after = text[position + 3];
          if (after === undefined || after === "+" || after === "-") {
            return this.#offsetBasedZone(text, position, position + 3, "0");
          }
        } else return this.#offsetBasedZone(text, position, position + 2, "0");
      } else if (next === "G" && length >= position + 3 && text.startsWith("MT", position + 1)) {
        if (text[position + 3] === "0") {
          this.context.current.zone = zoneOf("GMT0") as Zone;
          return position + 4;
        }
        return this.#offsetBasedZone(text, position, position + 3, "0");
      }
    }
    const key = longestKey(names, text, position);
    if (key === undefined) {
      if (next !== "Z") return ~position;
      this.context.current.zone = zoneOffset(0);
      return position + 1;
    }
    const id = names instanceof Map ? (names.get(key) as string) : key;
    this.context.current.zone = zoneOf(id) as Zone;
    return position + key.length;
  }

  /** ZoneIdPrinterParser.parseOffsetBased: a prefix ("" for none) and the offset after it, if any. */
  #offsetBasedZone(text: string, prefixPos: number, position: number, noOffsetText: "Z" | "0"): number {
    const prefix = text.slice(prefixPos, position).toUpperCase();
    const setZone = (id: string) => {
      this.context.current.zone = zoneOf(id) as Zone;
    };
    if (position >= text.length || text[position] === "0" || text[position] === "Z") {
      setZone(prefix);
      return position;
    }
    const read = readOffset("+HH:MM:ss", noOffsetText, text, position);
    if (typeof read === "number") {
      if (noOffsetText === "Z") return ~prefixPos;
      setZone(prefix);
      return position;
    }
    if (Math.abs(read.seconds) > 18 * 3600) return ~prefixPos;
    const id = read.seconds === 0 ? prefix : prefix + offsetId(read.seconds);
    this.context.current.zone = prefix === "" ? zoneOffset(read.seconds) : (zoneOf(id) as Zone);
    return read.end;
  }
}

/**
 * OffsetIdPrinterParser.parse, strict, without the context: the offset read and where it ends, or the complement
 * of where it failed. An hour past 23 (or minutes, seconds past 59) is Java's DateTimeException.
 */
function readOffset(
  pattern: string,
  noOffsetText: string,
  text: string,
  position: number,
): { readonly seconds: number; readonly end: number } | number {
  const length = text.length;
  if (noOffsetText === "") {
    if (position === length) return { seconds: 0, end: position };
  } else {
    if (position === length) return ~position;
    if (text.startsWith(noOffsetText, position)) return { seconds: 0, end: position + noOffsetText.length };
  }
  const sign = text[position];
  if (sign === "+" || sign === "-") {
    const type = OFFSET_PATTERNS.indexOf(pattern);
    const colon = type > 0 && type % 2 === 0;
    const parts = [position + 1, 0, 0, 0];
    /** parseDigits: two digits (after a colon, for minutes and seconds with one), 0 to 59. */
    const digits = (index: number): boolean => {
      let pos = parts[0] as number;
      if (pos < 0) return true;
      if (colon && index !== 1) {
        if (pos + 1 > length || text[pos] !== ":") return false;
        pos++;
      }
      if (pos + 2 > length) return false;
      const [d1, d2] = [digitOf(text[pos]), digitOf(text[pos + 1])];
      if (d1 < 0 || d2 < 0) return false;
      const value = d1 * 10 + d2;
      if (value > 59) return false;
      parts[index] = value;
      parts[0] = pos + 2;
      return true;
    };
    const fail = () => {
      parts[0] = ~(parts[0] as number);
    };
    if (!digits(1)) fail();
    if (type >= 1 && type <= 8 && !digits(2) && type >= 3) fail();
    if (type >= 5 && type <= 8 && !digits(3) && type >= 7) fail();
    if (type >= 9 && digits(2)) digits(3);
    const [end = 0, h = 0, m = 0, s = 0] = parts;
    if (end > 0) {
      if (h > 23 || m > 59 || s > 59) {
        throw dateTimeException("Value out of range: Hour[0-23], Minute[0-59], Second[0-59]");
      }
      return { seconds: (sign === "-" ? -1 : 1) * (h * 3600 + m * 60 + s), end };
    }
  }
  return noOffsetText === "" ? { seconds: 0, end: position } : ~position;
}

/** The fields of a text read with a pattern's printer-parsers, or the index where Java stops reading. */
export function parseDate(
  elements: readonly DateElement[],
  text: string,
  locale: DateLocale,
): { readonly parsed: Parsed; readonly end: number } | { readonly errorIndex: number } {
  const context = new ParseContext(locale);
  const parser = new Parser(context);
  let position = 0;
  for (const element of elements) {
    position = parser.parse(element, text, position);
    if (position < 0) return { errorIndex: ~position };
  }
  return { parsed: context.current, end: position };
}
