import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

/** A file part whose local file does not exist: the request cannot be sent. */
export const rule = defineRequestRule({
  meta: {
    id: "missing-part-file",
    files: ["job"],
    basis: { kind: "states", section: "Jobs", quote: "one part per file" },
    description: "Each file part of a job names a local file that exists.",
    messages: {
      missing: "File {{file}} of part {{part}} does not exist; expected the path of a file, relative to this file.",
    },
  },
  check(context) {
    const { parts } = jobOf(context);
    for (const [part, found] of context.facts.partFiles) {
      if (!found)
        context.report({ path: ["parts", part], messageId: "missing", data: { part: q(part), file: q(parts[part]) } });
    }
  },
});
