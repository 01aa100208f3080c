import { javaSubstring } from "@mailroom/java";
import { callOf, number, POSTFIX } from "../expression/layout.js";
import { rangeWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";
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
  explain: (e, words) => rangeWords(words.of(e.expr), e.beginIndex, e.endIndex),
  evaluate: (e, evaluator) => evaluator.java(javaSubstring(evaluator.value(e.expr), e.beginIndex, e.endIndex)),
});
