import { defineRule } from "../../engine/rule.js";
import { PATTERN_TYPES, stringFields } from "./fields.js";
import { parseRegex } from "./kept.js";

/** The regular expressions of `replace` and `matches` must compile with Java's java.util.regex.Pattern. */
export const rule = defineRule({
  meta: {
    id: "java-regex",
    basis: {
      kind: "states",
      section: "BooleanExpression",
      quote:
        "regExpPattern: string; matchWhole: boolean (true = the pattern must match the whole value, otherwise part of it)",
    },
    description: "Regular expressions (exv.StrReplace, exb.StrMatches) compile with Java's java.util.regex.Pattern.",
    // The Java library words what it finds, as a compiler does: the rule passes it on.
    messages: { invalid: "{{problem}}" },
  },
  check(context) {
    for (const field of stringFields(context, PATTERN_TYPES, "regExpPattern")) {
      const { error } = context.memo(parseRegex, field.value);
      if (!error) continue;
      context.report({ path: field.path, messageId: "invalid", data: { problem: error.message }, within: error.span });
    }
  },
});
