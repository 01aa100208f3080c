import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_FILE_NAME, type SourceText, sourceOfText } from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
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

/** A document's text as read, within the limits of the file it stands for, as `mailroom lint` reads that file. */
export const sourceOf = (document: TextDocument): SourceText => sourceOfText(fileOf(document.uri), document.getText());

/**
 * The service document's current version, parsed once and shared by every request until the next change; none
 * for a document that is not a service or is over the size limit (requests on it answer empty).
 */
export function parse(state: ServerState, uri: string): ParsedDocument | undefined {
  const document = state.documents.get(uri);
  if (!document || !isService(document) || !sourceOf(document).ok) return undefined;
  const cached = state.parses.get(uri);
  if (cached?.version === document.version) return cached;
  const parsed = parseDocument(fileOf(uri), document.getText(), document.version, cached);
  state.parses.set(uri, parsed);
  if (uri.startsWith("file:")) state.workspace.open(parsed);
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
