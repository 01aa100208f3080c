import { basename, dirname, join, relative, resolve } from "node:path";
import {
  checkRequest,
  JOB_FILE,
  type ResolvedSettings,
  readRequest,
  readSource,
  requestOptions,
} from "@mailroom/checker";
import { readDocument } from "@mailroom/compiler";
import {
  DEFAULT_PART_NAME_FORM,
  type JobFile,
  PART_NAME_FORMS,
  type PartNameForm,
  parsePartName,
  partName,
  type Service,
  serviceFilePart,
} from "@mailroom/model";
import type { Diagnostic } from "@mailroom/syntax";
import { ConfigResolver, settingsOf } from "./config.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { displayPath, plural } from "./report.js";
import { requestHost } from "./requests.js";

export interface CheckJobOptions {
  readonly file: [box: string, path: string][];
  readonly service?: string;
  readonly jobName?: string;
  readonly partNames?: string;
  readonly simulate?: boolean;
  readonly ou?: string;
  readonly now?: string;
  readonly format: "text" | "json";
  readonly config?: string;
}

/** One part of the multipart request: the parameters, an uploaded file, or the id of a stored file. */
interface Part {
  readonly name: string;
  readonly kind: "parameters" | "file" | "service-file";
  /** The file's path (as the user gave it, or relative to the job file's folder), or the stored file's id. */
  readonly value: string;
}

/** A job to check: its file (real, or standing for one built from `--file`), text, and the files it uploads. */
interface Job {
  readonly file: string;
  readonly text: string;
  /** Whether the file is the user's: then problems are shown where they are in it. */
  readonly written: boolean;
  readonly json: JobFile;
  /** The local file of each `--file` that stands for a stored file (sent by its id), by box, for `--simulate`. */
  readonly standIns: readonly [box: string, path: string][];
}

/**
 * The job of a service and the files given for its boxes, as a job file would hold it: a part per file, numbered
 * per box in the part-name form chosen, and a part per stored file of the service carrying its id. A file given
 * for a box whose stored files already fill it stands for a stored file: the request sends the id instead.
 */
function buildJob(
  serviceFile: string,
  service: Service,
  files: readonly [string, string][],
  form: PartNameForm,
  jobName: string | undefined,
): Job {
  const parts: Record<string, string> = {};
  const standIns: [string, string][] = [];
  const counters = new Map<string, number>();
  for (const [box, path] of files) {
    const own = service.properties.boxes.find((b) => b.name === box);
    const stored = own && own["@type"] !== "box.ARCHIVE" ? own.configuredFiles.filter((f) => f.serviceFileId) : [];
    const n = counters.get(box) ?? 0;
    if (own && stored.length > 0 && own.maxElements !== -1 && n + stored.length >= own.maxElements) {
      standIns.push([box, path]);
      continue;
    }
    counters.set(box, n + 1);
    parts[partName(form, box, n)] = resolve(path);
  }
  for (const box of service.properties.boxes) {
    if (box["@type"] === "box.ARCHIVE") continue;
    box.configuredFiles
      .flatMap((file) => (typeof file.serviceFileId === "string" ? [file.serviceFileId] : []))
      .forEach((id, n) => {
        parts[serviceFilePart(box.name, n)] = id;
      });
  }
  const json: JobFile = {
    service: resolve(serviceFile),
    parameters: {
      jobName: jobName ?? service.name,
      serviceId: String(service.id),
      autocreateDeliveryCommand: false,
    },
    parts,
  };
  // Checked as a job file beside the service would be; its problems are said without a place.
  const file = join(dirname(resolve(serviceFile)), `${basename(serviceFile).replace(/\.[^.]*$/, "")}.job.json`);
  return { file, text: JSON.stringify(json, null, 2), written: false, json, standIns };
}

/** The job file given, read; a usage error when it cannot be read or is not JSON or YAML of a job file's shape. */
async function readJob(file: string, standIns: readonly [string, string][]): Promise<Job | string> {
  const source = await readSource(file);
  if (!source.ok) throw new UsageError(`${displayPath(file)}: ${source.message}`);
  const read = readRequest(file, "job", source.text);
  if (!read.sound) return source.text;
  return { file, text: source.text, written: true, json: read.value as JobFile, standIns };
}

/** The service a job calls, read again for printing and simulating (the checks found it without errors). */
async function serviceOf(job: Job): Promise<Service | undefined> {
  const named = job.json.service;
  const candidates: string[] = [];
  if (named !== undefined) candidates.push(resolve(dirname(job.file), named));
  for (const file of candidates) {
    const source = await readSource(file);
    if (!source.ok) continue;
    const services = readDocument(file, source.text).services.map((s) => s.json as Service);
    return services.find((s) => String(s.id) === job.json.parameters.serviceId) ?? services[0];
  }
  return undefined;
}

/** The request's parts in the order sent: the parameters, then the file parts as the job lists them. */
function partsOf(job: Job): Part[] {
  const here = dirname(job.file);
  const parts: Part[] = [{ name: "parameters", kind: "parameters", value: JSON.stringify(job.json.parameters) }];
  for (const [name, value] of Object.entries(job.json.parts)) {
    const parsed = parsePartName(name);
    const kind = parsed?.kind === "service-file" ? "service-file" : "file";
    parts.push({
      name,
      kind,
      value: kind === "file" ? displayPath(relative(process.cwd(), resolve(here, value))) : value,
    });
  }
  return parts;
}

// An instant as ISO-8601 writes it, with its offset: what `--now` takes.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `mailroom check-job`: checks a job (a job file, or a service and the files of its boxes) as `lint` checks job
 * files, prints the exact multipart request of POST /jobs (its part names and the `parameters` JSON), and with
 * `--simulate` what the platform makes of the files: documents, pack groups per channel, violations. Returns the
 * exit code: 1 when the job has errors or violations.
 */
export async function checkJob(target: string, options: CheckJobOptions, io: Io): Promise<number> {
  const now = options.now === undefined ? Date.now() : Date.parse(options.now);
  if (options.now !== undefined && (!INSTANT.test(options.now) || Number.isNaN(now))) {
    throw new UsageError(`--now "${options.now}" is not an ISO-8601 instant such as 2024-03-15T10:00:00Z.`);
  }
  const form = (options.partNames ?? DEFAULT_PART_NAME_FORM) as PartNameForm;
  if (!Object.hasOwn(PART_NAME_FORMS, form)) {
    const forms = Object.keys(PART_NAME_FORMS).join(", ");
    throw new UsageError(`--part-names takes one of ${forms}, not "${options.partNames}".`);
  }
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const [settings] = (await settingsOf(resolver, [{ file: target }], io, "checked")) ?? [];
  if (settings === undefined) return 2;

  let job: Job;
  if (JOB_FILE.test(target)) {
    if (options.partNames !== undefined)
      throw new UsageError("--part-names applies to a job built from --file; a job file names its parts.");
    const read = await readJob(target, options.file);
    if (typeof read === "string")
      return report(target, read, await diagnosticsOf(target, read, settings, now), true, io);
    job = read;
  } else {
    job = await jobOfService(target, options, form);
  }
  const diagnostics = await diagnosticsOf(job.file, job.text, settings, now);
  if (diagnostics.some((d) => d.severity === "error")) return report(job.file, job.text, diagnostics, job.written, io);
  if (diagnostics.length > 0) report(job.file, job.text, diagnostics, job.written, io);

  const parts = partsOf(job);
  const service = await serviceOf(job);
  if (options.simulate && service === undefined) {
    throw new UsageError('--simulate needs the service\'s file: name it with "service" in the job file.');
  }
  if (!options.simulate || service === undefined) {
    io.out(options.format === "json" ? `${JSON.stringify({ parts }, null, 2)}\n` : requestText(parts));
    return 0;
  }
  const { simulate } = await import("./check-job-simulate.js");
  return simulate(service, job, parts, options, now, settings, io);
}

/** The job of a service file and its `--file`s. */
async function jobOfService(target: string, options: CheckJobOptions, form: PartNameForm): Promise<Job> {
  const source = await readSource(target);
  if (!source.ok) throw new UsageError(`${displayPath(target)}: ${source.message}`);
  const services = readDocument(target, source.text).services.map((s) => s.json as Service);
  const wanted = options.service;
  const picked = wanted === undefined ? services : services.filter((s) => s.name === wanted || String(s.id) === wanted);
  if (picked.length !== 1) {
    const names = services.map((s) => `"${s.name}"`).join(", ");
    if (services.length === 0) throw new UsageError(`${displayPath(target)} holds no service.`);
    if (wanted === undefined)
      throw new UsageError(
        `${displayPath(target)} holds ${services.length} services (${names}): name one with --service.`,
      );
    throw new UsageError(`${displayPath(target)} has no service named or numbered "${wanted}"; it holds ${names}.`);
  }
  if (options.file.length === 0) {
    throw new UsageError("Give the files of the job: --file <BOX>=<path> for each, or a job file (*.job.yaml).");
  }
  return buildJob(target, picked[0] as Service, options.file, form, options.jobName);
}

const diagnosticsOf = (file: string, text: string, settings: ResolvedSettings, now: number): Promise<Diagnostic[]> =>
  checkRequest(file, text, "job", requestOptions(file, settings), { ...requestHost, now });

/** Prints a job's problems (where they are, in a job file; as sentences, for a job built from --file). */
function report(file: string, text: string, diagnostics: readonly Diagnostic[], written: boolean, io: Io): number {
  if (written) io.err(formatPlain([{ file: displayPath(file), text, diagnostics }]));
  else for (const d of diagnostics) io.err(`${d.severity}  ${d.message}  ${d.code}\n`);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) io.err(`mailroom: the job has ${plural(errors, "error")}; nothing to send.\n`);
  return errors > 0 ? 1 : 0;
}

/** The request as text: the call, then each part, the parameters' JSON in full. */
export function requestText(parts: readonly Part[]): string {
  const lines = ["POST /jobs", "Content-Type: multipart/form-data", ""];
  for (const part of parts) {
    if (part.kind === "parameters") {
      lines.push(`part "parameters" (application/json):`, JSON.stringify(JSON.parse(part.value), null, 2), "");
    } else if (part.kind === "file") lines.push(`part "${part.name}": file ${part.value}`);
    else lines.push(`part "${part.name}": ${part.value}`);
  }
  return `${lines.join("\n")}\n`;
}

export type { Job, Part };
