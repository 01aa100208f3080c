import { quotedList } from "@mailroom/syntax";
import * as z from "zod";
import { isReference } from "../../engine/metadata-scope.js";
import { defineRule } from "../../engine/rule.js";
import { nearMatch } from "./common.js";

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
  },
  check(context) {
    const parsed = Options.safeParse(context.options);
    const known = [...KNOWN_REQUIREMENTS, ...((parsed.success ? parsed.data?.requirements : undefined) ?? [])];
    const set = new Set(known);
    for (const expression of context.expressions) {
      if (!isReference(expression, "REQUIREMENT")) continue;
      const name = expression.node.identifier;
      if (set.has(name)) continue;
      const { suggestion } = nearMatch(name, known);
      context.report({
        path: [...expression.path, "identifier"],
        message:
          suggestion === undefined
            ? `Requirement ${JSON.stringify(name)} is not known; expected ${quotedList(known)}, or a name added to the rule's "requirements" option.`
            : `Requirement ${JSON.stringify(name)} is not known; did you mean ${JSON.stringify(suggestion)}?`,
      });
    }
  },
});
