import { uniqueNameRule } from "./shared.js";

/** File parts at job creation, parents and expressions name boxes: two boxes with one name are ambiguous. */
export const rule = uniqueNameRule(
  {
    id: "duplicate-box-name",
    basis: {
      kind: "states",
      section: "Jobs",
      quote:
        "File part names are built from the box identifier (the box name from the service) and a zero-based counter per box.",
    },
    description: "Two boxes of the service have the same name.",
    messages: {
      duplicate: "Box name {{name}} is already used by another box; expected a name of its own.",
      first: "The first box named {{name}} is here.",
    },
  },
  ["properties", "boxes"],
  "name",
);
