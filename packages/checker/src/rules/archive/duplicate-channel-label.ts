import { defineRule } from "../../engine/rule.js";
import { q, reportDuplicates } from "./shared.js";

/** Delivery commands name a channel by its label: two channels with one label are ambiguous. */
export const rule = defineRule({
  meta: {
    id: "duplicate-channel-label",
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "`serviceChannelOptions` (map channelLabel to map outputFileName to array of option values)",
    },
    description: "Two channels of the service have the same label.",
  },
  check(context) {
    reportDuplicates(
      context,
      context.service.properties.channels,
      ["properties", "channels"],
      "label",
      (label) => `Channel label ${q(label)} is already used by another channel; expected a label of its own.`,
      (label) => `The first channel labelled ${q(label)} is here.`,
    );
  },
});
