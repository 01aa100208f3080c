import { Channel, DEFAULT_OUTPUT_FILE, OutputFile } from "@mailroom/model";
import { type Json, object, objects, otherFields, text } from "./json.js";
import type { ChannelDocs, ChannelOptionDocs, OtherField } from "./model.js";
import type { Page } from "./page.js";

// What the page reads of a channel: the model's fields, its `name` and its `options`; the rest is shown as written.
const KNOWN_CHANNEL = new Set([...Object.keys(Channel.shape), "name", "options"]);
const KNOWN_OUTPUT = new Set(Object.keys(OutputFile.shape));
const KNOWN_OPTION = new Set(["outputFileName", "optionType", "value", "condition"]);

/** What a page says of a service with several channels, beside the diagram that draws the choice. */
export const CHANNEL_CHOICE =
  "Each pack group (the API's unit of sending) goes to one of the channels, not to each: the diagram's diamond " +
  "is that choice. The API does not say how the channel of a pack group is chosen.";

/** The service's channels: label, output files (`MAIN` when none is named) and options with their conditions. */
export function documentChannels(page: Page): ChannelDocs[] {
  return objects(page.service.properties.channels).map((channel) => {
    const label = text(channel.label) ?? "(no label)";
    const others: OtherField[] = otherFields(channel, KNOWN_CHANNEL);
    const outputs = objects(channel.outputFilesConfig).map((o, i) => {
      others.push(...otherFields(o, KNOWN_OUTPUT, `outputFilesConfig[${i}].`));
      return text(o.name) ?? DEFAULT_OUTPUT_FILE;
    });
    const options = readOptions(channel.options);
    // Options the page cannot read as a list of options are shown whole, as written, rather than as "no option".
    if (options === undefined) others.push(...otherFields({ options: channel.options }, new Set()));
    else others.push(...options.flatMap((option, i) => otherFields(option, KNOWN_OPTION, `options[${i}].`)));
    return {
      label,
      anchor: page.anchors.take("channel", label),
      name: text(channel.name) ?? null,
      outputFiles: outputs.length > 0 ? outputs : [DEFAULT_OUTPUT_FILE],
      options: (options ?? []).map(
        (option): ChannelOptionDocs => ({
          outputFile: text(option.outputFileName) ?? DEFAULT_OUTPUT_FILE,
          optionType: option.optionType as string,
          value: option.value as string,
          condition: option.condition === undefined ? null : page.explained(option.condition, "condition"),
        }),
      ),
      otherFields: others,
    };
  });
}

/** A channel's options when they are a list of options (each with a type and a value); undefined otherwise. */
function readOptions(value: unknown): Json[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const options = value.map(object);
  return options.every((o) => o !== undefined && typeof o.optionType === "string" && typeof o.value === "string")
    ? (options as Json[])
    : undefined;
}
