import { defineRule } from "../../engine/rule.js";
import { findBacktrackingRisks } from "./backtracking-analysis.js";
import { stringFields } from "./fields.js";
import { parseJavaRegex } from "./java-regex-syntax.js";

/** Regular expressions whose repeated groups can match the same text in many ways. */
export const rule = defineRule({
  meta: {
    id: "regex-backtracking",
    severity: "warning",
    description:
      "Regular expressions avoid nested or overlapping repetitions, on which Java's matcher can backtrack exponentially.",
  },
  check(context) {
    for (const field of stringFields(context, ["exv.StrReplace", "exb.StrMatches"], "regExpPattern")) {
      const { root } = parseJavaRegex(field.value);
      if (!root) continue;
      for (const risk of findBacktrackingRisks(root, field.value)) {
        context.report({ path: field.path, message: risk.message, within: risk.span });
      }
    }
  },
});
