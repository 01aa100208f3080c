import { caseFunction } from "./families.js";

export const normalizeCase = caseFunction(undefined, {
  name: "normalizeCase",
  doc: "A text in lower case, written without `toUpper` in the JSON; `lower` is the usual spelling.",
  examples: ["meta.name | normalizeCase"],
  explain: (e, words) => words.step(e.expr, "in lower case"),
});
