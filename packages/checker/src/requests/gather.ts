import { access } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readDocument, SERVICE_FILE } from "@mailroom/compiler";
import { type JobFile, parsePartName, type Service } from "@mailroom/model";
import { isJsonObject, type JsonObject, parseJson, parseYaml, toJson } from "@mailroom/syntax";
import { checkDocument } from "../check.js";
import { findServiceFiles } from "../service-files.js";
import { readSource } from "../source-file.js";
import type {
  CalledService,
  OptionListing,
  PageCount,
  RequestFacts,
  RequestKind,
  ServiceProblem,
} from "./request-rule.js";

/** What gathering needs from its caller: how to count a PDF's pages (the runtime's reader), and the clock. */
export interface RequestHost extends ServiceReader {
  /** A PDF's page count; the checker does not read PDFs itself. */
  pageCount(file: string): Promise<PageCount>;
  /** Milliseconds since the epoch (default: now). */
  readonly now?: number;
}

/** Where a called service's text comes from: an editor's open document, unsaved edits and all, before its file. */
export interface ServiceReader {
  /** The text of a file open in an editor; undefined for one that is not, which is read from its file. */
  openText?(file: string): string | undefined;
}

/** Where a request is checked from: its configuration's facts, and the folder its workspace's services are in. */
export interface RequestSettings {
  /** The folder searched for the workspace's services: the configuration's, else the request file's. */
  readonly workspace: string;
  readonly optionListings?: Readonly<Record<string, { readonly types: string; readonly options: string }>>;
}

/** The services of a file (its text in an editor, if `reader` has it open), without errors; or why not. */
export async function readCalledServices(
  file: string,
  reader: ServiceReader = {},
): Promise<CalledService[] | ServiceProblem> {
  const open = reader.openText?.(file);
  const source = open === undefined ? await readSource(file) : { ok: true as const, text: open };
  const shown = JSON.stringify(file);
  if (!source.ok) {
    const missing = source.code === "file-unreadable" && /no such file|ENOENT|does not exist/i.test(source.message);
    return missing
      ? { messageId: "missing", data: { file: shown } }
      : { messageId: "unreadable", data: { file: shown, reason: source.message.replace(/\.$/, "") } };
  }
  const document = readDocument(file, source.text);
  const errors = checkDocument(document).filter((d) => d.severity === "error").length;
  if (errors > 0) return { messageId: "errors", data: { file: shown, count: String(errors) } };
  return document.services.map((service) => ({ file, source: service, service: service.json as Service }));
}

/** The services of every service file under a folder, the files with errors left out. */
async function workspaceServices(folder: string, reader: ServiceReader): Promise<CalledService[]> {
  const found: CalledService[] = [];
  for (const file of await findServiceFiles([folder], { names: SERVICE_FILE })) {
    const read = await readCalledServices(file, reader);
    if (Array.isArray(read)) found.push(...read);
  }
  return found;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A JSON or YAML file's value; undefined when it cannot be read. */
async function readValue(file: string): Promise<unknown> {
  const source = await readSource(file);
  if (!source.ok) return undefined;
  if (/\.ya?ml$/i.test(file)) {
    const parsed = parseYaml(source.text);
    return parsed.root && !parsed.diagnostics.some((d) => d.severity === "error") ? toJson(parsed.root) : undefined;
  }
  const parsed = parseJson(source.text);
  return parsed.diagnostics.some((d) => d.severity === "error") ? undefined : parsed.value;
}

/** The entries of a listing: its `result` array, the arrays of a `result` grouped by key, or a bare array. */
function entries(listing: unknown): JsonObject[] {
  const result = isJsonObject(listing) ? listing.result : listing;
  const all = Array.isArray(result) ? result : isJsonObject(result) ? Object.values(result).flat() : [];
  return all.filter(isJsonObject);
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/**
 * One environment's listings: each option's value with its option type's name. The spec shows an option as "a
 * value, an id, and the related option type" without naming the fields: the type is read from an `optionType`
 * object (its name, or its id looked up among the types), or an `optionTypeId`/`typeId` field.
 */
export async function readOptionListing(
  environment: string,
  files: { readonly types: string; readonly options: string },
): Promise<OptionListing | undefined> {
  const [types, options] = await Promise.all([readValue(files.types), readValue(files.options)]);
  if (types === undefined || options === undefined) return undefined;
  const typeNames = new Map<string, string>();
  for (const type of entries(types)) {
    const id = text(type.id);
    const name = text(type.name);
    if (id !== undefined && name !== undefined) typeNames.set(id, name);
  }
  const byValue = new Map<string, string>();
  for (const option of entries(options)) {
    const value = text(option.value);
    if (value === undefined) continue;
    const related = isJsonObject(option.optionType) ? option.optionType : undefined;
    const typeId = text(related?.id ?? option.optionTypeId ?? option.typeId);
    const name = text(related?.name) ?? (typeId === undefined ? undefined : typeNames.get(typeId)) ?? "";
    byValue.set(value, name);
  }
  return { environment, types: byValue };
}

/** Reads what the checks of a request need beyond its own file (a sound value of its kind). */
export async function gatherFacts(
  file: string,
  kind: RequestKind,
  request: unknown,
  settings: RequestSettings,
  host: RequestHost,
): Promise<RequestFacts> {
  const here = dirname(resolve(file));
  const json = request as JsonObject;
  let service: CalledService | undefined;
  let serviceProblem: ServiceProblem | undefined;
  let services: CalledService[] = [];
  // As the request names it from its own folder: messages show the path the way the request's is shown.
  const named =
    typeof json.service !== "string"
      ? undefined
      : isAbsolute(json.service)
        ? json.service
        : join(dirname(file), json.service);
  const serviceId = kind === "job" ? String((request as JobFile).parameters.serviceId) : undefined;
  if (kind === "unit" || (kind === "job" && named === undefined))
    services = await workspaceServices(settings.workspace, host);
  if (named !== undefined) {
    const read = await readCalledServices(named, host);
    if (!Array.isArray(read)) serviceProblem = read;
    else {
      const byId = read.find((s) => String(s.service.id) === serviceId);
      service = byId ?? (read.length === 1 ? read[0] : undefined);
      if (service === undefined) {
        const data = { file: JSON.stringify(json.service), id: JSON.stringify(serviceId ?? "") };
        serviceProblem = { messageId: read.length === 0 ? "none" : "noId", data };
      }
    }
  } else if (kind === "job") {
    service = services.find((s) => String(s.service.id) === serviceId);
    if (service === undefined) serviceProblem = { messageId: "unknownId", data: { id: JSON.stringify(serviceId) } };
  }

  const partFiles = new Map<string, boolean>();
  const pageCounts = new Map<string, { pages: number } | { problem: string }>();
  if (kind === "job") {
    const job = request as JobFile;
    const pageSplits = new Set(
      Object.entries(job.parameters.splitConfiguration ?? {}).flatMap(([box, split]) =>
        split["@type"] === "bsc.PAGE" ? [box] : [],
      ),
    );
    for (const [part, value] of Object.entries(job.parts)) {
      const parsed = parsePartName(part);
      if (parsed?.kind !== "file") continue;
      const path = resolve(here, value);
      const found = await exists(path);
      partFiles.set(part, found);
      if (found && pageSplits.has(parsed.box)) pageCounts.set(part, await host.pageCount(path));
    }
  }

  const optionListings: OptionListing[] = [];
  if (kind === "delivery") {
    for (const [environment, files] of Object.entries(settings.optionListings ?? {})) {
      const listing = await readOptionListing(environment, files);
      if (listing) optionListings.push(listing);
    }
  }
  const jobFile = kind === "delivery" && typeof json.job === "string" ? resolve(here, json.job) : undefined;
  const jobValue = jobFile === undefined ? undefined : await readValue(jobFile);
  return {
    ...(service && { service }),
    ...(serviceProblem && { serviceProblem }),
    services,
    partFiles,
    pageCounts,
    optionListings,
    ...(jobFile !== undefined && jobValue !== undefined && { job: { file: jobFile, json: jobValue } }),
    now: host.now ?? Date.now(),
  };
}
