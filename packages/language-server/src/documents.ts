import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_FILE_NAME, type SourceText, sourceOfText } from "@mailroom/checker";
import { isDslFile, SERVICE_FILE } from "@mailroom/compiler";
import { isTestFile, type ParsedDocument, type ParsedTestFile, parseDocument, parseTestFile } from "@mailroom/language";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ServerState } from "./state.js";

/** The language id a client may give service files whose names do not end in `.service.yaml|yml|json`. */
export const LANGUAGE_ID = "mailroom-service";

/** The file a URI names: its path, also for a URI of another scheme (an unsaved buffer). */
export function fileOf(uri: string): string {
  if (uri.startsWith("file:")) {
    try {
      return fileURLToPath(uri);
    } catch {
      // A malformed file URI: its path is still the best name there is.
    }
  }
  return decodeURIComponent(uri.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/]*)?/i, ""));
}

export const isConfig = (uri: string): boolean => basename(fileOf(uri)) === CONFIG_FILE_NAME;

/** A service's test file (`*.service.test.yaml`), whatever language id the client gives it. */
export const isTest = (uri: string): boolean => isTestFile(fileOf(uri));

export const isService = (document: TextDocument): boolean =>
  !isTest(document.uri) && (document.languageId === LANGUAGE_ID || SERVICE_FILE.test(fileOf(document.uri)));

/**
 * The name a service document is compiled under, which tells DSL from JSON: its file's, or for a document the client
 * gives the language id whose name says neither YAML nor JSON (an unsaved buffer, a file without an extension),
 * that name as a `.yaml` file.
 */
function nameOf(document: TextDocument): string {
  const file = fileOf(document.uri);
  return document.languageId === LANGUAGE_ID && !isDslFile(file) && !/\.json$/i.test(file) ? `${file}.yaml` : file;
}

/** A document's text as read, within the limits of the file it stands for, as `mailroom lint` reads that file. */
export const sourceOf = (document: TextDocument): SourceText => sourceOfText(nameOf(document), document.getText());

/**
 * The most parses kept, those of the documents used last: a parse holds several times its text, and an editor may
 * have hundreds of files open. Another open document is parsed again when next asked about.
 */
export const KEPT_PARSES = 32;

/**
 * The service document's current version, parsed once and shared by every request until the next change (or
 * until it is one of the least recently used beyond `KEPT_PARSES`); none for a document that is not a service or
 * is over the size limit (requests on it answer empty).
 */
export function parse(state: ServerState, uri: string): ParsedDocument | undefined {
  const document = state.documents.get(uri);
  if (!document || !isService(document) || !sourceOf(document).ok) return undefined;
  const { parses } = state;
  const cached = parses.get(uri);
  // Map order is use order: the first entries are the least recently used.
  parses.delete(uri);
  const parsed =
    cached?.version === document.version
      ? cached
      : parseDocument(nameOf(document), document.getText(), document.version, cached);
  parses.set(uri, parsed);
  for (const [oldest] of parses) {
    if (parses.size <= KEPT_PARSES) break;
    parses.delete(oldest);
  }
  // Indexed under its file's name only: the index reads that file again from disk once the document is closed.
  if (uri.startsWith("file:") && parsed.file === fileOf(uri)) {
    state.workspace.open(parsed.file, parsed.version, () => parse(state, uri));
  }
  return parsed;
}

/** The test file's current version, parsed once; none for a document that is not one or is over the size limit. */
export function parseTest(state: ServerState, uri: string): ParsedTestFile | undefined {
  const document = state.documents.get(uri);
  if (!document || !isTest(uri) || !sourceOf(document).ok) return undefined;
  const cached = state.testParses.get(uri);
  if (cached?.version === document.version) return cached;
  const parsed = parseTestFile(fileOf(uri), document.getText(), document.version);
  state.testParses.set(uri, parsed);
  return parsed;
}
