import { defineRule } from "../../engine/rule.js";
import { ARCHIVE, boxPath, parentOf, q } from "./shared.js";

/** An archive box whose entries no box extracts: its files are uploaded and then never used. */
export const rule = defineRule({
  meta: {
    id: "unused-archive",
    basis: { kind: "implies", section: "Box", quote: "extraction from an archive box (see below)" },
    description: "An archive box that no box extracts from.",
    messages: {
      unused: "No box extracts from archive box {{box}}; expected at least one box whose parent names it.",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    const used = new Set<string>();
    for (const box of boxes) {
      const parent = parentOf(box);
      if (parent && parent.boxName !== box.name) used.add(parent.boxName);
    }
    boxes.forEach((box, index) => {
      if (box["@type"] !== ARCHIVE || used.has(box.name)) return;
      context.report({
        path: [...boxPath(index), "name"],
        messageId: "unused",
        data: { box: q(box.name) },
      });
    });
  },
});
