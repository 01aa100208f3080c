import { javaReplace } from "@mailroom/java";
import { replacementWords } from "../expression/words.js";
import { replaceFunction } from "./families.js";

export const replace = replaceFunction("flag", {
  name: "replace",
  doc: "A text with every match of a regular expression replaced.",
  examples: ['meta.ref | replace(/[^0-9]/, "")', 'meta.ref | replace(/(\\d+)\\/(\\d+)/, "$2-$1", firstOnly=false)'],
  explain: (e, words) => words.step(e.expr, replacementWords("every match", e.regExpPattern, e.replacement)),
  evaluate: (e, evaluator) =>
    evaluator.java(javaReplace(evaluator.value(e.expr), e.regExpPattern, e.replacement, e.firstOnly === true)),
});
