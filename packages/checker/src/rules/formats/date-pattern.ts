import { defineRule } from "../../engine/rule.js";
import { stringFields } from "./fields.js";
import { checkJavaDatePattern } from "./java-date-pattern.js";

/** Date patterns of parseDate and formatDate are valid for Java's DateTimeFormatter.ofPattern. */
export const rule = defineRule({
  meta: {
    id: "date-pattern",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "pattern string (required, date-time formatter pattern, trimmed)",
    },
    description: "Date patterns (exv.DateParse, exv.DateFormat) are valid for Java's DateTimeFormatter.ofPattern.",
  },
  check(context) {
    for (const field of stringFields(context, ["exv.DateParse", "exv.DateFormat"], "pattern")) {
      const problem = context.memo(checkJavaDatePattern, field.value);
      if (problem) context.report({ path: field.path, message: problem.message, within: problem.span });
    }
  },
});
