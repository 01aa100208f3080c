import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { MAX_DSL_BYTES } from "@mailroom/checker";
import { describe, expect, it } from "vitest";
import { DidChangeWatchedFilesNotification, FileChangeType } from "vscode-languageserver-protocol";
import { SAMPLE, serverPerTest, uriOf, writeFile } from "./client.js";

/*
 * In the editor: the server reads files from disk (its workspace index, the
 * configurations) as `mailroom lint` does, within the same limits, and names a file in another encoding.
 */
describe("the server reads files as the CLI does", () => {
  const servers = serverPerTest();

  it("a configuration in UTF-16 is reported as such, with how to convert it", async () => {
    const dir = servers.folder();
    const config = join(dir, "mailroom.config.yaml");
    writeFileSync(config, Buffer.from("\uFEFFrules:\n  unused-metadata: off\n", "utf16le"));
    const client = await servers.start({ root: dir });
    client.open(writeFile(join(dir, "a.service.yaml"), SAMPLE), SAMPLE);
    const published = await client.diagnostics(uriOf(config), (p) => p.diagnostics.length > 0);
    expect(published.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "invalid-encoding",
        'Found UTF-16 (little-endian) text, with its byte order mark; expected UTF-8: convert the file, e.g. with "iconv -f UTF-16 -t UTF-8".',
      ],
    ]);
  });

  it("indexing a service file stops reading at the size limit, whatever the file is (a pipe fed forever)", async () => {
    const dir = servers.folder();
    const fifo = join(dir, "piped.service.yaml");
    execFileSync("mkfifo", [fifo]);
    const client = await servers.start({ root: dir, watchFiles: true });
    await client.logged(/indexed \d+ service files/);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(fifo), type: FileChangeType.Created }],
    });
    // Opening a pipe for writing waits for its reader: the server, indexing it.
    const pipe = await open(fifo, "w");
    const chunk = Buffer.alloc(64 * 1024, "#");
    const cap = 4 * MAX_DSL_BYTES; // beyond any reader that stops at the limit; an unbounded one takes it all
    let written = 0;
    let closed: string | undefined;
    try {
      while (written < cap) written += (await pipe.write(chunk)).bytesWritten;
    } catch (error) {
      closed = (error as NodeJS.ErrnoException).code;
    } finally {
      await pipe.close();
    }
    expect(closed).toBe("EPIPE");
    // The limit and a byte, plus what the pipe and the write in flight hold.
    expect(written).toBeLessThanOrEqual(MAX_DSL_BYTES + 1 + 2 * chunk.length + 64 * 1024);
  });

  it("an open DSL document over the DSL limit is `file-too-large`, saying the limit; one at the limit is served", async () => {
    const dir = servers.folder();
    const client = await servers.start({ root: dir });
    const padding = (bytes: number) => `#${"x".repeat(bytes - Buffer.byteLength(SAMPLE) - 2)}\n`;
    const over = client.open(join(dir, "over.service.yaml"), SAMPLE + padding(MAX_DSL_BYTES + 1));
    const at = client.open(join(dir, "at.service.yaml"), SAMPLE + padding(MAX_DSL_BYTES));
    const refused = await client.diagnostics(over);
    expect(refused.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "file-too-large",
        `Found a file of ${MAX_DSL_BYTES + 1} bytes; expected at most ${MAX_DSL_BYTES} bytes (1 MiB) for a YAML file.`,
      ],
    ]);
    const served = await client.diagnostics(at);
    expect(served.diagnostics.map((d) => d.code)).not.toContain("file-too-large");
    expect(served.diagnostics.length).toBeGreaterThan(0); // SAMPLE's own problems
  });
});
