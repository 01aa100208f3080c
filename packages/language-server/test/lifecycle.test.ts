import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CancellationTokenSource,
  CompletionRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  LSPErrorCodes,
  WorkspaceSymbolRequest,
} from "vscode-languageserver-protocol";
import { cliBin, positionOf, SAMPLE, serverBin, serverPerTest, uriOf, writeFile } from "./client.js";

describe("server lifecycle over stdio", () => {
  const servers = serverPerTest();

  it("answers a cancelled request with the LSP cancellation error, and keeps answering", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir });
    const uri = client.open(writeFile(join(dir, "a.service.yaml"), SAMPLE), SAMPLE);
    await client.diagnostics(uri);
    // The request and its cancellation in one write, so the server has both before it starts on the request
    // (two writes of the client library may arrive after the answer is ready). Its answer is read off the pipe.
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: "2.0", ...message });
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    let output = "";
    client.process.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const position = positionOf(SAMPLE, "meta.recipientNmae", 5);
    client.process.stdin?.write(
      frame({ id: "cancelled-1", method: "textDocument/completion", params: { textDocument: { uri }, position } }) +
        frame({ method: "$/cancelRequest", params: { id: "cancelled-1" } }),
    );
    const answer = () => output.match(/\{[^\n]*"id":"cancelled-1"[^\n]*?\}(?=Content-Length|$)/)?.[0];
    for (const deadline = Date.now() + 60_000; !answer() && Date.now() < deadline; ) {
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(JSON.parse(answer() ?? "{}")).toMatchObject({ error: { code: LSPErrorCodes.RequestCancelled } });
    // The same request, not cancelled, is answered.
    const source = new CancellationTokenSource();
    const list = await client.connection.sendRequest(
      CompletionRequest.type,
      { textDocument: { uri }, position },
      source.token,
    );
    expect(list && "items" in list ? list.items.length : 0).toBeGreaterThan(0);
  });

  it("`mailroom lsp` runs the same server on stdio", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir, args: [cliBin, "lsp"] });
    expect(client.initialized.serverInfo?.name).toBe("mailroom-language-server");
    expect(client.initialized.capabilities.semanticTokensProvider?.legend.tokenTypes).toContain("function");
    const uri = client.open(writeFile(join(dir, "a.service.yaml"), SAMPLE), SAMPLE);
    const published = await client.diagnostics(uri);
    expect(published.diagnostics.map((d) => d.code)).toEqual(["undefined-metadata", "unused-metadata", "time-zone"]);
  });

  it("indexes the workspace's service files, skipping node_modules and hidden folders, for workspace symbols", async () => {
    const dir = servers.folder();
    for (const sub of ["services/deep", "node_modules/pkg", ".git"]) mkdirSync(join(dir, sub), { recursive: true });
    writeFile(join(dir, "services/deep/letter.service.yaml"), SAMPLE);
    writeFile(join(dir, "services/notes.yaml"), "ANNEXES: not a service\n");
    writeFile(join(dir, "node_modules/pkg/x.service.yaml"), SAMPLE);
    writeFile(join(dir, ".git/y.service.yaml"), SAMPLE);
    const client = await servers.start({ root: dir });
    await client.logged(/indexed 1 service files/);
    const symbols = await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: "annexown" });
    expect(symbols?.map((s) => [s.name, "location" in s ? s.location.uri : undefined])).toEqual([
      ["annexOwner", uriOf(join(dir, "services/deep/letter.service.yaml"))],
    ]);
    const found = symbols?.[0];
    expect(found && "range" in found.location ? found.location.range.start : undefined).toEqual(
      positionOf(SAMPLE, "annexOwner:"),
    );
  });

  it("reports a document over 16 MiB as `mailroom lint` does, without reading it, and answers its requests", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir });
    const huge = `# ${"x".repeat(16 * 1024 * 1024)}\n`;
    const uri = client.open(join(dir, "huge.service.yaml"), huge);
    const published = await client.diagnostics(uri);
    expect(published.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([["file-too-large", 0]]);
    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    expect(symbols).toEqual([]);
  });

  it("exits when the client says so, and answers empty for files it does not serve", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir });
    const other = client.open(writeFile(join(dir, "notes.yaml"), "a: b\n"), "a: b\n");
    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: other } });
    expect(symbols).toEqual([]);
    const exited = new Promise<number | null>((done) => client.process.once("exit", (code) => done(code)));
    await client.stop();
    expect(await exited).toBe(0);
  });

  /** A server spoken to in raw frames: what it writes to stdout and stderr, and how it exits. */
  function raw() {
    const child = spawn(process.execPath, [serverBin, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: "2.0", ...message });
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    const answer = async (id: number) => {
      const found = () => stdout.match(new RegExp(`\\{[^\\n]*"id":${id}[^\\n]*?\\}(?=Content-Length|$)`))?.[0];
      for (const deadline = Date.now() + 60_000; !found() && Date.now() < deadline; ) {
        await new Promise((done) => setTimeout(done, 20));
      }
      return JSON.parse(found() ?? "{}");
    };
    return { child, frame, answer, exited, stderr: () => stderr };
  }

  it("refuses a request before initialize with -32002, then serves once initialized", async () => {
    const server = raw();
    const hover = {
      method: "textDocument/hover",
      params: { textDocument: { uri: "file:///a.service.yaml" }, position: { line: 0, character: 0 } },
    };
    server.child.stdin.write(server.frame({ id: 1, ...hover }));
    expect(await server.answer(1)).toMatchObject({ error: { code: ErrorCodes.ServerNotInitialized } });
    server.child.stdin.write(
      server.frame({ id: 2, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } }),
    );
    expect(await server.answer(2)).toMatchObject({ result: { serverInfo: { name: "mailroom-language-server" } } });
    server.child.stdin.write(server.frame({ id: 3, ...hover }));
    expect(await server.answer(3)).toEqual({ jsonrpc: "2.0", id: 3, result: null });
    server.child.kill();
  });

  it("exits 1, saying why, on a frame it cannot read, so that the client restarts it", async () => {
    for (const broken of [
      "Content-Type: application/json\r\n\r\n{}",
      "Content-Length: ten\r\n\r\n{}",
      "Content-Length: 2\r\n\r\n{{",
    ]) {
      const server = raw();
      server.child.stdin.write(broken);
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toMatch(
        /^mailroom-language-server: a message from the client cannot be read \(.+\); exiting\.\n/,
      );
    }
  });
});
