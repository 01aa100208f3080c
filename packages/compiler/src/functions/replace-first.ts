import { javaReplace } from "@mailroom/java";
import { replacementWords } from "../expression/words.js";
import { replaceFunction } from "./families.js";

export const replaceFirst = replaceFunction(true, {
  name: "replaceFirst",
  doc: 'A text with the first match of a regular expression replaced (JSON `"firstOnly": true`).',
  examples: ['meta.ref | replaceFirst(/^0+/, "")'],
  explain: (e, words) => words.step(e.expr, replacementWords("the first match", e.regExpPattern, e.replacement)),
  evaluate: (e, evaluator) =>
    evaluator.java(javaReplace(evaluator.value(e.expr), e.regExpPattern, e.replacement, true)),
});
