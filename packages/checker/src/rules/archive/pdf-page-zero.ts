import { defineRule } from "../../engine/rule.js";

/** `exv.PdfText` counts pages from 1 (and from -1 at the end): page 0 does not exist and always reads "". */
export const rule = defineRule({
  meta: {
    id: "pdf-page-zero",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "page integer (starts at 1; -1 last page, -2 before last; 0 invalid and always yields empty text)",
    },
    description: "An exv.PdfText expression reads page 0, which always yields empty text.",
    fixable: true,
    messages: {
      pageZero:
        "exv.PdfText reads page 0, which does not exist and always yields empty text; expected 1 for the first page or -1 for the last.",
      readFirst: "Read page 1, the first page",
    },
  },
  check(context) {
    for (const { node, path } of context.ofType(["exv.PdfText"])) {
      if (node.page !== 0) continue;
      const at = [...path, "page"];
      context.report({
        path: at,
        messageId: "pageZero",
        fix: { messageId: "readFirst", path: at, value: 1 },
      });
    }
  },
});
