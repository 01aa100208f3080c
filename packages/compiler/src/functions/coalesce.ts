import { joinWords } from "../expression/words.js";
import { operandsFunction } from "./families.js";

export const coalesce = operandsFunction("Texts to try, in order.", {
  name: "coalesce",
  produces: "exv.Coalesce",
  doc: "The first of the texts that is not empty.",
  examples: ["coalesce(meta.email, ou.EMAIL_ADDRESS)"],
  explain(e, words) {
    const [first, ...rest] = e.operands;
    if (first === undefined) return "an empty text";
    if (rest.length === 0) return words.phrase(first);
    return {
      text: `the first non-empty of ${joinWords(
        e.operands.map((o) => words.of(o)),
        "or",
      )}`,
      joins: "values",
    };
  },
  evaluate(e, evaluator) {
    // The operands after the first non-empty one are not evaluated (a failure there does not count).
    for (const operand of e.operands) {
      const value = evaluator.value(operand);
      if (value !== "") return value;
    }
    return "";
  },
});
