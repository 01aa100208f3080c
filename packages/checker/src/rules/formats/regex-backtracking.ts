import { type BacktrackingRisk, findBacktrackingRisks } from "@mailroom/java";
import { defineRule } from "../../engine/rule.js";
import { PATTERN_TYPES, stringFields } from "./fields.js";
import { kept, parseRegex } from "./kept.js";

/** Services repeat a few patterns many times: each distinct one is analysed once. */
const risksOf = kept((pattern): readonly BacktrackingRisk[] => {
  const { root } = parseRegex(pattern);
  return root ? findBacktrackingRisks(root, pattern) : [];
});

/** Regular expressions whose repeated groups can match the same text in many ways. */
export const rule = defineRule({
  meta: {
    id: "regex-backtracking",
    basis: {
      kind: "implies",
      section: "BooleanExpression",
      quote:
        "regExpPattern: string; matchWhole: boolean (true = the pattern must match the whole value, otherwise part of it)",
    },
    description:
      "Regular expressions avoid nested or overlapping repetitions, on which Java's matcher can backtrack exponentially.",
    // The Java library words what it finds, as a compiler does: the rule passes it on.
    messages: { risk: "{{problem}}" },
  },
  check(context) {
    for (const field of stringFields(context, PATTERN_TYPES, "regExpPattern")) {
      for (const risk of risksOf(field.value)) {
        context.report({ path: field.path, messageId: "risk", data: { problem: risk.message }, within: risk.span });
      }
    }
  },
});
