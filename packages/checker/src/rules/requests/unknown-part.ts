import { PART_NAME_FORMS, parsePartName } from "@mailroom/model";
import { nearest } from "@mailroom/syntax";
import { defineRequestRule } from "../../requests/request-rule.js";
import { boxesOf, fromArchive, jobOf, q } from "./shared.js";

/** A part whose name is in no form the API shows, names no box of the service, or fills a box fed by an archive. */
export const rule = defineRequestRule({
  meta: {
    id: "unknown-part",
    files: ["job"],
    basis: {
      kind: "states",
      section: "Jobs",
      quote:
        "File part names are built from the box identifier (the box name from the service) and a zero-based counter per box.",
    },
    description: "Each part of a job names a box of the service, in a form the API shows, with a counter.",
    messages: {
      form: "Part {{part}} is not named in a form the API shows; expected {{forms}} or serviceFile__file_<BoxID>_<n>.",
      noBox: "Part {{part}} names box {{box}}, which service {{service}} does not have; expected one of {{boxes}}.",
      noBoxNear:
        "Part {{part}} names box {{box}}, which service {{service}} does not have; did you mean {{suggestion}}?",
      archive:
        "Part {{part}} uploads a file into box {{box}}, which takes its files from archive {{archive}}; expected a part of {{archive}}.",
    },
  },
  check(context) {
    const service = context.facts.service;
    if (!service) return;
    const boxes = boxesOf(context);
    for (const part of Object.keys(jobOf(context).parts)) {
      const path = ["parts", part];
      const parsed = parsePartName(part);
      if (!parsed) {
        const forms = Object.values(PART_NAME_FORMS).join(", ");
        context.report({ path, at: "key", messageId: "form", data: { part: q(part), forms } });
        continue;
      }
      const found = boxes.get(parsed.box);
      const data = { part: q(part), box: q(parsed.box), service: q(service.service.name) };
      if (!found) {
        const suggestion = nearest(parsed.box, boxes.keys());
        context.report({
          path,
          at: "key",
          messageId: suggestion === undefined ? "noBox" : "noBoxNear",
          data: { ...data, suggestion: q(suggestion), boxes: [...boxes.keys()].map(q).join(", ") },
        });
      } else if (parsed.kind === "file" && fromArchive(found.box)) {
        const archive = found.box["@type"] === "box.ARCHIVE" ? "" : (found.box.parent?.boxName ?? "");
        context.report({ path, at: "key", messageId: "archive", data: { ...data, archive: q(archive) } });
      }
    }
  },
});
