import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * vitest's global setup: every temporary file of a run under one folder, removed when the run ends. The tests, the
 * CLI processes and language servers they spawn, editors and the browser all find the system's temporary directory
 * through TMPDIR (os.tmpdir()), so none of their scratch folders is left behind, whichever test made it.
 */
export default function setup(): () => void {
  const given = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), "mailroom-tests-"));
  process.env.TMPDIR = root;
  return () => {
    if (given === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = given;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
