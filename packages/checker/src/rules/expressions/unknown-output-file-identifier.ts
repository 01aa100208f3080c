import { OUTPUT_FILE_IDENTIFIERS } from "@mailroom/model";
import { quotedList } from "@mailroom/syntax";
import { isReference } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

const KNOWN: ReadonlySet<string> = new Set(OUTPUT_FILE_IDENTIFIERS);

/** `output.NAME` reads a property of the output file; the spec lists only `NUID`. */
export const rule = defineRule({
  meta: {
    id: "unknown-output-file-identifier",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote:
        "Allowed identifiers: for ORGANIZATIONAL_UNIT: EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID; for OUTPUT_FILE: NUID.",
    },
    description: `An output-file reference names ${quotedList(OUTPUT_FILE_IDENTIFIERS)}, the only property of an output file.`,
    fixable: true,
  },
  check(context) {
    for (const expression of context.expressions) {
      if (!isReference(expression, "OUTPUT_FILE")) continue;
      const { node, path, site } = expression;
      const name = node.identifier;
      if (KNOWN.has(name)) continue;
      // With a single property, any other name can only mean it; with more, only a near one is a safe fix.
      const replacement =
        OUTPUT_FILE_IDENTIFIERS.length === 1 ? OUTPUT_FILE_IDENTIFIERS[0] : nearMatch(name, KNOWN).suggestion;
      context.report({
        path: [...path, "identifier"],
        message: `The output file has no property ${JSON.stringify(name)}; expected ${quotedList(OUTPUT_FILE_IDENTIFIERS)}.`,
        // A channel condition is raw JSON in a DSL file, where the engine would print the fix as DSL text.
        ...(replacement !== undefined && site.kind !== "channel"
          ? {
              fix: {
                description: `Change to ${JSON.stringify(replacement)}`,
                path,
                value: { ...node, identifier: replacement },
              },
            }
          : {}),
      });
    }
  },
});
