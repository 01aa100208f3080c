import { parsePartName } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { fromArchive, jobOf, q } from "./shared.js";

/** A box given fewer files than its minElements or more than its maxElements: the job is refused. */
export const rule = defineRequestRule({
  meta: {
    id: "job-file-count",
    files: ["job"],
    basis: { kind: "states", section: "Limits", quote: "per box minElements and maxElements" },
    description: "Each box that takes parts is given between minElements and maxElements files (uploaded and stored).",
    messages: {
      tooFew: "Box {{box}} is given {{count}} file(s); expected at least {{min}} (minElements).",
      tooMany: "Box {{box}} is given {{count}} file(s); expected at most {{max}} (maxElements).",
      bounds: "Box {{box}} takes {{min}} to {{max}} file(s) here.",
    },
  },
  check(context) {
    const service = context.facts.service;
    if (!service) return;
    const counts = new Map<string, { count: number; last?: string }>();
    for (const part of Object.keys(jobOf(context).parts)) {
      const parsed = parsePartName(part);
      if (!parsed) continue;
      const before = counts.get(parsed.box)?.count ?? 0;
      counts.set(parsed.box, { count: before + 1, last: part });
    }
    service.service.properties.boxes.forEach((box, index) => {
      if (fromArchive(box)) return;
      const { count, last } = counts.get(box.name) ?? { count: 0 };
      const max = box.maxElements;
      const tooFew = count < box.minElements;
      if (!tooFew && (max === -1 || count <= max)) return;
      const data = { box: q(box.name), count, min: box.minElements, max: max === -1 ? "any number of" : max };
      context.report({
        path: tooFew || last === undefined ? ["parts"] : ["parts", last],
        at: "key",
        messageId: tooFew ? "tooFew" : "tooMany",
        data,
        related: [{ in: "service", path: ["properties", "boxes", index], messageId: "bounds", data }],
      });
    });
  },
});
