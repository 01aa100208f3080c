import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

/** `exv.JobFileNameValue` reads a file of a box of the job: the box must exist, and index 0 is no file. */
export const rule = defineRule({
  meta: {
    id: "job-file-name-box",
    basis: { kind: "states", section: "ValueExpression", quote: "boxName string (must exist in the service)" },
    description: "exv.JobFileNameValue names a box of the service and a file index other than 0.",
    messages: {
      unknownBox:
        "exv.JobFileNameValue reads box {{box}}, which the service does not have; expected the name of one of its boxes.",
      unknownBoxNear:
        "exv.JobFileNameValue reads box {{box}}, which the service does not have; did you mean {{suggestion}}?",
      indexZero:
        'exv.JobFileNameValue has "indexInBox" 0, which designates no file; expected 1 for the first file (the default), -1 for the last, or another position.',
    },
  },
  check(context) {
    const names = new Set(context.service.properties.boxes.map((box) => box.name));
    for (const { node, path } of context.ofType(["exv.JobFileNameValue"])) {
      if (typeof node.boxName === "string" && !names.has(node.boxName)) {
        const { suggestion } = nearMatch(node.boxName, names);
        context.report({
          path: [...path, "boxName"],
          messageId: suggestion === undefined ? "unknownBox" : "unknownBoxNear",
          data: { box: JSON.stringify(node.boxName), suggestion: JSON.stringify(suggestion) },
        });
      }
      if (node.indexInBox === 0) {
        context.report({
          path: [...path, "indexInBox"],
          messageId: "indexZero",
        });
      }
    }
  },
});
