import { quotedList } from "@mailroom/syntax";
import * as z from "zod";
import { defineRule } from "../../engine/rule.js";
import { type IdentifierJudgement, nearMatch, reportUnknownIdentifiers } from "./common.js";

/** Requirements the spec's examples name; an installation adds its own with the `requirements` option. */
export const KNOWN_REQUIREMENTS = ["POSTAL_ADDRESS_RECIPIENT"] as const;

const Options = z
  .strictObject({
    requirements: z
      .array(z.string())
      .optional()
      .describe("More requirement names to accept, beside POSTAL_ADDRESS_RECIPIENT."),
  })
  .optional();

/** `req.NAME` reads a requirement of the pack; a name no pack carries reads nothing. */
export const rule = defineRule({
  meta: {
    id: "unknown-requirement",
    basis: {
      kind: "implies",
      section: "Job",
      quote:
        "e.g. requirement POSTAL_ADDRESS_RECIPIENT given as an exv.Value with a multi-line address text (mail-merged job)",
    },
    description:
      "A requirement reference names a known requirement (POSTAL_ADDRESS_RECIPIENT, or one listed in the options).",
    options: Options,
    messages: {
      unknown:
        'Requirement {{name}} is not known; expected {{known}}, or a name added to the rule\'s "requirements" option.',
      unknownNear: "Requirement {{name}} is not known; did you mean {{suggestion}}?",
    },
  },
  check(context) {
    const parsed = Options.safeParse(context.options);
    const known = [...KNOWN_REQUIREMENTS, ...((parsed.success ? parsed.data?.requirements : undefined) ?? [])];
    reportUnknownIdentifiers(context, "REQUIREMENT", new Set(known), (name): IdentifierJudgement => {
      const { suggestion } = nearMatch(name, known);
      return suggestion === undefined
        ? { messageId: "unknown", data: { name: JSON.stringify(name), known: quotedList(known) } }
        : { messageId: "unknownNear", data: { name: JSON.stringify(name), suggestion: JSON.stringify(suggestion) } };
    });
  },
});
