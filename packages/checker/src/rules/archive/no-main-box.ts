import { defineRule, type Json } from "../../engine/rule.js";
import { ARCHIVE, boxPath, q } from "./shared.js";

/**
 * A service sends the documents of its MAIN boxes; without one there is nothing to send. When the service has
 * exactly one PDF or data-file box and its `main` is written false, the fix makes it the MAIN box.
 */
export const rule = defineRule({
  meta: {
    id: "no-main-box",
    basis: { kind: "implies", section: "Box", quote: "true for a MAIN box, false for an ATTACHMENT box" },
    description: "No box of the service has main set to true.",
    fixable: true,
    messages: {
      noMain:
        'No box of service {{service}} has "main" true; expected at least one MAIN box, holding the documents to send.',
      makeMain: "Make box {{box}} the MAIN box",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    let candidate = -1;
    let candidates = 0;
    for (const [index, box] of boxes.entries()) {
      if (box["@type"] === ARCHIVE) continue;
      if ((box as Json).main === true) return;
      candidate = index;
      candidates++;
    }
    const only = candidates === 1 ? boxes[candidate] : undefined;
    const mainPath = [...boxPath(candidate), "main"];
    context.report({
      path: ["properties", "boxes"],
      at: "key",
      messageId: "noMain",
      data: { service: q(context.service.name) },
      ...(only ? { fix: { messageId: "makeMain", data: { box: q(only.name) }, path: mainPath, value: true } } : {}),
    });
  },
});
