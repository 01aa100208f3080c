import { keywordFunction } from "./families.js";

export const numSheets = keywordFunction({
  name: "numSheets",
  produces: "exv.NumSheetsValue",
  sites: ["channel"],
  doc: "The number of sheets of the document.",
  examples: ["numSheets"],
  explain: () => "the number of sheets of the document",
  evaluate: (_, evaluator) => String(evaluator.sources.numSheets()),
});
