import { javaLowerCase } from "@mailroom/java";
import { caseFunction } from "./families.js";

export const lower = caseFunction(false, {
  name: "lower",
  doc: 'A text in lower case (JSON `"toUpper": false`).',
  examples: ["meta.name | lower"],
  explain: (e, words) => words.step(e.expr, "in lower case"),
  evaluate: (e, evaluator) => evaluator.java(javaLowerCase(evaluator.value(e.expr))),
});
