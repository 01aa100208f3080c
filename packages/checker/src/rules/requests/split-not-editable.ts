import { defineRequestRule } from "../../requests/request-rule.js";
import { boxesOf, jobOf, q } from "./shared.js";

/** A split configuration for a box that is not a PDF box of the service, or whose split is not editable. */
export const rule = defineRequestRule({
  meta: {
    id: "split-not-editable",
    files: ["job"],
    basis: {
      kind: "states",
      section: "SplitConfig",
      quote: "The split configuration is only accepted when the service's box split configuration is editable.",
    },
    description: "A job sets the split only of PDF boxes whose split configuration is editable.",
    messages: {
      noBox: "splitConfiguration names box {{box}}, which service {{service}} does not have.",
      notPdf: "splitConfiguration names box {{box}}, which is not a PDF box; only a PDF box is split.",
      notEditable:
        "The split of box {{box}} is not editable in service {{service}}; expected no entry for it in splitConfiguration.",
      split: "The split of box {{box}} is set here, not editable.",
    },
  },
  check(context) {
    const service = context.facts.service;
    if (!service) return;
    const boxes = boxesOf(context);
    for (const name of Object.keys(jobOf(context).parameters.splitConfiguration ?? {})) {
      const path = ["parameters", "splitConfiguration", name];
      const found = boxes.get(name);
      const data = { box: q(name), service: q(service.service.name) };
      if (!found) context.report({ path, at: "key", messageId: "noBox", data });
      else if (found.box["@type"] !== "box.PDF") context.report({ path, at: "key", messageId: "notPdf", data });
      else if (found.box.splitConfig?.editable !== true) {
        const split = ["properties", "boxes", found.index, "splitConfig"];
        context.report({
          path,
          at: "key",
          messageId: "notEditable",
          data,
          related: [{ in: "service", path: split, messageId: "split", data }],
        });
      }
    }
  },
});
