import { DEFAULT_OUTPUT_FILE } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** An output file a command sets options of that its channel does not produce. */
export const rule = defineRequestRule({
  meta: {
    id: "unknown-output-file",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "outputFileName is taken from the channel's outputFilesConfig; default MAIN.",
    },
    description: "The output files of a command are those of its channel's outputFilesConfig.",
    messages: {
      unknown: "Channel {{label}} has no output file {{output}}; expected one of {{outputs}}.",
    },
  },
  check(context) {
    const channels = context.facts.service?.service.properties.channels;
    if (!channels) return;
    for (const [label, outputs] of Object.entries(deliveryOf(context).command.serviceChannelOptions ?? {})) {
      const channel = channels.find((c) => c.label === label);
      if (!channel) continue;
      const names = channel.outputFilesConfig.map((o) => o.name ?? DEFAULT_OUTPUT_FILE);
      for (const output of Object.keys(outputs)) {
        if (names.includes(output)) continue;
        const data = { label: q(label), output: q(output), outputs: names.map(q).join(", ") || "none" };
        context.report({
          path: ["command", "serviceChannelOptions", label, output],
          at: "key",
          messageId: "unknown",
          data,
        });
      }
    }
  },
});
