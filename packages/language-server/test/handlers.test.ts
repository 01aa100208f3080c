import { describe, expect, it } from "vitest";
import * as lsp from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { registerDocumentSync } from "../src/document-sync.js";
import { clientSettings } from "../src/lifecycle.js";
import { guarded } from "../src/requests/guard.js";
import type { ServerState } from "../src/state.js";

/*
 * The server's handlers one by one, without a client: each concern's module takes the shared state, so a test
 * gives it only the parts that concern reads.
 */

const token = (cancelled: boolean): lsp.CancellationToken => ({
  isCancellationRequested: cancelled,
  onCancellationRequested: () => ({ dispose: () => undefined }),
});

/** A state with only a log, which records what the handlers log. */
function logging(): { state: ServerState; logged: string[] } {
  const logged: string[] = [];
  const state = { initialized: true, log: (what: string) => logged.push(what) } as unknown as ServerState;
  return { state, logged };
}

describe("initialization", () => {
  it("keeps the client's folders, else its root, and whether it watches files for the server", () => {
    const folders = clientSettings({
      processId: null,
      rootUri: "file:///root",
      workspaceFolders: [{ uri: "file:///a", name: "a" }],
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    expect(folders.folders).toEqual(["file:///a"]);
    expect(folders.watchFiles).toBe(true);
    const root = clientSettings({ processId: null, rootUri: "file:///root", capabilities: {} });
    expect(root.folders).toEqual(["file:///root"]);
    expect(root.watchFiles).toBe(false);
    expect(root.options.diagnosticsDelay).toBe(150);
  });
});

describe("a guarded request", () => {
  it("answers empty when its handler fails, and logs why", async () => {
    const { state, logged } = logging();
    const handler = guarded(state, "hover", null, () => {
      throw new Error("broken");
    });
    expect(await handler({}, token(false))).toBeNull();
    expect(logged).toEqual(["hover"]);
  });

  it("answers a cancelled request with LSP's cancellation error, without running it", async () => {
    const { state, logged } = logging();
    let ran = false;
    const handler = guarded(state, "hover", null, () => {
      ran = true;
      return "answer";
    });
    await expect(handler({}, token(true))).rejects.toMatchObject({ code: lsp.LSPErrorCodes.RequestCancelled });
    expect(ran).toBe(false);
    expect(logged).toEqual([]);
  });
});

describe("closing a document", () => {
  it("drops all the server held for it: its parse, settings, unit and timer, the samples' simulation, the worker", async () => {
    const uri = "file:///w/a.service.yaml";
    let close: ((event: { document: TextDocument }) => void) | undefined;
    const stopped: boolean[] = [];
    const published: unknown[] = [];
    const timer = setTimeout(() => stopped.push(false), 60_000);
    const state = {
      documents: {
        onDidOpen: () => undefined,
        onDidChangeContent: () => undefined,
        onDidClose: (handler: typeof close) => (close = handler),
        all: () => [],
      },
      parses: new Map([[uri, {}]]),
      testParses: new Map([[uri, {}]]),
      settings: new Map([[uri, Promise.resolve({})]]),
      units: new Set([uri]),
      timers: new Map([[uri, () => clearTimeout(timer)]]),
      samples: { key: uri, simulation: Promise.resolve({}) },
      checker: { stop: () => stopped.push(true) },
      opened: new Set([uri]),
      connection: { sendDiagnostics: async (params: unknown) => published.push(params) },
      workspace: { close: async () => undefined },
      log: () => undefined,
    } as unknown as ServerState;
    registerDocumentSync(state);
    close?.({ document: TextDocument.create(uri, "mailroom-service", 3, "id: 1\n") });
    expect([
      state.parses.size,
      state.testParses.size,
      state.settings.size,
      state.units.size,
      state.timers.size,
    ]).toEqual([0, 0, 0, 0, 0]);
    expect(state.samples).toBeUndefined();
    expect(stopped).toEqual([true]);
    expect(state.opened.size).toBe(0);
    expect(published).toEqual([{ uri, diagnostics: [] }]);
  });
});
