import "./node/globals.js";
import { SAMPLES } from "playground:samples";
import { ConfigResolver, checkDocument, type ResolvedSettings } from "@mailroom/checker";
import { formatServiceJson, readDocument, type SourceDocument } from "@mailroom/compiler";
import { documentServices, renderHtmlPage, workedExample } from "@mailroom/docs";
import { startBrowserServer } from "@mailroom/language-server/browser";
import type { Service } from "@mailroom/model";
import {
  checkAgainstService,
  compareCase,
  differenceMessage,
  outcomeJson,
  outcomeText,
  readOrganizationalUnit,
  readTestFile,
  runCase,
  setPdfDataFolder,
  simulateJob,
} from "@mailroom/runtime";
import { type Diagnostic, LineIndex } from "@mailroom/syntax";
import { removeMemoryFile, writeMemoryFile } from "./node/memory-files.js";
import { type Answer, type CaseLine, type EditedFiles, type Finding, type Request, WORK_FOLDER } from "./protocol.js";

/*
 * The worker: mailroom's language server on the port the page sends first, and the page's other requests (the
 * JSON, the docs page, the values on dropped files, the test cases), computed by the same packages as the CLI's
 * commands, on files held in memory.
 */

declare const self: {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};

for (const [path, base64] of Object.entries(SAMPLES)) {
  writeMemoryFile(
    `${WORK_FOLDER}/${path}`,
    Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
  );
}
// pdf.js's data (fonts, character maps) is served beside the worker.
setPdfDataFolder(new URL("pdfjs/", import.meta.url).pathname);

const at = (name: string) => `${WORK_FOLDER}/${name}`;

/** The names of the edited files last written: those of another example are removed once it is left. */
let written: string[] = [];

/** The edited files, written where the commands read them. */
function write(files: EditedFiles): void {
  const names = [files.service.name, files.test.name];
  for (const name of written) if (!names.includes(name)) removeMemoryFile(at(name));
  written = names;
  writeMemoryFile(at(files.service.name), files.service.text);
  writeMemoryFile(at(files.test.name), files.test.text);
  writeMemoryFile(at("mailroom.config.yaml"), files.config);
}

/** A finding as a line: where, how bad, what, and its code. */
function findingOf(text: string, d: Diagnostic): Finding {
  const { line, column } = new LineIndex(text).position(d.span.offset);
  return `${line}:${column} ${d.severity} ${d.message} [${d.code}]`;
}

/** The service checked as `mailroom lint` checks it, with its configuration's settings. */
async function checked(files: EditedFiles): Promise<{
  document: SourceDocument;
  diagnostics: Diagnostic[];
  settings: ResolvedSettings;
}> {
  write(files);
  const file = at(files.service.name);
  const settings = await new ConfigResolver().settingsFor(file);
  const document = readDocument(file, files.service.text);
  return { document, diagnostics: checkDocument(document, { rules: settings.rules }), settings };
}

const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === "error");

async function answer(request: Request): Promise<Answer> {
  switch (request.kind) {
    case "build": {
      const { document, diagnostics } = await checked(request.files);
      const [service] = document.services;
      const findings = diagnostics.map((d) => findingOf(request.files.service.text, d));
      const boxes = ((service?.json as Service | undefined)?.properties?.boxes ?? []).map((box) => box.name);
      // What `mailroom build` writes: two-space JSON and a final newline, or nothing for a file with errors.
      if (!service || hasErrors(diagnostics)) return { kind: "build", findings, boxes };
      return { kind: "build", json: formatServiceJson(service.json), findings, boxes };
    }
    case "docs": {
      const { document, diagnostics, settings } = await checked(request.files);
      const [service, ...more] = hasErrors(diagnostics) ? [] : document.services;
      const test = { file: request.files.test.name, text: request.files.test.text };
      const example =
        service && more.length === 0 ? await workedExample(service.json as Service, test, settings.areaUnit) : null;
      const { services } = documentServices([
        {
          file: request.files.service.name,
          text: request.files.service.text,
          document,
          diagnostics,
          workedExample: example,
        },
      ]);
      const [page] = services;
      return { kind: "docs", html: page ? await renderHtmlPage(page) : "" };
    }
    case "drop":
      writeMemoryFile(at(request.name), request.bytes);
      return { kind: "drop" };
    case "eval":
      return evaluate(request);
    case "test":
      return runTests(request.files);
  }
}

/** `mailroom eval` on the dropped files: refused while the service has errors, as the command refuses. */
async function evaluate(request: Extract<Request, { kind: "eval" }>): Promise<Answer> {
  const { document, diagnostics, settings } = await checked(request.files);
  const text = request.files.service.text;
  const [service] = document.services;
  if (!service || hasErrors(diagnostics)) {
    return {
      kind: "eval",
      findings: [
        "The service has errors; fix them before evaluating it.",
        ...diagnostics.filter((d) => d.severity === "error").map((d) => findingOf(text, d)),
      ],
    };
  }
  const now = request.now === "" ? Date.now() : Date.parse(request.now);
  if (Number.isNaN(now))
    return { kind: "eval", findings: [`"${request.now}" is not an ISO-8601 instant such as 2024-03-15T10:00:00Z.`] };
  let organizationalUnit: unknown;
  if (request.ou !== "") {
    const unit = await readOrganizationalUnit(at(request.ou));
    if (!unit.ok) return { kind: "eval", findings: [`${request.ou}: ${unit.problem}`] };
    organizationalUnit = unit.value;
  }
  const simulation = await simulateJob(service.json as Service, {
    // Relative to the service's folder, as the command line names them from there.
    files: request.dropped.map((f) => [f.box, f.name]),
    organizationalUnit,
    requirements: {},
    now,
    areaUnit: settings.areaUnit ?? "pt",
  }).catch((error: unknown) => ({ ok: false as const, box: "", file: "", entry: undefined, problem: String(error) }));
  if (!simulation.ok) {
    const entry = simulation.entry === undefined ? "" : `, its file ${simulation.entry}`;
    return { kind: "eval", findings: [`${simulation.box}=${simulation.file}${entry}: ${simulation.problem}`] };
  }
  const { outcome } = simulation;
  const missing = outcome.documents.flatMap(({ document: d, metadata }) =>
    [...metadata].flatMap(([name, result]) =>
      "problem" in result ? [`${d.box}#${d.position} ${name}: ${result.problem}`] : [],
    ),
  );
  return { kind: "eval", json: outcomeJson(outcome), text: outcomeText(outcome), findings: missing };
}

/** The cases of the test file, each run and compared as `mailroom test` does. */
async function runTests(files: EditedFiles): Promise<Answer> {
  const { document, diagnostics, settings } = await checked(files);
  const file = at(files.test.name);
  const read = readTestFile(file, files.test.text);
  const findingsOf = (list: readonly Diagnostic[]) => list.map((d) => findingOf(files.test.text, d));
  if (!read.value) return { kind: "test", cases: [], findings: findingsOf(read.diagnostics) };
  const [service, ...more] = document.services;
  if (!service || more.length > 0 || hasErrors(diagnostics)) {
    return {
      kind: "test",
      cases: [],
      findings: [`${files.service.name} has errors, or not one service: no case runs.`],
    };
  }
  const json = service.json as Service;
  const mismatches = checkAgainstService(read.value, json, read.locate);
  if (mismatches.length > 0) return { kind: "test", cases: [], findings: findingsOf(mismatches) };
  const cases: CaseLine[] = [];
  for (const [index, testCase] of read.value.cases.entries()) {
    const run = await runCase(file, testCase, index, json, settings.areaUnit ?? "pt", read.locate);
    if (!run.ok) {
      cases.push({ name: testCase.name, status: "broken", details: findingsOf(run.problems) });
      continue;
    }
    const differences = compareCase(testCase, run.outcome, run.testPath, ["cases", index]);
    cases.push({
      name: testCase.name,
      status: differences.length > 0 ? "failed" : "passed",
      details: differences.map(differenceMessage),
    });
  }
  return { kind: "test", cases, findings: [] };
}

self.onmessage = ({ data }: MessageEvent) => {
  if (data?.kind === "lsp") {
    startBrowserServer(data.port as MessagePort);
    return;
  }
  const { id, request } = data as { id: number; request: Request };
  answer(request).then(
    (reply) => self.postMessage({ id, reply }),
    (error: unknown) =>
      self.postMessage({
        id,
        reply: { kind: "error", message: error instanceof Error ? error.message : String(error) },
      }),
  );
};
