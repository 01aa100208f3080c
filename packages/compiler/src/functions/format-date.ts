import { javaParseLong } from "@mailroom/java";
import { dateWords } from "../expression/words.js";
import { dateFunction, javaDates } from "./families.js";

export const formatDate = dateFunction("date", {
  name: "formatDate",
  produces: "exv.DateFormat",
  doc: "A date (epoch milliseconds) written as text with a pattern.",
  examples: ['now | formatDate("d MMMM yyyy", "Europe/Paris", locale="fr-FR")'],
  explain: (e, words) => words.step(e.expr, `written as a date ${dateWords(e)}`, " "),
  evaluate(e, evaluator) {
    const millis = evaluator.java(javaParseLong(evaluator.value(e.expr)));
    return evaluator.java(javaDates(evaluator).formatJavaDate(millis, e.pattern, e.timeZone, e.locale));
  },
});
