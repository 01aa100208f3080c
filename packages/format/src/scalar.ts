/**
 * How one YAML scalar can be written: which texts may stay plain, quoting, and block scalars. Every function
 * here returns text that a YAML 1.2 reader (core schema) reads back as exactly the value given; a property test
 * checks it against the `yaml` package.
 */

/** YAML 1.2 core schema: plain texts read as null, booleans or numbers rather than strings. */
const NULL = /^(?:~|null|Null|NULL)$/;
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;
const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/** Whether a plain scalar with this text reads as a string (not null, a boolean or a number). */
export const readsAsString = (text: string): boolean =>
  text !== "" && !NULL.test(text) && !BOOLEAN.test(text) && !INTEGER.test(text) && !FLOAT.test(text);

/** Characters that cannot start a plain scalar. */
const INDICATORS = new Set([..."?:,[]{}#&*!|>'\"%@`"]);
const FLOW_INDICATORS = /[,[\]{}]/;

/**
 * Whether YAML allows a character unescaped in a quoted or block scalar (c-printable), leaving out line breaks,
 * tabs and the characters a reader may take for line breaks or a byte-order mark.
 */
function isPrintable(c: number): boolean {
  if (c < 0x20) return false;
  if (c >= 0x7f && c <= 0x9f) return false;
  if (c === 0x2028 || c === 0x2029 || c === 0xfeff || c === 0xfffe || c === 0xffff) return false;
  return true;
}

/** Whether every character is printable, surrogates only in valid pairs. */
export function allPrintable(text: string, allowTab = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (!isPrintable(c) && !(allowTab && c === 9)) return false;
  }
  return true;
}

/**
 * Whether a text can be written as a plain scalar on one line and read back as the same text, in block context
 * or, when `flow`, inside `[ ]` or `{ }`. It says nothing about types: see `readsAsString`.
 */
export function isPlainSafe(text: string, flow: boolean): boolean {
  if (text === "" || !allPrintable(text)) return false;
  const first = text[0] as string;
  if (first === " " || text.endsWith(" ")) return false;
  if (first === "-") {
    const second = text[1];
    if (second === undefined || second === " " || (flow && FLOW_INDICATORS.test(second))) return false;
  } else if (INDICATORS.has(first)) return false;
  if (text.startsWith("---") || text.startsWith("...")) return false;
  if (text.includes(": ") || text.endsWith(":") || text.includes(" #")) return false;
  if (flow && (FLOW_INDICATORS.test(text) || text.includes(":"))) return false;
  return true;
}

const ESCAPES: Readonly<Record<number, string>> = {
  0: "\\0",
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  27: "\\e",
  34: '\\"',
  92: "\\\\",
  133: "\\N",
  8232: "\\L",
  8233: "\\P",
};

const hex = (c: number, digits: number) => c.toString(16).toUpperCase().padStart(digits, "0");

/** A double-quoted scalar for any text, on one line: escapes for what is not printable, nothing else. */
export function doubleQuoted(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const escaped = ESCAPES[c];
    if (escaped !== undefined) out += escaped;
    else if (c >= 0xd800 && c <= 0xdbff && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += `\\u${hex(c, 4)}`;
    else if (!isPrintable(c)) out += c < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`;
    else out += text[i];
  }
  return `${out}"`;
}

/** A single-quoted scalar, or undefined when the text has characters single quotes cannot hold. */
export function singleQuoted(text: string): string | undefined {
  if (!allPrintable(text)) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Lines of a folded block scalar (`>-`) holding the text, each at most `width` long where the text allows, or
 * undefined when the text cannot be folded: it must be printable, on one line, without blanks at either end,
 * and have at least one single space to break at. Breaks go at single spaces only, so each line starts and ends
 * with a non-blank and the reader joins the lines back with exactly one space.
 */
export function foldWords(text: string, width: number): string[] | undefined {
  if (text === "" || !allPrintable(text) || /^\s|\s$/.test(text)) return undefined;
  const words: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i] === " " && text[i - 1] !== " " && text[i + 1] !== " ") {
      words.push(text.slice(start, i));
      start = i + 1;
    }
  }
  words.push(text.slice(start));
  if (words.length < 2) return undefined;
  const lines: string[] = [];
  let line = words[0] as string;
  for (const word of words.slice(1)) {
    if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * A literal block scalar for a text of several lines: its header (`|` when the text ends with one line break,
 * `|-` when it ends with none) and its lines; undefined when a literal block cannot hold it exactly (characters
 * that are not printable, a first line starting with a blank, a line of blanks only, several final line breaks).
 */
export function literalBlock(text: string): { header: string; lines: string[] } | undefined {
  if (!text.includes("\n") || !allPrintable(text.replaceAll("\n", ""), true)) return undefined;
  const clip = text.endsWith("\n");
  const lines = (clip ? text.slice(0, -1) : text).split("\n");
  if (lines.at(-1) === "") return undefined;
  const firstContent = lines.find((line) => line !== "");
  if (firstContent === undefined || /^[ \t]/.test(firstContent)) return undefined;
  if (lines.some((line) => line !== "" && /^[ \t]+$/.test(line))) return undefined;
  return { header: clip ? "|" : "|-", lines };
}
