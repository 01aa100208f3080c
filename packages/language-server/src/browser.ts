import { getLanguageService } from "@mailroom/language";
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from "vscode-languageserver/browser";
import { createServer } from "./server.js";

/** What a browser server talks over: a worker's own scope, or a port of a `MessageChannel`. */
export type BrowserPort = ConstructorParameters<typeof BrowserMessageReader>[0];

/**
 * Starts the language server in a browser (a Web Worker) on `port`: the same server as `mailroom lsp`, over
 * messages instead of stdio. What it reads from disk it reads through `node:fs`, which the page's bundle backs with
 * files held in memory.
 */
export function startBrowserServer(port: BrowserPort): void {
  const connection = createConnection(
    ProposedFeatures.all,
    new BrowserMessageReader(port),
    new BrowserMessageWriter(port),
  );
  createServer(connection, getLanguageService());
}
