import { checkJavaDatePattern } from "@mailroom/java";
import { stringFieldRule } from "./fields.js";

/** Date patterns of parseDate and formatDate are valid for Java's DateTimeFormatter.ofPattern. */
export const rule = stringFieldRule(
  {
    id: "date-pattern",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "pattern string (required, date-time formatter pattern, trimmed)",
    },
    description: "Date patterns (exv.DateParse, exv.DateFormat) are valid for Java's DateTimeFormatter.ofPattern.",
  },
  ["exv.DateParse", "exv.DateFormat"],
  "pattern",
  checkJavaDatePattern,
);
