// The VS Code client: starts the mailroom language server for service and test files and restarts it on demand.
import { isAbsolute, resolve } from "node:path";
import * as vscode from "vscode";
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { Switches } from "./switches.js";
import { registerTesting } from "./testing.js";

/**
 * The documents the server is given: the extension's languages (package.json), saved or not (a JSON service is
 * read as JSON by its name, so only saved ones); and by name, service or test files a user associated with another
 * language.
 */
const DOCUMENTS = [
  { scheme: "file", language: "mailroom-service" },
  { scheme: "untitled", language: "mailroom-service" },
  { scheme: "file", language: "mailroom-service-json" },
  { scheme: "file", language: "mailroom-service-test" },
  { scheme: "untitled", language: "mailroom-service-test" },
  { scheme: "file", pattern: "**/*.service.{yaml,yml,json}" },
  { scheme: "file", pattern: "**/*.service.test.yaml" },
] satisfies vscode.DocumentFilter[];

let client: LanguageClient | undefined;
let switches: Switches | undefined;
/** Whether the server was started (a document of its was opened): a change of settings or trust restarts it. */
let started = false;
/** Starts and stops run one after the other, so a quick double restart cannot leave two servers. */
let pending: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand("mailroom.restartServer", () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // Both are read once, when the server starts; the trace setting is followed by the client itself, and the
      // switches at each use.
      if (
        started &&
        (event.affectsConfiguration("mailroom.server.path") ||
          event.affectsConfiguration("mailroom.diagnostics.debounce"))
      )
        void restart(context);
      if (client && event.affectsConfiguration("mailroom.diagnostics.enable")) switches?.showDiagnostics(client);
    }),
    // A server path the workspace sets counts once the workspace is trusted.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (started) void restart(context);
    }),
    // The Testing view asks the server for the cases of test files, and has it run them.
    registerTesting(async () => {
      if (!started) await restart(context);
      await pending;
      return client;
    }),
  );
  // Activation also happens on opening a folder with services; the server waits for the first document of its.
  if (vscode.workspace.textDocuments.some(isServed)) {
    void restart(context);
    return;
  }
  const opened = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!isServed(document)) return;
    opened.dispose();
    void restart(context);
  });
  context.subscriptions.push(opened);
}

export function deactivate(): Promise<void> {
  pending = pending.then(stop);
  return pending;
}

function isServed(document: vscode.TextDocument): boolean {
  return vscode.languages.match(DOCUMENTS, document) > 0;
}

function restart(context: vscode.ExtensionContext): Promise<void> {
  started = true;
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
  switches = new Switches();
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENTS,
    initializationOptions: {
      diagnosticsDelay: settings.get<number>("diagnostics.debounce", 150),
      // The rule pages ship in the extension: each diagnostic's code links to its page there.
      docsBase: `${vscode.Uri.joinPath(context.extensionUri, "dist", "docs").toString()}/`,
    },
    middleware: switches.middleware,
    // No file watcher here: the server registers its own (service files, mailroom.config.yaml) at start.
  };
  // The id "mailroom" makes the client follow the "mailroom.trace.server" setting.
  client = new LanguageClient("mailroom", "mailroom", serverOptions(context, serverPath(settings)), clientOptions);
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(`mailroom: the language server did not start: ${String(error)}`);
  }
}

/**
 * The `mailroom.server.path` to run. In Restricted Mode a workspace must not choose what runs: only the user's
 * own setting counts there, and only as an absolute path (a relative one would name a file of the workspace).
 */
function serverPath(settings: vscode.WorkspaceConfiguration): string {
  if (vscode.workspace.isTrusted) return settings.get<string>("server.path", "");
  const own = settings.inspect<string>("server.path")?.globalValue ?? "";
  return isAbsolute(own) ? own : "";
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
