import type { OrganizationalUnit } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { q } from "./shared.js";

/** The characters the spec allows in an account identifier; anything else is named in the report. */
const ALLOWED = /[0-9A-Za-z\-._~]/u;

/** A character of accountIdentifier outside ASCII letters, digits and - . _ ~. */
export const rule = defineRequestRule({
  meta: {
    id: "account-identifier",
    files: ["unit"],
    basis: { kind: "states", section: "OrganizationalUnit", quote: "only ASCII 0-9 A-Z a-z and - . _ ~" },
    description: "A unit's accountIdentifier has only ASCII letters, digits and - . _ ~.",
    messages: {
      character:
        "accountIdentifier {{value}} has the character {{character}} ({{code}}); expected only ASCII letters, digits and - . _ ~.",
    },
  },
  check(context) {
    const value = (context.request as OrganizationalUnit).accountIdentifier;
    if (value === undefined) return;
    const character = [...value].find((c) => !ALLOWED.test(c));
    if (character === undefined) return;
    const code = `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;
    context.report({
      path: ["accountIdentifier"],
      messageId: "character",
      data: { value: q(value), character: q(character), code },
    });
  },
});
