import { javaCompareNumbers } from "@mailroom/java";
import { twoTextsFunction } from "./families.js";

export const numEqual = twoTextsFunction("exb.NumericEqual", ["a", "First number."], ["b", "Second number."], {
  name: "numEqual",
  doc: "True when both texts are equal as numbers (`==` compares them as texts).",
  examples: ["numEqual(meta.count, 3)"],
  explain: (e, words) => words.clause(e.expr1, ["equals", "differs from"], e.expr2, "(as numbers)"),
  evaluate: (e, evaluator) =>
    evaluator.java(javaCompareNumbers(evaluator.value(e.expr1), evaluator.value(e.expr2))) === 0,
});
