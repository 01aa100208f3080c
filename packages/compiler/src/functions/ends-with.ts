import { twoTextsFunction } from "./families.js";

export const endsWith = twoTextsFunction("exb.StrEndsWith", ["text", "Text to test."], ["suffix", "The suffix."], {
  name: "endsWith",
  doc: "True when the text ends with the suffix.",
  examples: ['endsWith(archivePath | lower, ".pdf")'],
  explain: (e, words) => words.clause(e.expr1, ["ends with", "does not end with"], e.expr2),
  evaluate: (e, evaluator) => evaluator.value(e.expr1).endsWith(evaluator.value(e.expr2)),
});
