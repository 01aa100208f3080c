/*
 * "Channels": how the documents leave the service, each channel with its output files and options.
 */

import type { ChannelDocs, ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { code, explained, facts, otherFields, type SectionId, section, table } from "./fragments.js";

export const CHANNELS_ID: SectionId = "channels";

export function channelsSection(service: ServiceDocs): string {
  const body =
    service.channels.length === 0
      ? `<p class="muted">The service has no channel.</p>`
      : service.channels.map(channelEntry).join("\n");
  return section(CHANNELS_ID, 2, "Channels", body);
}

function channelEntry(channel: ChannelDocs): string {
  const options =
    channel.options.length === 0
      ? `<p class="muted">${channel.otherFields.some((f) => f.field === "options") ? "Written in a form mailroom does not read: see Other fields." : "No option."}</p>`
      : table(
          ["Output file", "Option", "Value", "Applies"],
          channel.options.map((option) => [
            code(option.outputFile),
            code(option.optionType),
            code(option.value),
            option.condition === null ? "always" : explained(option.condition),
          ]),
        );
  const body = [
    facts([
      ["Name", channel.name === null ? null : code(channel.name)],
      ["Output files", channel.outputFiles.map(code).join(", ") || `<span class="muted">none</span>`],
    ]),
    `<h4>Options</h4>\n${options}`,
    otherFields(channel.otherFields),
  ].filter((part) => part !== "");
  return section(channel.anchor, 3, escapeHtml(channel.label), body.join("\n"), "card");
}
