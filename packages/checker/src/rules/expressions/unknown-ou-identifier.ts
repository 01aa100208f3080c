import { ORGANIZATIONAL_UNIT_IDENTIFIERS } from "@mailroom/model";
import { quotedList } from "@mailroom/syntax";
import { isReference } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

const KNOWN: ReadonlySet<string> = new Set(ORGANIZATIONAL_UNIT_IDENTIFIERS);

/** `ou.NAME` reads a property of the organizational unit; the spec lists the six that exist. */
export const rule = defineRule({
  meta: {
    id: "unknown-ou-identifier",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote:
        "Allowed identifiers: for ORGANIZATIONAL_UNIT: EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID; for OUTPUT_FILE: NUID.",
    },
    description: `An organizational-unit reference names one of ${quotedList(ORGANIZATIONAL_UNIT_IDENTIFIERS)}.`,
    fixable: true,
  },
  check(context) {
    for (const expression of context.expressions) {
      if (!isReference(expression, "ORGANIZATIONAL_UNIT")) continue;
      const { node, path, site } = expression;
      const name = node.identifier;
      if (KNOWN.has(name)) continue;
      const { suggestion, unique } = nearMatch(name, ORGANIZATIONAL_UNIT_IDENTIFIERS);
      const expected =
        suggestion === undefined
          ? `expected ${quotedList(ORGANIZATIONAL_UNIT_IDENTIFIERS)}.`
          : `did you mean ${JSON.stringify(suggestion)}?`;
      context.report({
        path: [...path, "identifier"],
        message: `The organizational unit has no property ${JSON.stringify(name)}; ${expected}`,
        // A channel condition is raw JSON in a DSL file, where the engine would print the fix as DSL text.
        ...(suggestion !== undefined && unique && site.kind !== "channel"
          ? {
              fix: {
                description: `Change to ${JSON.stringify(suggestion)}`,
                path,
                value: { ...node, identifier: suggestion },
              },
            }
          : {}),
      });
    }
  },
});
