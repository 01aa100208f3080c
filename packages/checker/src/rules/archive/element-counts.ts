import { defineRule } from "../../engine/rule.js";
import { boundsData, boxPath } from "./shared.js";

/** A box that must receive more files than it accepts: no job can be created. */
export const rule = defineRule({
  meta: {
    id: "element-counts",
    basis: { kind: "states", section: "Limits", quote: "per box minElements and maxElements" },
    description: "A box's minElements is greater than its maxElements.",
    messages: {
      minAboveMax:
        "{{min}} of box {{box}} is {{minValue}}, greater than {{max}} ({{maxValue}}); expected {{maxValue}} or less.",
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box.minElements <= box.maxElements) return;
      const min = [...boxPath(index), "minElements"];
      context.report({
        path: min,
        messageId: "minAboveMax",
        data: boundsData(context, box, min, [...boxPath(index), "maxElements"]),
      });
    });
  },
});
