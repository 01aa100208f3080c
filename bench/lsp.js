// The language server's benchmark: the built server (packages/language-server/bin) beside yaml-language-server,
// the peer, each driven over stdio by a real LSP client connection (vscode-languageserver-protocol), as an editor
// drives them, on the same files in the same run.
//
//   node bench/lsp.js [--edits 30] [--files 1000] [--only diagnostics|large|memory] [--keep]   (after `npx tsc -b`)
//
// The peer validates with the DSL's JSON Schema (schemas/service-dsl.schema.json, through `yaml.schemas`, sent
// when it asks for `workspace/configuration`), with its schema store off. Its 200 ms validation delay is no
// setting: it is set to 0 for the measurement (the server is started through a preload that fixes it), as
// mailroom's debounce is (`diagnosticsDelay: 0` in initializationOptions; editors get 150 ms).
//
// 1. Change -> diagnostics: on a DSL service of about 1,000 and one of about 10,000 lines (bench/generate.js's
//    wide services), each server times 30 edits (after 20 that warm it up) from the didChange to the
//    publishDiagnostics that follows, one character typed into a label in the middle of the file. Then
//    mailroom's completion at several kinds of positions.
// 2. A large file: with a small service open, an 8 MB JSON service is opened and edited (its checks run meanwhile),
//    while hovers on the small service are timed, each sent once the one before is answered.
// 3. Memory: 1,000 generated DSL services in the workspace folder, all opened (each until its diagnostics come),
//    then each server's VmRSS and VmHWM from /proc/<pid>/status.
//
// Prints each figure against its target (PASS/MISS). Exit code 0 whatever the figures; 1 only if anything throws.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CompletionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { generateWorkspace, wideService } from "./generate.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAILROOM = join(ROOT, "packages/language-server/bin/mailroom-language-server.js");
const PEER_BIN = createRequire(import.meta.url).resolve("yaml-language-server/bin/yaml-language-server");
const PEER_SETTINGS = createRequire(import.meta.url).resolve("yaml-language-server/out/server/src/yamlSettings.js");
const DSL_SCHEMA = pathToFileURL(join(ROOT, "schemas/service-dsl.schema.json")).href;

const TARGET_DIAGNOSTICS_MS = 16; // one frame at 60 Hz, on 1,000 lines
const TARGET_PEER_RATIO = 0.25; // of the peer's p95, on 10,000 lines
const ABSOLUTE_TARGET_UP_TO_LINES = 1000;
const TARGET_COMPLETION_MS = 20;
const TARGET_HOVER_MS = 100;
const TARGET_MEMORY_RATIO = 0.8;
const LARGE_BYTES = 8 * 1024 * 1024;

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const EDITS = Number(arg("edits", "30"));
const FILES = Number(arg("files", "1000"));
const KEEP = process.argv.includes("--keep");
// One part only (`diagnostics`, `large`, `memory`), to measure again what changed.
const ONLY = arg("only", undefined);
const runs = (part) => ONLY === undefined || ONLY === part;
// An editor's server has seen many edits before the one that counts: the first ones bring its JIT to its steady
// state and are not counted.
const WARMUP = 20;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const verdict = (ok) => (ok ? "PASS" : "MISS");
const settle = (delay) => new Promise((done) => setTimeout(done, delay));

/** The two servers: how each is started, and what its client tells it. */
const SERVERS = {
  mailroom: {
    args: [MAILROOM, "--stdio"],
    initializationOptions: { diagnosticsDelay: 0 },
    settings: {},
  },
  "yaml-language-server": {
    // Its delay is set in SettingsState's constructor (`this.validationDelayMs = 200`): an accessor on the
    // prototype takes that assignment and answers 0.
    args: [
      "-e",
      `Object.defineProperty(require(${JSON.stringify(PEER_SETTINGS)}).SettingsState.prototype, "validationDelayMs", { get: () => 0, set() {} }); require(${JSON.stringify(PEER_BIN)});`,
      // As if run as its bin: `process.argv` is [node, bin, "--stdio"], as the server reads it.
      "--",
      PEER_BIN,
      "--stdio",
    ],
    initializationOptions: {},
    settings: {
      yaml: {
        validate: true,
        hover: true,
        completion: true,
        schemas: { [DSL_SCHEMA]: ["*.service.yaml", "*.service.yml"] },
        schemaStore: { enable: false },
        kubernetesCRDStore: { enable: false },
      },
      http: {},
      "[yaml]": {},
      editor: {},
    },
  },
};

/** Spawns a server on stdio and initializes it; `log` receives its window/logMessage lines. */
async function startServer(name, root, log = () => {}) {
  const kind = SERVERS[name];
  const child = spawn(process.execPath, kind.args, { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiting = [];
  // The peer publishes without a version: its next publication of the URI is the one awaited (edits are
  // sequential, each awaited).
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const at = performance.now();
    const i = waiting.findIndex(
      (w) => w.uri === params.uri && (params.version === undefined || params.version === w.version),
    );
    if (i >= 0) waiting.splice(i, 1)[0].done({ at, params });
  });
  connection.onNotification("window/logMessage", (params) => log(params.message));
  let configured;
  const configuration = new Promise((done) => {
    configured = done;
  });
  connection.onRequest(ConfigurationRequest.type, (params) => {
    configured();
    return params.items.map((item) => kind.settings[item.section ?? ""] ?? null);
  });
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("window/workDoneProgress/create", () => null);
  connection.listen();
  const uri = pathToFileURL(root).href;
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: "bench" }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: { publishDiagnostics: { versionSupport: true } },
    },
    initializationOptions: kind.initializationOptions,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  if (Object.keys(kind.settings).length > 0) {
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await configuration;
    await settle(200);
  }
  return {
    name,
    child,
    connection,
    /** Resolves with the time the diagnostics of `uri` at `version` arrive (the next ones, from the peer). */
    published: (uri, version) => new Promise((done) => waiting.push({ uri, version, done })),
    async open(uri, text, version = 1) {
      const published = this.published(uri, version);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: uri.endsWith(".json") ? "json" : "yaml", version, text },
      });
      return published;
    },
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const mib = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? Number.NaN) / 1024;
      return { rss: mib("VmRSS"), hwm: mib("VmHWM") };
    },
    async stop() {
      await connection.sendRequest(ShutdownRequest.type).catch(() => undefined);
      await connection.sendNotification(ExitNotification.type).catch(() => undefined);
      connection.dispose();
      child.kill();
    },
  };
}

/** Checks that the peer validates service files with the DSL's schema: a wrong type must be reported. */
async function checkPeerValidates(dir) {
  const server = await startServer("yaml-language-server", dir);
  const uri = pathToFileURL(join(dir, "probe.service.yaml")).href;
  const { params } = await server.open(uri, "id: not-a-number\nname: Probe\n");
  await server.stop();
  if (params.diagnostics.length === 0) throw new Error("yaml-language-server reports nothing: the schema is not used");
  return params.diagnostics.length;
}

/** Offset of the `n`th occurrence of `needle` (0-based), counting from the start. */
function nthIndexOf(text, needle, n) {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}

/** A wide service of about `lines` lines: the box count scaled until the text is within 5% of it. */
function serviceOfLines(lines) {
  let boxes = Math.max(1, Math.round(lines / 40));
  let text = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    text = wideService(boxes, 11, [3, 6]).dsl;
    const count = text.split("\n").length;
    if (Math.abs(count - lines) / lines < 0.05) break;
    boxes = Math.max(1, Math.round((boxes * lines) / count));
  }
  return text;
}

/**
 * A generated service's JSON of about `bytes` bytes, the box count scaled until within 5% (the DSL's size limit
 * is 1 MiB: a service of megabytes is a JSON service).
 */
function jsonOfBytes(bytes) {
  let boxes = 1000;
  let json = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    json = wideService(boxes, 11, [3, 6]).json;
    const size = Buffer.byteLength(json);
    if (Math.abs(size - bytes) / bytes < 0.05) break;
    boxes = Math.max(1, Math.round((boxes * bytes) / size));
  }
  return json;
}

/** Times edits (didChange -> publishDiagnostics) on one service, with `name`; completions too for mailroom. */
async function measureService(name, dir, initial) {
  let text = initial;
  const file = join(dir, `bench-${text.split("\n").length}.service.yaml`);
  writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  const server = await startServer(name, dir);
  await server.open(uri, text);

  // Each edit types one character into a label, in the middle of the file (as a person editing would).
  const label = nthIndexOf(text, "label: ", Math.floor((text.split("label: ").length - 1) / 2)) + "label: ".length;
  const latencies = [];
  for (let i = 0; i < EDITS + WARMUP; i++) {
    const version = i + 2;
    const position = positionAt(text, label);
    const typed = String.fromCharCode(97 + (i % 26));
    text = text.slice(0, label) + typed + text.slice(label);
    const arrived = server.published(uri, version);
    const start = performance.now();
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: position, end: position }, text: typed }],
    });
    const latency = (await arrived).at - start;
    if (i >= WARMUP) latencies.push(latency);
  }

  // Completion where an author asks for it: after `meta.`, inside a call's arguments, at a new key of a box.
  const sites = [
    ["after meta.", nthIndexOf(text, "meta.", 0) + "meta.".length],
    ["in a call", nthIndexOf(text, "(", 3) + 1],
    ["box key", nthIndexOf(text, "    type: ", 1) + "    ".length],
    ["value", nthIndexOf(text, "type: ", 2) + "type: ".length],
  ].filter(([, offset]) => offset > 0);
  const completions = [];
  for (let i = 0; name === "mailroom" && i < EDITS; i++) {
    const [, offset] = sites[i % sites.length];
    const start = performance.now();
    await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: positionAt(text, offset),
    });
    completions.push(performance.now() - start);
  }
  await server.stop();
  return {
    lines: text.split("\n").length,
    kib: Buffer.byteLength(text) / 1024,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    completion50: completions.length > 0 ? percentile(completions, 50) : undefined,
    completion95: completions.length > 0 ? percentile(completions, 95) : undefined,
    sites: sites.map(([site]) => site),
  };
}

/**
 * Hovers on a small service while a large JSON service is opened, checked, and edited: each hover is sent once
 * the one before is answered, until the large file's last edit is checked.
 */
async function measureLargeFile(dir) {
  const small = serviceOfLines(1000);
  const smallUri = pathToFileURL(join(dir, "small.service.yaml")).href;
  const large = jsonOfBytes(LARGE_BYTES);
  const largeUri = pathToFileURL(join(dir, "large.service.json")).href;
  const server = await startServer("mailroom", dir);
  await server.open(smallUri, small);
  const position = positionAt(small, nthIndexOf(small, "meta.", 0) + "meta.".length + 1);

  const hovers = [];
  let done = false;
  const hovering = (async () => {
    while (!done) {
      const start = performance.now();
      await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: smallUri }, position });
      hovers.push(performance.now() - start);
      await settle(10);
    }
  })();
  const opened = performance.now();
  const { params } = await server.open(largeUri, large);
  const firstDiagnostics = performance.now() - opened;
  // Edits to the large file: a value typed into, each checked in turn.
  let text = large;
  const at = nthIndexOf(text, '"label": "', 10) + '"label": "'.length;
  for (let version = 2; version <= 4; version++) {
    const position = positionAt(text, at);
    text = `${text.slice(0, at)}x${text.slice(at)}`;
    const arrived = server.published(largeUri, version);
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: largeUri, version },
      contentChanges: [{ range: { start: position, end: position }, text: "x" }],
    });
    await arrived;
  }
  done = true;
  await hovering;
  await server.stop();
  return {
    mib: Buffer.byteLength(large) / 2 ** 20,
    firstDiagnostics,
    diagnostics: params.diagnostics.length,
    hovers: hovers.length,
    p50: percentile(hovers, 50),
    p95: percentile(hovers, 95),
    max: Math.max(...hovers),
  };
}

/** Each server's memory once the workspace folder holds `files` and every one of them is open. */
async function measureMemory(name, files, dir) {
  let indexed = () => {};
  const index = new Promise((resolve) => {
    indexed = resolve;
  });
  const server = await startServer(name, dir, (message) => {
    if (/indexed \d+ service files/.test(message)) indexed(message);
  });
  // mailroom indexes the folder in the background; the peer has no index.
  const message = name === "mailroom" ? await index : undefined;
  for (const pair of files) await server.open(pathToFileURL(pair.yaml).href, readFileSync(pair.yaml, "utf8"));
  await settle(1000);
  const memory = server.memory();
  await server.stop();
  return { ...memory, message };
}

async function main() {
  console.log("mailroom language server benchmark, beside yaml-language-server");
  console.log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ${EDITS} edits per service, validation delays 0`,
  );
  const dir = mkdtempSync(join(tmpdir(), "mailroom-lsp-bench-"));
  const line = "-".repeat(118);
  if (runs("diagnostics")) {
    const peerProbe = await checkPeerValidates(dir);
    const rows = [];
    for (const lines of [1000, 10000]) {
      const text = serviceOfLines(lines);
      const mailroom = await measureService("mailroom", dir, text);
      const peer = await measureService("yaml-language-server", dir, text);
      rows.push({ mailroom, peer });
    }
    console.log(`\n${line}`);
    console.log(
      `${"lines".padStart(6)} ${"KiB".padStart(5)} | ${"change->diagnostics p50".padStart(23)} ${"p95".padStart(6)} ${`<=${TARGET_DIAGNOSTICS_MS}`.padStart(5)} | ${"yaml-ls p50".padStart(11)} ${"p95".padStart(6)} ${"p95 ratio".padStart(9)} ${`<=${TARGET_PEER_RATIO}`.padStart(6)} | ${"completion p50".padStart(14)} ${"p95".padStart(5)} ${`<=${TARGET_COMPLETION_MS}`.padStart(5)}`,
    );
    console.log(line);
    for (const { mailroom: row, peer } of rows) {
      const ratio = row.p95 / peer.p95;
      const small = row.lines <= ABSOLUTE_TARGET_UP_TO_LINES * 1.05;
      console.log(
        `${String(row.lines).padStart(6)} ${row.kib.toFixed(0).padStart(5)} | ${ms(row.p50).padStart(23)} ${ms(row.p95).padStart(6)} ${(small ? verdict(row.p95 <= TARGET_DIAGNOSTICS_MS) : "-").padStart(5)} | ${ms(peer.p50).padStart(11)} ${ms(peer.p95).padStart(6)} ${ratio.toFixed(2).padStart(9)} ${(small ? "-" : verdict(ratio <= TARGET_PEER_RATIO)).padStart(6)} | ${ms(row.completion50).padStart(14)} ${ms(row.completion95).padStart(5)} ${verdict(row.completion95 <= TARGET_COMPLETION_MS).padStart(5)}`,
      );
    }
    console.log(line);
    console.log(
      `times in ms; yaml-ls = yaml-language-server validating with schemas/service-dsl.schema.json (${peerProbe} diagnostics on a probe with a wrong type); completion at: ${rows[0].mailroom.sites.join(", ")}`,
    );
  }
  if (runs("large")) {
    const large = await measureLargeFile(dir);
    console.log(
      `large file: a ${large.mib.toFixed(1)} MiB JSON service opened and edited 3 times (first diagnostics after ${ms(large.firstDiagnostics)} ms, ${large.diagnostics} of them): ${large.hovers} hovers on a small service meanwhile, p50 ${ms(large.p50)} ms, p95 ${ms(large.p95)} ms, max ${ms(large.max)} ms (target p95 <= ${TARGET_HOVER_MS} ms): ${verdict(large.p95 <= TARGET_HOVER_MS)}`,
    );
  }
  if (!KEEP) rmSync(dir, { recursive: true, force: true });

  if (runs("memory")) {
    const workspace = await generateWorkspace({ count: FILES });
    // The workspace holds the DSL services only: `FILES` service files, as an authoring repository would.
    for (const pair of workspace.files) unlinkSync(pair.json);
    const mailroom = await measureMemory("mailroom", workspace.files, workspace.dir);
    const peer = await measureMemory("yaml-language-server", workspace.files, workspace.dir);
    if (!KEEP) rmSync(workspace.dir, { recursive: true, force: true });
    const ratio = mailroom.rss / peer.rss;
    console.log(
      `server memory, ${FILES} service files in the workspace folder, all open (${mailroom.message?.replace(/^mailroom: /, "")}): mailroom VmRSS ${mailroom.rss.toFixed(0)} MiB (VmHWM ${mailroom.hwm.toFixed(0)}), yaml-language-server ${peer.rss.toFixed(0)} MiB (VmHWM ${peer.hwm.toFixed(0)}): ratio ${ratio.toFixed(2)} (target <= ${TARGET_MEMORY_RATIO}): ${verdict(ratio <= TARGET_MEMORY_RATIO)}`,
    );
    if (KEEP) console.log(`workspace kept in ${workspace.dir}`);
  }
  if (KEEP) console.log(`files kept in ${dir}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
