/**
 * A lint of many files keeps little alive from one file to the next, yet each file's working set outlives a
 * young-generation collection or two and is moved to V8's old generation, which V8 lets grow to about four times
 * what its last full collection left before collecting it again: the peak memory of a run then grows with the
 * number of files. Holding that growth to one and a half times keeps it about flat (250 services to 4,000, `npm run
 * bench`). Only while a batch is checked, and put back when it ends: while a process starts its heap is growing,
 * and the same setting there made a lint of one file a few milliseconds slower; and V8 takes the bundle's code
 * cache, written at exit, only under the flags it is read with. A `--heap-growing-percent` given to node is kept.
 */
export async function withBoundedHeap<T>(run: () => Promise<T>): Promise<T> {
  if (process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return run();
  // Loaded here, as src/hash.ts loads node:crypto: a lint of a few files never needs it.
  const { setFlagsFromString } = process.getBuiltinModule("node:v8");
  setFlagsFromString("--heap-growing-percent=50");
  try {
    return await run();
  } finally {
    // 0 is V8's default: growth chosen by its own heuristics.
    setFlagsFromString("--heap-growing-percent=0");
  }
}
