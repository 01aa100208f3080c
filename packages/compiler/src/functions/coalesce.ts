import { operandsFunction } from "./families.js";

export const coalesce = operandsFunction("Texts to try, in order.", {
  name: "coalesce",
  produces: "exv.Coalesce",
  doc: "The first of the texts that is not empty.",
  examples: ["coalesce(meta.email, ou.EMAIL_ADDRESS)"],
});
