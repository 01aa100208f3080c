import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument, validate } from "@mailroom/language";
import { LineIndex } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { DocumentSymbolRequest, HoverRequest, WorkspaceSymbolRequest } from "vscode-languageserver-protocol";
import { positionOf, repoRoot, SAMPLE, serverPerTest, uriOf, writeFile } from "./client.js";

/**
 * A JSON service of megabytes: the payslips example with a thousand copies of its attachment box, each of which
 * reads a box of another name (`box-target`), so the check has as many diagnostics to find and place.
 */
function largeService(copies: number): string {
  const service = JSON.parse(readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"));
  const attachment = service.properties.boxes[1];
  for (let i = 0; i < copies; i++) service.properties.boxes.push({ ...attachment, name: `${attachment.name}_${i}` });
  return JSON.stringify(service, null, 2);
}

/** The server's thread count, from /proc. */
function processStatus(pid: number): { threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { threads: Number(status.match(/Threads:\s+(\d+)/)?.[1]) };
}

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("large documents", () => {
  const servers = serverPerTest();
  const LARGE = largeService(1000);

  it("answers other documents while a large service is checked, then publishes its diagnostics", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir, initializationOptions: { diagnosticsDelay: 0 } });
    const small = client.open(writeFile(join(dir, "small.service.yaml"), SAMPLE), SAMPLE);
    await client.diagnostics(small);

    const file = join(dir, "large.service.json");
    const large = client.open(file, LARGE, "json");
    let checked = false;
    const published = client.diagnostics(large).then((publication) => {
      checked = true;
      return publication;
    });
    // Hover after hover, each sent once the one before is answered: a server busy checking the large document
    // would answer one or two at most before its diagnostics (the check blocking the rest until then).
    let answered = 0;
    while (!checked && answered < 5) {
      const hover = await client.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri: small },
        position: positionOf(SAMPLE, "meta.recipientNmae", 6),
      });
      expect(hover).not.toBeNull();
      if (!checked) answered++;
    }
    expect(answered).toBe(5);

    // The worker's diagnostics are the main thread's check of the same text, placed on the same lines.
    const { version, diagnostics } = await published;
    const lines = new LineIndex(LARGE);
    const expected = validate(parseDocument(file, LARGE), { rules: {} }).map((d) => [
      d.code,
      lines.position(d.span.offset).line - 1,
    ]);
    // A thousand box-target findings: the first 100 listed, the rest counted in one note.
    expect(expected.filter(([code]) => code === "box-target")).toHaveLength(100);
    expect(expected.filter(([code]) => code === "more-findings")).toHaveLength(1);
    expect(version).toBe(1);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual(expected);
  });

  it("answers requests on the large document itself, and releases it all once closed", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir, initializationOptions: { diagnosticsDelay: 0 } });
    const pid = client.process.pid as number;
    await settle(1000);
    const before = processStatus(pid);

    // Outside the workspace folder: once closed, nothing of it is kept, not even in the workspace index.
    const outside = servers.folder();
    const large = client.open(join(outside, "large.service.json"), LARGE, "json");
    await client.diagnostics(large);
    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: large } });
    expect(symbols?.length).toBe(1);
    const open = processStatus(pid);
    expect(open.threads).toBeGreaterThan(before.threads);

    client.close(large);
    await client.diagnostics(large, (p) => p.diagnostics.length === 0);
    // A thread takes a moment to end once terminated: waited for, up to 10 s.
    for (let waited = 0; processStatus(pid).threads > before.threads && waited < 10_000; waited += 100)
      await settle(100);
    const closed = processStatus(pid);
    const found = await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: "ATTESTATIONS_1" });
    expect(found).toEqual([]);
    // The checking worker has ended, its heap with it. (How much of the main thread's heap the process gives back
    // is up to the collector and the allocator: handlers.test.ts checks that closing drops every reference.)
    expect(closed.threads).toBe(before.threads);
  });

  it("with more documents open than parses kept, answers each from the editor's text", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir, initializationOptions: { diagnosticsDelay: 0 } });
    const texts = Array.from({ length: 40 }, (_, i) => SAMPLE.replace("  ANNEXES:", `  EDITOR${i}BOX:`));
    const uris = texts.map((text, i) => {
      // On disk, another box name: only the editor's text may be indexed.
      const file = writeFile(join(dir, `s${i}.service.yaml`), SAMPLE.replace("  ANNEXES:", `  DISK${i}BOX:`));
      return client.open(file, text);
    });
    for (const uri of uris) {
      const { diagnostics } = await client.diagnostics(uri);
      expect(diagnostics.map((d) => d.code)).toEqual(["undefined-metadata", "unused-metadata", "time-zone"]);
    }
    // The first documents' parses were dropped for the last ones': asked about, they are parsed again.
    const hover = await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: uris[0] as string },
      position: positionOf(texts[0] as string, "meta.recipientNmae", 6),
    });
    expect(hover).not.toBeNull();
    const symbols = await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: "BOX" });
    const boxes = (symbols ?? []).filter((s) => s.name.endsWith("BOX"));
    expect(boxes.map((s) => [s.name, "uri" in s.location ? s.location.uri : ""]).sort()).toEqual(
      texts.map((_, i) => [`EDITOR${i}BOX`, uriOf(join(dir, `s${i}.service.yaml`))]).sort(),
    );
  });
});
