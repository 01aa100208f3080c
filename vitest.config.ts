import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Tests import workspace packages from source, so they run without a build; CLI tests spawn the built binary.
export default defineConfig({
  resolve: {
    alias: [{ find: /^@mailroom\/([a-z-]+)$/, replacement: resolve(import.meta.dirname, "packages/$1/src/index.ts") }],
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/temporary-root.ts", "test/published-cli.ts"],
    // A timeout catches a hang, not slowness (speed budgets are ratios in `npm run bench`): on two cores shared with
    // another build, CPU-bound tests take three to four times what they take alone, so the limits leave room for it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The same for a poll (a browser's or an editor's page, a file an editor writes): vitest's default gives up
    // after one second, which a page still loading on a busy machine can take.
    expect: { poll: { timeout: 60_000 } },
    // Three test files at a time, on two cores: much of the time is spent waiting on child processes (the CLI, the
    // language server, editors, a browser), which a third file's work fills. npm test took 10 min with one, 7 with
    // two when the suite was smaller; on two idle cores, 579 s of tests with two and 510 s with three (on a machine
    // loaded by another build, three were slower than two, 762 s against 634, in an earlier measure).
    maxWorkers: 3,
    // Test files share a worker's modules rather than each importing the packages afresh: the imports took about
    // as long as the unit tests themselves (74 of 143 s on a loaded machine, 16 s shared). So no test may change a
    // module's state for the files after it; the one mock (switches.test.ts's `vscode`) is of a module only it imports.
    isolate: false,
  },
});
