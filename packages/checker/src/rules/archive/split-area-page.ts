import { sentence } from "@mailroom/compiler";
import { defineRule } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/**
 * A split by area marks the first page of each document (1) or the last (-1). The spec types `pages` as an
 * integer and describes no other value, so another one is allowed but says nothing certain.
 */
export const rule = defineRule({
  meta: {
    id: "split-area-page",
    basis: {
      kind: "implies",
      section: "SplitConfig",
      quote: "Page 1 means the split marks the first page of each document; page -1 means the last page.",
    },
    description: "A bsc.PDF_AREA split whose pages is neither 1 nor -1, the two values the spec describes.",
    messages: {
      page: "{{field}} is {{value}}; expected {{first}} or {{last}} (the marked page is the first or the last page of each document), the only pages the spec describes.",
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] !== "box.PDF" || box.splitConfig?.["@type"] !== "bsc.PDF_AREA") return;
      const { pages } = box.splitConfig;
      if (pages === 1 || pages === -1) return;
      const path = [...boxPath(index), "splitConfig", "pages"];
      const words = context.source.wording;
      context.report({
        path,
        messageId: "page",
        data: {
          field: sentence(words.field(path)),
          value: words.value(path),
          first: q(words.spell(path, 1)),
          last: q(words.spell(path, -1)),
        },
      });
    });
  },
});
