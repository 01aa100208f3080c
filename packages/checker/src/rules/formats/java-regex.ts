import { defineRule } from "../../engine/rule.js";
import { stringFields } from "./fields.js";
import { parseJavaRegex } from "./java-regex-syntax.js";

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
  },
  check(context) {
    for (const field of stringFields(context, ["exv.StrReplace", "exb.StrMatches"], "regExpPattern")) {
      const { error } = context.memo(parseJavaRegex, field.value);
      if (error) context.report({ path: field.path, message: error.message, within: error.span });
    }
  },
});
