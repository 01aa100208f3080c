import { getLanguageService } from "@mailroom/language";
import * as lsp from "vscode-languageserver/node";
import { isCheckWorker } from "./check-worker.js";
import { createServer } from "./server.js";

export { LANGUAGE_ID } from "./documents.js";

/**
 * Stdin and stdout, or the transport the command line names (`--node-ipc`, `--socket=`, `--pipe=`, as
 * vscode-languageserver reads them). A frame on stdin that cannot be read (no or a bad `Content-Length`, a body
 * that is not JSON) leaves the reader out of step with every frame after it: the server says so on stderr and
 * exits 1, so that the client restarts it, rather than living on deaf.
 */
function stdioConnection(): lsp.Connection {
  const other = process.argv.some((arg) => /^--(node-ipc|socket=|pipe=)/.test(arg));
  if (other) return lsp.createConnection(lsp.ProposedFeatures.all);
  const reader = new lsp.StreamMessageReader(process.stdin);
  reader.onError((error) => {
    const reason = error.message.replace(/\s*\n\s*/g, " ");
    console.error(`mailroom-language-server: a message from the client cannot be read (${reason}); exiting.`);
    process.exit(1);
  });
  return lsp.createConnection(lsp.ProposedFeatures.all, reader, new lsp.StreamMessageWriter(process.stdout));
}

/**
 * Starts the language server on `connection`, or on the process's own streams (`--stdio`, `--node-ipc`,
 * `--socket=<port>` as vscode-languageserver reads them from the command line). Runs until the client exits.
 */
export function startServer(connection?: lsp.Connection): void {
  // The server's entry, bundled into one file, is also the checking worker's: that thread serves no client.
  if (isCheckWorker) return;
  if (!connection) {
    // The handlers answer empty on any failure; this keeps a stray asynchronous error from ending the session.
    process.on("uncaughtException", (error) => console.error(`mailroom-language-server: ${error.stack ?? error}`));
    process.on("unhandledRejection", (reason) => console.error(`mailroom-language-server: ${String(reason)}`));
  }
  createServer(connection ?? stdioConnection(), getLanguageService());
}
