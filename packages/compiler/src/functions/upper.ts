import { javaUpperCase } from "@mailroom/java";
import { caseFunction } from "./families.js";

export const upper = caseFunction(true, {
  name: "upper",
  doc: 'A text in upper case (JSON `"toUpper": true`).',
  examples: ["meta.name | upper"],
  explain: (e, words) => words.step(e.expr, "in upper case"),
  evaluate: (e, evaluator) => javaUpperCase(evaluator.value(e.expr)),
});
