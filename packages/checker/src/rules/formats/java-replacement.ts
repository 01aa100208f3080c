import { checkJavaReplacement } from "@mailroom/java";
import { defineRule } from "../../engine/rule.js";
import { stringFields } from "./fields.js";
import { parseRegex } from "./kept.js";

/** Replacements follow Matcher.appendReplacement: `$n` and `${name}` name groups the pattern has, `\$` is a dollar. */
export const rule = defineRule({
  meta: {
    id: "java-replacement",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote:
        "replacement string (supports $1, $2 groups; backslash escapes, so a literal dollar is written backslash-dollar)",
    },
    description:
      'Replacements of exv.StrReplace follow Java\'s Matcher.appendReplacement: group references name groups of the pattern, and no lone "$" or "\\".',
    // The Java library words what it finds, as a compiler does: the rule passes it on.
    messages: { invalid: "{{problem}}" },
  },
  check(context) {
    for (const field of stringFields(context, ["exv.StrReplace"], "replacement")) {
      const pattern = field.expression.node.regExpPattern;
      if (typeof pattern !== "string") continue;
      // A pattern that does not compile is java-regex's to report; its groups are unknown.
      const regex = context.memo(parseRegex, pattern);
      if (!regex.compiles) continue;
      const problem = checkJavaReplacement(field.value, regex.groupCount, regex.groupNames);
      if (!problem) continue;
      context.report({
        path: field.path,
        messageId: "invalid",
        data: { problem: problem.message },
        within: problem.span,
      });
    }
  },
});
