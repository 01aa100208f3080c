import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

/** An area split a job sets on a page other than the first (1) or the last (-1), which the spec gives no meaning. */
export const rule = defineRequestRule({
  meta: {
    id: "job-split-area-page",
    files: ["job"],
    basis: {
      kind: "implies",
      section: "SplitConfig",
      quote: "Page 1 means the split marks the first page of each document; page -1 means the last page.",
    },
    description: "A job's area split is read on page 1 or -1.",
    messages: {
      page: "The area split of box {{box}} is read on page {{page}}; expected 1 (the first page of each document) or -1 (the last).",
    },
  },
  check(context) {
    for (const [box, split] of Object.entries(jobOf(context).parameters.splitConfiguration ?? {})) {
      if (split["@type"] !== "bsc.PDF_AREA" || split.pages === 1 || split.pages === -1) continue;
      const path = ["parameters", "splitConfiguration", box, "pages"];
      context.report({ path, messageId: "page", data: { box: q(box), page: split.pages } });
    }
  },
});
