import { defineRule } from "../../engine/rule.js";
import { fieldFix, stringFields } from "./fields.js";
import { checkJavaZoneId } from "./java-zone-id.js";

/** Time zones of parseDate and formatDate are ids that Java's ZoneId.of accepts. */
export const rule = defineRule({
  meta: {
    id: "time-zone",
    severity: "error",
    description: "Time zones (exv.DateParse, exv.DateFormat) are region ids or offsets that Java's ZoneId.of accepts.",
    fixable: true,
  },
  check(context) {
    for (const field of stringFields(context, ["exv.DateParse", "exv.DateFormat"], "timeZone")) {
      const problem = checkJavaZoneId(field.value);
      if (!problem) continue;
      context.report({
        path: field.path,
        message: problem.message,
        ...(problem.span ? { within: problem.span } : {}),
        ...(problem.fix ? { fix: fieldFix(field, problem.fix) } : {}),
      });
    }
  },
});
