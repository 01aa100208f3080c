import { DEFAULT_OUTPUT_FILE } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** Options a command sets on an output file other than MAIN, which are not meant to be changed. */
export const rule = defineRequestRule({
  meta: {
    id: "non-main-options",
    files: ["delivery"],
    basis: {
      kind: "implies",
      section: "Deliveries",
      quote: "Options of other output files are not meant to be changed.",
    },
    description: "A command sets options of the MAIN output file only.",
    messages: {
      other:
        "The command sets options of output file {{output}} of channel {{label}}; options of output files other than MAIN are not meant to be changed.",
    },
  },
  check(context) {
    for (const [label, outputs] of Object.entries(deliveryOf(context).command.serviceChannelOptions ?? {})) {
      for (const output of Object.keys(outputs)) {
        if (output === DEFAULT_OUTPUT_FILE) continue;
        const path = ["command", "serviceChannelOptions", label, output];
        context.report({ path, at: "key", messageId: "other", data: { label: q(label), output: q(output) } });
      }
    }
  },
});
