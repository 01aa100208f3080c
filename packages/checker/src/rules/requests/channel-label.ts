import { nearest } from "@mailroom/syntax";
import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** A command names a channel by its label; its name, a common error, gets the label as a fix. */
export const rule = defineRequestRule({
  meta: {
    id: "channel-label",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "channelLabel is the service channel's label, not its name (using the name is a common error).",
    },
    description: "The keys of serviceChannelOptions are labels of the service's channels, not their names.",
    fixable: true,
    messages: {
      name: "{{key}} is the name of channel {{label}}, not its label; did you mean {{label}}?",
      unknown: "Service {{service}} has no channel labelled {{key}}; expected one of {{labels}}.",
      unknownNear: "Service {{service}} has no channel labelled {{key}}; did you mean {{label}}?",
      channel: "Channel {{label}} is declared here.",
      useLabel: "Use the label {{label}}",
    },
  },
  check(context) {
    const service = context.facts.service;
    if (!service) return;
    const channels = service.service.properties.channels;
    const labels = channels.map((c) => c.label);
    for (const key of Object.keys(deliveryOf(context).command.serviceChannelOptions ?? {})) {
      if (labels.includes(key)) continue;
      const path = ["command", "serviceChannelOptions", key];
      const byName = channels.findIndex((c) => c.name === key);
      const label = byName >= 0 ? channels[byName]?.label : nearest(key, labels);
      const data = { key: q(key), label: q(label), service: q(service.service.name), labels: labels.map(q).join(", ") };
      if (label === undefined) {
        context.report({ path, at: "key", messageId: "unknown", data });
        continue;
      }
      const index = byName >= 0 ? byName : labels.indexOf(label);
      context.report({
        path,
        at: "key",
        messageId: byName >= 0 ? "name" : "unknownNear",
        data,
        related: [{ in: "service", path: ["properties", "channels", index, "label"], messageId: "channel", data }],
        fix: { messageId: "useLabel", data, value: label },
      });
    }
  },
});
