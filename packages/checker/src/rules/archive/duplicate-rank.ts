import { defineRule } from "../../engine/rule.js";
import { extractionsByArchive, q, rankPath } from "./shared.js";

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
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    for (const [archive, extractions] of extractionsByArchive(context.service)) {
      const firstByRank = new Map<number, number>();
      for (const { box, rank } of extractions) {
        const first = firstByRank.get(rank);
        if (first === undefined) {
          firstByRank.set(rank, box);
          continue;
        }
        context.report({
          path: rankPath(box),
          message: `Box ${q(boxes[box]?.name)} has rank ${rank} on archive ${q(archive)}, as box ${q(boxes[first]?.name)} has; expected a rank no other box uses on ${q(archive)}.`,
          related: [{ path: rankPath(first), message: `Rank ${rank} on ${q(archive)} is first used here.` }],
        });
      }
    }
  },
});
