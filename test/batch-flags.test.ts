import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

/*
 * A lint of a batch changes some of V8's flags while it checks and puts V8's defaults back (packages/cli/src/heap.ts).
 * A flag the user gave node is left as given: put back to V8's default, it would differ at exit from what the run
 * started with, and V8 would refuse the code cache that exit writes, at every run. The cache is what shows it.
 */
describe("a lint of a batch, with V8 flags given to node", () => {
  it("keeps them, in V8's spellings with underscores and `--no`: the code cache it writes is taken", async () => {
    const batch = mkdtempSync(join(tmpdir(), "mailroom-batch-"));
    const service = readFileSync(join(repoRoot, "examples/payslips.service.yaml"));
    for (let i = 0; i < 100; i++) writeFileSync(join(batch, `s${i}.service.yaml`), service);
    const cache = mkdtempSync(join(tmpdir(), "mailroom-cache-"));
    const flags = ["--max_inlined_bytecode_size_cumulative=500", "--noallocation-site-pretenuring"];
    // The published bundle (test/published-cli.ts), under node's flags.
    const { NODE_DISABLE_COMPILE_CACHE: _off, ...env } = process.env;
    const lint = () =>
      promisify(execFile)(process.execPath, [...flags, join(repoRoot, "test/bin/mailroom.cjs"), "lint", batch], {
        env: { ...env, MAILROOM_COMPILE_CACHE: cache },
      });
    const first = await lint();
    expect(first.stderr).toBe("100 files checked, no problems\n");
    const [written, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    const file = join(cache, written ?? "");
    const { ino } = statSync(file);
    // Refused, the cache would be written again at this run's exit, a new file renamed into its place.
    expect(await lint()).toEqual(first);
    expect(readdirSync(cache)).toEqual([written]);
    expect(statSync(file).ino).toBe(ino);
  });
});
