import { defineRule } from "../../engine/rule.js";
import { q, reportDuplicates } from "./shared.js";

/** File parts at job creation, parents and expressions name boxes: two boxes with one name are ambiguous. */
export const rule = defineRule({
  meta: {
    id: "duplicate-box-name",
    basis: {
      kind: "states",
      section: "Jobs",
      quote:
        "File part names are built from the box identifier (the box name from the service) and a zero-based counter per box.",
    },
    description: "Two boxes of the service have the same name.",
  },
  check(context) {
    reportDuplicates(
      context,
      context.service.properties.boxes,
      ["properties", "boxes"],
      "name",
      (name) => `Box name ${q(name)} is already used by another box; expected a name of its own.`,
      (name) => `The first box named ${q(name)} is here.`,
    );
  },
});
