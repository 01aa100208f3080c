import { DEFAULT_OUTPUT_FILE } from "@mailroom/model";
import { defineRule } from "../../engine/rule.js";
import { q, reportDuplicates } from "./shared.js";

/**
 * Delivery commands address options by output-file name within a channel. An entry without a name is the
 * default output file, "MAIN" (the spec's default output file name), so it clashes with an explicit "MAIN".
 */
export const rule = defineRule({
  meta: {
    id: "duplicate-output-file",
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "`serviceChannelOptions` (map channelLabel to map outputFileName to array of option values)",
    },
    description: `Two output files of one channel have the same name, an output file without a name counting as "${DEFAULT_OUTPUT_FILE}".`,
  },
  check(context) {
    context.service.properties.channels.forEach((channel, index) => {
      reportDuplicates(
        context,
        channel.outputFilesConfig,
        ["properties", "channels", index, "outputFilesConfig"],
        "name",
        (name, implied) =>
          implied
            ? `An output file without a name is ${q(name)}, and channel ${q(channel.label)} already has one; expected a name of its own.`
            : `Output file ${q(name)} is already in channel ${q(channel.label)}; expected a name of its own.`,
        (name) => `The first output file ${q(name)} of the channel is here.`,
        DEFAULT_OUTPUT_FILE,
      );
    });
  },
});
