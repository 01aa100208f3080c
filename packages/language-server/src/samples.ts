import { basename } from "node:path";
import { escapeMarkdown } from "@mailroom/docs";
import type { ParsedDocument } from "@mailroom/language";
import type { Service } from "@mailroom/model";
import { JobEvaluation, loadDocuments } from "@mailroom/runtime";
import { settingsOf } from "./diagnostics.js";
import type { ServerState } from "./state.js";

/**
 * A hovered metadata's value on the sample files of the configuration (`samples: { BOX: path }`), as a line of
 * Markdown; undefined when the configuration names no sample for the metadata's box. A designer sees the effect
 * of an edit on real files as they type.
 */
export async function sampleValue(
  state: ServerState,
  uri: string,
  document: ParsedDocument,
  metadata: { readonly box: string; readonly name: string },
): Promise<string | undefined> {
  const settings = await settingsOf(state, uri, document.file);
  const service = document.source.services.find((s) =>
    (s.json as Service | undefined)?.properties?.boxes?.some?.((box) => box.name === metadata.box),
  )?.json as Service | undefined;
  const samples = Object.entries(settings.samples ?? {}).filter(([box]) =>
    service?.properties.boxes.some((b) => b.name === box),
  );
  if (!service || !samples.some(([box]) => box === metadata.box)) return undefined;
  // The compiler puts placeholders where it found mistakes: their values would mean nothing.
  if (document.source.diagnostics.some((d) => d.severity === "error")) {
    return "_No value on the samples while the file has errors._";
  }
  const loaded = await loadDocuments(service, samples);
  if (!loaded.ok)
    return `_Sample ${escapeMarkdown(basename(loaded.file))} of box ${escapeMarkdown(loaded.box)}: ${escapeMarkdown(loaded.problem)}._`;
  const evaluation = await JobEvaluation.of(service, {
    documents: loaded.documents,
    requirements: {},
    now: Date.now(),
    areaUnit: settings.areaUnit ?? "pt",
  });
  const sample = loaded.documents.find((d) => d.box === metadata.box);
  if (!sample) return undefined;
  const result = evaluation.document(sample).metadata.get(metadata.name);
  if (!result) return undefined;
  const on = `**On the sample** \`${basename(sample.file).replaceAll("`", "'")}\``;
  return "value" in result
    ? `${on}: \`${JSON.stringify(result.value).replaceAll("`", "'")}\``
    : `${on}: no value, ${escapeMarkdown(result.problem)}.`;
}
