import { twoTextsFunction } from "./families.js";

export const startsWith = twoTextsFunction("exb.StrStartsWith", ["text", "Text to test."], ["prefix", "The prefix."], {
  name: "startsWith",
  doc: "True when the text starts with the prefix.",
  examples: ['startsWith(archivePath, "annexes/")'],
  explain: (e, words) => words.clause(e.expr1, ["starts with", "does not start with"], e.expr2),
  evaluate: (e, evaluator) => evaluator.value(e.expr1).startsWith(evaluator.value(e.expr2)),
});
