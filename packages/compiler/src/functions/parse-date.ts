import { dateWords } from "../expression/words.js";
import { dateFunction, javaDates } from "./families.js";

export const parseDate = dateFunction("text", {
  name: "parseDate",
  produces: "exv.DateParse",
  doc: "A date read from a text with a pattern, as epoch milliseconds.",
  examples: ['meta.date | parseDate("dd/MM/yyyy", "Europe/Paris")'],
  explain: (e, words) => words.step(e.expr, `read as a date ${dateWords(e)}`, " "),
  evaluate: (e, evaluator) =>
    String(
      evaluator.java(javaDates(evaluator).parseJavaDate(evaluator.value(e.expr), e.pattern, e.timeZone, e.locale)),
    ),
});
