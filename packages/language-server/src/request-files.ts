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
import type { ActionDocument } from "@mailroom/language";
import { type Diagnostic, LineIndex, parseJson, parseYaml, type SyntaxNode, toJson } from "@mailroom/syntax";
import type * as lsp from "vscode-languageserver";
import type { PlaceResolver } from "./convert.js";
import { toCodeAction, toDiagnostic, toSpan } from "./convert.js";
import { schedule, settingsOf } from "./diagnostics.js";
import { fileOf } from "./documents.js";
import { openText, type ServerState } from "./state.js";

/*
 * Request files (`*.job.yaml`, `*.delivery.yaml`, `*.ou.json`): checked against the services they call, as
 * `mailroom lint` checks them, their related places shown in the service's file.
 */

/** A request document's kind: a job, a delivery command or a unit by its name, or a unit a configuration names. */
const kindOf = (state: ServerState, uri: string): RequestKind | undefined =>
  requestKind(fileOf(uri)) ?? (state.units.has(uri) ? "unit" : undefined);

/** Whether a document is a request file (see kindOf). */
export const isRequest = (state: ServerState, uri: string): boolean => kindOf(state, uri) !== undefined;

/** Whether a JSON document is an organizational unit its configuration names (its settings say so). */
async function isNamedUnit(state: ServerState, uri: string): Promise<boolean> {
  const file = fileOf(uri);
  if (!uri.startsWith("file:") || !/\.json$/i.test(file) || requestKind(file) !== undefined) return false;
  const settings = await settingsOf(state, uri, file);
  return settings.organizationalUnits?.includes(file) === true;
}

/**
 * Brings the units checked (`state.units`) in line with the configurations, for the open documents given (one
 * just opened), or all of them (a configuration changed): a unit a configuration names is checked as `mailroom
 * lint` checks it, whatever its name; one no longer named is left, its diagnostics cleared.
 */
export async function reviewUnits(state: ServerState, uris: Iterable<string> = state.documents.keys()): Promise<void> {
  for (const uri of uris) {
    const named = await isNamedUnit(state, uri);
    if (named === state.units.has(uri) || !state.documents.get(uri)) continue;
    if (named) {
      state.units.add(uri);
      state.opened.add(uri);
      schedule(state, uri, 0);
    } else {
      state.units.delete(uri);
      if (state.opened.delete(uri)) void state.connection.sendDiagnostics({ uri, diagnostics: [] });
    }
  }
}

/**
 * What a request's check reads through the server: PDFs' page counts by the runtime's reader, loaded when a job
 * first needs one, and a called service's text from its open document, unsaved edits and all.
 */
const hostOf = (state: ServerState): RequestHost => ({
  async pageCount(file) {
    const { pdfPageCount } = await import("@mailroom/runtime");
    return pdfPageCount(file);
  },
  openText: (file) => openText(state.documents, file),
});

/** A request file's diagnostics, with the version and text they are of; undefined for no open request file. */
async function checkedRequest(
  state: ServerState,
  uri: string,
): Promise<{ version: number; text: string; diagnostics: Diagnostic[] } | undefined> {
  const document = state.documents.get(uri);
  const file = fileOf(uri);
  const kind = kindOf(state, uri);
  if (!document || kind === undefined) return undefined;
  const { version } = document;
  const text = document.getText();
  const settings = await settingsOf(state, uri, file);
  const diagnostics = settings.ignored
    ? []
    : await checkRequest(file, text, kind, requestOptions(file, settings), hostOf(state));
  return { version, text, diagnostics };
}

/** Whether a request file's checked version is still the one open. */
const current = (state: ServerState, uri: string, version: number): boolean =>
  state.documents.get(uri)?.version === version && state.opened.has(uri);

/** Publishes a request file's diagnostics, unless a newer version came meanwhile. */
export async function publishRequest(state: ServerState, uri: string): Promise<void> {
  const checked = await checkedRequest(state, uri);
  if (!checked || !current(state, uri, checked.version)) return;
  const { version, text, diagnostics } = checked;
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

/**
 * The code actions at `range` of a request file, as a service's: the fixes its diagnostics carry, "fix all", and in
 * YAML "disable this rule for this line" (the suppression comments checkRequest honours).
 */
export async function requestCodeActions(
  state: ServerState,
  uri: string,
  range: lsp.Range,
  answered: readonly lsp.Diagnostic[],
): Promise<lsp.CodeAction[]> {
  const checked = await checkedRequest(state, uri);
  if (!checked || !current(state, uri, checked.version)) return [];
  const { text, diagnostics } = checked;
  const lines = new LineIndex(text);
  const yaml = isDslFile(fileOf(uri));
  const parsed = yaml ? parseYaml(text) : undefined;
  const document: ActionDocument = {
    text,
    lines,
    source: { format: yaml ? "dsl" : "json", comments: parsed?.comments ?? [], tree: () => parsed?.root },
  };
  return state.service
    .codeActions(document, toSpan(lines, range), diagnostics)
    .map((action) => toCodeAction(lines, uri, action, answered));
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
  const kind = kindOf(state, uri);
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
  const read = await readCalledServices(resolve(dirname(file), value.service), hostOf(state));
  if (!Array.isArray(read)) return { file, text, kind, optionValues };
  const id = value.parameters?.serviceId;
  const called = read.find((s) => String(s.service.id) === String(id)) ?? (read.length === 1 ? read[0] : undefined);
  return { file, text, kind, optionValues, ...(called && { called }) };
}

const toJsonOrNull = (root: SyntaxNode | undefined): unknown => (root === undefined ? null : toJson(root));
