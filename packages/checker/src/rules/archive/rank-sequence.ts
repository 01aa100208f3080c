import { defineRule } from "../../engine/rule.js";
import { extractionsByArchive, q, rankPath } from "./shared.js";

/**
 * The ranks on one archive box are tried 1, then 2...: they should start at 1 and leave no gap. Each gap is
 * reported once, at the first box (in file order) holding the rank that follows it.
 */
export const rule = defineRule({
  meta: {
    id: "rank-sequence",
    basis: { kind: "implies", section: "Box", quote: "rank 1 is tried first, then 2..." },
    description: "The ranks of the boxes extracting from one archive box do not start at 1 or leave a gap.",
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    for (const [archive, extractions] of extractionsByArchive(context.service)) {
      const firstByRank = new Map<number, number>();
      for (const { box, rank } of extractions) if (rank >= 1 && !firstByRank.has(rank)) firstByRank.set(rank, box);
      const ranks = [...firstByRank.keys()].sort((a, b) => a - b);
      let previous = 0;
      for (const rank of ranks) {
        if (rank !== previous + 1) {
          const box = firstByRank.get(rank) as number;
          const name = q(boxes[box]?.name);
          context.report({
            path: rankPath(box),
            message:
              previous === 0
                ? `Rank ${rank} of box ${name} is the lowest on archive ${q(archive)}; expected the ranks on an archive box to start at 1.`
                : `Rank ${rank} of box ${name} on archive ${q(archive)} follows rank ${previous}; expected rank ${previous + 1}, since the ranks on an archive box run 1, 2, 3... without gaps.`,
          });
        }
        previous = rank;
      }
    }
  },
});
