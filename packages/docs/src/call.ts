import { type ExpressionNode, isReference } from "@mailroom/checker";
import { type Json, object } from "./json.js";
import type { BoxDocs, CallDocs, ChannelDocs, UploadDocs } from "./model.js";

/** What `callDocs` reads of the page being built. */
interface Page {
  readonly id: number | null;
  readonly name: string;
  readonly boxes: readonly BoxDocs[];
  readonly channels: readonly ChannelDocs[];
}

/**
 * How an integrator calls the service: the boxes a job fills, the service files to name, the splits a job may
 * override, the requirements read, and examples of the job-creation `parameters` part and of a delivery command
 * (their shapes are the model's JobCreationParameters and DeliveryCommand; a test validates them).
 */
export function callDocs(page: Page, boxes: readonly Json[], expressions: readonly ExpressionNode[]): CallDocs {
  const uploads: UploadDocs[] = page.boxes.map((box) => ({
    box: box.name,
    anchor: box.anchor,
    files: box.elements,
    mandatory: box.extraction === null && box.elements.min > 0,
    fromArchive: box.extraction?.archive ?? null,
  }));
  const configuredFiles = page.boxes.flatMap((box) =>
    box.configuredFiles.map((file, n) => ({ ...file, box: box.name, part: `serviceFile__file_${box.name}_${n}` })),
  );
  const editableSplits = page.boxes.filter((box) => box.split?.editable).map((box) => box.name);
  const requirements = [
    ...new Set(expressions.flatMap((node) => (isReference(node, "REQUIREMENT") ? [node.node.identifier] : []))),
  ];

  const splitConfiguration = Object.fromEntries(
    boxes.flatMap((box) => {
      const split = object(box.splitConfig);
      return split?.editable === true ? [[box.name as string, split]] : [];
    }),
  );
  const packRequirements = Object.fromEntries(
    requirements.map((name) => [name, { "@type": "exv.Value", value: `<${name}>` }]),
  );
  const jobCreation = {
    jobName: page.name,
    serviceId: page.id === null ? "<service id>" : String(page.id),
    autocreateDeliveryCommand: false,
    ...(requirements.length > 0 && { packRequirements }),
    ...(editableSplits.length > 0 && { splitConfiguration }),
  };

  // One value per option type and output file, the first the service lists: a command sends only what it
  // overrides, so an integrator replaces these with the values wanted.
  const serviceChannelOptions = Object.fromEntries(
    page.channels.map((channel) => [
      channel.label,
      Object.fromEntries(
        channel.outputFiles.map((output) => {
          const byType = new Map<string, string>();
          for (const option of channel.options) {
            if (option.outputFile === output && !byType.has(option.optionType)) {
              byType.set(option.optionType, option.value);
            }
          }
          return [output, [...byType.values()]];
        }),
      ),
    ]),
  );
  const deliveryCommand = { jobId: "<jobId returned by POST /jobs>", serviceChannelOptions };
  return { boxes: uploads, configuredFiles, editableSplits, requirements, jobCreation, deliveryCommand };
}
