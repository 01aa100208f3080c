import { pathToFileURL } from "node:url";
import { type ResolvedSettings, unreadDiagnostic } from "@mailroom/checker";
import { type Diagnostic, LineIndex } from "@mailroom/syntax";
import { type PlaceResolver, toDiagnostic } from "./convert.js";
import { isTest, parse, parseTest, sourceOf } from "./documents.js";
import { placeResolver } from "./places.js";
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

/** The diagnostics of the document's current version (computed once); undefined when a newer one came meanwhile. */
export async function diagnosticsOf(state: ServerState, uri: string): Promise<Diagnostic[] | undefined> {
  const document = parse(state, uri);
  if (!document) return undefined;
  const settings = await settingsOf(state, uri, document.file);
  if (parse(state, uri) !== document) return undefined;
  return settings.ignored ? [] : state.service.validate(document, settings);
}

/** Publishes the document's diagnostics, or why it cannot be read; never fails (what goes wrong is logged). */
export async function publish(state: ServerState, uri: string): Promise<void> {
  const { connection, parses, opened } = state;
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
    const diagnostics = await diagnosticsOf(state, uri);
    const parsed = parses.get(uri);
    if (diagnostics === undefined || !parsed || !opened.has(uri)) return;
    const related = diagnostics.flatMap((d) => (d.related ?? []).map((info) => info.file));
    const resolvePlace = await placeResolver(state, uri, parsed, related);
    if (parses.get(uri) !== parsed || !opened.has(uri)) return;
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

/** A test file's diagnostics: its own problems, and those against its service and the files beside it. */
async function publishTest(state: ServerState, uri: string): Promise<void> {
  const test = parseTest(state, uri);
  if (!test) return;
  const diagnostics = await state.service.validateTestFile(test, await testContext(state, test));
  if (parseTest(state, uri) !== test || !state.opened.has(uri)) return;
  const resolvePlace: PlaceResolver = (file) => (file === undefined ? { uri, lines: test.lines } : undefined);
  await state.connection.sendDiagnostics({
    uri,
    version: test.version,
    diagnostics: diagnostics.map((d) => toDiagnostic(test.lines, d, state.client.options.docsBase, resolvePlace)),
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

/** Publishes the document's diagnostics after `delay` ms, unless asked again meanwhile. */
export function schedule(state: ServerState, uri: string, delay: number): void {
  clearTimeout(state.timers.get(uri));
  state.timers.set(
    uri,
    setTimeout(() => {
      state.timers.delete(uri);
      void publish(state, uri);
    }, delay),
  );
}

/** Publishing no more for a document: its timer is dropped. */
export function unschedule(state: ServerState, uri: string): void {
  clearTimeout(state.timers.get(uri));
  state.timers.delete(uri);
}

/** A configuration was created, edited or deleted: every open service may now be linted differently. */
export function configChanged(state: ServerState): void {
  state.resolver.forget();
  state.settings.clear();
  for (const uri of state.opened) schedule(state, uri, state.client.options.diagnosticsDelay);
}

/** A service changed (edited, or on disk): the open test files, which are checked against it, are checked again. */
export function serviceChanged(state: ServerState): void {
  for (const uri of state.opened) if (isTest(uri)) schedule(state, uri, state.client.options.diagnosticsDelay);
}
