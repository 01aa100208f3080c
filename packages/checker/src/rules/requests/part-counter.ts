import { parsePartName } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

/** The counters of a box's parts, of each kind, are 0, 1, 2... with no gap and no repeat. */
export const rule = defineRequestRule({
  meta: {
    id: "part-counter",
    files: ["job"],
    basis: {
      kind: "states",
      section: "Jobs",
      quote:
        "File part names are built from the box identifier (the box name from the service) and a zero-based counter per box.",
    },
    description: "The parts of each box are numbered from 0, without gaps.",
    messages: {
      gap: "Part {{part}} is number {{n}} of box {{box}}, but {{expected}} is not given; expected the counters 0, 1, 2... without gaps.",
    },
  },
  check(context) {
    // The counters seen, per box and kind of part.
    const seen = new Map<string, { part: string; n: number }[]>();
    for (const part of Object.keys(jobOf(context).parts)) {
      const parsed = parsePartName(part);
      if (!parsed) continue;
      const key = `${parsed.kind} ${parsed.box}`;
      seen.set(key, [...(seen.get(key) ?? []), { part, n: parsed.n }]);
    }
    for (const parts of seen.values()) {
      const numbers = new Set(parts.map((p) => p.n));
      for (const { part, n } of parts) {
        let expected = 0;
        while (expected < n && numbers.has(expected)) expected++;
        if (expected === n) continue;
        const box = parsePartName(part)?.box ?? "";
        context.report({
          path: ["parts", part],
          at: "key",
          messageId: "gap",
          data: { part: q(part), n, box: q(box), expected },
        });
      }
    }
  },
});
