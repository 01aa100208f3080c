import { javaLowerCase } from "@mailroom/java";
import { caseFunction } from "./families.js";

export const normalizeCase = caseFunction(undefined, {
  name: "normalizeCase",
  doc: "A text in lower case, written without `toUpper` in the JSON; `lower` is the usual spelling.",
  examples: ["meta.name | normalizeCase"],
  explain: (e, words) => words.step(e.expr, "in lower case"),
  // Without `toUpper` the API gives lower case ("true = upper case, otherwise lower case").
  evaluate: (e, evaluator) => evaluator.java(javaLowerCase(evaluator.value(e.expr))),
});
