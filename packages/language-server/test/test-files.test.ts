import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CompletionItem,
  CompletionRequest,
  DiagnosticSeverity,
  HoverRequest,
  type MarkupContent,
} from "vscode-languageserver-protocol";
import { cliBin, positionOf, repoRoot, serverForAll, serverPerTest, writeFile } from "./client.js";

const run = promisify(execFile);

/** A test of the payslips example, beside a copy of its service and one sample. */
const TEST = `service: payslips.service.yaml
cases:
  - name: one payslip
    files:
      PAYSLIPS: samples/PAIE.pdf
    expect:
      documents:
        PAYSLIPS:
          - metadata: { employeeId: AB12345 }
`;

describe("test files over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });

  beforeAll(() => {
    copyFileSync(join(repoRoot, "examples/payslips.service.yaml"), join(server.dir, "payslips.service.yaml"));
    mkdirSync(join(server.dir, "samples"));
    writeFile(join(server.dir, "samples/PAIE.pdf"), "%PDF-1.7\n");
  });

  const open = (name: string, text: string, languageId?: string) =>
    server.client.open(writeFile(join(server.dir, name), text), text, languageId);

  const complete = async (uri: string, text: string, marker: string, delta: number): Promise<CompletionItem[]> => {
    const list = await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: positionOf(text, marker, delta),
    });
    return Array.isArray(list) ? list : (list?.items ?? []);
  };

  it("publishes nothing for a test file whose boxes, metadata and samples are right", async () => {
    const published = await server.client.diagnostics(open("right.service.test.yaml", TEST));
    expect(published.diagnostics).toEqual([]);
  });

  it("publishes a YAML error of a test file", async () => {
    const text = `${TEST}    now: [2024\n`;
    const published = await server.client.diagnostics(open("yaml-error.service.test.yaml", text));
    expect(published.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["syntax-error", DiagnosticSeverity.Error],
    ]);
  });

  it("publishes an unknown box with the nearest name, and a missing sample, at the names written", async () => {
    const text = TEST.replace(
      "      PAYSLIPS: samples/PAIE.pdf\n",
      "      PAYSLIPS: samples/PAIE.pdf\n      ATTESTATION: samples/ATTEST.pdf\n",
    );
    const published = await server.client.diagnostics(open("unknown-box.service.test.yaml", text));
    const found = published.diagnostics.map((d) => ({ code: d.code, start: d.range.start, message: d.message }));
    expect(found).toEqual([
      {
        code: "unknown-box",
        start: positionOf(text, "ATTESTATION:"),
        message: expect.stringContaining('"ATTESTATIONS"'),
      },
      { code: "bad-sample", start: positionOf(text, "samples/ATTEST.pdf"), message: expect.any(String) },
    ]);
    expect(published.diagnostics[0]?.codeDescription?.href).toContain("diagnostics.md");
  });

  it("publishes a service that cannot be found, for a test file without one beside it", async () => {
    const text = TEST.replace("service: payslips.service.yaml\n", "");
    const published = await server.client.diagnostics(open("nothing.service.test.yaml", text));
    expect(published.diagnostics.map((d) => [d.code, d.range.start])).toEqual([
      ["broken-service", { line: 0, character: 0 }],
    ]);
    expect(published.diagnostics[0]?.message).toContain('"nothing.service.yaml"');
  });

  it("does not lint a test file as a service, whatever language id the client gives it", async () => {
    const published = await server.client.diagnostics(open("as-service.service.test.yaml", TEST, "mailroom-service"));
    expect(published.diagnostics).toEqual([]);
  });

  it("completes the service's box names, a box's metadata names and the schema's keys", async () => {
    const text = `${TEST}          - metadata: { employeeN }\n        ATT\n    are\n`;
    const uri = open("completion.service.test.yaml", text);
    await server.client.diagnostics(uri, (p) => p.version === 1);
    const boxes = await complete(uri, text, "        ATT\n", 11);
    expect(boxes.map((i) => i.label)).toEqual(["ATTESTATIONS"]);
    const metadata = await complete(uri, text, "employeeN }", 9);
    expect(metadata.map((i) => i.label)).toContain("employeeName");
    expect(metadata.map((i) => i.label)).not.toContain("attestationEmployeeId");
    const keys = await complete(uri, text, "    are\n", 7);
    const areaUnit = keys.find((i) => i.label === "areaUnit");
    expect(areaUnit?.textEdit).toMatchObject({ newText: "areaUnit: " });
    expect((areaUnit?.documentation as MarkupContent | undefined)?.value).toContain("unit of the service's areas");
  });

  it("completes the boxes of the service as the editor shows it, and sample paths beside the test file", async () => {
    const service = "id: 1\nname: S\ntype: SIMPLE_UNIQUE\nboxes:\n  LETTERS:\n    type: pdf\n    main: true\n";
    open("edited.service.yaml", service);
    const text = "cases:\n  - name: x\n    files:\n      L\n";
    const uri = open("edited.service.test.yaml", text);
    expect((await complete(uri, text, "      L\n", 7)).map((i) => i.label)).toEqual(["LETTERS"]);
    const paths = "service: edited.service.yaml\ncases:\n  - name: x\n    files:\n      LETTERS: samples/\n";
    const pathUri = open("paths.service.test.yaml", paths);
    const items = await complete(pathUri, paths, "samples/\n", 8);
    expect(items.map((i) => i.label)).toEqual(["PAIE.pdf"]);
  });

  it("shows the schema's description of a key on hover", async () => {
    const text = `${TEST}    now: 2024-03-15T10:00:00Z\n`;
    const uri = open("hover.service.test.yaml", text);
    const hover = await server.client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: positionOf(text, "now:", 1),
    });
    expect((hover?.contents as MarkupContent | undefined)?.value).toContain("ISO-8601");
  });
});

describe("test files are not services", () => {
  const servers = serverPerTest();

  it("`mailroom lint` of a folder and the workspace index leave test files out", async () => {
    const dir = servers.folder();
    copyFileSync(join(repoRoot, "examples/payslips.service.yaml"), join(dir, "payslips.service.yaml"));
    // As a service, this would be full of errors.
    writeFile(join(dir, "payslips.service.test.yaml"), TEST);
    const { stdout } = await run(process.execPath, [cliBin, "lint", "--format", "json", dir]);
    expect(JSON.parse(stdout)).toEqual([]);
    const client = await servers.start({ root: dir });
    await client.logged(/indexed 1 service files/);
  });
});
