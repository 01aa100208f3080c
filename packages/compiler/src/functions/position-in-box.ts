import { keyword, PRIMARY, targetArgument } from "../expression/layout.js";
import { defineFunction } from "./definition.js";

export const positionInBox = defineFunction({
  name: "positionInBox",
  form: "keyword-or-call",
  produces: "exv.PositionInBox",
  target: "file",
  doc: "The position of the current chunk in its box, written 00001 for the first.",
  notes: "Usually written bare: `positionInBox`.",
  examples: ["positionInBox"],
  reconcileExamples: ["positionInBox(main) == positionInBox"],
  snippet: "positionInBox",
  lower: (args) => ({ "@type": "exv.PositionInBox", ...args.target() }),
  print: (e, context) => [PRIMARY, [keyword("positionInBox", targetArgument(e, context))]],
  explain: (e, words) => `the position (00001 for the first) of the document in ${words.target(e) ?? "its box"}`,
  evaluate: (e, evaluator) => String(evaluator.sources.positionInBox(e)).padStart(5, "0"),
});
