import { pathToFileURL } from "node:url";
import { type ResolvedSettings, unreadDiagnostic } from "@mailroom/checker";
import type { ParsedDocument } from "@mailroom/language";
import { type Diagnostic, LineIndex } from "@mailroom/syntax";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { isLarge } from "./check-worker.js";
import { type PlaceResolver, toDiagnostic } from "./convert.js";
import { fileOf, isService, isTest, parse, parseTest, sourceOf } from "./documents.js";
import { placeResolver } from "./places.js";
import { isRequest, publishRequest, reviewUnits } from "./request-files.js";
import { caseRunDiagnostics } from "./run-cases.js";
import type { ServerState } from "./state.js";
import { testContext } from "./test-files.js";

/*
 * Diagnostics: computed once per document version with the file's settings, published at once on open and
 * debounced on change, with the problems of the configurations read shown on them.
 */

const DEFAULT_SETTINGS: ResolvedSettings = { ignored: false, rules: {} };

/** The settings of an open file, from its configuration (read once until one changes); defaults for other URIs. */
export function settingsOf(state: ServerState, uri: string, file: string): Promise<ResolvedSettings> {
  if (!uri.startsWith("file:")) return Promise.resolve(DEFAULT_SETTINGS);
  let settings = state.settings.get(uri);
  if (!settings) {
    settings = state.resolver.settingsFor(file).catch((error) => {
      state.log(`reading the configuration of "${file}"`, error);
      return DEFAULT_SETTINGS;
    });
    state.settings.set(uri, settings);
  }
  return settings;
}

/** Whether the document is still open at this parse's version. */
export const isCurrent = (state: ServerState, uri: string, document: ParsedDocument): boolean =>
  state.opened.has(uri) && state.documents.get(uri)?.version === document.version;

/**
 * The document's current version with its diagnostics (computed once per parse); undefined when a newer version
 * came meanwhile.
 */
export async function diagnosticsOf(
  state: ServerState,
  uri: string,
): Promise<{ document: ParsedDocument; diagnostics: Diagnostic[] } | undefined> {
  const document = parse(state, uri);
  if (!document) return undefined;
  const settings = await settingsOf(state, uri, document.file);
  if (!isCurrent(state, uri, document)) return undefined;
  return { document, diagnostics: settings.ignored ? [] : state.service.validate(document, settings) };
}

/** Publishes the document's diagnostics, or why it cannot be read; never fails (what goes wrong is logged). */
export async function publish(state: ServerState, uri: string): Promise<void> {
  const { connection } = state;
  const { docsBase } = state.client.options;
  try {
    const document = state.documents.get(uri);
    const source = document && sourceOf(document);
    if (document && source && !source.ok) {
      const lines = new LineIndex(source.text);
      const diagnostic = toDiagnostic(lines, unreadDiagnostic(source), docsBase, () => undefined);
      await connection.sendDiagnostics({ uri, version: document.version, diagnostics: [diagnostic] });
      return;
    }
    if (isTest(uri)) {
      await publishTest(state, uri);
      return;
    }
    if (isRequest(state, uri)) {
      await publishRequest(state, uri);
      return;
    }
    if (document && isService(document) && isLarge(document.getText())) {
      await publishLarge(state, document);
      return;
    }
    const checked = await diagnosticsOf(state, uri);
    if (!checked) return;
    const { document: parsed, diagnostics } = checked;
    const related = diagnostics.flatMap((d) => (d.related ?? []).map((info) => info.file));
    const resolvePlace = await placeResolver(state, uri, parsed, related);
    if (!isCurrent(state, uri, parsed)) return;
    await connection.sendDiagnostics({
      uri,
      version: parsed.version,
      diagnostics: diagnostics.map((d) => toDiagnostic(parsed.lines, d, docsBase, resolvePlace)),
    });
    await publishConfigProblems(state);
  } catch (error) {
    state.log(`diagnostics of ${uri}`, error);
  }
}

/**
 * A large service's diagnostics, computed on the worker so that the main thread answers meanwhile; one check at a
 * time per document: versions that come during a check wait, and only the latest of them is checked next.
 */
async function publishLarge(state: ServerState, document: TextDocument): Promise<void> {
  const { uri } = document;
  if (state.checking.has(uri)) {
    state.checking.set(uri, true);
    return;
  }
  state.checking.set(uri, false);
  // The document object is updated in place by later versions: its version and text are taken now.
  const { version } = document;
  const text = document.getText();
  try {
    const settings = await settingsOf(state, uri, fileOf(uri));
    const docsBase = state.client.options.docsBase;
    const diagnostics = await state.checker.check({ uri, file: fileOf(uri), text, settings, docsBase });
    if (diagnostics && state.documents.get(uri)?.version === version && state.opened.has(uri)) {
      await state.connection.sendDiagnostics({ uri, version, diagnostics });
      await publishConfigProblems(state);
    }
  } finally {
    const again = state.checking.get(uri);
    state.checking.delete(uri);
    if (again && state.opened.has(uri)) void publish(state, uri);
  }
}

/**
 * A test file's diagnostics: its own problems, those against its service and the files beside it, and what the
 * cases run from the editor found (`run-cases.ts`).
 */
async function publishTest(state: ServerState, uri: string): Promise<void> {
  const test = parseTest(state, uri);
  if (!test) return;
  const diagnostics = await state.service.validateTestFile(test, await testContext(state, test));
  if (parseTest(state, uri) !== test || !state.opened.has(uri)) return;
  const resolvePlace: PlaceResolver = (file) => (file === undefined ? { uri, lines: test.lines } : undefined);
  await state.connection.sendDiagnostics({
    uri,
    version: test.version,
    diagnostics: [
      ...diagnostics.map((d) => toDiagnostic(test.lines, d, state.client.options.docsBase, resolvePlace)),
      ...caseRunDiagnostics(state, uri, test.version),
    ],
  });
}

/** A configuration with problems gives no settings; its problems are shown on it, and cleared once fixed. */
async function publishConfigProblems(state: ServerState): Promise<void> {
  const { connection } = state;
  const now = new Set<string>();
  for (const problem of await state.resolver.problems()) {
    const uri = pathToFileURL(problem.file).href;
    now.add(uri);
    const lines = new LineIndex(problem.text);
    const resolvePlace: PlaceResolver = () => ({ uri, lines });
    await connection.sendDiagnostics({
      uri,
      diagnostics: problem.diagnostics.map((d) => toDiagnostic(lines, d, state.client.options.docsBase, resolvePlace)),
    });
  }
  for (const uri of state.configUris) if (!now.has(uri)) await connection.sendDiagnostics({ uri, diagnostics: [] });
  state.configUris = now;
}

/**
 * Publishes the document's diagnostics after `delay` ms, unless asked again meanwhile; with no delay, as soon as the
 * messages already received are handled (a timer of 0 ms waits a whole millisecond).
 */
export function schedule(state: ServerState, uri: string, delay: number): void {
  unschedule(state, uri);
  const run = () => {
    state.timers.delete(uri);
    void publish(state, uri);
  };
  if (delay > 0) {
    const timer = setTimeout(run, delay);
    state.timers.set(uri, () => clearTimeout(timer));
  } else {
    const immediate = setImmediate(run);
    state.timers.set(uri, () => clearImmediate(immediate));
  }
}

/** Publishing no more for a document: its timer is dropped. */
export function unschedule(state: ServerState, uri: string): void {
  state.timers.get(uri)?.();
  state.timers.delete(uri);
}

/** A configuration was created, edited or deleted: every open service may now be linted differently. */
export function configChanged(state: ServerState): void {
  state.resolver.forget();
  state.settings.clear();
  for (const uri of state.opened) schedule(state, uri, state.client.options.diagnosticsDelay);
  reviewUnits(state).catch((error) => state.log("finding the organizational units configured", error));
}

/** A service changed (edited, closed, or on disk): the open test and request files, checked against it, again. */
export function serviceChanged(state: ServerState): void {
  for (const uri of state.opened) {
    if (isTest(uri) || isRequest(state, uri)) schedule(state, uri, state.client.options.diagnosticsDelay);
  }
}
