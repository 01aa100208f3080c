import { CHECK_WORKER_ARGUMENT } from "@mailroom/language-server/check-worker-argument";

// The entry of the published bundle (scripts/bundle.js), which is also what the language server's checking thread
// runs (the module starting that thread is inside the bundle, whose file is its `import.meta.url`): on that thread,
// that module, which then serves itself.
export { main } from "./main.js";

if (process.argv.includes(CHECK_WORKER_ARGUMENT)) void import("@mailroom/language-server/check-worker");
