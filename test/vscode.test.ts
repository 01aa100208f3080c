import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

// Packages the extension exactly as a release would (`npm run package`: bundle, then vsce), from a clean dist,
// then reads the .vsix and runs the server bundled in it. The bundle starts from the server's built bin:
// `npx tsc -b` first.
const extensionDir = join(repoRoot, "packages/vscode");
const fixture = join(repoRoot, "test/editors/mistake.service.yaml");

/** The entries of a zip archive (a .vsix is one), read from its central directory: name -> contents. */
function readZip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip archive: no end of central directory");
  const entries = new Map<string, Buffer>();
  let at = archive.readUInt32LE(end + 16);
  for (let count = archive.readUInt16LE(end + 10); count > 0; count--) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const name = archive.toString("utf8", at + 46, at + 46 + nameLength);
    const local = archive.readUInt32LE(at + 42);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + skip;
  }
  return entries;
}

interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: { uri: string; diagnostics: { code: string; codeDescription?: { href: string } }[] };
  readonly result?: {
    capabilities?: Record<string, unknown>;
    serverInfo?: { name: string };
    items?: { label: string }[];
  };
}

/** A bare LSP client over a child's stdio: no library between the test and the bundled server. */
function startServer(file: string) {
  const child = spawn(process.execPath, [file, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  const received: Message[] = [];
  const waiting: { test: (message: Message) => boolean; done: (message: Message) => void }[] = [];
  let buffer = Buffer.alloc(0);
  child.stdout.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const header = buffer.indexOf("\r\n\r\n");
      const length = /Content-Length: (\d+)/i.exec(buffer.toString("ascii", 0, Math.max(header, 0)))?.[1];
      if (header < 0 || length === undefined || buffer.length < header + 4 + Number(length)) return;
      const message = JSON.parse(buffer.toString("utf8", header + 4, header + 4 + Number(length))) as Message;
      buffer = buffer.subarray(header + 4 + Number(length));
      received.push(message);
      for (const waiter of waiting.filter((each) => each.test(message))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.done(message);
      }
    }
  });
  const send = (message: object): void => {
    const text = JSON.stringify({ jsonrpc: "2.0", ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  const next = (test: (message: Message) => boolean): Promise<Message> =>
    new Promise((done, fail) => {
      const found = received.find(test);
      if (found) return done(found);
      waiting.push({ test, done });
      setTimeout(() => fail(new Error("no answer from the bundled server within 10 s")), 10_000).unref();
    });
  return { child, send, next };
}

describe("the VS Code extension", () => {
  const directory = mkdtempSync(join(tmpdir(), "mailroom-vsix-"));
  const vsix = join(directory, "mailroom.vsix");
  let log = "";
  let entries = new Map<string, Buffer>();

  beforeAll(async () => {
    // A clean state: what an earlier build left in dist must not stand in for this one's output.
    for (const output of ["extension.cjs", "server.cjs", "docs"])
      rmSync(join(extensionDir, "dist", output), { recursive: true, force: true });
    log = await new Promise<string>((done, fail) =>
      execFile(
        "npm",
        ["run", "package", "--workspace", "packages/vscode", "--", "--out", vsix],
        { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? fail(new Error(`${error.message}\n${stdout}\n${stderr}`)) : done(stdout + stderr),
      ),
    );
    entries = readZip(readFileSync(vsix));
  }, 60_000);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("packages without a warning", () => {
    expect(log).toContain("DONE  Packaged");
    expect(log).not.toMatch(/\bWARNING\b/);
  });

  it("holds the manifest, the two bundles and the rule pages, and no node_modules or sources", () => {
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        "extension.vsixmanifest",
        "extension/package.json",
        "extension/LICENSE.txt",
        "extension/dist/extension.cjs",
        "extension/dist/server.cjs",
        "extension/dist/docs/diagnostics.md",
        "extension/dist/docs/rules/undefined-metadata.md",
      ]),
    );
    expect(names.filter((name) => /node_modules|\/src\/|\/scripts\/|\.ts$|tsconfig|\/dist\/tsc\//.test(name))).toEqual(
      [],
    );
    expect(entries.get("extension.vsixmanifest")?.toString()).toMatch(
      /<Identity [^>]*Id="mailroom-vscode"[^>]*Publisher="mailroom"/,
    );
  });

  it("declares the activation, the command and the settings", () => {
    const manifest = JSON.parse(entries.get("extension/package.json")?.toString() ?? "{}");
    expect(manifest.main).toBe("./dist/extension.cjs");
    expect(manifest.engines.vscode).toBe("^1.91.0");
    expect(manifest.activationEvents).toContain("workspaceContains:**/*.service.{yaml,yml,json}");
    expect(manifest.contributes.commands).toEqual([
      { command: "mailroom.restartServer", title: "Restart language server", category: "mailroom" },
    ]);
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual([
      "mailroom.diagnostics.debounce",
      "mailroom.server.path",
      "mailroom.trace.server",
    ]);
  });

  it("bundles everything: the extension requires only `vscode` and Node's own modules", () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), "vscode"]);
    for (const bundle of ["extension/dist/extension.cjs", "extension/dist/server.cjs"]) {
      const text = entries.get(bundle)?.toString() ?? "";
      // Calls, not text: ajv keeps `'require("ajv/dist/runtime/equal")'` as a string for its standalone mode, and
      // pdf.js's polyfills build `require("' + name + '")` for Node's own modules.
      const required = [...text.matchAll(/(?<![\w'"`.])require\("([^"'+]+)"\)/g)].map((match) => match[1]);
      expect(required.length, bundle).toBeGreaterThan(0);
      expect(
        required.filter((name) => !builtins.has(name ?? "")),
        bundle,
      ).toEqual([]);
    }
    const extension = entries.get("extension/dist/extension.cjs")?.toString();
    expect(extension).toContain('require("vscode")');
    // What VS Code calls: esbuild lists a CommonJS bundle's exports in this annotation.
    expect(extension).toMatch(/module\.exports = \{\s*activate,\s*deactivate\s*\}/);
  });

  it("runs the bundled server: it answers `initialize`, links a diagnostic to its page in the .vsix, completes", async () => {
    // Unpacked where no node_modules is near, as VS Code installs it.
    const unpacked = join(directory, "unpacked");
    for (const [name, data] of entries) {
      if (!name.startsWith("extension/")) continue;
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), data);
    }
    const server = startServer(join(unpacked, "extension/dist/server.cjs"));
    try {
      // The options the extension sends (src/extension.ts).
      const docsBase = `${pathToFileURL(join(unpacked, "extension/dist/docs")).href}/`;
      server.send({
        id: 1,
        method: "initialize",
        params: {
          processId: null,
          rootUri: null,
          capabilities: {},
          initializationOptions: { diagnosticsDelay: 0, docsBase },
        },
      });
      const initialized = await server.next((message) => message.id === 1);
      expect(initialized.result?.serverInfo?.name).toBe("mailroom-language-server");
      expect(initialized.result?.capabilities).toHaveProperty("textDocumentSync");
      server.send({ method: "initialized", params: {} });

      const uri = pathToFileURL(join(directory, "mistake.service.yaml")).href;
      const text = readFileSync(fixture, "utf8");
      server.send({
        method: "textDocument/didOpen",
        params: { textDocument: { uri, languageId: "yaml", version: 1, text } },
      });
      const published = await server.next(
        (message) => message.method === "textDocument/publishDiagnostics" && message.params?.uri === uri,
      );
      // The one problem `mailroom lint` reports in this file.
      expect(published.params?.diagnostics).toHaveLength(1);
      const [diagnostic] = published.params?.diagnostics ?? [];
      expect(diagnostic?.code).toBe("undefined-metadata");
      const page = fileURLToPath(diagnostic?.codeDescription?.href ?? "file:///missing");
      expect(page).toBe(join(unpacked, "extension/dist/docs/rules/undefined-metadata.md"));
      expect(existsSync(page)).toBe(true);

      // The whole language service is in the bundle: the metadata names after "meta." in the misspelt reference.
      const lines = text.split("\n");
      const line = lines.findIndex((each) => each.includes("meta.invoiceNo"));
      const character = lines[line]?.indexOf("invoiceNo") ?? -1;
      server.send({
        id: 2,
        method: "textDocument/completion",
        params: { textDocument: { uri }, position: { line, character } },
      });
      const completion = await server.next((message) => message.id === 2);
      expect(completion.result?.items?.map((item) => item.label)).toContain("invoiceNumber");
    } finally {
      server.child.kill();
    }
  });
});
