import { RECONCILE_DEFAULTS } from "@mailroom/model";
import { defineRule, type Json } from "../../engine/rule.js";
import { ARCHIVE, boundsData, boxPath } from "./shared.js";

const PAIRS = [
  ["minExpected", "maxExpected"],
  ["minMatches", "maxMatches"],
] as const;

/**
 * A reconcile whose lower bound exceeds its bounded upper bound (-1 means no limit) can never be met. A count
 * left out of the JSON takes the spec's default, as the service reads it. The range of each count alone is the
 * model's business (`out-of-range`).
 */
export const rule = defineRule({
  meta: {
    id: "reconcile-counts",
    basis: {
      kind: "states",
      section: "Box",
      quote:
        "minExpected: integer default 0 (not negative), maxExpected: integer default -1 (strictly positive or -1), minMatches: integer default 0 (not negative), maxMatches: integer default 1 (strictly positive or -1)",
    },
    description: "A reconcile's minExpected or minMatches is greater than its bounded maxExpected or maxMatches.",
    messages: {
      minAboveMax:
        "{{min}} of box {{box}} is {{minValue}}, greater than {{max}} ({{maxValue}}{{implied}}); expected {{maxValue}} or less, or {{max}} {{unbounded}} for no limit.",
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] === ARCHIVE) return;
      const reconcile = box.reconcile as Json | null;
      if (!reconcile) return;
      for (const [minKey, maxKey] of PAIRS) {
        const min = (reconcile[minKey] as number | undefined) ?? RECONCILE_DEFAULTS[minKey];
        const max = (reconcile[maxKey] as number | undefined) ?? RECONCILE_DEFAULTS[maxKey];
        if (max === -1 || min <= max) continue;
        const implied = reconcile[maxKey] === undefined ? ", the default" : "";
        const [minPath, maxPath] = [
          [...boxPath(index), "reconcile", minKey],
          [...boxPath(index), "reconcile", maxKey],
        ];
        context.report({
          path: minPath,
          messageId: "minAboveMax",
          data: {
            ...boundsData(context, box, minPath, maxPath, [min, max]),
            implied,
            unbounded: String(context.source.wording.spell(maxPath, -1)),
          },
        });
      }
    });
  },
});
