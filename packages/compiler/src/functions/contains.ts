import { twoTextsFunction } from "./families.js";

export const contains = twoTextsFunction("exb.StrContains", ["text", "Text to test."], ["part", "The part."], {
  name: "contains",
  doc: "True when the text contains the part.",
  examples: ['contains(meta.subject, "urgent")'],
  explain: (e, words) => words.clause(e.expr1, ["contains", "does not contain"], e.expr2),
  evaluate: (e, evaluator) => evaluator.value(e.expr1).includes(evaluator.value(e.expr2)),
});
