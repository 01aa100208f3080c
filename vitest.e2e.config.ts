import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

// The end-to-end tests only: the CLI's (test/) and the language server's, each a real process. `.ci/run` runs
// them again under another Node; a path given to `vitest run` is a substring filter, which would match every
// package's tests too.
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["test/**/*.test.ts", "packages/language-server/test/**/*.test.ts"] },
});
