import { isMainThread } from "node:worker_threads";

// The entry of the published bundle (scripts/bundle.js), which is also what the language server's checking thread
// runs (the module starting that thread is inside the bundle, whose file is its `import.meta.url`): on a worker
// thread, that module, which then serves itself.
export { main } from "./main.js";

if (!isMainThread) void import("@mailroom/language-server/check-worker");
