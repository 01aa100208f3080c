// The VS Code client: starts the mailroom language server for service files and restarts it on demand.
import { isAbsolute, resolve } from "node:path";
import * as vscode from "vscode";
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

/** By file name, not language id: service files stay `yaml`/`json` for highlighting and yaml-language-server. */
const SERVICE_FILES = { scheme: "file", pattern: "**/*.service.{yaml,yml,json}" } satisfies vscode.DocumentFilter;
/** The test files of services (`mailroom test`): checked against their service, with completion. */
const TEST_FILES = { scheme: "file", pattern: "**/*.service.test.yaml" } satisfies vscode.DocumentFilter;

let client: LanguageClient | undefined;
/** Starts and stops run one after the other, so a quick double restart cannot leave two servers. */
let pending: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand("mailroom.restartServer", () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // Both are read once, when the server starts; the trace setting is followed by the client itself.
      if (
        event.affectsConfiguration("mailroom.server.path") ||
        event.affectsConfiguration("mailroom.diagnostics.debounce")
      )
        void restart(context);
    }),
  );
  // Activation also happens for any YAML or JSON file; the server waits for the first service file.
  if (vscode.workspace.textDocuments.some(isServiceFile)) {
    void restart(context);
    return;
  }
  const opened = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!isServiceFile(document)) return;
    opened.dispose();
    void restart(context);
  });
  context.subscriptions.push(opened);
}

export function deactivate(): Promise<void> {
  pending = pending.then(stop);
  return pending;
}

function isServiceFile(document: vscode.TextDocument): boolean {
  return vscode.languages.match(SERVICE_FILES, document) > 0;
}

function restart(context: vscode.ExtensionContext): Promise<void> {
  pending = pending.then(stop).then(() => start(context));
  return pending;
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  try {
    await running?.dispose();
  } catch {
    // A server that never started, or already exited: there is nothing left to stop.
  }
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const settings = vscode.workspace.getConfiguration("mailroom");
  const clientOptions: LanguageClientOptions = {
    documentSelector: [SERVICE_FILES, TEST_FILES],
    initializationOptions: {
      diagnosticsDelay: settings.get<number>("diagnostics.debounce", 150),
      // The rule pages ship in the extension: each diagnostic's code links to its page there.
      docsBase: `${vscode.Uri.joinPath(context.extensionUri, "dist", "docs").toString()}/`,
    },
    // No file watcher here: the server registers its own (service files, mailroom.config.yaml) at start.
  };
  // The id "mailroom" makes the client follow the "mailroom.trace.server" setting.
  client = new LanguageClient(
    "mailroom",
    "mailroom",
    serverOptions(context, settings.get<string>("server.path", "")),
    clientOptions,
  );
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(`mailroom: the language server did not start: ${String(error)}`);
  }
}

function serverOptions(context: vscode.ExtensionContext, configured: string): ServerOptions {
  if (configured.trim() === "")
    return { module: context.asAbsolutePath("dist/server.cjs"), transport: TransportKind.stdio };
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const path = isAbsolute(configured) || folder === undefined ? configured : resolve(folder, configured);
  // A script runs with VS Code's own Node, anything else as an executable; the client appends `--stdio` to both.
  if (/\.[cm]?js$/.test(path)) return { module: path, transport: TransportKind.stdio };
  return { command: path, transport: TransportKind.stdio };
}
