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
    messages: {
      duplicate: "Output file {{name}} is already in channel {{channel}}; expected a name of its own.",
      duplicateImplied:
        "An output file without a name is {{name}}, and channel {{channel}} already has one; expected a name of its own.",
      first: "The first output file {{name}} of the channel is here.",
    },
  },
  check(context) {
    context.service.properties.channels.forEach((channel, index) => {
      reportDuplicates(
        context,
        channel.outputFilesConfig,
        ["properties", "channels", index, "outputFilesConfig"],
        "name",
        { channel: q(channel.label) },
        DEFAULT_OUTPUT_FILE,
      );
    });
  },
});
