import type { OrganizationalUnit } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { q } from "./shared.js";

/** An element of a controlled value whose value is empty or whose label is null. */
export const rule = defineRequestRule({
  meta: {
    id: "controlled-value",
    files: ["unit"],
    basis: {
      kind: "states",
      section: "OrganizationalUnit",
      quote:
        "elements: array of { value: string (technical, must not be empty), label: string (must not be null, may equal value) }",
    },
    description:
      "Each element of a unit's controlled values has a value that is not empty and a label that is not null.",
    messages: {
      emptyValue: "Element {{index}} of controlled value {{name}} has an empty value; expected its technical value.",
      nullLabel:
        "Element {{index}} of controlled value {{name}} has a null label; expected the text shown to users, which may equal its value {{value}}.",
    },
  },
  check(context) {
    const lists = (context.request as OrganizationalUnit).properties?.controlledValues ?? [];
    lists.forEach((list, i) => {
      list.elements.forEach((element, index) => {
        const path = ["properties", "controlledValues", i, "elements", index];
        const data = { name: q(list.name), index, value: q(element.value) };
        if (element.value === "") context.report({ path: [...path, "value"], messageId: "emptyValue", data });
        if (element.label === null) context.report({ path: [...path, "label"], messageId: "nullLabel", data });
      });
    });
  },
});
