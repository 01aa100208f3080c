import { DEFAULT_OUTPUT_FILE } from "@mailroom/model";
import { objects, text } from "./json.js";
import type { ChannelDocs } from "./model.js";
import type { Page } from "./page.js";

/** The service's channels: label, output files (`MAIN` when none is named) and options with their conditions. */
export function documentChannels(page: Page): ChannelDocs[] {
  return objects(page.service.properties.channels).map((channel) => {
    const label = text(channel.label) ?? "(no label)";
    const outputs = objects(channel.outputFilesConfig).map((o) => text(o.name) ?? DEFAULT_OUTPUT_FILE);
    return {
      label,
      anchor: page.anchors.take("channel", label),
      name: text(channel.name) ?? null,
      outputFiles: outputs.length > 0 ? outputs : [DEFAULT_OUTPUT_FILE],
      options: objects(channel.options).map((option) => ({
        outputFile: text(option.outputFileName) ?? DEFAULT_OUTPUT_FILE,
        optionType: text(option.optionType) ?? "",
        value: text(option.value) ?? "",
        condition: option.condition === undefined ? null : page.explained(option.condition, "condition"),
      })),
    };
  });
}
