import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type CalledService,
  checkRequest,
  type RequestHost,
  type RequestKind,
  readCalledServices,
  readOptionListing,
  readSource,
  requestKind,
  requestOptions,
} from "@mailroom/checker";
import { isDslFile } from "@mailroom/compiler";
import { LineIndex, parseJson, parseYaml, type SyntaxNode, toJson } from "@mailroom/syntax";
import type { PlaceResolver } from "./convert.js";
import { toDiagnostic } from "./convert.js";
import { settingsOf } from "./diagnostics.js";
import { fileOf } from "./documents.js";
import type { ServerState } from "./state.js";

/*
 * Request files (`*.job.yaml`, `*.delivery.yaml`, `*.ou.json`): checked against the services they call, as
 * `mailroom lint` checks them, their related places shown in the service's file.
 */

/** A job file, a delivery command or an organizational unit, by its name. */
export const isRequest = (uri: string): boolean => requestKind(fileOf(uri)) !== undefined;

/** PDFs' page counts by the runtime's reader, loaded when a job first needs one. */
const host: RequestHost = {
  async pageCount(file) {
    const { pdfPageCount } = await import("@mailroom/runtime");
    return pdfPageCount(file);
  },
};

/** Publishes a request file's diagnostics, unless a newer version came meanwhile. */
export async function publishRequest(state: ServerState, uri: string): Promise<void> {
  const document = state.documents.get(uri);
  const file = fileOf(uri);
  const kind = requestKind(file);
  if (!document || kind === undefined) return;
  const { version } = document;
  const text = document.getText();
  const settings = await settingsOf(state, uri, file);
  const diagnostics = settings.ignored
    ? []
    : await checkRequest(file, text, kind, requestOptions(file, settings), host);
  if (state.documents.get(uri)?.version !== version || !state.opened.has(uri)) return;
  const lines = new LineIndex(text);
  const others = new Map<string, LineIndex>();
  for (const d of diagnostics) {
    for (const { file: other } of d.related ?? []) {
      if (other === undefined || others.has(other)) continue;
      const source = await readSource(other);
      if (source.ok) others.set(other, new LineIndex(source.text));
    }
  }
  const resolvePlace: PlaceResolver = (other) => {
    if (other === undefined) return { uri, lines };
    const found = others.get(other);
    return found && { uri: pathToFileURL(other).href, lines: found };
  };
  const { docsBase } = state.client.options;
  await state.connection.sendDiagnostics({
    uri,
    version,
    diagnostics: diagnostics.map((d) => toDiagnostic(lines, d, docsBase, resolvePlace)),
  });
}

/** The service a request document calls and the option values its configuration lists, for the cursor's help. */
export async function calledServiceOf(
  state: ServerState,
  uri: string,
): Promise<
  { file: string; text: string; kind: RequestKind; called?: CalledService; optionValues: string[] } | undefined
> {
  const document = state.documents.get(uri);
  const file = fileOf(uri);
  const kind = requestKind(file);
  if (!document || kind === undefined) return undefined;
  const text = document.getText();
  const value = (isDslFile(file) ? toJsonOrNull(parseYaml(text).root) : parseJson(text).value) as {
    service?: unknown;
    parameters?: { serviceId?: unknown };
  } | null;
  const settings = await settingsOf(state, uri, file);
  const optionValues: string[] = [];
  for (const [environment, files] of Object.entries(settings.optionListings ?? {})) {
    const listing = await readOptionListing(environment, files);
    if (listing) optionValues.push(...listing.types.keys());
  }
  if (typeof value?.service !== "string") return { file, text, kind, optionValues };
  const read = await readCalledServices(resolve(dirname(file), value.service));
  if (!Array.isArray(read)) return { file, text, kind, optionValues };
  const id = value.parameters?.serviceId;
  const called = read.find((s) => String(s.service.id) === String(id)) ?? (read.length === 1 ? read[0] : undefined);
  return { file, text, kind, optionValues, ...(called && { called }) };
}

const toJsonOrNull = (root: SyntaxNode | undefined): unknown => (root === undefined ? null : toJson(root));
