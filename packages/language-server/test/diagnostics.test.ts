import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DiagnosticSeverity, DidChangeWatchedFilesNotification, FileChangeType } from "vscode-languageserver-protocol";
import { cliBin, repoRoot, SAMPLE, serverForAll, uriOf, writeFile } from "./client.js";

const run = promisify(execFile);

interface LintJson {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
}

const SEVERITY: Record<string, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** What `mailroom lint --format json` reports for a file, as LSP would say it (0-based lines and characters). */
async function lintAsLsp(file: string, cwd: string) {
  const { stdout } = await run(process.execPath, [cliBin, "lint", "--format", "json", file], { cwd }).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  return (JSON.parse(stdout) as LintJson[]).map((d) => ({
    code: d.code,
    severity: SEVERITY[d.severity],
    range: {
      start: { line: d.line - 1, character: d.column - 1 },
      end: { line: d.endLine - 1, character: d.endColumn - 1 },
    },
  }));
}

describe("diagnostics over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 150 } });

  it("publishes on open what `mailroom lint` reports: codes, ranges, severities", async () => {
    const dsl = writeFile(join(server.dir, "letter.service.yaml"), SAMPLE);
    const json = join(server.dir, "bad-type.service.json");
    copyFileSync(join(repoRoot, "test/fixtures/json/err/apposition-bad-type.service.json"), json);
    for (const file of [dsl, json]) {
      const expected = await lintAsLsp(file, server.dir);
      expect(expected.length).toBeGreaterThan(0);
      const uri = server.client.open(file, readFileSync(file, "utf8"));
      const published = await server.client.diagnostics(uri);
      expect(published.version).toBe(1);
      expect(published.diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: d.range }))).toEqual(
        expected,
      );
    }
  });

  it("links each diagnostic to its rule's page and gives the source", async () => {
    const file = writeFile(join(server.dir, "links.service.yaml"), SAMPLE);
    const published = await server.client.diagnostics(server.client.open(file, SAMPLE));
    const timeZone = published.diagnostics.find((d) => d.code === "time-zone");
    expect(timeZone?.source).toBe("mailroom");
    expect(timeZone?.codeDescription?.href).toBe(uriOf(join(repoRoot, "docs/rules/time-zone.md")));
    expect(timeZone?.message).toContain('"Europe/Pariss"');
  });

  it("honours the nearest mailroom.config.yaml, and reads it again when it changes", async () => {
    const project = join(server.dir, "configured");
    mkdirSync(project);
    const config = writeFile(
      join(project, "mailroom.config.yaml"),
      "rules:\n  unused-metadata: off\n  time-zone: warning\n",
    );
    const file = writeFile(join(project, "a.service.yaml"), SAMPLE);
    const uri = server.client.open(file, SAMPLE);
    const first = await server.client.diagnostics(uri);
    expect(first.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["undefined-metadata", DiagnosticSeverity.Error],
      ["time-zone", DiagnosticSeverity.Warning],
    ]);

    // The file changes on disk; the client's watcher says so and the server lints again with the new settings.
    writeFile(config, "rules:\n  undefined-metadata: off\n");
    const since = server.client.publications.length;
    await server.client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(config), type: FileChangeType.Changed }],
    });
    const second = await server.client.diagnostics(uri, () => true, since);
    expect(second.diagnostics.map((d) => d.code)).toEqual(["unused-metadata", "time-zone"]);
  });

  it("applies a configuration as edited in the editor, and shows a broken one's problems on it", async () => {
    const project = join(server.dir, "edited");
    mkdirSync(project);
    const config = writeFile(join(project, "mailroom.config.yaml"), "rules: {}\n");
    const file = writeFile(join(project, "a.service.yaml"), SAMPLE);
    const uri = server.client.open(file, SAMPLE);
    expect((await server.client.diagnostics(uri)).diagnostics).toHaveLength(3);

    const configUri = server.client.open(config, "rules: {}\n", "yaml");
    let since = server.client.publications.length;
    server.client.change(configUri, 2, [{ text: "rules:\n  time-zone: off\n  unused-metadata: off\n" }]);
    const edited = await server.client.diagnostics(uri, () => true, since);
    expect(edited.diagnostics.map((d) => d.code)).toEqual(["undefined-metadata"]);

    since = server.client.publications.length;
    server.client.change(configUri, 3, [{ text: "rules:\n  no-such-rule: off\n" }]);
    const broken = await server.client.diagnostics(configUri, (p) => p.diagnostics.length > 0, since);
    expect(broken.diagnostics[0]?.code).toBe("unknown-rule");
    expect(broken.diagnostics[0]?.range.start.line).toBe(1);
  });

  it("honours suppression comments", async () => {
    const text = SAMPLE.replace(
      '      sentOn: now | formatDate("yyyy-MM-dd", "Europe/Pariss")',
      '      # mailroom-disable-next-line time-zone, unused-metadata\n      sentOn: now | formatDate("yyyy-MM-dd", "Europe/Pariss")',
    );
    const file = writeFile(join(server.dir, "suppressed.service.yaml"), text);
    const published = await server.client.diagnostics(server.client.open(file, text));
    expect(published.diagnostics.map((d) => d.code)).toEqual(["undefined-metadata"]);
  });

  it("publishes once for a burst of edits, for the last version", async () => {
    const file = writeFile(join(server.dir, "typing.service.yaml"), SAMPLE);
    const uri = server.client.open(file, SAMPLE);
    await server.client.diagnostics(uri);
    const since = server.client.publications.length;
    // Three quick edits fixing the misspelt name (Nmae -> ae -> Nae -> Name); only the last version is linted.
    const at = SAMPLE.indexOf("recipientNmae") + "recipient".length;
    const line = SAMPLE.slice(0, at).split("\n").length - 1;
    const character = at - SAMPLE.lastIndexOf("\n", at - 1) - 1;
    server.client.change(uri, 2, [
      { range: { start: { line, character }, end: { line, character: character + 2 } }, text: "" },
    ]);
    server.client.change(uri, 3, [{ range: { start: { line, character }, end: { line, character } }, text: "N" }]);
    const after = { line, character: character + 2 };
    server.client.change(uri, 4, [{ range: { start: after, end: after }, text: "m" }]);
    const published = await server.client.diagnostics(uri, (p) => p.version === 4, since);
    expect(
      server.client.publications
        .slice(since)
        .filter((p) => p.uri === uri)
        .map((p) => p.version),
    ).toEqual([4]);
    expect(published.diagnostics.map((d) => d.code)).toEqual(["unused-metadata", "time-zone"]);
  });
});
