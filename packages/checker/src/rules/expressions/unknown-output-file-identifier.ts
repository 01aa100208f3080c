import { OUTPUT_FILE_IDENTIFIERS } from "@mailroom/model";
import { quotedList } from "@mailroom/syntax";
import { defineRule } from "../../engine/rule.js";
import { nearMatch, reportUnknownIdentifiers } from "./common.js";

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
    messages: {
      unknown: "The output file has no property {{name}}; expected {{known}}.",
      change: "Change to {{name}}",
    },
  },
  check(context) {
    reportUnknownIdentifiers(context, "OUTPUT_FILE", KNOWN, (name) => {
      // With a single property, any other name can only mean it; with more, only a near one is a safe fix.
      const replacement =
        OUTPUT_FILE_IDENTIFIERS.length === 1 ? OUTPUT_FILE_IDENTIFIERS[0] : nearMatch(name, KNOWN).suggestion;
      return {
        messageId: "unknown",
        data: { name: JSON.stringify(name), known: quotedList(OUTPUT_FILE_IDENTIFIERS) },
        ...(replacement === undefined ? {} : { replacement }),
      };
    });
  },
});
