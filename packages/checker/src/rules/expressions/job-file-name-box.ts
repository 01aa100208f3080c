import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

/** `exv.JobFileNameValue` reads a file of a box of the job: the box must exist, and index 0 is no file. */
export const rule = defineRule({
  meta: {
    id: "job-file-name-box",
    basis: { kind: "states", section: "ValueExpression", quote: "boxName string (must exist in the service)" },
    description: "exv.JobFileNameValue names a box of the service and a file index other than 0.",
  },
  check(context) {
    const names = new Set(context.service.properties.boxes.map((box) => box.name));
    for (const { node, path } of context.expressions) {
      if (node["@type"] !== "exv.JobFileNameValue") continue;
      if (typeof node.boxName === "string" && !names.has(node.boxName)) {
        const { suggestion } = nearMatch(node.boxName, names);
        const expected =
          suggestion === undefined
            ? "expected the name of one of its boxes."
            : `did you mean ${JSON.stringify(suggestion)}?`;
        context.report({
          path: [...path, "boxName"],
          message: `exv.JobFileNameValue reads box ${JSON.stringify(node.boxName)}, which the service does not have; ${expected}`,
        });
      }
      if (node.indexInBox === 0) {
        context.report({
          path: [...path, "indexInBox"],
          message: `exv.JobFileNameValue has "indexInBox" 0, which designates no file; expected 1 for the first file (the default), -1 for the last, or another position.`,
        });
      }
    }
  },
});
