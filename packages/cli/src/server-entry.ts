import { CHECK_WORKER_ARGUMENT } from "@mailroom/language-server/check-worker-argument";

// The entry of the published language server's bundle (scripts/bundle.js), kept apart from the CLI's so that no other
// command reads its text at every start: `mailroom lsp` loads it. It is also what the server's checking thread runs
// (the module starting that thread is inside this bundle, whose file is its `import.meta.url`): on that thread,
// that module, which then serves itself.
export { startServer } from "@mailroom/language-server";

if (process.argv.includes(CHECK_WORKER_ARGUMENT)) void import("@mailroom/language-server/check-worker");
