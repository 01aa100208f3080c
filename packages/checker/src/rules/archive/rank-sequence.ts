import { defineRule } from "../../engine/rule.js";
import { extractionsByArchive, firstBoxByRank, q, rankPath } from "./shared.js";

/**
 * The ranks on one archive box are tried 1, then 2...: they should start at 1 and leave no gap. Each gap is
 * reported once, at the first box (in file order) holding the rank that follows it.
 */
export const rule = defineRule({
  meta: {
    id: "rank-sequence",
    basis: { kind: "implies", section: "Box", quote: "rank 1 is tried first, then 2..." },
    description: "The ranks of the boxes extracting from one archive box do not start at 1 or leave a gap.",
    messages: {
      notFromOne:
        "Rank {{rank}} of box {{box}} is the lowest on archive {{archive}}; expected the ranks on an archive box to start at 1.",
      gap: "Rank {{rank}} of box {{box}} on archive {{archive}} follows rank {{previous}}; expected rank {{next}}, since the ranks on an archive box run 1, 2, 3... without gaps.",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    for (const [archive, extractions] of extractionsByArchive(context.service)) {
      const firstByRank = firstBoxByRank(extractions);
      const ranks = [...firstByRank.keys()].filter((rank) => rank >= 1).sort((a, b) => a - b);
      let previous = 0;
      for (const rank of ranks) {
        if (rank !== previous + 1) {
          const box = firstByRank.get(rank) as number;
          const data = { rank, box: q(boxes[box]?.name), archive: q(archive), previous, next: previous + 1 };
          context.report({ path: rankPath(box), messageId: previous === 0 ? "notFromOne" : "gap", data });
        }
        previous = rank;
      }
    }
  },
});
