import { execFile, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
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
  readonly params?: {
    uri: string;
    diagnostics: { code: string; codeDescription?: { href: string } }[];
    message?: string;
  };
  readonly result?: {
    capabilities?: Record<string, unknown>;
    serverInfo?: { name: string };
    items?: { label: string }[];
    contents?: { value: string };
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
  return { child, send, next, received };
}

describe("the VS Code extension", () => {
  const directory = mkdtempSync(join(tmpdir(), "mailroom-vsix-"));
  const vsix = join(directory, "mailroom.vsix");
  const unpacked = join(directory, "unpacked");
  const manifest = () => JSON.parse(entries.get("extension/package.json")?.toString() ?? "{}");
  /** The entry a path of the manifest (`./syntaxes/...`) names in the .vsix. */
  const entryOf = (path: string) => entries.get(`extension/${path.replace(/^\.\//, "")}`);
  let log = "";
  let entries = new Map<string, Buffer>();

  beforeAll(async () => {
    // A clean state: what an earlier build left in dist must not stand in for this one's output.
    for (const output of ["extension.cjs", "server.cjs", "docs", "pdfjs", "schemas"])
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
    // Unpacked where no node_modules is near, as VS Code installs it.
    for (const [name, data] of entries) {
      if (!name.startsWith("extension/")) continue;
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), data);
    }
  });
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
        "extension/dist/pdfjs/cmaps/78-EUC-H.bcmap",
        "extension/dist/pdfjs/standard_fonts/LiberationSans-Regular.ttf",
        "extension/dist/pdfjs/wasm/openjpeg.wasm",
        "extension/dist/schemas/service-dsl.schema.json",
        "extension/changelog.md",
        "extension/images/icon.png",
      ]),
    );
    // No sources, tests, scripts, typecheck output nor source maps.
    expect(
      names.filter((name) =>
        /node_modules|\/src\/|\/test\/|\/scripts\/|\.ts$|tsconfig|\/dist\/tsc\/|\.map$/.test(name),
      ),
    ).toEqual([]);
    expect(entries.get("extension.vsixmanifest")?.toString()).toMatch(
      /<Identity [^>]*Id="mailroom-vscode"[^>]*Publisher="mailroom"/,
    );
  });

  it("declares the activation, the command and the settings", () => {
    const { main, engines, activationEvents, contributes } = manifest();
    expect(main).toBe("./dist/extension.cjs");
    expect(engines.vscode).toBe("^1.91.0");
    expect(activationEvents).toContain("workspaceContains:**/*.service.{yaml,yml,json}");
    expect(contributes.commands).toEqual([
      { command: "mailroom.restartServer", title: "Restart language server", category: "mailroom" },
    ]);
    const properties = contributes.configuration.properties;
    expect(Object.keys(properties).sort()).toEqual([
      "mailroom.completion.enable",
      "mailroom.diagnostics.debounce",
      "mailroom.diagnostics.enable",
      "mailroom.format.enable",
      "mailroom.server.path",
      "mailroom.trace.server",
    ]);
    for (const feature of ["completion", "diagnostics", "format"])
      expect(properties[`mailroom.${feature}.enable`]).toMatchObject({ type: "boolean", default: true });
  });

  it("gives service and test files languages of their own, highlighted as YAML, served by name and unsaved", () => {
    const { languages, grammars } = manifest().contributes;
    expect(
      languages.map((language: { id: string; filenamePatterns: string[] }) => [language.id, language.filenamePatterns]),
    ).toEqual([
      ["mailroom-service", ["*.service.yaml", "*.service.yml"]],
      ["mailroom-service-test", ["*.service.test.yaml"]],
    ]);
    for (const language of languages) {
      const configuration = JSON.parse(entryOf(language.configuration)?.toString() ?? "{}");
      expect(configuration.comments, language.id).toEqual({ lineComment: "#" });
      expect(configuration.brackets, language.id).toEqual(
        expect.arrayContaining([
          ["{", "}"],
          ["[", "]"],
          ["(", ")"],
        ]),
      );
      const grammar = grammars.find((each: { language: string }) => each.language === language.id);
      const tmLanguage = JSON.parse(entryOf(grammar?.path ?? "missing")?.toString() ?? "{}");
      expect(tmLanguage.scopeName, language.id).toBe(grammar.scopeName);
      // YAML's own grammar, embedded: service files keep YAML's highlighting.
      expect(tmLanguage.patterns, language.id).toEqual([{ include: "source.yaml" }]);
    }
    expect(manifest().activationEvents).toEqual(
      expect.arrayContaining(["onLanguage:mailroom-service", "onLanguage:mailroom-service-test"]),
    );
    // The client serves the two languages in files and in unsaved buffers (the selector is in the bundle).
    const extension = entries.get("extension/dist/extension.cjs")?.toString() ?? "";
    for (const language of ["mailroom-service", "mailroom-service-test"])
      expect(extension).toMatch(new RegExp(`\\{scheme:"untitled",language:"${language}"\\}`));
  });

  it("registers the JSON Schemas it ships where no language server checks the file", () => {
    const { yamlValidation, jsonValidation } = manifest().contributes;
    expect(yamlValidation).toEqual([
      { fileMatch: "mailroom.config.yaml", url: "./dist/schemas/mailroom-config.schema.json" },
    ]);
    expect(jsonValidation).toEqual([
      {
        fileMatch: ["organizational-unit.json", "*.organizational-unit.json"],
        url: "./dist/schemas/organizational-unit.schema.json",
      },
    ]);
    for (const { url } of [...yamlValidation, ...jsonValidation]) {
      const schema = JSON.parse(entryOf(url)?.toString() ?? "{}");
      expect(schema.$schema, url).toBe("http://json-schema.org/draft-07/schema#");
      // The same schema as the repository's.
      expect(schema).toEqual(JSON.parse(readFileSync(join(repoRoot, "schemas", basename(url)), "utf8")));
    }
  });

  it("runs in Restricted Mode, where the server path the workspace sets is ignored", () => {
    expect(manifest().capabilities.untrustedWorkspaces).toMatchObject({
      supported: "limited",
      restrictedConfigurations: ["mailroom.server.path"],
    });
    // The extension reads the trust, and the user's own value of the setting only when it is not given.
    const extension = entries.get("extension/dist/extension.cjs")?.toString() ?? "";
    expect(extension).toContain(".workspace.isTrusted");
    expect(extension).toContain(".globalValue");
    expect(extension).toContain("onDidGrantWorkspaceTrust");
  });

  it("has an icon, a PNG of 128 x 128, and a changelog of its version", () => {
    const icon = entryOf(manifest().icon) ?? Buffer.alloc(0);
    expect(icon.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([128, 128]);
    expect(entries.get("extension/changelog.md")?.toString()).toContain(`## ${manifest().version}`);
    expect(entries.get("extension.vsixmanifest")?.toString()).toContain('Path="extension/images/icon.png"');
  });

  it("is minified: long lines, none of the sources' comments", () => {
    for (const [bundle, comment] of [
      ["extension/dist/extension.cjs", "Starts and stops run one after the other"],
      ["extension/dist/server.cjs", "The file a URI names: its path"],
    ] as const) {
      const text = entries.get(bundle)?.toString() ?? "";
      const lines = text.split("\n").length;
      // Unminified, the server is about 650,000 lines of 40 characters.
      expect(text.length / lines, bundle).toBeGreaterThan(5_000);
      expect(text, bundle).not.toContain(comment);
    }
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
    expect(extension).toMatch(/module\.exports\s*=\s*\{\s*activate,\s*deactivate\s*\}/);
  });

  it("runs the bundled server: it answers `initialize`, links a diagnostic to its page in the .vsix, completes", async () => {
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
      // ajv is in the bundle: the server compiled its fast validator (it logs why when it cannot).
      const logged = server.received.filter((message) => message.method === "window/logMessage");
      expect(logged.map((message) => message.params?.message).filter((text) => text?.includes("failed"))).toEqual([]);
    } finally {
      server.child.kill();
    }
  });

  it("runs the bundled server: hover shows a metadata's value on a PDF sample, read by the pdf.js in the bundle", async () => {
    const project = join(directory, "project");
    mkdirSync(project);
    copyFileSync(
      join(repoRoot, "examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf"),
      join(project, "letter.pdf"),
    );
    writeFileSync(join(project, "mailroom.config.yaml"), "areaUnit: mm\nsamples:\n  LETTER: letter.pdf\n");
    const text = readFileSync(join(repoRoot, "examples/registered-letter.service.yaml"), "utf8");
    const server = startServer(join(unpacked, "extension/dist/server.cjs"));
    try {
      server.send({
        id: 1,
        method: "initialize",
        params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { diagnosticsDelay: 0 } },
      });
      await server.next((message) => message.id === 1);
      server.send({ method: "initialized", params: {} });
      const uri = pathToFileURL(join(project, "letter.service.yaml")).href;
      server.send({
        method: "textDocument/didOpen",
        params: { textDocument: { uri, languageId: "mailroom-service", version: 1, text } },
      });
      const lines = text.split("\n");
      const line = lines.findIndex((each) => each.includes("recipientName:"));
      server.send({
        id: 2,
        method: "textDocument/hover",
        params: {
          textDocument: { uri },
          position: { line, character: (lines[line]?.indexOf("recipientName") ?? 0) + 3 },
        },
      });
      const hover = await server.next((message) => message.id === 2);
      expect(hover.result?.contents?.value).toContain('**On the sample** `letter.pdf`: `"Madame Claire Dupont"`');
    } finally {
      server.child.kill();
    }
  });
});
