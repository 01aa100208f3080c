import { type BacktrackingRisk, findBacktrackingRisks, parseJavaRegex } from "@mailroom/java";
import { defineRule } from "../../engine/rule.js";
import { stringFields } from "./fields.js";

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
    // Services repeat a few patterns many times: each distinct one is analysed once.
    const analysed = new Map<string, readonly BacktrackingRisk[]>();
    for (const field of stringFields(context, ["exv.StrReplace", "exb.StrMatches"], "regExpPattern")) {
      let risks = analysed.get(field.value);
      if (!risks) {
        const { root } = context.memo(parseJavaRegex, field.value);
        risks = root ? findBacktrackingRisks(root, field.value) : [];
        analysed.set(field.value, risks);
      }
      for (const risk of risks) {
        context.report({ path: field.path, messageId: "risk", data: { problem: risk.message }, within: risk.span });
      }
    }
  },
});
