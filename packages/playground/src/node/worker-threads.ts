/**
 * `node:worker_threads`: the page's worker is the only thread. The language server's checking worker (for
 * documents of half a megabyte or more) cannot start: such a document's check fails with this sentence, logged.
 */
export const isMainThread = true;
export const parentPort = null;
export class Worker {
  constructor() {
    throw new Error("documents this large are not checked in the playground (no worker threads in a browser)");
  }
}
