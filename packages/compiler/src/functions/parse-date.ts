import { dateFunction } from "./families.js";

export const parseDate = dateFunction("text", {
  name: "parseDate",
  produces: "exv.DateParse",
  doc: "A date read from a text with a pattern, as epoch milliseconds.",
  examples: ['meta.date | parseDate("dd/MM/yyyy", "Europe/Paris")'],
});
