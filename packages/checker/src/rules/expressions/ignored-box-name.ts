import { TARGETED_TYPES } from "@mailroom/compiler";
import { defineRule, type Json } from "../../engine/rule.js";

/** `boxName` next to `"fromMain": true`: the service reads the MAIN box and ignores the name. */
export const rule = defineRule({
  meta: {
    id: "ignored-box-name",
    basis: { kind: "implies", section: "ValueExpression", quote: "boxName string (ignored when fromMain true)" },
    description:
      'A file or PDF expression that reads the MAIN box ("fromMain": true) sets no "boxName", which the service would ignore.',
    fixable: true,
    messages: {
      ignored:
        '{{type}} names box {{box}} but reads the MAIN box ("fromMain": true); the service ignores "boxName" then, so leave it out.',
      remove: 'Remove "boxName"',
    },
  },
  check(context) {
    for (const { node, path, site } of context.ofType(TARGETED_TYPES)) {
      if (node.fromMain !== true || typeof node.boxName !== "string") continue;
      // fromEntries keeps a raw expression's key such as "__proto__" as data.
      const value: Json = Object.fromEntries(Object.entries(node).filter(([key]) => key !== "boxName"));
      context.report({
        path: [...path, "boxName"],
        messageId: "ignored",
        data: { type: node["@type"], box: JSON.stringify(node.boxName) },
        // A channel condition is raw JSON in a DSL file, where the engine would print the fix as DSL text.
        ...(site.kind === "channel" ? {} : { fix: { messageId: "remove", path, value } }),
      });
    }
  },
});
