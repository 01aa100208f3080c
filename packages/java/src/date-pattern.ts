import type { Span } from "@mailroom/syntax";
import { quote } from "./quote.js";

/**
 * Date-time patterns as `java.time.format.DateTimeFormatter.ofPattern` reads them (OpenJDK 17,
 * DateTimeFormatterBuilder.appendPattern): runs of one ASCII letter are fields whose letter and count must be
 * known, `'...'` is literal text (`''` a quote), `[` and `]` open and close optional sections, `#`, `{` and `}`
 * are reserved, `p` pads the field after it, and every other character is literal.
 */

export interface DatePatternProblem {
  /** One sentence: what was found and what Java expects. */
  readonly message: string;
  /** The offending token in the pattern as written (before trimming). */
  readonly span: Span;
}

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

type Sign = "normal" | "not-negative" | "exceeds-pad";
interface NumberField {
  readonly min: number;
  readonly max: number;
  readonly sign: Sign;
}

/**
 * The number printer-parser Java builds for a letter run, or undefined for a text or zone field. Needed for a
 * quirk of Java 17: a padded number directly followed by another number makes `ofPattern` throw a
 * ClassCastException (adjacent value parsing casts the padded field).
 */
function numberField(letter: string, count: number): NumberField | undefined {
  const value = (min: number, max: number, sign: Sign): NumberField => ({ min, max, sign });
  const simple = (n: number) => (n === 1 ? value(1, 19, "normal") : value(n, n, "not-negative"));
  switch (letter) {
    case "y":
    case "u":
      if (count === 2) return value(2, 2, "not-negative");
      return count < 4 ? value(count, 19, "normal") : value(count, 19, "exceeds-pad");
    case "M":
    case "L":
    case "Q":
    case "q":
      return count <= 2 ? simple(count) : undefined;
    case "c":
      return count === 1 ? value(1, 1, "not-negative") : undefined;
    case "e":
      return count <= 2 ? value(count, count, "not-negative") : undefined;
    case "S":
      return value(count, count, "not-negative");
    case "F":
    case "d":
    case "h":
    case "H":
    case "k":
    case "K":
    case "m":
    case "s":
      return simple(count);
    case "D":
      return count === 1 ? simple(1) : value(count, 3, "not-negative");
    case "g":
      return value(count, 19, "normal");
    case "A":
    case "n":
    case "N":
      return value(count, 19, "not-negative");
    case "W":
      return value(count, count, "not-negative");
    case "w":
      return value(count, 2, "not-negative");
    case "Y":
      return count === 2 ? value(2, 2, "not-negative") : value(count, 19, "not-negative");
    default:
      return undefined;
  }
}

/** DateTimeFormatterBuilder's state for adjacent value parsing, one per optional section. */
interface Section {
  /** Whether each element appended so far is a padded number. */
  readonly padded: boolean[];
  /** Index of the number that later adjacent numbers attach to, or -1. */
  valueParserIndex: number;
}

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

function checkTrimmed(pattern: string): DatePatternProblem | undefined {
  const span = (offset: number, length: number): Span => ({ offset, length });
  const sections: Section[] = [{ padded: [], valueParserIndex: -1 }];
  let padNext = false;
  let paddedRun = "";
  const active = () => sections.at(-1) as Section;
  /** DateTimeFormatterBuilder.appendInternal: the pad, if any, goes to this element. */
  const appendInternal = (number: boolean): number => {
    const section = active();
    section.padded.push(number && padNext);
    padNext = false;
    section.valueParserIndex = -1;
    return section.padded.length - 1;
  };
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
          return {
            message: `The pad letter "p" must be followed by the field it pads, as in "ppH", but found ${next === undefined ? "the end of the pattern" : quote(next)}.`,
            span: span(start, pos - start),
          };
        }
        cur = next as string;
        start = pos++;
        while (pos < pattern.length && pattern[pos] === cur) pos++;
        count = pos - start;
        // DateTimeFormatterBuilder.padNext also ends adjacent value parsing.
        padNext = true;
        active().valueParserIndex = -1;
      }
      const run = pattern.slice(start, pos);
      const letter = Object.hasOwn(LETTERS, cur) ? LETTERS[cur] : undefined;
      if (!letter) {
        const hint = HINTS[cur] ?? `quote literal letters, as in ${quote(`'${cur}'`)}`;
        return {
          message: `Java does not know the pattern letter ${quote(cur)}; ${hint}.`,
          span: span(start, count),
        };
      }
      if (cur === "c" && count === 2) {
        return {
          message: `Java does not accept "cc" (stand-alone day of week); expected "c", "ccc", "cccc" or "ccccc".`,
          span: span(start, count),
        };
      }
      if (!letter.counts(count)) {
        return {
          message: `Found ${quote(run)}, the ${letter.what} letter ${quote(cur)} ${count} times; Java accepts it ${letter.expected}.`,
          span: span(start, count),
        };
      }
      const number = numberField(cur, count);
      const section = active();
      if (!number) appendInternal(false);
      else if (section.valueParserIndex >= 0) {
        if (section.padded[section.valueParserIndex]) {
          return {
            message: `The padded field ${quote(paddedRun)} is directly followed by the number ${quote(run)}, which makes Java 17 fail (a ClassCastException in DateTimeFormatterBuilder); put a literal between them.`,
            span: span(start, count),
          };
        }
        const base = section.valueParserIndex;
        if (number.min === number.max && number.sign === "not-negative") {
          appendInternal(true);
          section.valueParserIndex = base;
        } else section.valueParserIndex = appendInternal(true);
      } else section.valueParserIndex = appendInternal(true);
      if (section.padded[section.padded.length - 1]) paddedRun = pattern.slice(padStart, pos);
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
        return {
          message: `The quoted text ${quote(pattern.slice(start))} is not closed; expected a closing "'" (write "''" for a quote).`,
          span: span(start, 1),
        };
      }
      appendInternal(false);
    } else if (cur === "[") {
      active().valueParserIndex = -1;
      sections.push({ padded: [], valueParserIndex: -1 });
    } else if (cur === "]") {
      if (sections.length === 1) {
        return {
          message: 'Found "]" with no optional section open; expected "[" before it, or "\']\'" for a literal bracket.',
          span: span(pos, 1),
        };
      }
      const section = sections.pop() as Section;
      if (section.padded.length > 0) appendInternal(false);
    } else if (cur === "{" || cur === "}" || cur === "#") {
      return {
        message: `The character ${quote(cur)} is reserved in Java date patterns; write ${quote(`'${cur}'`)} for the literal character.`,
        span: span(pos, 1),
      };
    } else appendInternal(false);
  }
  return undefined;
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
  const problem = checkTrimmed(pattern.slice(start, end));
  return problem && { ...problem, span: { offset: problem.span.offset + start, length: problem.span.length } };
}
