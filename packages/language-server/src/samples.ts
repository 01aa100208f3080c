import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { escapeMarkdown } from "@mailroom/docs";
import type { ParsedDocument } from "@mailroom/language";
import type { Service } from "@mailroom/model";
import { type AreaUnit, type Simulation, simulateJob } from "@mailroom/runtime";
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
  const simulation = await simulated(state, service, samples, settings.areaUnit ?? "pt");
  if (!simulation.ok) {
    const file = basename(simulation.file) + (simulation.entry === undefined ? "" : ` (${simulation.entry})`);
    return `_Sample ${escapeMarkdown(file)} of box ${escapeMarkdown(simulation.box)}: ${escapeMarkdown(simulation.problem)}._`;
  }
  const sample = simulation.outcome.documents.find((d) => d.document.box === metadata.box);
  if (!sample) return undefined;
  const result = sample.metadata.get(metadata.name);
  if (!result) return undefined;
  const on = `**On the sample** \`${basename(sample.document.file).replaceAll("`", "'")}\``;
  return "value" in result
    ? `${on}: \`${JSON.stringify(result.value).replaceAll("`", "'")}\``
    : `${on}: no value, ${escapeMarkdown(result.problem)}.`;
}

/** What "Run on sample" gives: each metadata of the box on its sample, valued or refused; or why none could be. */
export interface SampleRun {
  readonly box: string;
  /** The sample evaluated, as the configuration names it. */
  readonly file?: string;
  readonly metadata: readonly { readonly name: string; readonly value?: unknown; readonly problem?: string }[];
  /** Why the box could not be evaluated (errors in the file, an unusable sample). */
  readonly problem?: string;
}

/**
 * The box evaluated on the sample the configuration names for it (as `mailroom eval` evaluates a service on the
 * samples); undefined when it names none.
 */
export async function sampleRun(
  state: ServerState,
  uri: string,
  document: ParsedDocument,
  box: string,
): Promise<SampleRun | undefined> {
  const settings = await settingsOf(state, uri, document.file);
  const service = document.source.services.find((s) =>
    (s.json as Service | undefined)?.properties?.boxes?.some?.((each) => each.name === box),
  )?.json as Service | undefined;
  const samples = Object.entries(settings.samples ?? {}).filter(([name]) =>
    service?.properties.boxes.some((b) => b.name === name),
  );
  const file = samples.find(([name]) => name === box)?.[1];
  if (!service || file === undefined) return undefined;
  if (document.source.diagnostics.some((d) => d.severity === "error"))
    return { box, file, metadata: [], problem: "the file has errors" };
  const simulation = await simulated(state, service, samples, settings.areaUnit ?? "pt");
  if (!simulation.ok)
    return { box, file, metadata: [], problem: `${basename(simulation.file)}: ${simulation.problem}` };
  const documents = simulation.outcome.documents.filter((d) => d.document.box === box);
  const metadata = documents.flatMap((d) =>
    [...d.metadata].map(([name, result]) =>
      "value" in result ? { name, value: result.value } : { name, problem: result.problem },
    ),
  );
  return { box, file, metadata };
}

/** The boxes of a service file that have a sample in its configuration. */
export async function boxesWithSamples(
  state: ServerState,
  uri: string,
  document: ParsedDocument,
): Promise<Set<string>> {
  const settings = await settingsOf(state, uri, document.file);
  return new Set(Object.keys(settings.samples ?? {}));
}

/**
 * The job simulated on the samples, reused while the service, the samples (paths and modification times) and the
 * unit stay the same: reading PDFs is most of a hover's cost. The clock is the time of the first simulation.
 */
async function simulated(
  state: ServerState,
  service: Service,
  samples: [string, string][],
  areaUnit: AreaUnit,
): Promise<Simulation> {
  const times = await Promise.all(
    samples.map(([, path]) =>
      stat(path).then(
        (s) => s.mtimeMs,
        () => -1,
      ),
    ),
  );
  const key = JSON.stringify([service, samples, times, areaUnit]);
  if (state.samples?.key !== key) {
    const simulation = simulateJob(service, { files: samples, requirements: {}, now: Date.now(), areaUnit });
    state.samples = { key, simulation };
  }
  return state.samples.simulation;
}
