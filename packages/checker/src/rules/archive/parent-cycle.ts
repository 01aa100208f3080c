import { defineRule, type Path } from "../../engine/rule.js";
import { ARCHIVE, boxPath, indexBoxNames, parentOf, q } from "./shared.js";

const parentPath = (index: number): Path => [...boxPath(index), "parent", "boxName"];

/**
 * Archive boxes that extract from each other in a cycle, through pass-through `parent` fields. Each box has at
 * most one parent, so the parents form a functional graph: one walk from each box, with a colour per box, finds
 * every cycle in linear time. A cycle is reported once, at the box of the cycle that comes first in the file,
 * the others as related information. Only cycles made of archive boxes are reported here: a parent naming
 * itself or a box that is not an archive box is already a `parent-not-archive` error.
 */
export const rule = defineRule({
  meta: {
    id: "parent-cycle",
    basis: {
      kind: "implies",
      section: "Box",
      quote:
        "The fields specific to box.DATA_FILE and box.ARCHIVE beyond the common and inflated-box fields are not shown.",
    },
    description: "Archive boxes extract from each other, directly or through other archive boxes, in a cycle.",
    messages: {
      cycle:
        "Archive boxes extract from each other in a cycle, {{chain}}; expected the parents to end at a box without a parent.",
      link: "Box {{box}} extracts from {{parent}} here.",
    },
  },
  check(context) {
    const boxes = context.service.properties.boxes;
    const { firstArchive } = indexBoxNames(context.service);
    // next[i]: the archive box archive box i extracts from, or -1.
    const next = boxes.map((box) => {
      const parent = box["@type"] === ARCHIVE ? parentOf(box) : undefined;
      const target = parent && parent.boxName !== box.name ? firstArchive.get(parent.boxName) : undefined;
      return target ?? -1;
    });
    const state = new Uint8Array(boxes.length); // 0 unvisited, 1 on the current walk, 2 done
    for (let start = 0; start < boxes.length; start++) {
      const walk: number[] = [];
      let at = start;
      while (at >= 0 && state[at] === 0) {
        state[at] = 1;
        walk.push(at);
        at = next[at] as number;
      }
      if (at >= 0 && state[at] === 1) {
        const cycle = walk.slice(walk.indexOf(at));
        if (cycle.length > 1) report(cycle);
      }
      for (const visited of walk) state[visited] = 2;
    }

    function report(cycle: number[]): void {
      // Start from the box that comes first in the file, so the report does not depend on where the walk began.
      const first = cycle.indexOf(Math.min(...cycle));
      const ordered = [...cycle.slice(first), ...cycle.slice(0, first)];
      const name = (index: number) => q(boxes[index]?.name);
      const chain = [...ordered, ordered[0] as number].map(name).join(" -> ");
      context.report({
        path: parentPath(ordered[0] as number),
        messageId: "cycle",
        data: { chain },
        related: ordered.slice(1).map((index) => ({
          path: parentPath(index),
          messageId: "link",
          data: { box: name(index), parent: name(next[index] as number) },
        })),
      });
    }
  },
});
