import { ORGANIZATIONAL_UNIT_IDENTIFIERS } from "@mailroom/model";
import { quotedList } from "@mailroom/syntax";
import { defineRule } from "../../engine/rule.js";
import { type IdentifierJudgement, nearMatch, reportUnknownIdentifiers } from "./common.js";

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
    messages: {
      unknown: "The organizational unit has no property {{name}}; expected {{known}}.",
      unknownNear: "The organizational unit has no property {{name}}; did you mean {{suggestion}}?",
      change: "Change to {{name}}",
    },
  },
  check(context) {
    reportUnknownIdentifiers(context, "ORGANIZATIONAL_UNIT", KNOWN, (name): IdentifierJudgement => {
      const { suggestion, unique } = nearMatch(name, ORGANIZATIONAL_UNIT_IDENTIFIERS);
      return suggestion === undefined
        ? {
            messageId: "unknown",
            data: { name: JSON.stringify(name), known: quotedList(ORGANIZATIONAL_UNIT_IDENTIFIERS) },
          }
        : {
            messageId: "unknownNear",
            data: { name: JSON.stringify(name), suggestion: JSON.stringify(suggestion) },
            ...(unique ? { replacement: suggestion } : {}),
          };
    });
  },
});
