// Mutations of service files: the one home of the edits the fuzzer (fuzz/run.js) and the property tests make.
// Each mutation is a plain record, applied by `applyEdit` (anywhere in the text) or `mutate` (to chosen lines), so
// that a seeded PRNG (the fuzzer) and fast-check (the property tests) draw the same edits.

import { mulberry32 } from "../scripts/mulberry32.js";

/** Characters that matter to YAML, JSON or the expression grammar, and some that matter to none. */
export const NOISE = [..."\n\t :{}[],#&*!|>'\"%@`-?=()./\\^$0123456789abcXYZ\u00e9\u2028\uFEFF\r\u{1F4EE}"];

export const BIG = ["9007199254740993", "-9007199254740993", "12345678901234567890123", "18446744073709551616"];
export const TAGS = ["!custom", "!!str", "!x"];

/** Words, numbers and quoted strings: what a token swap moves. */
const TOKEN = /"(?:[^"\\\n]|\\.)*"|[A-Za-z_@$][\w.$-]*|-?\d+(?:\.\d+)?/g;

/** The tokens of a text, as [offset, text] pairs. */
export const tokens = (text) => [...text.matchAll(TOKEN)].map((m) => [m.index, m[0]]);

/**
 * One edit anywhere in a text; positions are taken modulo what the text has, so any number picks something:
 * - `splice`: `remove` characters at `at` replaced by `text` (an insertion, a deletion or a replacement);
 * - `delete-line`, `duplicate-line`, `swap-lines`, `truncate` (at a character);
 * - `swap-tokens`: the `a`th and `b`th tokens trade places; `replace-token`: the `at`th token becomes `text`.
 */
export function applyEdit(text, m) {
  switch (m.kind) {
    case "splice": {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at + m.remove);
    }
    case "truncate":
      return text.slice(0, m.at % (text.length + 1));
    case "swap-tokens":
    case "replace-token": {
      const found = tokens(text);
      if (found.length === 0) return text;
      const [x, y] = (m.kind === "swap-tokens" ? [m.a, m.b] : [m.at, m.at]).map((n) => found[n % found.length]);
      if (m.kind === "replace-token") return text.slice(0, x[0]) + m.text + text.slice(x[0] + x[1].length);
      const [first, second] = x[0] <= y[0] ? [x, y] : [y, x];
      if (first[0] === second[0]) return text;
      return (
        text.slice(0, first[0]) +
        second[1] +
        text.slice(first[0] + first[1].length, second[0]) +
        first[1] +
        text.slice(second[0] + second[1].length)
      );
    }
  }
  const lines = text.split("\n");
  const i = (n) => n % lines.length;
  if (m.kind === "delete-line") lines.splice(i(m.line), 1);
  else if (m.kind === "duplicate-line") lines.splice(i(m.line), 0, lines[i(m.line)]);
  else if (m.kind === "swap-lines") [lines[i(m.a)], lines[i(m.b)]] = [lines[i(m.b)], lines[i(m.a)]];
  else throw new Error(`Unknown edit "${m.kind}".`);
  return lines.join("\n");
}

const KEY = /^(\s*(?:- )?)([A-Za-z_][\w-]*):/;
const KEY_VALUE = /^(\s*(?:- )?[\w-]+: )([A-Za-z_])/;
const INTEGER = /(?<![\w.])\d+(?![\w.])/;
/** An integer argument or index in an expression: `pdfText(1, ...)`, `fileName[0:8]`. */
const EXPRESSION_INTEGER = /(?<=[\w)]\s*[[(][^#"]*)(?<![\w.])\d+(?![\w.])/;

/** The lines a line mutation applies to (every line when it applies anywhere). */
const applies = {
  "blank-before-item": (line) => /^\s*- /.test(line),
  "trailing-comment": (line) => line.trim() !== "" && !line.includes("#"),
  "tag-key": (line) => KEY.test(line),
  "tag-value": (line) => KEY_VALUE.test(line),
  "big-integer": (line) => !line.trimStart().startsWith("#") && INTEGER.test(line),
  "big-integer-in-expression": (line) => !line.trimStart().startsWith("#") && EXPRESSION_INTEGER.test(line),
  "lone-cr": (line) => KEY_VALUE.test(line),
};

const pick = (count, at) => at % count;

/**
 * The text with line mutations made (see `LineMutation` in mutate.d.ts), and the big integers written into it;
 * `at` picks a line among those the mutation applies to.
 */
export function mutate(text, mutations) {
  const lines = text.replace(/\n$/, "").split("\n");
  const integers = [];
  let ending = "\n";
  let final = true;
  for (const m of mutations) {
    const test = applies[m.kind];
    const candidates = lines.flatMap((line, n) => (!test || test(line) ? [n] : []));
    if (candidates.length === 0) continue;
    const i = candidates[pick(candidates.length, m.at)];
    const line = lines[i];
    switch (m.kind) {
      case "blank":
      case "blank-before-item":
        lines.splice(i, 0, "");
        break;
      case "comment":
        lines.splice(i, 0, `${" ".repeat(m.indent)}# comment ${i}`);
        break;
      case "trailing-comment":
        lines[i] = `${line}  # end ${i}`;
        break;
      case "tag-key":
        lines[i] = line.replace(KEY, `$1${m.tag} $2:`);
        break;
      case "tag-value":
        lines[i] = line.replace(KEY_VALUE, `$1${m.tag} $2`);
        break;
      case "big-integer":
      case "big-integer-in-expression":
        lines[i] = line.replace(m.kind === "big-integer" ? INTEGER : EXPRESSION_INTEGER, m.digits);
        integers.push(m.digits);
        break;
      case "indent":
        lines[i] = m.indent > 0 ? " ".repeat(m.indent) + line : line.replace(new RegExp(`^ {0,${-m.indent}}`), "");
        break;
      case "indent-tab":
        lines[i] = `\t${line}`;
        break;
      case "lone-cr": {
        // Inside the value, where a scalar kept as written holds it.
        const start = (KEY_VALUE.exec(line)?.[1] ?? "").length;
        const column = start + pick(line.length - start + 1, m.column);
        lines[i] = `${line.slice(0, column)}\r${line.slice(column)}`;
        break;
      }
      case "crlf":
        ending = "\r\n";
        break;
      case "no-final-newline":
        final = false;
        break;
      default:
        throw new Error(`Unknown line mutation "${m.kind}".`);
    }
  }
  const mutant = lines.join(ending) + (final ? ending : "");
  // (A later mutation may have replaced an integer written by an earlier one.)
  return { text: mutant, integers: integers.filter((digits) => mutant.includes(digits)) };
}

/** A seeded PRNG (mulberry32): `next()` in [0, 1), `int(n)` in [0, n), `pick(array)`. */
export function prng(seed) {
  const next = mulberry32(seed);
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (array) => array[int(array.length)] };
}

const LINE_KINDS = [
  "blank",
  "blank-before-item",
  "comment",
  "trailing-comment",
  "tag-key",
  "tag-value",
  "big-integer",
  "big-integer-in-expression",
  "indent",
  "indent-tab",
  "lone-cr",
  "crlf",
  "no-final-newline",
];
const EDIT_KINDS = [
  "splice",
  "truncate",
  "swap-tokens",
  "replace-token",
  "delete-line",
  "duplicate-line",
  "swap-lines",
];

/** One random mutation; `vocabulary` holds the tokens a `replace-token` may write (those of the whole corpus). */
export function randomMutation(rng, vocabulary) {
  const n = () => rng.int(2 ** 31);
  // Edits that break structure are three times as likely as the line mutations that mostly keep it.
  if (rng.int(4) === 0) {
    const kind = rng.pick(LINE_KINDS);
    const indent = kind === "comment" ? rng.int(9) : rng.int(9) - 4;
    return { kind, at: n(), indent, tag: rng.pick(TAGS), digits: rng.pick(BIG), column: n() };
  }
  const kind = rng.pick(EDIT_KINDS);
  if (kind === "splice") {
    const text = Array.from({ length: rng.int(4) }, () => rng.pick(NOISE)).join("");
    return { kind, at: n(), remove: rng.int(3) === 0 ? rng.int(40) : rng.int(2), text };
  }
  if (kind === "replace-token") return { kind, at: n(), text: rng.pick(vocabulary) };
  return { kind, at: n(), line: n(), a: n(), b: n() };
}

/** Applies a mutation drawn by `randomMutation`. */
export const applyMutation = (text, m) => (LINE_KINDS.includes(m.kind) ? mutate(text, [m]).text : applyEdit(text, m));
