import { pathToFileURL } from "node:url";
import { ConfigResolver, type ConfigText, type ResolvedSettings, readSource } from "@mailroom/checker";
import { type LanguageService, type ParsedDocument, type ParsedTestFile, Workspace } from "@mailroom/language";
import type { Simulation } from "@mailroom/runtime";
import * as lsp from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { CheckWorker } from "./check-worker.js";
import { type ServerOptions, serverOptions } from "./options.js";
import { workspaceHost } from "./workspace.js";

/** What the client said at initialization (set by `lifecycle.ts`). */
export interface ClientSettings {
  readonly options: ServerOptions;
  /** The client registers file watchers for us. */
  readonly watchFiles: boolean;
  /** The workspace folders' URIs. */
  readonly folders: readonly string[];
  /** The client redraws code lenses when asked (`workspace/codeLens/refresh`). */
  readonly codeLensRefresh?: boolean;
}

/**
 * What the handlers share, explicitly: each concern's module takes this and keeps to its own part (named beside
 * each), so a handler can be read, and tested, without the others.
 */
export interface ServerState {
  readonly connection: lsp.Connection;
  readonly service: LanguageService;
  /** The open documents, as the editor shows them (`document-sync.ts`). */
  readonly documents: lsp.TextDocuments<TextDocument>;
  /**
   * The current version of the open service documents used last, parsed once and shared by every request; in
   * use order, least recent first (`documents.ts`).
   */
  readonly parses: Map<string, ParsedDocument>;
  /** Each open test file's current version, parsed once (`documents.ts`). */
  readonly testParses: Map<string, ParsedTestFile>;
  /** The open documents whose diagnostics are published until they close (`document-sync.ts`). */
  readonly opened: Set<string>;
  /**
   * The open documents found to be organizational units a configuration names (its environments' `ou`), checked
   * as request files are, whatever their names (`request-files.ts`).
   */
  readonly units: Set<string>;
  /**
   * Each open file's settings, resolved once until a configuration changes: one object per file, so the language
   * service's per-version memo of diagnostics holds across requests (code actions reuse what publishing computed).
   */
  readonly settings: Map<string, Promise<ResolvedSettings>>;
  /** Reads each file's `mailroom.config.yaml`, open buffers first. */
  readonly resolver: ConfigResolver;
  /** Publications waiting for typing to pause, by URI, each as what cancels it (`diagnostics.ts`). */
  readonly timers: Map<string, () => void>;
  /** Checks large documents off the main thread (`check-worker.ts`, used by `diagnostics.ts`). */
  readonly checker: CheckWorker;
  /**
   * The large documents being checked on the worker, by URI, each with whether a newer version waits to be
   * checked once that check is done: a document is checked once at a time, at its latest version (`diagnostics.ts`).
   */
  readonly checking: Map<string, boolean>;
  /** The configurations whose problems are shown, to clear them once fixed (`diagnostics.ts`). */
  configUris: Set<string>;
  /** The workspace index, for references across files and workspace symbols (`workspace.ts`). */
  readonly workspace: Workspace;
  /** The last job simulated on the samples, by what it depends on: hovers in a row reuse it (`samples.ts`). */
  samples?: { readonly key: string; readonly simulation: Promise<Simulation> };
  client: ClientSettings;
  /** Whether `initialize` has been answered: requests before it are refused (-32002), as LSP asks. */
  initialized: boolean;
  /** Logs what went wrong in a handler, which then answers empty: the server outlives any input. */
  readonly log: (what: string, error: unknown) => void;
}

/** The text of a file open in the editor, unsaved edits and all; undefined for a file that is not open. */
export const openText = (documents: lsp.TextDocuments<TextDocument>, path: string): string | undefined =>
  documents.get(pathToFileURL(path).href)?.getText();

/** A server's state before the client initializes it. */
export function createState(connection: lsp.Connection, service: LanguageService): ServerState {
  const documents = new lsp.TextDocuments(TextDocument);
  /** An open configuration's buffer, else the file on disk: a configuration applies as the editor shows it. */
  const readConfig = async (path: string): Promise<ConfigText> => {
    const open = openText(documents, path);
    return open !== undefined ? { ok: true, text: open } : readSource(path, "YAML");
  };
  return {
    connection,
    service,
    documents,
    parses: new Map(),
    testParses: new Map(),
    opened: new Set(),
    units: new Set(),
    settings: new Map(),
    resolver: new ConfigResolver({ read: readConfig }),
    timers: new Map(),
    checker: new CheckWorker(),
    checking: new Map(),
    configUris: new Set(),
    workspace: new Workspace(workspaceHost(documents)),
    client: { options: serverOptions(undefined), watchFiles: false, folders: [] },
    initialized: false,
    log: (what, error) =>
      connection.console.error(
        `mailroom: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  };
}
