/**
 * The argument the checking thread is started with (check-worker.ts): what tells it that it is that thread, and
 * tells the CLI's one-file bundle, which it then runs, to start it, without loading `node:worker_threads` in every
 * process the bundle runs.
 */
export const CHECK_WORKER_ARGUMENT = "--mailroom-check-worker";
