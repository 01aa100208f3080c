import { uniqueNameRule } from "./shared.js";

/** Delivery commands name a channel by its label: two channels with one label are ambiguous. */
export const rule = uniqueNameRule(
  {
    id: "duplicate-channel-label",
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "`serviceChannelOptions` (map channelLabel to map outputFileName to array of option values)",
    },
    description: "Two channels of the service have the same label.",
    messages: {
      duplicate: "Channel label {{name}} is already used by another channel; expected a label of its own.",
      first: "The first channel labelled {{name}} is here.",
    },
  },
  ["properties", "channels"],
  "label",
);
