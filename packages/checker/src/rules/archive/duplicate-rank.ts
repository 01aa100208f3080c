import { defineRule } from "../../engine/rule.js";
import { extractionsByArchive, firstBoxByRank, q, rankPath } from "./shared.js";

/**
 * Two boxes extracting from the same archive box with the same rank: the order in which their file matchers
 * are tried is undefined. The later box is reported, the first one as related information.
 */
export const rule = defineRule({
  meta: {
    id: "duplicate-rank",
    basis: {
      kind: "implies",
      section: "Box",
      quote:
        "rank: integer (orders several fileMatcher expressions on the same archive box; rank 1 is tried first, then 2...)",
    },
    description: "Two boxes extract from the same archive box with the same rank.",
    messages: {
      duplicate:
        "Box {{box}} has rank {{rank}} on archive {{archive}}, as box {{first}} has; expected a rank no other box uses on {{archive}}.",
      first: "Rank {{rank}} on {{archive}} is first used here.",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    for (const [archive, extractions] of extractionsByArchive(context.service)) {
      firstBoxByRank(extractions, (box, first, rank) => {
        const data = { box: q(boxes[box]?.name), rank, archive: q(archive), first: q(boxes[first]?.name) };
        context.report({
          path: rankPath(box),
          messageId: "duplicate",
          data,
          related: [{ path: rankPath(first), messageId: "first", data }],
        });
      });
    }
  },
});
