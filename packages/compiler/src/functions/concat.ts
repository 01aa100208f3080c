import { operandsFunction } from "./families.js";

export const concat = operandsFunction("Texts to join, in order.", {
  name: "concat",
  produces: "exv.Concat",
  doc: "The texts joined end to end, with nothing between them.",
  notes: "`concat()` is an empty concat.",
  examples: ['concat(meta.a, "-", 1)'],
});
