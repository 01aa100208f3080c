import type { Span } from "@mailroom/syntax";
import { quote } from "./quote.js";

/**
 * Date-time patterns as `java.time.format.DateTimeFormatter.ofPattern` reads them (OpenJDK 17,
 * DateTimeFormatterBuilder.appendPattern): runs of one ASCII letter are fields whose letter and count must be
 * known, `'...'` is literal text (`''` a quote), `[` and `]` open and close optional sections, `#`, `{` and `}`
 * are reserved, `p` pads the field after it, and every other character is literal. The reader gives the
 * printer-parsers the builder appends, with its adjacent value parsing worked out: the one reading of the syntax,
 * for the linter and for the evaluator.
 */

export interface DatePatternProblem {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The offending token in the pattern as written (before trimming). */
  readonly span: Span;
  /** What `ofPattern` throws: the exception's class and message, as Java words them. */
  readonly thrown: string;
}

/** java.time's TextStyle. */
export type TextStyle = "FULL" | "FULL_STANDALONE" | "SHORT" | "SHORT_STANDALONE" | "NARROW" | "NARROW_STANDALONE";

/** java.time's SignStyle, as the pattern letters use it. */
export type SignStyle = "NORMAL" | "NOT_NEGATIVE" | "EXCEEDS_PAD";

/**
 * The fields a pattern reads and writes, by the names java.time gives them (`toString`); the week-based ones are
 * those of `WeekFields.of(locale)`, known once the locale is.
 */
export type DateField =
  | "Era"
  | "YearOfEra"
  | "Year"
  | "QuarterOfYear"
  | "MonthOfYear"
  | "DayOfYear"
  | "DayOfMonth"
  | "AlignedDayOfWeekInMonth"
  | "DayOfWeek"
  | "AmPmOfDay"
  | "HourOfDay"
  | "ClockHourOfDay"
  | "HourOfAmPm"
  | "ClockHourOfAmPm"
  | "MinuteOfHour"
  | "SecondOfMinute"
  | "NanoOfSecond"
  | "NanoOfDay"
  | "MilliOfDay"
  | "ModifiedJulianDay"
  | "WeekBasedYear"
  | "WeekOfWeekBasedYear"
  | "WeekOfMonth"
  | "LocalizedDayOfWeek";

/** A number printer-parser (NumberPrinterParser and its reduced and week-based kinds). */
export interface NumberElement {
  readonly kind: "number";
  readonly field: DateField;
  readonly min: number;
  readonly max: number;
  readonly sign: SignStyle;
  /** The digits the adjacent fixed-width numbers after this one take (adjacent value parsing). */
  readonly subsequentWidth: number;
  /** Two digits of a year from a base (ReducedPrinterParser): the field's value on 2000-01-01. */
  readonly reduced?: true;
}

/** What `ofPattern` appends, in the order it appends it. */
export type DateElement =
  | { readonly kind: "literal"; readonly text: string }
  | NumberElement
  /** A fraction of a second, `S`: NANO_OF_SECOND written as that many digits, without a decimal point. */
  | { readonly kind: "fraction"; readonly width: number }
  | { readonly kind: "text"; readonly field: DateField; readonly style: TextStyle }
  | { readonly kind: "day-period"; readonly style: "FULL" | "SHORT" | "NARROW" }
  /** OffsetIdPrinterParser: `pattern` is one of OFFSET_PATTERNS. */
  | { readonly kind: "offset"; readonly pattern: string; readonly noOffsetText: string }
  | { readonly kind: "localized-offset"; readonly full: boolean }
  | { readonly kind: "zone-id" }
  | { readonly kind: "zone-text"; readonly full: boolean; readonly generic: boolean }
  | { readonly kind: "pad"; readonly width: number; readonly element: DateElement }
  | { readonly kind: "optional"; readonly elements: readonly DateElement[] };

/** OffsetIdPrinterParser.PATTERNS, in the order the pattern letters index them. */
export const OFFSET_PATTERNS: readonly string[] = [
  "+HH",
  "+HHmm",
  "+HH:mm",
  "+HHMM",
  "+HH:MM",
  "+HHMMss",
  "+HH:MM:ss",
  "+HHMMSS",
  "+HH:MM:SS",
  "+HHmmss",
  "+HH:mm:ss",
];

const isLetter = (ch: string | undefined) => ch !== undefined && /^[A-Za-z]$/.test(ch);

/** For each pattern letter, what it stands for and the counts Java accepts. */
const LETTERS: Readonly<
  Record<string, { readonly what: string; readonly counts: (n: number) => boolean; readonly expected: string }>
> = {
  G: { what: "era", counts: (n) => n <= 5, expected: "1 to 5 times" },
  u: { what: "year", counts: (n) => n <= 19, expected: "1 to 19 times" },
  y: { what: "year of era", counts: (n) => n <= 19, expected: "1 to 19 times" },
  D: { what: "day of year", counts: (n) => n <= 3, expected: "1 to 3 times" },
  M: { what: "month", counts: (n) => n <= 5, expected: "1 to 5 times" },
  L: { what: "stand-alone month", counts: (n) => n <= 5, expected: "1 to 5 times" },
  d: { what: "day of month", counts: (n) => n <= 2, expected: "once or twice" },
  g: { what: "modified Julian day", counts: (n) => n <= 19, expected: "1 to 19 times" },
  Q: { what: "quarter", counts: (n) => n <= 5, expected: "1 to 5 times" },
  q: { what: "stand-alone quarter", counts: (n) => n <= 5, expected: "1 to 5 times" },
  Y: { what: "week-based year", counts: () => true, expected: "any number of times" },
  w: { what: "week of week-based year", counts: (n) => n <= 2, expected: "once or twice" },
  W: { what: "week of month", counts: (n) => n === 1, expected: "once" },
  E: { what: "day of week", counts: (n) => n <= 5, expected: "1 to 5 times" },
  e: { what: "localized day of week", counts: (n) => n <= 5, expected: "1 to 5 times" },
  c: { what: "stand-alone day of week", counts: (n) => n !== 2 && n <= 5, expected: "1, 3, 4 or 5 times" },
  F: { what: "day of week in month", counts: (n) => n === 1, expected: "once" },
  a: { what: "am-pm", counts: (n) => n === 1, expected: "once" },
  B: { what: "period of day", counts: (n) => n === 1 || n === 4 || n === 5, expected: "1, 4 or 5 times" },
  h: { what: "clock hour of am-pm (1-12)", counts: (n) => n <= 2, expected: "once or twice" },
  K: { what: "hour of am-pm (0-11)", counts: (n) => n <= 2, expected: "once or twice" },
  k: { what: "clock hour of day (1-24)", counts: (n) => n <= 2, expected: "once or twice" },
  H: { what: "hour of day (0-23)", counts: (n) => n <= 2, expected: "once or twice" },
  m: { what: "minute", counts: (n) => n <= 2, expected: "once or twice" },
  s: { what: "second", counts: (n) => n <= 2, expected: "once or twice" },
  S: { what: "fraction of second", counts: (n) => n <= 9, expected: "1 to 9 times" },
  A: { what: "milli of day", counts: (n) => n <= 19, expected: "1 to 19 times" },
  n: { what: "nano of second", counts: (n) => n <= 19, expected: "1 to 19 times" },
  N: { what: "nano of day", counts: (n) => n <= 19, expected: "1 to 19 times" },
  V: { what: "time-zone id", counts: (n) => n === 2, expected: "exactly twice" },
  v: { what: "generic time-zone name", counts: (n) => n === 1 || n === 4, expected: "once or 4 times" },
  z: { what: "time-zone name", counts: (n) => n <= 4, expected: "1 to 4 times" },
  O: { what: "localized zone offset", counts: (n) => n === 1 || n === 4, expected: "once or 4 times" },
  X: { what: "zone offset (Z for zero)", counts: (n) => n <= 5, expected: "1 to 5 times" },
  x: { what: "zone offset", counts: (n) => n <= 5, expected: "1 to 5 times" },
  Z: { what: "zone offset", counts: (n) => n <= 5, expected: "1 to 5 times" },
};

/** The field of each letter that has one in DateTimeFormatterBuilder's FIELD_MAP (or is week-based). */
const FIELDS: Readonly<Record<string, DateField>> = {
  G: "Era",
  y: "YearOfEra",
  u: "Year",
  Q: "QuarterOfYear",
  q: "QuarterOfYear",
  M: "MonthOfYear",
  L: "MonthOfYear",
  D: "DayOfYear",
  d: "DayOfMonth",
  F: "AlignedDayOfWeekInMonth",
  E: "DayOfWeek",
  c: "DayOfWeek",
  e: "DayOfWeek",
  a: "AmPmOfDay",
  H: "HourOfDay",
  k: "ClockHourOfDay",
  K: "HourOfAmPm",
  h: "ClockHourOfAmPm",
  m: "MinuteOfHour",
  s: "SecondOfMinute",
  S: "NanoOfSecond",
  A: "MilliOfDay",
  n: "NanoOfSecond",
  N: "NanoOfDay",
  g: "ModifiedJulianDay",
};

/** Letters people reach for from other libraries, and what Java writes instead. */
const HINTS: Readonly<Record<string, string>> = {
  T: `write "'T'" for the literal letter, as in "yyyy-MM-dd'T'HH:mm"`,
  t: "quote literal letters, as in \"'t'\"",
  f: 'write "S" for fractions of a second, as in "ss.SSS"',
  i: "quote literal letters, as in \"'i'\"",
  j: "quote literal letters, as in \"'j'\"",
  l: "quote literal letters, as in \"'l'\"",
  b: 'write "a" for am-pm or "B" for a period of day',
  U: 'write "u" or "y" for the year',
  I: "quote literal letters, as in \"'I'\"",
  J: "quote literal letters, as in \"'J'\"",
};

/** Why `ofPattern` stops, thrown inside the reader and turned into a DatePatternProblem. */
class PatternError {
  constructor(
    readonly message: string,
    readonly span: Span,
    readonly thrown: string,
  ) {}
}

/** A number as appendValue receives it: the widths and sign its adjacent value parsing decides by. */
interface Appended {
  readonly element: NumberElement | { readonly kind: "fraction"; readonly width: number };
  readonly min: number;
  readonly max: number;
  readonly sign: SignStyle;
}

/** DateTimeFormatterBuilder's state: one per optional section, the outermost first. */
interface Builder {
  readonly elements: DateElement[];
  /** The index of the number that later adjacent fixed-width numbers add their width to, or -1. */
  valueParserIndex: number;
  padNextWidth: number;
}

/** A port of DateTimeFormatterBuilder.appendPattern: the elements of `pattern`, or where and why Java refuses it. */
class PatternReader {
  readonly #builders: Builder[] = [{ elements: [], valueParserIndex: -1, padNextWidth: 0 }];
  /** The last padded field as written ("ppH"), for the message of Java 17's failure on a number after it. */
  #padded = "";

  constructor(readonly pattern: string) {}

  get #active(): Builder {
    return this.#builders.at(-1) as Builder;
  }

  read(): readonly DateElement[] {
    const { pattern } = this;
    for (let pos = 0; pos < pattern.length; pos++) {
      let cur = pattern[pos] as string;
      if (isLetter(cur)) {
        let start = pos++;
        while (pos < pattern.length && pattern[pos] === cur) pos++;
        let count = pos - start;
        const padStart = start;
        if (cur === "p") {
          const next = pattern[pos];
          if (!isLetter(next)) {
            throw new PatternError(
              `The pad letter "p" must be followed by the field it pads, as in "ppH", but found ${next === undefined ? "the end of the pattern" : quote(next)}.`,
              { offset: start, length: pos - start },
              `IllegalArgumentException: Pad letter 'p' must be followed by valid pad pattern: ${pattern}`,
            );
          }
          const pad = count;
          cur = next as string;
          start = pos++;
          while (pos < pattern.length && pattern[pos] === cur) pos++;
          count = pos - start;
          this.#active.padNextWidth = pad;
          this.#active.valueParserIndex = -1;
          this.#padded = pattern.slice(padStart, pos);
        }
        this.#field(cur, count, { offset: start, length: count });
        pos--;
      } else if (cur === "'") {
        const start = pos++;
        for (; pos < pattern.length; pos++) {
          if (pattern[pos] === "'") {
            if (pattern[pos + 1] === "'") pos++;
            else break;
          }
        }
        if (pos >= pattern.length) {
          throw new PatternError(
            `The quoted text ${quote(pattern.slice(start))} is not closed; expected a closing "'" (write "''" for a quote).`,
            { offset: start, length: 1 },
            `IllegalArgumentException: Pattern ends with an incomplete string literal: ${pattern}`,
          );
        }
        const text = pattern.slice(start + 1, pos);
        this.#append({ kind: "literal", text: text === "" ? "'" : text.replaceAll("''", "'") });
      } else if (cur === "[") {
        this.#active.valueParserIndex = -1;
        this.#builders.push({ elements: [], valueParserIndex: -1, padNextWidth: 0 });
      } else if (cur === "]") {
        if (this.#builders.length === 1) {
          throw new PatternError(
            'Found "]" with no optional section open; expected "[" before it, or "\']\'" for a literal bracket.',
            { offset: pos, length: 1 },
            "IllegalArgumentException: Pattern invalid as it contains ] without previous [",
          );
        }
        this.#optionalEnd();
      } else if (cur === "{" || cur === "}" || cur === "#") {
        throw new PatternError(
          `The character ${quote(cur)} is reserved in Java date patterns; write ${quote(`'${cur}'`)} for the literal character.`,
          { offset: pos, length: 1 },
          `IllegalArgumentException: Pattern includes reserved character: '${cur}'`,
        );
      } else this.#append({ kind: "literal", text: cur });
    }
    while (this.#builders.length > 1) this.#optionalEnd();
    return this.#active.elements;
  }

  /** DateTimeFormatterBuilder.optionalEnd: the section becomes one element of its parent, unless it is empty. */
  #optionalEnd(): void {
    const section = this.#builders.pop() as Builder;
    if (section.elements.length > 0) this.#append({ kind: "optional", elements: section.elements });
  }

  /** appendInternal: the pad, if any, goes to this element; adjacent value parsing ends. */
  #append(element: DateElement): number {
    const active = this.#active;
    active.elements.push(active.padNextWidth > 0 ? { kind: "pad", width: active.padNextWidth, element } : element);
    active.padNextWidth = 0;
    active.valueParserIndex = -1;
    return active.elements.length - 1;
  }

  /** appendValue(NumberPrinterParser): adjacent value parsing. */
  #appendValue(appended: Appended, span: Span): void {
    const active = this.#active;
    const baseIndex = active.valueParserIndex;
    if (baseIndex < 0) {
      active.valueParserIndex = this.#append(appended.element);
      return;
    }
    const base = active.elements[baseIndex] as DateElement;
    if (base.kind === "pad") {
      throw new PatternError(
        `The padded field ${quote(this.#padded)} is directly followed by the number ${quote(this.pattern.slice(span.offset, span.offset + span.length))}, which makes Java 17 fail (a ClassCastException in DateTimeFormatterBuilder); put a literal between them.`,
        span,
        "ClassCastException: class java.time.format.DateTimeFormatterBuilder$PadPrinterParserDecorator cannot be cast to class java.time.format.DateTimeFormatterBuilder$NumberPrinterParser (java.time.format.DateTimeFormatterBuilder$PadPrinterParserDecorator and java.time.format.DateTimeFormatterBuilder$NumberPrinterParser are in module java.base of loader 'bootstrap')",
      );
    }
    if (appended.min === appended.max && appended.sign === "NOT_NEGATIVE") {
      if (base.kind === "number") {
        active.elements[baseIndex] = { ...base, subsequentWidth: base.subsequentWidth + appended.max };
      }
      this.#append(appended.element);
      active.valueParserIndex = baseIndex;
    } else active.valueParserIndex = this.#append(appended.element);
  }

  /** appendValue(field, min, max, sign)'s checks of the widths: a number as appendValue receives it. */
  #number(field: DateField, min: number, max: number, sign: SignStyle, span: Span): Appended {
    if (min < 1 || min > 19) {
      throw new PatternError(
        this.#countMessage(span),
        span,
        `IllegalArgumentException: The minimum width must be from 1 to 19 inclusive but was ${min}`,
      );
    }
    return { element: { kind: "number", field, min, max, sign, subsequentWidth: 0 }, min, max, sign };
  }

  #countMessage(span: Span): string {
    const run = this.pattern.slice(span.offset, span.offset + span.length);
    const letter = LETTERS[run.charAt(0)];
    return `Found ${quote(run)}, the ${letter?.what} letter ${quote(run.charAt(0))} ${run.length} times; Java accepts it ${letter?.expected}.`;
  }

  #tooMany(cur: string, span: Span, thrown = `Too many pattern letters: ${cur}`): never {
    throw new PatternError(this.#countMessage(span), span, `IllegalArgumentException: ${thrown}`);
  }

  /** parsePattern's letters and parseField: appends what each letter appends at each count. */
  #field(cur: string, count: number, span: Span): void {
    if (!Object.hasOwn(LETTERS, cur)) {
      const hint = HINTS[cur] ?? `quote literal letters, as in ${quote(`'${cur}'`)}`;
      throw new PatternError(
        `Java does not know the pattern letter ${quote(cur)}; ${hint}.`,
        span,
        `IllegalArgumentException: Unknown pattern letter: ${cur}`,
      );
    }
    const appended = this.#read(cur, count, span);
    if ("kind" in appended) this.#append(appended);
    else this.#appendValue(appended, span);
  }

  /** What a letter run stands for: an element, or a number as appendValue receives it. */
  #read(cur: string, count: number, span: Span): DateElement | Appended {
    const field = FIELDS[cur] as DateField;
    const text = (style: TextStyle): DateElement => ({ kind: "text", field, style });
    const style = (standalone: boolean): TextStyle => {
      const base = (["SHORT", "FULL", "NARROW"] as const)[count - 3] as "SHORT" | "FULL" | "NARROW";
      return standalone ? `${base}_STANDALONE` : base;
    };
    const simple = (of: DateField) =>
      count === 1 ? this.#number(of, 1, 19, "NORMAL", span) : this.#number(of, count, count, "NOT_NEGATIVE", span);
    /**
     * A week field of WeekFields.of(locale) (WeekBasedFieldPrinterParser): the builder decides adjacency on
     * (min, max) and NOT_NEGATIVE, the printer-parser made for the locale has `sign`.
     */
    const weekBased = (of: DateField, min: number, max: number, sign: SignStyle = "NOT_NEGATIVE"): Appended => ({
      element: { kind: "number", field: of, min, max, sign, subsequentWidth: 0 },
      min,
      max,
      sign: "NOT_NEGATIVE",
    });
    switch (cur) {
      case "u":
      case "y":
        if (count === 2) {
          const element: NumberElement = {
            kind: "number",
            field,
            min: 2,
            max: 2,
            sign: "NOT_NEGATIVE",
            subsequentWidth: 0,
            reduced: true,
          };
          return { element, min: 2, max: 2, sign: "NOT_NEGATIVE" };
        }
        return this.#number(field, count, 19, count < 4 ? "NORMAL" : "EXCEEDS_PAD", span);
      case "c":
        if (count === 1) return weekBased("LocalizedDayOfWeek", 1, 1);
        if (count === 2) {
          throw new PatternError(
            `Java does not accept "cc" (stand-alone day of week); expected "c", "ccc", "cccc" or "ccccc".`,
            span,
            'IllegalArgumentException: Invalid pattern "cc"',
          );
        }
        if (count > 5) this.#tooMany(cur, span);
        return text(style(true));
      case "L":
      case "q":
      case "M":
      case "Q":
      case "E":
      case "e":
        if (count > 5) this.#tooMany(cur, span);
        if (count >= 3) return text(style(cur === "L" || cur === "q"));
        if (cur === "e") return weekBased("LocalizedDayOfWeek", count, count);
        return cur === "E" ? text("SHORT") : simple(field);
      case "a":
        if (count > 1) this.#tooMany(cur, span);
        return text("SHORT");
      case "G":
        if (count > 5) this.#tooMany(cur, span);
        return text(count <= 3 ? "SHORT" : count === 4 ? "FULL" : "NARROW");
      case "S":
        if (count > 9) {
          throw new PatternError(
            this.#countMessage(span),
            span,
            `IllegalArgumentException: Minimum width must be from 0 to 9 inclusive but was ${count}`,
          );
        }
        return { element: { kind: "fraction", width: count }, min: count, max: count, sign: "NOT_NEGATIVE" };
      case "F":
        if (count > 1) this.#tooMany(cur, span);
        return simple(field);
      case "d":
      case "h":
      case "H":
      case "k":
      case "K":
      case "m":
      case "s":
        if (count > 2) this.#tooMany(cur, span);
        return simple(field);
      case "D":
        if (count > 3) this.#tooMany(cur, span);
        return count === 1 ? simple(field) : this.#number(field, count, 3, "NOT_NEGATIVE", span);
      case "g":
        return this.#number(field, count, 19, "NORMAL", span);
      case "A":
      case "n":
      case "N":
        return this.#number(field, count, 19, "NOT_NEGATIVE", span);
      case "z":
        if (count > 4) this.#tooMany(cur, span);
        return { kind: "zone-text", full: count === 4, generic: false };
      case "V":
        if (count !== 2) this.#tooMany(cur, span, "Pattern letter count must be 2: V");
        return { kind: "zone-id" };
      case "v":
        if (count !== 1 && count !== 4) this.#tooMany(cur, span, "Wrong number of pattern letters: v");
        return { kind: "zone-text", full: count === 4, generic: true };
      case "Z":
        if (count > 5) this.#tooMany(cur, span);
        if (count === 4) return { kind: "localized-offset", full: true };
        return count < 4
          ? { kind: "offset", pattern: "+HHMM", noOffsetText: "+0000" }
          : { kind: "offset", pattern: "+HH:MM:ss", noOffsetText: "Z" };
      case "O":
        if (count !== 1 && count !== 4) this.#tooMany(cur, span, "Pattern letter count must be 1 or 4: O");
        return { kind: "localized-offset", full: count === 4 };
      case "X":
      case "x": {
        if (count > 5) this.#tooMany(cur, span);
        const zero = cur === "X" ? "Z" : count === 1 ? "+00" : count % 2 === 0 ? "+0000" : "+00:00";
        return {
          kind: "offset",
          pattern: OFFSET_PATTERNS[count + (count === 1 ? 0 : 1)] as string,
          noOffsetText: zero,
        };
      }
      case "W":
        if (count > 1) this.#tooMany(cur, span);
        return weekBased("WeekOfMonth", count, count);
      case "w":
        if (count > 2) this.#tooMany(cur, span);
        return weekBased("WeekOfWeekBasedYear", count, 2);
      case "Y":
        if (count === 2) {
          const adjacency = weekBased("WeekBasedYear", 2, 2);
          return { ...adjacency, element: { ...(adjacency.element as NumberElement), reduced: true } };
        }
        return weekBased("WeekBasedYear", count, 19, count < 4 ? "NORMAL" : "EXCEEDS_PAD");
      default:
        if (count !== 1 && count !== 4 && count !== 5) this.#tooMany(cur, span, "Wrong number of pattern letters: B");
        return { kind: "day-period", style: count === 1 ? "SHORT" : count === 4 ? "FULL" : "NARROW" };
    }
  }
}

/** What `DateTimeFormatter.ofPattern(pattern)` builds, read from `pattern` as given, or why Java refuses it. */
export function readJavaDatePattern(
  pattern: string,
):
  | { readonly ok: true; readonly elements: readonly DateElement[] }
  | { readonly ok: false; readonly problem: DatePatternProblem } {
  try {
    return { ok: true, elements: new PatternReader(pattern).read() };
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    return { ok: false, problem: { message: error.message, span: error.span, thrown: error.thrown } };
  }
}

/**
 * The first problem of a date-time pattern for `DateTimeFormatter.ofPattern`, or undefined when Java accepts it.
 * The pattern is trimmed first, as the service does; spans are in the pattern as written.
 */
export function checkJavaDatePattern(pattern: string): DatePatternProblem | undefined {
  let start = 0;
  let end = pattern.length;
  while (start < end && pattern.charCodeAt(start) <= 0x20) start++;
  while (end > start && pattern.charCodeAt(end - 1) <= 0x20) end--;
  const read = readJavaDatePattern(pattern.slice(start, end));
  if (read.ok) return undefined;
  const { problem } = read;
  return { ...problem, span: { offset: problem.span.offset + start, length: problem.span.length } };
}
