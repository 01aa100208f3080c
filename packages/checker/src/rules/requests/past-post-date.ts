import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf } from "./shared.js";

/** An expectedPostDate that is not in the future. */
export const rule = defineRequestRule({
  meta: {
    id: "past-post-date",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "must be in the future and before the channel cut-off",
    },
    description: "A command's expectedPostDate is in the future.",
    messages: {
      past: "expectedPostDate {{date}} ({{instant}}) is not in the future; expected a later date, or none for the earliest possible one.",
    },
  },
  check(context) {
    const date = deliveryOf(context).command.expectedPostDate;
    if (date === undefined || date > context.facts.now) return;
    const instant = Number.isFinite(new Date(date).getTime()) ? new Date(date).toISOString() : "out of range";
    context.report({ path: ["command", "expectedPostDate"], messageId: "past", data: { date, instant } });
  },
});
