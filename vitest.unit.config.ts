import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.js";

// The unit tests only (`npm run test:unit`): every package's own tests, which call its functions in this process;
// not the end-to-end ones (vitest.e2e.config.ts), which spawn the CLI, the language server, editors or a browser.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["packages/*/test/**/*.test.ts"],
    // No CLI is spawned, so none is bundled (test/published-cli.ts).
    globalSetup: ["test/temporary-root.ts"],
    exclude: [...configDefaults.exclude, "packages/language-server/test/**"],
  },
});
