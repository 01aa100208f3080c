import { siteRule } from "./common.js";

/** The sheet count exists only once a document is laid out for a channel: in a channel-options condition. */
export const rule = siteRule(
  {
    id: "num-sheets-context",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "number of sheets; only valid in a channel-options condition",
    },
    description: "exv.NumSheetsValue is used only in a channel-options condition.",
    messages: {
      misplaced:
        "exv.NumSheetsValue is used in {{site}}, where no sheet count exists; it is only valid in a channel-options condition.",
    },
  },
  "exv.NumSheetsValue",
);
