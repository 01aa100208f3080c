/**
 * A forgiving scan of JSON text, or of a YAML flow collection (`{ area: [1, 2], page: first }`), from a start
 * offset up to the cursor: which objects and arrays are open there, under which keys, and what is being typed.
 * It never fails: unbalanced brackets, missing colons and unterminated strings just end where the cursor is,
 * which is what completion on half-typed text needs. Linear in the scanned text.
 */

export interface FlowFrame {
  readonly kind: "object" | "array";
  /** The key whose value is being written (objects). */
  key: string | undefined;
  /** The index of the item being written (arrays). */
  index: number;
  /** Keys written so far in this object. */
  readonly keys: string[];
  /** Scalar values written so far in this object, by key (for discriminators such as `@type`). */
  readonly scalars: Map<string, string>;
  /** Whether the next token is a key (objects, before the colon). */
  expectKey: boolean;
}

export interface FlowCursor {
  /** Open objects and arrays, outermost first; empty when the cursor is outside any. */
  readonly frames: readonly FlowFrame[];
  /** The word or string content being typed: from its start to the cursor. */
  readonly wordStart: number;
  /** The quote the cursor is inside, if any. */
  readonly quote: '"' | "'" | undefined;
  /** Whether the text being typed is a key (in an object, before its colon). */
  readonly isKey: boolean;
}

const STOP = new Set(["{", "}", "[", "]", ",", ":", '"', "'"]);

/** The index of the quote closing the string opened at `open`, or `end` when it is not closed before it. */
function closingQuote(text: string, open: number, end: number): number {
  const quote = text[open] as string;
  for (let j = open + 1; j < end; j++) {
    const c = text[j];
    if (c === quote) return j;
    if (c === "\\" && quote === '"') j++;
  }
  return end;
}

/** A string's value: JSON escapes decoded (YAML single quotes: `''` is a quote). */
function stringValue(raw: string, double: boolean): string {
  if (!double) return raw.replaceAll("''", "'");
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** Scans `text[start, cursor)`; `yaml` enables single-quoted strings and plain scalars with spaces. */
export function scanFlow(text: string, start: number, cursor: number, yaml: boolean): FlowCursor {
  const frames: FlowFrame[] = [];
  let last: string | undefined;
  let wordStart = cursor;
  let quote: '"' | "'" | undefined;
  let i = start;
  const top = () => frames.at(-1);
  const scalar = (value: string) => {
    const frame = top();
    if (frame?.kind === "object" && !frame.expectKey && frame.key !== undefined) frame.scalars.set(frame.key, value);
    last = value;
  };
  while (i < cursor) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    const char = text[i] as string;
    if (c === 34 || (c === 39 && yaml)) {
      const j = closingQuote(text, i, cursor);
      if (j >= cursor) {
        quote = char as '"' | "'";
        wordStart = i + 1;
        break;
      }
      scalar(stringValue(text.slice(i + 1, j), c === 34));
      i = j + 1;
      continue;
    }
    if (char === "{" || char === "[") {
      frames.push({
        kind: char === "{" ? "object" : "array",
        key: undefined,
        index: 0,
        keys: [],
        scalars: new Map(),
        expectKey: char === "{",
      });
      i++;
      continue;
    }
    if (char === "}" || char === "]") {
      frames.pop();
      i++;
      continue;
    }
    const frame = top();
    if (char === ",") {
      if (frame?.kind === "object") {
        frame.expectKey = true;
        frame.key = undefined;
      } else if (frame) frame.index++;
      i++;
      continue;
    }
    if (char === ":" && frame?.kind === "object" && frame.expectKey) {
      frame.key = last ?? "";
      frame.keys.push(frame.key);
      frame.expectKey = false;
      i++;
      continue;
    }
    // A bare word: a JSON literal, or a YAML plain scalar (which may hold spaces, and ends at `: ` in a key).
    let j = i;
    while (j < cursor) {
      const d = text[j] as string;
      if (STOP.has(d) && !(d === ":" && yaml && !/\s/.test(text[j + 1] ?? " "))) break;
      if (!yaml && (d === " " || d === "\n" || d === "\t" || d === "\r")) break;
      j++;
    }
    if (j >= cursor) {
      wordStart = i;
      break;
    }
    scalar(text.slice(i, j).trim());
    i = Math.max(j, i + 1);
  }
  const frame = top();
  return { frames, wordStart, quote, isKey: frame?.kind === "object" && frame.expectKey };
}
