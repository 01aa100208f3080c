import { defineRule } from "../../engine/rule.js";
import { fieldFix, stringFields } from "./fields.js";
import { checkLanguageTag } from "./language-tag.js";

/** Locales of parseDate and formatDate are well-formed language tags, which Java reads without dropping parts. */
export const rule = defineRule({
  meta: {
    id: "locale",
    severity: "error",
    description:
      "Locales (exv.DateParse, exv.DateFormat) are well-formed BCP 47 language tags such as fr-FR, which Java's Locale.forLanguageTag reads whole.",
    fixable: true,
  },
  check(context) {
    for (const field of stringFields(context, ["exv.DateParse", "exv.DateFormat"], "locale")) {
      const problem = checkLanguageTag(field.value);
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
