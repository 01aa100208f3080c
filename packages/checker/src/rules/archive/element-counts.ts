import { defineRule } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/** A box that must receive more files than it accepts: no job can be created. */
export const rule = defineRule({
  meta: {
    id: "element-counts",
    severity: "error",
    description: "A box's minElements is greater than its maxElements.",
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box.minElements <= box.maxElements) return;
      context.report({
        path: [...boxPath(index), "minElements"],
        message: `"minElements" of box ${q(box.name)} is ${box.minElements}, greater than its "maxElements" ${box.maxElements}; expected ${box.maxElements} or less.`,
      });
    });
  },
});
