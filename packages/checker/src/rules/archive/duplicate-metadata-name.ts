import { defineRule } from "../../engine/rule.js";
import { boxPath, q, reportDuplicates } from "./shared.js";

/** References name metadata: two metadata of one box with one name are ambiguous. */
export const rule = defineRule({
  meta: {
    id: "duplicate-metadata-name",
    basis: {
      kind: "states",
      section: "Box",
      quote: "references inside content are names of metadata of the current box or of MAIN boxes",
    },
    description: "Two metadata of the same box have the same name.",
    messages: {
      duplicate: "Metadata name {{name}} is already used in box {{box}}; expected a name of its own.",
      first: "The first metadata named {{name}} is here.",
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] === "box.ARCHIVE") return;
      reportDuplicates(context, box.metadatas, [...boxPath(index), "metadatas"], "name", { box: q(box.name) });
    });
  },
});
