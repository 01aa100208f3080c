import type { ResolvedSettings } from "@mailroom/checker";
import { type JobFile, parsePartName, type Service } from "@mailroom/model";
import { describeDocument, type JobOutcome, readOrganizationalUnit, referenceOf, simulateJob } from "@mailroom/runtime";
import type { CheckJobOptions, Job, Part } from "./check-job.js";
import { requestText } from "./check-job.js";
import { type Io, UsageError } from "./io.js";
import { plural } from "./report.js";

/** The requirements a job gives as plain values (`exv.Value`), which the simulation reads. */
function requirementsOf(json: JobFile): Record<string, string> {
  const given = json.parameters.packRequirements ?? {};
  const values: Record<string, string> = {};
  for (const [name, expression] of Object.entries(given)) {
    if (expression["@type"] !== "exv.Value") {
      throw new UsageError(`--simulate reads requirement "${name}" only as a plain value (exv.Value).`);
    }
    values[name] = expression.value;
  }
  return values;
}

/**
 * The files the simulation reads: each file part, in the job's order, and for each stored file the local copy
 * `--file` gives for its box (a stored file is on the platform, not here: without a copy it cannot be read).
 */
function filesOf(job: Job, parts: readonly Part[]): [string, string][] {
  const files: [string, string][] = [];
  const standIns = new Map<string, string[]>();
  for (const [box, path] of job.standIns) standIns.set(box, [...(standIns.get(box) ?? []), path]);
  for (const part of parts) {
    const parsed = parsePartName(part.name);
    if (!parsed) continue;
    if (parsed.kind === "file") files.push([parsed.box, part.value]);
    else {
      const copy = standIns.get(parsed.box)?.shift();
      if (copy === undefined) {
        throw new UsageError(
          `--simulate reads the files of the job, and stored file ${part.value} of box "${parsed.box}" is on the platform: give a copy with --file ${parsed.box}=<path>.`,
        );
      }
      files.push([parsed.box, copy]);
    }
  }
  return files;
}

/** The MAIN documents, which become pack groups: one per channel each (attachments go with them). */
function packGroups(service: Service, outcome: JobOutcome): { channel: string; documents: string[] }[] {
  const mainBoxes = new Set(
    service.properties.boxes.flatMap((box) => (box["@type"] !== "box.ARCHIVE" && box.main ? [box.name] : [])),
  );
  const main = outcome.documents.filter((d) => mainBoxes.has(d.document.box));
  return service.properties.channels.map((channel) => ({
    channel: channel.label,
    documents: main.map((d) => referenceOf(d.document)),
  }));
}

/** `check-job --simulate`: the request, then what the platform makes of its files. */
export async function simulate(
  service: Service,
  job: Job,
  parts: readonly Part[],
  options: CheckJobOptions,
  now: number,
  settings: ResolvedSettings,
  io: Io,
): Promise<number> {
  const units = settings.organizationalUnits ?? [];
  if (options.ou === undefined && units.length > 1) {
    const named = units.map((unit) => JSON.stringify(unit)).join(", ");
    throw new UsageError(
      `the configuration's environments name ${units.length} organizational units (${named}); expected --ou to say which one the job is for.`,
    );
  }
  const unitFile = options.ou ?? units[0];
  let organizationalUnit: unknown;
  if (unitFile !== undefined) {
    const unit = await readOrganizationalUnit(unitFile);
    if (!unit.ok) throw new UsageError(`${options.ou !== undefined ? "--ou " : ""}${unitFile}: ${unit.problem}`);
    organizationalUnit = unit.value;
  }
  const simulation = await simulateJob(service, {
    files: filesOf(job, parts),
    organizationalUnit,
    requirements: requirementsOf(job.json),
    now,
    areaUnit: settings.areaUnit ?? "pt",
  });
  if (!simulation.ok) {
    const entry = simulation.entry === undefined ? "" : `, its file ${simulation.entry}`;
    throw new UsageError(`${simulation.box}=${simulation.file}${entry}: ${simulation.problem.replace(/\.$/, "")}.`);
  }
  const { outcome } = simulation;
  const groups = packGroups(service, outcome);
  if (options.format === "json") {
    const documents = outcome.documents.map(({ document, attachedTo }) => ({
      box: document.box,
      document: describeDocument(document),
      ...(attachedTo && { attachedTo: attachedTo.map(referenceOf) }),
    }));
    const violations = outcome.violations.map(({ code, box, message }) => ({ code, box, message }));
    io.out(`${JSON.stringify({ parts, documents, packGroups: groups, violations }, null, 2)}\n`);
  } else {
    const documents = outcome.documents.map(({ document, attachedTo }) => {
      const to = attachedTo ? `  attached to ${attachedTo.map(referenceOf).join(", ") || "no MAIN document"}` : "";
      return `  ${describeDocument(document)}${to}\n`;
    });
    const byChannel = groups.map(
      (g) =>
        `  "${g.channel}": ${plural(g.documents.length, "pack group")}${g.documents.length > 0 ? ` (${g.documents.join(", ")})` : ""}\n`,
    );
    const violations = outcome.violations.map(({ code, message }) => `  ${code}: ${message}\n`);
    io.out(
      [
        requestText(parts),
        `Documents:\n${documents.join("") || "  none\n"}`,
        `Pack groups by channel:\n${byChannel.join("") || "  no channel\n"}`,
        ...(violations.length > 0 ? [`Violations:\n${violations.join("")}`] : []),
      ].join("\n"),
    );
  }
  if (outcome.violations.length > 0) io.err(`the job has ${plural(outcome.violations.length, "violation")}\n`);
  return outcome.violations.length > 0 ? 1 : 0;
}
