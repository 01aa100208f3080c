import { javaSubstring } from "@mailroom/java";
import { callOf, number, POSTFIX } from "../expression/layout.js";
import { endsBefore, rangeWords } from "../expression/words.js";
import { defineFunction, type Expression } from "./definition.js";
import { optional, required, tab, text } from "./parameters.js";

export const substring = defineFunction({
  name: "substring",
  form: "call",
  produces: "exv.Substring",
  parameters: [
    text("Text to cut."),
    required("begin", "integer", "Index of the first character kept, from 0.", { field: "beginIndex" }),
    optional("end", "integer", "Index just past the last character kept; 0, -1 or absent: to the end.", {
      field: "endIndex",
    }),
  ],
  doc: "A slice of a text; `x[begin:end]` is the short form.",
  examples: ["meta.customer[0:4]", "substring(fileName, 0, 8)"],
  snippet: `substring(${tab(1, "text")}, ${tab(2, "0")}, ${tab(3, "8")})`,
  lower(args) {
    const expr = args.value("text");
    const beginIndex = args.integer("begin") ?? 0;
    const endIndex = args.integer("end");
    return { "@type": "exv.Substring", expr, beginIndex, ...(endIndex !== undefined && { endIndex }) };
  },
  print(e) {
    const end = e.endIndex === undefined ? [] : [number(e.endIndex)];
    // fileName[b:e] means the FileName's own begin/end, so a Substring of a FileName is written as a call.
    if (e.expr["@type"] === "exv.FileName") return callOf("substring", [e.expr], [number(e.beginIndex), ...end]);
    return [POSTFIX, [{ expr: e.expr, min: POSTFIX }, `[${number(e.beginIndex)}:${end.join("")}]`]];
  },
  explain(e, words) {
    // Slices of slices read as one range of the innermost text: `fileName[0:12][4:]` is characters 5 to 12.
    let range: Range = { begin: e.beginIndex, end: e.endIndex };
    let whole: Expression = e.expr;
    for (let inner = sliceOf(whole); inner !== undefined; inner = sliceOf(whole)) {
      const one = composed(inner, range);
      if (one === undefined) break;
      range = one;
      whole = inner.expr;
    }
    // A slice that does not compose is bracketed: "characters 1 to 3 of (characters 5 to 12 of the file name)".
    const phrase = words.phrase(whole);
    const text = sliceOf(whole) ? `(${typeof phrase === "string" ? phrase : phrase.text})` : words.of(whole);
    return rangeWords(text, range.begin, range.end);
  },
  evaluate: (e, evaluator) => evaluator.java(javaSubstring(evaluator.value(e.expr), e.beginIndex, e.endIndex)),
});

/** Indexes as the model writes them: `end` 0, -1 or absent is the end of the text. */
interface Range {
  readonly begin: number;
  readonly end?: number | undefined;
}

/** The text a slice is taken from, and its range: a substring, or a file name with its own `begin`/`end`. */
function sliceOf(e: Expression): (Range & { readonly expr: Expression }) | undefined {
  if (e["@type"] === "exv.Substring") return { expr: e.expr, begin: e.beginIndex, end: e.endIndex };
  if (e["@type"] !== "exv.FileName" || (e.begin === undefined && e.end === undefined)) return undefined;
  const { begin, end, ...name } = e;
  return { expr: name, begin: begin ?? 0, end };
}

/**
 * `outer` of `inner` as one range of the text `inner` is taken from, when Java gives the same characters for
 * both and refuses both on the same texts; otherwise undefined (an end past another finite end, an empty slice).
 */
function composed(inner: Range, outer: Range): Range | undefined {
  const valid = (r: Range) =>
    Number.isInteger(r.begin) && r.begin >= 0 && (!endsBefore(r.end) || (Number.isInteger(r.end) && r.end > r.begin));
  if (!valid(inner) || !valid(outer)) return undefined;
  const begin = inner.begin + outer.begin;
  if (!endsBefore(outer.end)) {
    if (!endsBefore(inner.end)) return { begin };
    return begin < inner.end ? { begin, end: inner.end } : undefined;
  }
  const end = inner.begin + outer.end;
  // Inside a finite slice, only a slice ending where it ends is refused on exactly the same texts.
  return !endsBefore(inner.end) || end === inner.end ? { begin, end } : undefined;
}
