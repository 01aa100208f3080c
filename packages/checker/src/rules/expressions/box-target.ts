import { TARGETED_TYPES } from "@mailroom/compiler";
import { defineRule } from "../../engine/rule.js";
import { describeTarget, retarget, targetOf } from "./common.js";

/**
 * File and PDF expressions must read the box whose configuration holds them (spec, Box: "the expression's
 * box target must match the box where configured (MAIN box: fromMain true; otherwise fromMain false and
 * boxName = this box's name)").
 *
 * - Metadata: exactly that target. The fix rewrites the expression with it.
 * - Reconcile conditions pair a file of the box with a MAIN document, so they may read the box itself or a
 *   MAIN box (`"fromMain": true`, or a MAIN box by name); any other box, or no box, is reported, without a
 *   fix since either target could be meant.
 * - File matchers are not checked: they test archive entries before these become files of the box, and the
 *   spec says nothing of what a file expression reads there. Channel conditions belong to no box.
 */
export const rule = defineRule({
  meta: {
    id: "box-target",
    basis: {
      kind: "states",
      section: "Box",
      quote:
        "the expression's box target must match the box where configured (MAIN box: fromMain true; otherwise fromMain false and boxName = this box's name)",
    },
    description: "A file or PDF expression in a box's metadata or reconcile condition reads the box it belongs to.",
    fixable: true,
    messages: {
      metadata:
        "{{type}} in metadata {{metadata}} of box {{box}} reads {{reads}}; a metadata expression must read its own box {{own}}.",
      reconcile:
        '{{type}} in the reconcile condition of box {{box}} reads {{reads}}; a reconcile condition must read its own box {{own}} or a MAIN box ("fromMain": true).',
      readMain: "Read the MAIN box",
      readBox: "Read box {{box}}",
    },
  },
  check(context) {
    const mainBoxes = new Set<string>();
    for (const box of context.service.properties.boxes) {
      if (box["@type"] !== "box.ARCHIVE" && box.main === true) mainBoxes.add(box.name);
    }
    for (const { node, path, site } of context.ofType(TARGETED_TYPES)) {
      const box = site.box;
      if (!box) continue;
      const target = targetOf(node);
      const type = node["@type"];
      const own = box.main ? '("fromMain": true)' : `("fromMain": false, "boxName": ${JSON.stringify(box.name)})`;
      if (site.kind === "metadata") {
        const right = box.main ? target.fromMain : !target.fromMain && target.boxName === box.name;
        if (right) continue;
        const reads =
          box.main && target.boxName === box.name ? `box ${JSON.stringify(box.name)} by name` : describeTarget(target);
        const data = { type, metadata: JSON.stringify(site.metadata), box: JSON.stringify(box.name), reads, own };
        context.report({
          path,
          messageId: "metadata",
          data,
          fix: box.main
            ? { messageId: "readMain", path, value: retarget(node, true) }
            : { messageId: "readBox", data, path, value: retarget(node, false, box.name) },
        });
      } else if (site.kind === "reconcile") {
        const right =
          target.fromMain ||
          (typeof target.boxName === "string" && (target.boxName === box.name || mainBoxes.has(target.boxName)));
        if (right) continue;
        context.report({
          path,
          messageId: "reconcile",
          data: { type, box: JSON.stringify(box.name), reads: describeTarget(target), own },
        });
      }
    }
  },
});
