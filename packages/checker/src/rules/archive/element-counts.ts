import { sentence } from "@mailroom/compiler";
import { defineRule } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/** A box that must receive more files than it accepts: no job can be created. */
export const rule = defineRule({
  meta: {
    id: "element-counts",
    basis: { kind: "states", section: "Limits", quote: "per box minElements and maxElements" },
    description: "A box's minElements is greater than its maxElements.",
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box.minElements <= box.maxElements) return;
      const [min, max] = [
        [...boxPath(index), "minElements"],
        [...boxPath(index), "maxElements"],
      ];
      const words = context.source.wording;
      context.report({
        path: min,
        message: sentence(
          `${words.name(min)} of box ${q(box.name)} is ${words.value(min)}, greater than ${words.name(max)} (${words.value(max)}); expected ${words.value(max)} or less.`,
        ),
      });
    });
  },
});
