import type { OrganizationalUnit } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { q } from "./shared.js";

/** A postal address of the unit whose countryCode is not two characters long. */
export const rule = defineRequestRule({
  meta: {
    id: "country-code",
    files: ["unit"],
    basis: {
      kind: "states",
      section: "OrganizationalUnit",
      quote: "{ addressLines: string (lines separated by a newline character), countryCode: string (2 characters) }",
    },
    description: "The countryCode of a unit's sender and return addresses has two characters.",
    messages: {
      length:
        'countryCode {{code}} of the {{address}} has {{count}} characters; expected a code of two characters, such as "FR".',
    },
  },
  check(context) {
    const properties = (context.request as OrganizationalUnit).properties;
    for (const [key, address] of [
      ["senderAddress", "sender address"],
      ["returnAddress", "return address"],
    ] as const) {
      const code = properties?.[key]?.countryCode;
      const count = code === undefined ? 2 : [...code].length;
      if (code === undefined || count === 2) continue;
      const data = { code: q(code), address, count };
      context.report({ path: ["properties", key, "countryCode"], messageId: "length", data });
    }
  },
});
