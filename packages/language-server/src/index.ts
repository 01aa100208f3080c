import { getLanguageService } from "@mailroom/language";
import * as lsp from "vscode-languageserver/node";
import { createServer } from "./server.js";

export { LANGUAGE_ID } from "./documents.js";

/** The transport the command line names (as vscode-languageserver reads it), else stdin and stdout. */
function stdioConnection(): lsp.Connection {
  const named = process.argv.some((arg) => /^--(stdio|node-ipc|socket=|pipe=)/.test(arg));
  return named
    ? lsp.createConnection(lsp.ProposedFeatures.all)
    : lsp.createConnection(lsp.ProposedFeatures.all, process.stdin, process.stdout);
}

/**
 * Starts the language server on `connection`, or on the process's own streams (`--stdio`, `--node-ipc`,
 * `--socket=<port>` as vscode-languageserver reads them from the command line). Runs until the client exits.
 */
export function startServer(connection?: lsp.Connection): void {
  if (!connection) {
    // The handlers answer empty on any failure; this keeps a stray asynchronous error from ending the session.
    process.on("uncaughtException", (error) => console.error(`mailroom-language-server: ${error.stack ?? error}`));
    process.on("unhandledRejection", (reason) => console.error(`mailroom-language-server: ${String(reason)}`));
  }
  createServer(connection ?? stdioConnection(), getLanguageService());
}
