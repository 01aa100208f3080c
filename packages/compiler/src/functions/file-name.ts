import { javaSubstring } from "@mailroom/java";
import { keyword, optionalNumber, POSTFIX, PRIMARY, targetArgument } from "../expression/layout.js";
import { rangeWords } from "../expression/words.js";
import { defineFunction } from "./definition.js";

export const fileName = defineFunction({
  name: "fileName",
  form: "keyword-or-call",
  produces: "exv.FileName",
  target: "file",
  slices: true,
  doc: "The name of the file in the current box; slice it with `fileName[begin:end]`.",
  notes: "Usually written bare: `fileName`.",
  examples: ["fileName", "fileName[0:8]"],
  reconcileExamples: ["fileName(main)[0:8] == fileName[0:8]"],
  snippet: "fileName",
  lower: (args) => ({ "@type": "exv.FileName", ...args.target() }),
  print(e, context) {
    const base = keyword("fileName", targetArgument(e, context));
    if (e.begin === undefined && e.end === undefined) return [PRIMARY, [base]];
    return [POSTFIX, [`${base}[${optionalNumber(e.begin)}:${optionalNumber(e.end)}]`]];
  },
  explain(e, words) {
    const box = words.target(e);
    return rangeWords(box ? `the name of the file in ${box}` : "the file name", e.begin, e.end);
  },
  evaluate(e, evaluator) {
    const name = evaluator.sources.fileName(e);
    if (e.begin === undefined && e.end === undefined) return name;
    return evaluator.java(javaSubstring(name, e.begin ?? 0, e.end));
  },
});
