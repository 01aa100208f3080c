import { readSource } from "@mailroom/checker";
import { type ParsedDocument, type ParsedTestFile, parseTestFile } from "@mailroom/language";
import type { Service } from "@mailroom/model";
import {
  checkAgainstService,
  checkCase,
  differenceMessage,
  expectationsProblem,
  type ReadTestFile,
  readTestFile,
} from "@mailroom/runtime";
import type { Diagnostic } from "@mailroom/syntax";
import * as lsp from "vscode-languageserver";
import { toDiagnostic, toRange } from "./convert.js";
import { publish, settingsOf } from "./diagnostics.js";
import { fileOf, isTest, parse, parseTest } from "./documents.js";
import { guarded } from "./requests/guard.js";
import { type SampleRun, sampleRun } from "./samples.js";
import type { ServerState } from "./state.js";
import { testContext } from "./test-files.js";

/*
 * Test cases run from the editor: a code lens "Run" above each case of an open test file, whose command the server
 * executes (`workspace/executeCommand`), so that any client with code lenses runs them; a client with a test view
 * of its own (VS Code's Testing) lists the cases and runs them with the same commands. Likewise "Run on sample"
 * above each box of a service file that has a sample: the box evaluated on it (samples.ts). The case runs as
 * `mailroom test` runs it (runtime's checkCase); a failed case's differences become diagnostics of the test file,
 * on the expectations they contradict, until it is edited; the lens says how the last run went.
 */

/** The command running one case: arguments, the test file's URI and the case's index in `cases`. */
export const RUN_CASE_COMMAND = "mailroom.runTestCase";
/** The command listing the cases of an open test file (argument: its URI), for a client's own test views. */
export const LIST_CASES_COMMAND = "mailroom.listTestCases";

/** The command evaluating a box of a service file on its sample: arguments, the file's URI and the box's name. */
export const RUN_ON_SAMPLE_COMMAND = "mailroom.runOnSample";

/** A case of a test file, as LIST_CASES_COMMAND gives it. */
export interface ListedCase {
  readonly name: string;
  readonly index: number;
  readonly range: lsp.Range;
}

/** What a run of a case gives the client (the command's result): how it went, and where. */
export interface CaseRunResult {
  readonly name: string;
  /** passed, failed (differences), or broken (the case, its files or its service cannot be run: problems). */
  readonly status: "passed" | "failed" | "broken";
  readonly differences: readonly { readonly message: string; readonly range: lsp.Range }[];
  readonly problems: readonly lsp.Diagnostic[];
}

/** The last run of each case of a test file, for the version of the file it ran on. */
interface Runs {
  readonly version: number;
  readonly cases: Map<number, CaseRunResult>;
}

const runsOf = new WeakMap<ServerState, Map<string, Runs>>();

/** The runs of a test file still current at `version`. */
function currentRuns(state: ServerState, uri: string, version: number): Map<number, CaseRunResult> | undefined {
  const runs = runsOf.get(state)?.get(uri);
  return runs?.version === version ? runs.cases : undefined;
}

/** The diagnostics the last runs of a test file's cases left on its current version (published with its own). */
export function caseRunDiagnostics(state: ServerState, uri: string, version: number): lsp.Diagnostic[] {
  const runs = currentRuns(state, uri, version);
  if (!runs) return [];
  return [...runs.values()].flatMap((run) => [
    ...run.differences.map(
      (d): lsp.Diagnostic => ({
        range: d.range,
        severity: lsp.DiagnosticSeverity.Error,
        source: "mailroom test",
        message: `Case "${run.name}": ${d.message}`,
      }),
    ),
    ...run.problems,
  ]);
}

export function registerCaseRuns(state: ServerState): void {
  const { connection } = state;
  connection.onCodeLens(
    guarded(state, "codeLens", [], async (params: lsp.CodeLensParams) => {
      const uri = params.textDocument.uri;
      const service = parse(state, uri);
      if (service) return sampleLenses(state, uri, service);
      const test = parseTest(state, uri);
      const runs = test && currentRuns(state, uri, test.version);
      return listCases(test).map(({ index, range }): lsp.CodeLens => {
        const last = runs?.get(index);
        const title = last ? `Run (last run: ${last.status})` : "Run";
        return { range, command: { title, command: RUN_CASE_COMMAND, arguments: [uri, index] } };
      });
    }),
  );
  connection.onExecuteCommand(
    guarded(state, "executeCommand", null, async (params: lsp.ExecuteCommandParams) => {
      // The test file's or service file's URI, then the case's index or the box's name.
      const [uri, which] = params.arguments ?? [];
      if (typeof uri !== "string") return null;
      if (params.command === LIST_CASES_COMMAND) return listCases(await testFile(state, uri));
      if (params.command === RUN_CASE_COMMAND && typeof which === "number") return runCase(state, uri, which);
      if (params.command === RUN_ON_SAMPLE_COMMAND && typeof which === "string") return runOnSample(state, uri, which);
      return null;
    }),
  );
}

const sampleRuns = new WeakMap<ServerState, Map<string, { version: number; runs: Map<string, SampleRun> }>>();

const sampleRunsOf = (state: ServerState) => {
  const runs = sampleRuns.get(state) ?? new Map();
  sampleRuns.set(state, runs);
  return runs;
};

/** The last "Run on sample" of each box of a service file, while the file is at `version`. */
function currentSampleRuns(state: ServerState, uri: string, version: number): Map<string, SampleRun> | undefined {
  const kept = sampleRuns.get(state)?.get(uri);
  return kept?.version === version ? kept.runs : undefined;
}

/** Evaluates `box` of the open service file `uri` on its sample, and keeps what it gave for its lens. */
async function runOnSample(state: ServerState, uri: string, box: string): Promise<SampleRun | null> {
  const document = parse(state, uri);
  const run = document && (await sampleRun(state, uri, document, box));
  if (!document || !run) return null;
  const runs = new Map(currentSampleRuns(state, uri, document.version));
  sampleRunsOf(state).set(uri, { version: document.version, runs: runs.set(box, run) });
  if (state.client.codeLensRefresh) void state.connection.sendRequest(lsp.CodeLensRefreshRequest.type);
  return run;
}

/** "Run on sample" above each box the configuration names a sample for; after a run, what it gave. */
async function sampleLenses(state: ServerState, uri: string, document: ParsedDocument): Promise<lsp.CodeLens[]> {
  const sampled = new Set(Object.keys((await settingsOf(state, uri, document.file)).samples ?? {}));
  const runs = currentSampleRuns(state, uri, document.version);
  return state.service
    .documentSymbols(document)
    .flatMap((service) => service.children.filter((box) => box.kind === "box" && sampled.has(box.name)))
    .map((box): lsp.CodeLens => {
      const run = runs?.get(box.name);
      const refused = run?.metadata.filter((m) => m.problem !== undefined).length ?? 0;
      const title = !run
        ? "Run on sample"
        : run.problem !== undefined
          ? `Run on sample (last run: ${run.problem})`
          : `Run on sample (last run: ${run.metadata.length - refused} values${refused > 0 ? `, ${refused} without` : ""})`;
      return {
        range: toRange(document.lines, box.selectionSpan),
        command: { title, command: RUN_ON_SAMPLE_COMMAND, arguments: [uri, box.name] },
      };
    });
}

/**
 * The test file at `uri`: its open buffer, else the file on disk (a client's test view may list files it has not
 * opened), through the bounded reader.
 */
async function testFile(state: ServerState, uri: string): Promise<ParsedTestFile | undefined> {
  const open = parseTest(state, uri);
  if (open || !uri.startsWith("file:") || !isTest(uri) || state.documents.get(uri)) return open;
  const source = await readSource(fileOf(uri));
  return source.ok ? parseTestFile(fileOf(uri), source.text) : undefined;
}

/** The cases of the test file `uri`, each where it starts; none for a file that is not one or cannot be read. */
function listCases(test: ParsedTestFile | undefined): ListedCase[] {
  if (!test) return [];
  const read = readTestFile(test.file, test.text);
  return (read.value?.cases ?? []).map((testCase, index) => ({
    name: testCase.name,
    index,
    range: toRange(test.lines, read.locate(["cases", index]).span),
  }));
}

/** Runs case `index` of the open test file `uri`, keeps its outcome, and publishes the file's diagnostics again. */
async function runCase(state: ServerState, uri: string, index: number): Promise<CaseRunResult | null> {
  const test = await testFile(state, uri);
  if (!test) return null;
  const read = readTestFile(test.file, test.text);
  const testCase = read.value?.cases[index];
  if (!read.value || !testCase) return null;
  const { docsBase } = state.client.options;
  const located = (problems: readonly Diagnostic[]) =>
    problems.map((d) =>
      toDiagnostic(test.lines, d, docsBase, (file) => (file ? undefined : { uri, lines: test.lines })),
    );
  const base = { name: testCase.name, differences: [], problems: [] };
  let result: CaseRunResult;
  const service = await testedService(state, test, read);
  if ("problems" in service) {
    result = { ...base, status: "broken", problems: located(service.problems) };
  } else {
    const unexpected = expectationsProblem(testCase, index, read.locate);
    const { areaUnit } = await settingsOf(state, uri, test.file);
    const run = unexpected
      ? { ok: false as const, problems: [unexpected] }
      : await checkCase(test.file, testCase, index, service.service, areaUnit ?? "pt", read.locate);
    if (!run.ok) result = { ...base, status: "broken", problems: located(run.problems) };
    else
      result = {
        ...base,
        status: run.differences.length > 0 ? "failed" : "passed",
        differences: run.differences.map((d) => ({
          message: differenceMessage(d),
          range: toRange(test.lines, { offset: d.offset, length: 0 }),
        })),
      };
  }
  // Not open (nothing to show it on), or edited meanwhile (this run is of a version gone).
  if (parseTest(state, uri) !== test) return result;
  const all = runsOf.get(state) ?? new Map<string, Runs>();
  runsOf.set(state, all);
  const kept = all.get(uri);
  const cases = kept?.version === test.version ? kept.cases : new Map<number, CaseRunResult>();
  cases.set(index, result);
  all.set(uri, { version: test.version, cases });
  await publish(state, uri);
  // The lens says how it went, where the client can redraw lenses on demand.
  if (state.client.codeLensRefresh) void state.connection.sendRequest(lsp.CodeLensRefreshRequest.type);
  return result;
}

/**
 * The service the test file tests, as `mailroom test` would run it: its open buffer or its file, compiled
 * without errors, holding one service that has what the test file names.
 */
async function testedService(
  state: ServerState,
  test: ParsedTestFile,
  read: ReadTestFile,
): Promise<{ service: Service } | { problems: Diagnostic[] }> {
  const context = await testContext(state, test);
  const tested = context.service;
  const problems = await state.service.validateTestFile(test, context);
  const errors = problems.filter((d) => d.severity === "error");
  if (errors.length > 0 || !("document" in tested)) return { problems: errors };
  const [only, ...others] = tested.document.source.services;
  if (!only || others.length > 0 || tested.document.source.diagnostics.some((d) => d.severity === "error"))
    return { problems: errors };
  const service = only.json as Service;
  const mismatches = read.value ? checkAgainstService(read.value, service, read.locate) : [];
  return mismatches.length > 0 ? { problems: mismatches } : { service };
}
