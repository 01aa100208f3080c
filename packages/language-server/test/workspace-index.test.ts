import { execFileSync } from "node:child_process";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  WorkspaceSymbolRequest,
} from "vscode-languageserver-protocol";
import { type Client, SAMPLE, serverPerTest, uriOf } from "./client.js";

const withBox = (name: string) => SAMPLE.replace("  ANNEXES:", `  ${name}:`);

/** The names of the workspace's boxes named `*BOX`. */
async function boxes(client: Client): Promise<string[]> {
  const symbols = await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: "BOX" });
  return (symbols ?? []).map((s) => s.name).filter((name) => name.endsWith("BOX"));
}

/**
 * Whether something has the pipe open for reading: opening it for writing without blocking fails (`ENXIO`)
 * when nothing reads it.
 */
async function read(fifo: string): Promise<boolean> {
  try {
    await (await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK)).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENXIO") return false;
    throw error;
  }
}

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("the workspace index", () => {
  const servers = serverPerTest();

  it("never reads a file open in the editor, indexing the editor's text until it is closed", async () => {
    const dir = servers.folder();
    // On disk, a pipe: any read of it shows (see `read`), and would wait for a writer. Not a regular file, the
    // folder's indexing leaves it out; a change notified for it is what would have it read.
    const fifo = join(dir, "letters.service.yaml");
    execFileSync("mkfifo", [fifo]);
    const client = await servers.start({ root: dir, initializationOptions: { diagnosticsDelay: 0 } });
    const uri = client.open(fifo, withBox("EDITORBOX"));
    await client.logged(/indexed 0 service files/);
    await client.diagnostics(uri);
    expect(await boxes(client)).toEqual(["EDITORBOX"]);
    await settle(300);
    expect(await read(fifo)).toBe(false);

    // Created or changed on disk while open (saved by the editor, say): still the editor's text, the disk not read.
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [
        { uri, type: FileChangeType.Created },
        { uri, type: FileChangeType.Changed },
      ],
    });
    expect(await boxes(client)).toEqual(["EDITORBOX"]);
    await settle(300);
    expect(await read(fifo)).toBe(false);

    // Closed: the disk counts again, and is read.
    client.close(uri);
    const pipe = await open(fifo, "w");
    await pipe.write(withBox("SAVEDBOX"));
    await pipe.close();
    for (const deadline = Date.now() + 60_000; ; await settle(50)) {
      const found = await boxes(client);
      if (found.includes("SAVEDBOX") || Date.now() > deadline) {
        expect(found).toEqual(["SAVEDBOX"]);
        break;
      }
    }
    expect(uriOf(fifo)).toBe(uri);
  });
});
