import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** An option value that an environment's option listing does not offer. */
export const rule = defineRequestRule({
  meta: {
    id: "unknown-option-value",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "Values are matched against the option types and options listings",
    },
    description:
      "Each option value of a command is offered by the option listing of every environment the configuration names.",
    messages: {
      unknown:
        "Option value {{value}} is not in the option listing of environment {{environment}}; expected a value it offers.",
    },
  },
  check(context) {
    const { optionListings } = context.facts;
    for (const [label, outputs] of Object.entries(deliveryOf(context).command.serviceChannelOptions ?? {})) {
      for (const [output, values] of Object.entries(outputs)) {
        values.forEach((value, i) => {
          for (const listing of optionListings) {
            if (listing.types.has(value)) continue;
            const data = { value: q(value), environment: q(listing.environment) };
            context.report({
              path: ["command", "serviceChannelOptions", label, output, i],
              messageId: "unknown",
              data,
            });
          }
        });
      }
    }
  },
});
