import { execFile } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { type CodeLens, CodeLensRequest, ExecuteCommandRequest } from "vscode-languageserver-protocol";
import { cliBin, positionOf, repoRoot, serverForAll, uriOf, writeFile } from "./client.js";

const run_ = promisify(execFile);

interface CaseRunResult {
  readonly name: string;
  readonly status: string;
  readonly differences: { message: string; range: { start: { line: number; character: number } } }[];
  readonly problems: { message: string }[];
}

/** What `mailroom test --format json` says of each case of a test file. */
async function mailroomTest(
  file: string,
): Promise<{ name: string; status: string; differences: { message: string; line: number }[] }[]> {
  const { stdout } = await run_(process.execPath, [cliBin, "test", file, "--format", "json"]).catch((error) => error);
  return JSON.parse(stdout).files[0].cases;
}

// A test file's cases run from the editor: code lenses the server gives, a command it executes, diagnostics it
// publishes; on the examples, which `mailroom test examples` passes.
describe("test cases and samples run from the editor, over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });
  const file = () => join(server.dir, "registered-letter.service.test.yaml");

  beforeAll(() => {
    cpSync(join(repoRoot, "examples"), server.dir, { recursive: true });
  });

  const lenses = (uri: string) =>
    server.client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }) as Promise<CodeLens[]>;
  const runCase = (lens: CodeLens | undefined) =>
    server.client.connection.sendRequest(ExecuteCommandRequest.type, {
      command: lens?.command?.command ?? "missing",
      arguments: lens?.command?.arguments ?? [],
    }) as Promise<CaseRunResult>;

  it("offers the command it executes, and a Run lens above each case", async () => {
    expect(server.client.initialized.capabilities.executeCommandProvider?.commands).toEqual([
      "mailroom.runTestCase",
      "mailroom.listTestCases",
      "mailroom.runOnSample",
    ]);
    const text = readFileSync(file(), "utf8");
    const uri = server.client.open(file(), text);
    const found = await lenses(uri);
    const names = [...text.matchAll(/^ {2}- name: (.*)$/gm)].map((match) => match[1] as string);
    expect(names.length).toBeGreaterThan(1);
    expect(found.map((lens) => [lens.range.start, lens.command?.title, lens.command?.arguments])).toEqual(
      names.map((name, index) => [positionOf(text, `- name: ${name}`, 2), "Run", [uri, index]]),
    );
    // The same cases, named, for a client's test view.
    const listed = (await server.client.connection.sendRequest(ExecuteCommandRequest.type, {
      command: "mailroom.listTestCases",
      arguments: [uri],
    })) as { name: string; index: number; range: CodeLens["range"] }[];
    expect(listed).toEqual(names.map((name, index) => ({ name, index, range: found[index]?.range })));
  });

  it("lists and runs the cases of a test file the client has not opened, read from disk", async () => {
    const uri = uriOf(join(server.dir, "payslips.service.test.yaml"));
    const listed = (await server.client.connection.sendRequest(ExecuteCommandRequest.type, {
      command: "mailroom.listTestCases",
      arguments: [uri],
    })) as { name: string }[];
    const expected = await mailroomTest(join(server.dir, "payslips.service.test.yaml"));
    expect(listed.map((each) => each.name)).toEqual(expected.map((each) => each.name));
    const result = await runCase({
      range: listed[0] as never,
      command: { title: "", command: "mailroom.runTestCase", arguments: [uri, 0] },
    });
    expect(result.status).toBe(expected[0]?.status);
  });

  it("runs a case that passes, as mailroom test does, and says so on its lens", async () => {
    const text = readFileSync(file(), "utf8");
    const uri = server.client.open(file(), text);
    const [first] = await lenses(uri);
    const result = await runCase(first);
    const [expected] = await mailroomTest(file());
    expect(expected?.status).toBe("passed");
    expect(result).toEqual({ name: expected?.name, status: "passed", differences: [], problems: [] });
    expect((await lenses(uri))[0]?.command?.title).toBe("Run (last run: passed)");
  });

  it("runs a case that fails: its difference, as mailroom test words it, is a diagnostic on the expectation", async () => {
    const text = readFileSync(file(), "utf8").replace(
      "recipientName: Madame Claire Dupont",
      "recipientName: Madame Claire Durand",
    );
    const wrong = writeFile(
      join(server.dir, "registered-letter-wrong.service.test.yaml"),
      `service: registered-letter.service.yaml\n${text}`,
    );
    const uri = server.client.open(wrong, readFileSync(wrong, "utf8"));
    await server.client.diagnostics(uri);
    const since = server.client.publications.length;
    const [first] = await lenses(uri);
    const result = await runCase(first);
    const [expected] = await mailroomTest(wrong);
    expect(expected?.status).toBe("failed");
    const at = positionOf(readFileSync(wrong, "utf8"), "Madame Claire Durand");
    expect(result.status).toBe("failed");
    expect(result.differences.map((d) => d.message)).toEqual(expected?.differences.map((d) => d.message));
    expect(result.differences[0]?.range.start).toEqual(at);
    expect(expected?.differences[0]?.line).toBe(at.line + 1);
    const published = await server.client.diagnostics(uri, (p) => p.diagnostics.length > 0, since);
    expect(published.diagnostics).toEqual([
      expect.objectContaining({
        range: expect.objectContaining({ start: at }),
        source: "mailroom test",
        message: `Case "${expected?.name}": ${expected?.differences[0]?.message}`,
      }),
    ]);
    // An edit makes the run's outcome stale: its diagnostic goes.
    server.client.change(uri, 2, [{ text: readFileSync(wrong, "utf8") }]);
    const after = await server.client.diagnostics(uri, () => true, server.client.publications.length);
    expect(after.diagnostics).toEqual([]);
  });

  it("evaluates a box on its sample from a Run on sample lens, as mailroom eval does", async () => {
    const service = join(server.dir, "registered-letter.service.yaml");
    const text = readFileSync(service, "utf8");
    const uri = server.client.open(service, text);
    const found = await lenses(uri);
    // The configuration names a sample for the one box, LETTER.
    expect(found.map((lens) => [lens.range.start, lens.command?.title, lens.command?.arguments])).toEqual([
      [positionOf(text, "LETTER:"), "Run on sample", [uri, "LETTER"]],
    ]);
    const run = (await server.client.connection.sendRequest(ExecuteCommandRequest.type, {
      command: "mailroom.runOnSample",
      arguments: [uri, "LETTER"],
    })) as { box: string; metadata: { name: string; value?: unknown; problem?: string }[] };
    // It exits 1: a metadata has no value on the sample.
    const { stdout } = await run_(process.execPath, [cliBin, "eval", service, "--format", "json"], {
      cwd: server.dir,
    }).catch((error) => error);
    const [evaluated] = JSON.parse(stdout).documents;
    expect(run.box).toBe("LETTER");
    // The same values, and the same metadata without one, for the same reason.
    expect(Object.fromEntries(run.metadata.map((m) => [m.name, m.value ?? null]))).toEqual(evaluated.metadata);
    const refused = run.metadata.filter((m) => m.problem !== undefined);
    expect(Object.fromEntries(refused.map((m) => [m.name, m.problem]))).toEqual(evaluated.errors);
    const valued = run.metadata.length - refused.length;
    expect((await lenses(uri))[0]?.command?.title).toBe(
      `Run on sample (last run: ${valued} values, ${refused.length} without)`,
    );
  });
});
