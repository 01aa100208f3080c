import { javaCompareNumbers } from "@mailroom/java";
import { isNumberLiteral, sheetsWords } from "../expression/words.js";
import { twoTextsFunction } from "./families.js";

export const numEqual = twoTextsFunction("exb.NumericEqual", ["a", "First number."], ["b", "Second number."], {
  name: "numEqual",
  doc: "True when both texts are equal as numbers (`==` compares them as texts).",
  examples: ["numEqual(meta.count, 3)"],
  explain(e, words) {
    // The number of sheets is an integer: equal to an integer as a number, it is that many sheets.
    const [sheets, count] = e.expr2["@type"] === "exv.NumSheetsValue" ? [e.expr2, e.expr1] : [e.expr1, e.expr2];
    if (sheets["@type"] === "exv.NumSheetsValue" && isNumberLiteral(count)) {
      const exactly = `exactly ${sheetsWords(count.value)}`;
      return words.negatable(`the document has ${exactly}`, `the document does not have ${exactly}`);
    }
    return words.clause(e.expr1, ["equals", "differs from"], e.expr2, "(as numbers)");
  },
  evaluate: (e, evaluator) =>
    evaluator.java(javaCompareNumbers(evaluator.value(e.expr1), evaluator.value(e.expr2))) === 0,
});
