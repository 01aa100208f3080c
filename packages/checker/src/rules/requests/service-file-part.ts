import { parsePartName, serviceFilePart } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { boxesOf, jobOf, q, storedFiles } from "./shared.js";

/**
 * A `serviceFile__` part carries the id of the box's configured file of its number; every file that is not
 * removable is given.
 */
export const rule = defineRequestRule({
  meta: {
    id: "service-file-part",
    files: ["job"],
    basis: {
      kind: "states",
      section: "Box",
      quote: "removable: boolean (false = this file is mandatory at job creation)",
    },
    description:
      "Each serviceFile__ part carries a configured file of its box, and every file that is not removable is given.",
    fixable: true,
    messages: {
      notConfigured:
        "Part {{part}} carries {{id}}, which is not configured file number {{n}} of box {{box}}; expected {{expected}}.",
      noSuch: "Part {{part}} is configured file number {{n}} of box {{box}}, which has {{count}} configured file(s).",
      mandatory:
        "Configured file {{id}} of box {{box}} is not removable, and no part {{part}} carries it; expected that part.",
      configured: "Configured file {{id}} of box {{box}} is declared here.",
      use: "Use {{expected}}",
    },
  },
  check(context) {
    const boxes = boxesOf(context);
    if (boxes.size === 0) return;
    const { parts } = jobOf(context);
    for (const [part, value] of Object.entries(parts)) {
      const parsed = parsePartName(part);
      const found = parsed?.kind === "service-file" ? boxes.get(parsed.box) : undefined;
      if (!parsed || !found) continue;
      const stored = storedFiles(found.box);
      const file = stored[parsed.n];
      const data = { part: q(part), id: q(value), n: parsed.n, box: q(parsed.box), count: stored.length };
      if (!file) {
        context.report({ path: ["parts", part], at: "key", messageId: "noSuch", data });
        continue;
      }
      if (file.serviceFileId.toLowerCase() === value.toLowerCase()) continue;
      const full = { ...data, expected: q(file.serviceFileId) };
      const declared = ["properties", "boxes", found.index, "configuredFiles", file.index, "serviceFileId"];
      context.report({
        path: ["parts", part],
        messageId: "notConfigured",
        data: full,
        related: [{ in: "service", path: declared, messageId: "configured", data: { ...full, id: full.expected } }],
        fix: { messageId: "use", data: full, value: file.serviceFileId },
      });
    }
    for (const [name, { box, index }] of boxes) {
      storedFiles(box).forEach((file, n) => {
        const part = serviceFilePart(name, n);
        if (file.removable || part in parts) return;
        const data = { id: q(file.serviceFileId), box: q(name), part: q(part) };
        const declared = ["properties", "boxes", index, "configuredFiles", file.index, "serviceFileId"];
        context.report({
          path: ["parts"],
          at: "key",
          messageId: "mandatory",
          data,
          related: [{ in: "service", path: declared, messageId: "configured", data }],
        });
      });
    }
  },
});
