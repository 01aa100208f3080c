import { joinWords } from "../expression/words.js";
import { operandsFunction } from "./families.js";

export const concat = operandsFunction("Texts to join, in order.", {
  name: "concat",
  produces: "exv.Concat",
  doc: "The texts joined end to end, with nothing between them.",
  notes: "`concat()` is an empty concat.",
  examples: ['concat(meta.a, "-", 1)'],
  explain(e, words) {
    const [first, ...rest] = e.operands;
    if (first === undefined) return "an empty text";
    if (rest.length === 0) return words.phrase(first);
    return {
      text: `${words.of(first)} followed by ${joinWords(
        rest.map((o) => words.of(o)),
        "and",
      )}`,
      joins: "values",
    };
  },
  evaluate: (e, evaluator) => e.operands.map((operand) => evaluator.value(operand)).join(""),
});
