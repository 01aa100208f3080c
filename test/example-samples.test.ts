import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

const run = promisify(execFile);

/** Every file under a folder, by its path relative to it, with its bytes. */
function filesUnder(folder: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(relative(folder, path), readFileSync(path));
  }
  return found;
}

/** Runs scripts/generate-samples.mjs into a new folder, in a time zone of its own: the bytes must not care. */
async function generate(timeZone: string): Promise<Map<string, Buffer>> {
  const out = mkdtempSync(join(tmpdir(), "mailroom-samples-"));
  await run(process.execPath, [join(repoRoot, "scripts/generate-samples.mjs"), "--out", out], {
    cwd: repoRoot,
    env: { ...process.env, TZ: timeZone },
  });
  return filesUnder(out);
}

describe("the examples' sample files", () => {
  it("are generated the same, byte for byte, on every run and in every time zone", async () => {
    const [once, again] = await Promise.all([generate("Pacific/Kiritimati"), generate("America/Adak")]);
    expect(once.size).toBeGreaterThan(20);
    expect([...again.keys()]).toEqual([...once.keys()]);
    for (const [path, bytes] of once) expect(again.get(path)?.equals(bytes), path).toBe(true);
  });

  it("are committed as the script writes them", async () => {
    const fresh = await generate("UTC");
    const committed = filesUnder(join(repoRoot, "examples/samples"));
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [path, bytes] of fresh) {
      expect(committed.get(path)?.equals(bytes), `${path}: run node scripts/generate-samples.mjs`).toBe(true);
    }
  });

  it("are small", () => {
    for (const [path, bytes] of filesUnder(join(repoRoot, "examples/samples"))) {
      expect(bytes.length, path).toBeLessThan(8 * 1024);
    }
  });
});
