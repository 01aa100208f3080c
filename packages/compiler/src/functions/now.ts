import { keywordFunction } from "./families.js";

export const now = keywordFunction({
  name: "now",
  produces: "exv.CurrentDate",
  doc: "The current date and time, in milliseconds since the Unix epoch.",
  examples: ["now"],
  explain: () => "the current date and time",
  evaluate: (_, evaluator) => String(evaluator.sources.now()),
});
