/**
 * V8's settings while a lint checks a batch of files, each with the setting that puts V8's default back.
 *
 * - The heap's growth. A lint of many files keeps little alive from one file to the next, yet each file's working
 *   set outlives a young-generation collection or two and is moved to V8's old generation, which V8 lets grow to
 *   about four times what its last full collection left before collecting it again: the peak memory of a run then
 *   grows with the number of files. Holding that growth to one and a half times keeps it about flat (250 services
 *   to 4,000, `npm run bench`).
 * - Pretenuring: V8 allocates straight into the old generation what an allocation site made that survived young
 *   collections, which at a process's start is most of what it makes. In a batch the same sites make each file's
 *   short-lived objects, which then filled the old generation until a full collection: off, a lint of 1,000
 *   services took about 7 % less time and 20 MB less memory.
 * - When marking starts. With less pretenured, the old generation filled more slowly, and a run of 4,000 services
 *   still reached its first full collections at about 150 MB where one of 250 never got there (120 MB). Marking
 *   that starts sooner (`--incremental-marking-hard-trigger`, a percentage of the room below the limit: the smaller,
 *   the sooner; 90 changed nothing) kept 4,000 at about 137 MB with 50, 132 MB with 25, at no cost in time measured
 *   (1,000 services, A/B).
 * - Inlining. A lint of 1,000 services spends most of its excess over a second thousand warming up: TurboFan,
 *   working beside the checks and the collector, compiled about 570 ms of code for it (a `check` of a rule took
 *   10 to 25 ms each, inlining what it calls). Less inlined bytecode per function (150 instead of V8's 920) makes
 *   its optimized code sooner: 1,000 JSON services about 5 % faster, 1,000 DSL services 6 % (any value from 100 to
 *   300 measured about the same).
 */
const BATCH_SETTINGS = [
  { flag: "heap-growing-percent", batch: "--heap-growing-percent=50", back: "--heap-growing-percent=0" },
  {
    flag: "allocation-site-pretenuring",
    batch: "--no-allocation-site-pretenuring",
    back: "--allocation-site-pretenuring",
  },
  {
    flag: "incremental-marking-hard-trigger",
    batch: "--incremental-marking-hard-trigger=25",
    back: "--incremental-marking-hard-trigger=0",
  },
  // 920: V8's default on Node 20, 22 and 24 (the pack test sees the code cache still taken after a batch on each).
  {
    flag: "max-inlined-bytecode-size-cumulative",
    batch: "--max-inlined-bytecode-size-cumulative=150",
    back: "--max-inlined-bytecode-size-cumulative=920",
  },
];

/**
 * Runs a batch under BATCH_SETTINGS, put back when it ends: while a process starts its heap is growing, and the same
 * settings there made a lint of one file a few milliseconds slower; and V8 takes the bundle's code cache, written at
 * exit, only under the flags it was read with. A setting given to node (`--heap-growing-percent`,
 * `--[no-]allocation-site-pretenuring`, `--incremental-marking-hard-trigger`, `--max-inlined-bytecode-size-cumulative`,
 * or V8's other spellings of them) is kept; NODE_OPTIONS takes none of them.
 */
export async function withBatchHeap<T>(run: () => Promise<T>): Promise<T> {
  const given = givenFlags();
  const settings = BATCH_SETTINGS.filter(({ flag }) => !given.has(flag));
  if (settings.length === 0) return run();
  // Loaded here, as src/hash.ts loads node:crypto: a lint of a few files never needs it.
  const { setFlagsFromString } = process.getBuiltinModule("node:v8");
  for (const { batch } of settings) setFlagsFromString(batch);
  try {
    return await run();
  } finally {
    for (const { back } of settings) setFlagsFromString(back);
  }
}

/** The names of the flags node was given, as BATCH_SETTINGS spells them: V8 reads `_` as `-` and `--no` as `--no-`. */
function givenFlags(): Set<string> {
  const names = process.execArgv.map((arg) => /^--(?:no-?)?([^=]+)/.exec(arg)?.[1]?.replaceAll("_", "-"));
  return new Set(names.filter((name) => name !== undefined));
}
