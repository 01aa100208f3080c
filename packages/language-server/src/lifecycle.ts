import { CONFIG_FILE_NAME, prepareValidation } from "@mailroom/checker";
import * as lsp from "vscode-languageserver";
import { SEMANTIC_TOKENS_LEGEND } from "./convert.js";
import { serverOptions } from "./options.js";
import { LIST_CASES_COMMAND, RUN_CASE_COMMAND, RUN_ON_SAMPLE_COMMAND } from "./run-cases.js";
import type { ServerState } from "./state.js";
import { indexWorkspace } from "./workspace.js";

/** What the server offers; each request family registers its handler (`requests/`). */
export const CAPABILITIES: lsp.ServerCapabilities = {
  textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
  completionProvider: { triggerCharacters: [".", "(", "=", '"', " ", ":", "[", ","] },
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.SourceFixAll] },
  documentFormattingProvider: true,
  signatureHelpProvider: { triggerCharacters: ["(", ","] },
  semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
  inlayHintProvider: true,
  workspaceSymbolProvider: true,
  codeLensProvider: {},
  executeCommandProvider: { commands: [RUN_CASE_COMMAND, LIST_CASES_COMMAND, RUN_ON_SAMPLE_COMMAND] },
};

/** The client's settings from its `initialize` request: options, whether it watches files for us, the folders. */
export function clientSettings(params: lsp.InitializeParams): ServerState["client"] {
  let folders = (params.workspaceFolders ?? []).map((f) => f.uri);
  if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
  return {
    options: serverOptions(params.initializationOptions),
    watchFiles: params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    folders,
    codeLensRefresh: params.capabilities?.workspace?.codeLens?.refreshSupport === true,
  };
}

/**
 * Initialization: the client's settings are kept and the capabilities answered; once initialized, the server
 * asks for file watchers, prepares validation and indexes the workspace, all in the background.
 */
export function registerLifecycle(state: ServerState): void {
  const { connection } = state;

  connection.onInitialize((params) => {
    state.client = clientSettings(params);
    state.initialized = true;
    return { capabilities: CAPABILITIES, serverInfo: { name: "mailroom-language-server" } };
  });

  connection.onInitialized(() => {
    if (state.client.watchFiles) {
      connection.client
        .register(lsp.DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: `**/${CONFIG_FILE_NAME}` }, { globPattern: "**/*.service.{yaml,yml,json}" }],
        })
        .catch((error) => state.log("registering file watchers", error));
    }
    // A server lives long: it loads the fast validator once, up front, rather than after its first edits.
    setImmediate(() => {
      try {
        prepareValidation();
      } catch (error) {
        state.log("preparing validation", error);
      }
    });
    indexWorkspace(state).catch((error) => state.log("indexing the workspace", error));
  });
}
