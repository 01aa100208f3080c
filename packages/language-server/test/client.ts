import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll } from "vitest";
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type TextDocumentContentChangeEvent,
  type TextEdit,
} from "vscode-languageserver-protocol/node";
import { TextDocument } from "vscode-languageserver-textdocument";

export const repoRoot = resolve(import.meta.dirname, "../../..");
export const serverBin = join(repoRoot, "packages/language-server/bin/mailroom-language-server.js");
export const cliBin = join(repoRoot, "packages/cli/bin/mailroom.cjs");

/** A publication as the client received it. */
export type Publication = PublishDiagnosticsParams;

export interface Client {
  readonly connection: ProtocolConnection;
  readonly process: ChildProcess;
  readonly initialized: InitializeResult;
  /** What the server wrote on stderr (its logs), for failure messages. */
  readonly stderr: () => string;
  /** Every publication received so far, oldest first. */
  readonly publications: Publication[];
  /** Opens a file (its text read from the argument, else ""), returning its URI. */
  open(file: string, text: string, languageId?: string): string;
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void;
  close(uri: string): void;
  /** The first publication for `uri` (received after `since`, an index into `publications`) that satisfies `test`. */
  diagnostics(uri: string, test?: (p: Publication) => boolean, since?: number): Promise<Publication>;
  /** Resolves once the server's log (stderr and window/logMessage) matches. */
  logged(pattern: RegExp): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The workspace folder. */
  readonly root: string;
  readonly initializationOptions?: Record<string, unknown>;
  /** The command to run, default `node <server bin> --stdio`. */
  readonly args?: readonly string[];
  readonly watchFiles?: boolean;
}

/** A fresh temporary directory (its real path, as the server resolves files), removed by `removeTemp`. */
function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "mailroom-lsp-")));
}

const removeTemp = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export function writeFile(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}

export const uriOf = (path: string): string => pathToFileURL(path).href;

/** A server started in a fresh folder. */
export interface Session {
  readonly dir: string;
  readonly client: Client;
}

/**
 * One server for every test of the `describe` this is called in: started in a fresh folder before them, stopped
 * and the folder removed after them. Its `dir` and `client` are there once the tests run.
 */
export function serverForAll(options: Omit<StartOptions, "root"> = {}): Session {
  let dir: string | undefined;
  let client: Client | undefined;
  beforeAll(async () => {
    dir = tempDir();
    client = await startClient({ ...options, root: dir });
  });
  afterAll(async () => {
    await client?.stop();
    if (dir) removeTemp(dir);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the server starts before the tests");
    return value;
  };
  return {
    get dir() {
      return started(dir);
    },
    get client() {
      return started(client);
    },
  };
}

/** Servers of their own for the tests of a `describe`: each test's folder and server are removed after it. */
export function serverPerTest(): { folder(): string; start(options: StartOptions): Promise<Client> } {
  let dir: string | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.stop();
    if (dir) removeTemp(dir);
    dir = undefined;
    client = undefined;
  });
  return {
    folder: () => {
      dir = tempDir();
      return dir;
    },
    start: async (options) => {
      client = await startClient(options);
      return client;
    },
  };
}

/** Spawns the real server over stdio and initializes it with a real LSP client connection. */
export async function startClient(options: StartOptions): Promise<Client> {
  const args = options.args ?? [serverBin, "--stdio"];
  const child = spawn(process.execPath, [...args], { cwd: options.root, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
    new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
  );
  const publications: Publication[] = [];
  const waiters: (() => void)[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    publications.push(params);
    for (const waiter of waiters.splice(0)) waiter();
  });
  // The server logs failures through window/logMessage; they are part of what a test may report.
  connection.onNotification("window/logMessage", (params: { message: string }) => {
    stderr += `${params.message}\n`;
  });
  connection.onRequest("client/registerCapability", () => null);
  connection.listen();
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uriOf(options.root),
    workspaceFolders: [{ uri: uriOf(options.root), name: "root" }],
    capabilities: {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: options.watchFiles ?? false } },
      textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } },
    },
    initializationOptions: options.initializationOptions ?? {},
  });
  await connection.sendNotification(InitializedNotification.type, {});

  return {
    connection,
    process: child,
    initialized,
    stderr: () => stderr,
    publications,
    open(file, text, languageId = "yaml") {
      const uri = uriOf(file);
      void connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId, version: 1, text },
      });
      return uri;
    },
    change(uri, version, contentChanges) {
      void connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges,
      });
    },
    close(uri) {
      void connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    },
    diagnostics(uri, test = () => true, since = 0) {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no diagnostics for ${uri}; server log:\n${stderr}`)), 15_000);
        const look = () => {
          const found = publications.slice(since).find((p) => p.uri === uri && test(p));
          if (found) {
            clearTimeout(timer);
            done(found);
          } else waiters.push(look);
        };
        look();
      });
    },
    async logged(pattern) {
      for (const deadline = Date.now() + 60_000; !pattern.test(stderr); ) {
        if (Date.now() > deadline) throw new Error(`the server never logged ${pattern}; its log:\n${stderr}`);
        await new Promise((done) => setTimeout(done, 20));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        await connection.sendRequest(ShutdownRequest.type).catch(() => undefined);
        await connection.sendNotification(ExitNotification.type).catch(() => undefined);
        await Promise.race([exited, new Promise((done) => setTimeout(done, 3000))]);
        if (child.exitCode === null) child.kill();
      }
      connection.dispose();
    },
  };
}

/** A small DSL service with three problems `mailroom lint` reports: an undefined metadata, an unused one, a time zone. */
export const SAMPLE = `id: 1101
name: Lettre recommandée
type: SIMPLE_UNIQUE
organizationalUnit: { id: 3120, name: Cabinet Arvel }
boxes:
  LETTER:
    type: pdf
    label: Lettre à envoyer (PDF)
    main: true
    elements: 1
    split: none
    hasAddressPage: true
    appositions: []
    metadata:
      recipientName:
        value: pdfText(1, [110, 48, 85, 6]) | upper
        persist: true
      letterReference:
        value: concat(meta.recipientName, "-", meta.recipientNmae)
        persist: true
      sentOn: now | formatDate("yyyy-MM-dd", "Europe/Pariss")
  ANNEXES:
    type: pdf
    elements: 0..5
    split: none
    metadata:
      annexOwner: fileName[0:8]
    reconcile:
      when: meta.annexOwner == meta.letterReference
      expected: 0..5
channels:
  Lettre recommandée AR:
    name: REGISTERED_MAIL
`;

/** The offset of the first `marker` in `text` plus `delta`, as an LSP position. */
export function positionOf(text: string, marker: string, delta = 0): { line: number; character: number } {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`"${marker}" not in the text`);
  const before = text.slice(0, at + delta);
  const line = before.split("\n").length - 1;
  return { line, character: before.length - before.lastIndexOf("\n") - 1 };
}

/** The text with a server's edits applied, as the editor applies them. */
export const applyEdits = (text: string, edits: readonly TextEdit[]): string =>
  TextDocument.applyEdits(TextDocument.create("file:///x", "yaml", 0, text), [...edits]);
