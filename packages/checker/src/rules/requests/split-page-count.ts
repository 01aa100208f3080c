import { parsePartName } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

/** A split every N pages of a PDF whose page count N does not divide: the split configuration is invalid. */
export const rule = defineRequestRule({
  meta: {
    id: "split-page-count",
    files: ["job"],
    basis: {
      kind: "states",
      section: "SplitConfig",
      quote: "N must be compatible with the document page count (a 5-page document cannot be split every 3 pages)",
    },
    description: "A split by page count divides the page count of every PDF the job gives its box.",
    messages: {
      incompatible:
        "The split of box {{box}} every {{pages}} pages does not fit file {{file}} ({{count}} pages); expected a page count that divides {{count}}.",
      unread: "The page count of file {{file}} (part {{part}}) cannot be read: {{reason}}.",
      given: "File {{file}} is given here.",
    },
  },
  check(context) {
    const job = jobOf(context);
    const splits = job.parameters.splitConfiguration ?? {};
    for (const [part, count] of context.facts.pageCounts) {
      const box = parsePartName(part)?.box ?? "";
      const split = splits[box];
      if (split?.["@type"] !== "bsc.PAGE") continue;
      const path = ["parameters", "splitConfiguration", box, "pages"];
      const data = { box: q(box), pages: split.pages, file: q(job.parts[part]), part: q(part) };
      if ("problem" in count) {
        context.report({ path: ["parts", part], messageId: "unread", data: { ...data, reason: count.problem } });
      } else if (split.pages >= 1 && count.pages % split.pages !== 0) {
        context.report({
          path,
          messageId: "incompatible",
          data: { ...data, count: count.pages },
          related: [{ in: "request", path: ["parts", part], messageId: "given", data }],
        });
      }
    }
  },
});
