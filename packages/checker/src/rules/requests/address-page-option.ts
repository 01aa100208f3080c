import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** Words that name the address page, in an option type's name or an option value. */
const ADDRESS_PAGE = /address[\s_-]*page/i;

/** A command that sets the address page, which only the service configures. */
export const rule = defineRequestRule({
  meta: {
    id: "address-page-option",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "The address page cannot be set when creating a delivery; its presence is configured in the service.",
    },
    description: "A command sets no option of the address page (its option type, or its value, names it).",
    messages: {
      option:
        "Option value {{value}} sets the address page ({{reason}}); expected none: the service configures the address page.",
    },
  },
  check(context) {
    for (const [label, outputs] of Object.entries(deliveryOf(context).command.serviceChannelOptions ?? {})) {
      for (const [output, values] of Object.entries(outputs)) {
        values.forEach((value, i) => {
          const type = context.facts.optionListings
            .map((l) => l.types.get(value))
            .find((t) => t && ADDRESS_PAGE.test(t));
          const reason =
            type !== undefined
              ? `its option type is ${q(type)}`
              : ADDRESS_PAGE.test(value)
                ? "its value names it"
                : undefined;
          if (reason === undefined) return;
          const path = ["command", "serviceChannelOptions", label, output, i];
          context.report({ path, messageId: "option", data: { value: q(value), reason } });
        });
      }
    }
  },
});
