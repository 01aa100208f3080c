import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * vitest's global setup: the CLI the tests spawn (test/bin/mailroom.cjs) is the bundle that users install, built
 * from tsc's dist/ by the script `npm pack` runs, into a folder of its own. Users run that bundle, not dist/'s
 * hundreds of modules, which Node 20 loads without any compile cache: a spawned lint took about 2.5 times as long.
 * The pack test installs the tarball itself and compares its output with the repository's (dist/) CLI.
 */
export default function setup(): void {
  const root = join(import.meta.dirname, "..");
  execFileSync(process.execPath, ["packages/cli/scripts/bundle.js", "--out", "packages/cli/bundle-test"], {
    cwd: root,
    stdio: "inherit",
  });
}
