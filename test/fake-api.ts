/*
 * A local stand-in for the API's job and delivery endpoints: it checks each request against the API's shapes and
 * the service it stands for, answers 400 with what it found wrong, and keeps what it saw.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Ajv } from "ajv";
import { readJson } from "./helpers.js";

export const TOKEN = "token-1234";
export const JOB_ID = "job-5678";

const ajv = new Ajv({ strict: false, allErrors: true });
const schema = (name: string) => readJson(`schemas/${name}.schema.json`) as object;
const validParameters = ajv.compile(schema("job-creation-parameters"));
const validCommand = ajv.compile(schema("delivery-command"));

export type Json = Record<string, unknown>;
export const objects = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The part-name forms the API shows for an uploaded file, a zero-based counter per box. */
const UPLOAD_PART = /^(?:file_main|file__file_|file_file__)(.+)_(\d+)$/;
const SERVICE_FILE_PART = /^serviceFile__file_(.+)_(\d+)$/;

/** What the server finds wrong with a request, given the service it stands for; empty when it is right. */
async function problems(service: Json, request: IncomingMessage, body: Buffer): Promise<string[]> {
  const wrong: string[] = [];
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.headers["x-auth-token"] !== TOKEN) wrong.push("no X-Auth-Token, or not the one given");
  const boxes = objects((service.properties as Json).boxes);
  const channels = objects((service.properties as Json).channels);
  const route = `${request.method} ${url.pathname}`;

  if (route === "POST /jobs") {
    const type = request.headers["content-type"] ?? "";
    if (!type.startsWith("multipart/form-data")) return [...wrong, `content type ${type}, not multipart/form-data`];
    const form = await new Response(body, { headers: { "content-type": type } }).formData();
    const parameters = form.get("parameters");
    if (typeof parameters !== "string") wrong.push("no `parameters` part");
    else {
      const json = JSON.parse(parameters) as Json;
      if (!validParameters(json)) wrong.push(`parameters: ${ajv.errorsText(validParameters.errors)}`);
      if (json.serviceId !== String(service.id)) wrong.push(`serviceId ${json.serviceId}, not ${service.id}`);
      for (const [box, split] of Object.entries((json.splitConfiguration ?? {}) as Json)) {
        const own = boxes.find((b) => b.name === box);
        if ((own?.splitConfig as Json | undefined)?.editable !== true) wrong.push(`split of ${box} is not editable`);
        if ((split as Json)["@type"] === "bsc.PAGE" && !(((split as Json).pages as number) >= 1))
          wrong.push(`split of ${box}: pages ${(split as Json).pages}`);
      }
    }
    const uploads = new Map<string, number[]>();
    const stored = new Map<string, string[]>();
    for (const [name, value] of form.entries()) {
      if (name === "parameters") continue;
      const upload = UPLOAD_PART.exec(name);
      const service = SERVICE_FILE_PART.exec(name);
      if (service?.[1] !== undefined && typeof value === "string") {
        stored.set(service[1], [...(stored.get(service[1]) ?? []), value]);
        if (Number(service[2]) !== (stored.get(service[1])?.length ?? 0) - 1)
          wrong.push(`${name}: counter out of order`);
      } else if (upload?.[1] !== undefined && typeof value !== "string") {
        uploads.set(upload[1], [...(uploads.get(upload[1]) ?? []), Number(upload[2])]);
        if (value.size === 0) wrong.push(`${name}: an empty file`);
      } else wrong.push(`part ${name}: not a part the API names`);
    }
    for (const [box, counters] of uploads) {
      const own = boxes.find((b) => b.name === box);
      if (!own) wrong.push(`files for ${box}, which the service has not`);
      else if (own.parent != null) wrong.push(`files uploaded into ${box}, which takes them from an archive`);
      if (counters.some((n, i) => n !== i)) wrong.push(`${box}: counters ${counters}, not 0, 1, ...`);
    }
    for (const box of boxes) {
      const ids = objects(box.configuredFiles).flatMap((f) => (typeof f.serviceFileId === "string" ? [f] : []));
      const sent = stored.get(box.name as string) ?? [];
      sent.forEach((id, n) => {
        if (ids[n]?.serviceFileId !== id) wrong.push(`${box.name}: service file ${n} is ${id}`);
      });
      ids.forEach((file, n) => {
        if (file.removable === false && sent[n] !== file.serviceFileId)
          wrong.push(`${box.name}: the mandatory service file ${file.serviceFileId} is not sent`);
      });
      if (box.parent != null) continue;
      const count = (uploads.get(box.name as string)?.length ?? 0) + sent.length;
      const max = box.maxElements as number;
      if (count < (box.minElements as number) || (max !== -1 && count > max))
        wrong.push(`${box.name}: ${count} file(s), not ${box.minElements} to ${max}`);
    }
    return wrong;
  }

  if (route === "POST /deliveries/commands") {
    if (!(request.headers["content-type"] ?? "").startsWith("application/json")) wrong.push("not JSON");
    const command = JSON.parse(body.toString("utf8")) as Json;
    if (!validCommand(command)) wrong.push(`command: ${ajv.errorsText(validCommand.errors)}`);
    if (command.jobId !== JOB_ID) wrong.push(`jobId ${command.jobId}`);
    for (const [label, outputs] of Object.entries((command.serviceChannelOptions ?? {}) as Json)) {
      const channel = channels.find((c) => c.label === label);
      if (!channel) {
        wrong.push(`no channel labelled ${label}`);
        continue;
      }
      const names = objects(channel.outputFilesConfig).map((o) => o.name ?? "MAIN");
      for (const [output, values] of Object.entries(outputs as Json)) {
        if (!names.includes(output)) wrong.push(`${label} has no output file ${output}`);
        const known = objects(channel.options).filter((o) => (o.outputFileName ?? "MAIN") === output);
        for (const value of values as string[]) {
          if (!known.some((o) => o.value === value)) wrong.push(`${label}/${output}: no option ${value}`);
        }
      }
    }
    return wrong;
  }

  const job = url.searchParams.get("jobId");
  if (route === `GET /jobs/${JOB_ID}` || route === `GET /jobs/${JOB_ID}/packGroups`) return wrong;
  if ((route === "GET /deliveries" || route === "POST /deliveries/CheckOptions") && job === JOB_ID) return wrong;
  return [...wrong, `no such request: ${route}${url.search}`];
}

/** A server standing for the API of one service at a time; it keeps what it found wrong. */
export class FakeApi {
  service: Json = {};
  readonly wrong: string[] = [];
  readonly seen: string[] = [];
  readonly #server: Server = createServer((request, response) => this.#answer(request, response));

  async start(): Promise<string> {
    await new Promise<void>((done) => this.#server.listen(0, "127.0.0.1", done));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop = () => new Promise<void>((done) => this.#server.close(() => done()));

  #answer(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const found = await problems(this.service, request, Buffer.concat(chunks)).catch((e: Error) => [e.message]);
      this.seen.push(`${request.method} ${request.url}`);
      this.wrong.push(...found);
      response.writeHead(found.length === 0 ? 200 : 400, { "content-type": "application/json" });
      response.end(JSON.stringify(found.length === 0 ? { jobId: JOB_ID, status: "CREATED" } : { errors: found }));
    });
  }
}
