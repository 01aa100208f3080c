import { defineRule } from "../../engine/rule.js";
import { describeSite } from "./common.js";

/** The sheet count exists only once a document is laid out for a channel: in a channel-options condition. */
export const rule = defineRule({
  meta: {
    id: "num-sheets-context",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "number of sheets; only valid in a channel-options condition",
    },
    description: "exv.NumSheetsValue is used only in a channel-options condition.",
  },
  check(context) {
    for (const { node, path, site } of context.expressions) {
      if (node["@type"] !== "exv.NumSheetsValue" || site.kind === "channel") continue;
      context.report({
        path,
        message: `exv.NumSheetsValue is used in ${describeSite(site, context.service)}, where no sheet count exists; it is only valid in a channel-options condition.`,
      });
    }
  },
});
