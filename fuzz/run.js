// The mutation fuzzer (`npm run fuzz`): mutants of the examples and the test fixtures through what `mailroom lint`,
// `build`, `fmt` and `decompile` do (fuzz/check.js), against the built packages (`npm run fuzz` builds first).
//
//   node fuzz/run.js [--seed 1] [--count 2000] [--time S] [--jobs 1] [--out test/fixtures/fuzz] [--per-kind 3]
//                    [--step-limit 2000]
//   node fuzz/run.js --replay test/fixtures/fuzz [--step-limit 2000]
//
// Mutant i of a seed is the same whatever else runs (its PRNG is seeded from the seed and i); --jobs N shares the
// mutants among N worker threads (mutant i to worker i mod N). --time stops after S seconds, --count after M
// mutants (the first reached; --count alone without --time). A failure is minimised (fuzz/minimise.js) and written
// under --out as <kind>-<hash>.service.yaml (or .json) behind a header saying what failed; --per-kind caps how many
// of one kind each worker minimises. --replay checks every fixture in a folder, header removed. --step-limit is the
// milliseconds of CPU time a step may take before it is a `slow-*` failure (Infinity for none: npm test).
// Prints mutants/s, the checks made and failures by kind; exit code 0 when nothing failed, 1 otherwise.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { checkFile, loadApi, STEP_LIMIT_MS } from "./check.js";
import { readFixture, writeFixture } from "./fixture.js";
import { minimise } from "./minimise.js";
import { applyMutation, prng, randomMutation, tokens } from "./mutate.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

const fileName = (json) => (json ? "fuzz.service.json" : "fuzz.service.yaml");

/** The service files the mutants start from: the examples and the fixtures (the fuzzer's own left out), sorted. */
function corpus() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !entry.name.startsWith("fuzz")) walk(path);
      else if (/\.service\.(ya?ml|json)$/.test(entry.name)) found.push(path);
    }
  };
  walk("examples");
  walk("test/fixtures");
  // The fixtures kept broken on purpose turn the formatter off: the fuzzer turns it back on.
  const text = (path) =>
    readFileSync(join(ROOT, path), "utf8").replace(/^[ \t]*#[ \t]*mailroom-fmt-disable\b.*\n/gm, "");
  return found.sort().map((path) => ({ path, text: text(path), clean: /^examples\/|\/ok\//.test(path) }));
}

const api = await loadApi(ROOT);

if (process.argv.includes("--replay")) {
  const dir = arg("replay");
  const limit = Number(arg("step-limit", String(STEP_LIMIT_MS)));
  const files = readdirSync(dir)
    .filter((name) => /\.service\.(ya?ml|json)$/.test(name))
    .sort();
  let failed = 0;
  for (const name of files) {
    const { json, text } = readFixture(readFileSync(join(dir, name), "utf8"), name);
    for (const failure of await checkFile(api, fileName(json), text, { limit })) {
      failed++;
      process.stdout.write(`${name}: ${failure.kind}: ${failure.message}\n`);
    }
  }
  process.stdout.write(`replayed ${files.length} fixture(s); ${failed} failure(s)\n`);
  process.exit(failed > 0 ? 1 : 0);
}

/** The seed of mutant `index`'s PRNG: a hash of the run's seed and the index (splitmix32's finaliser). */
function mutantSeed(seed, index) {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One worker's share of a run: mutants `shard`, `shard + jobs`, ...; returns what it found. */
async function fuzz({ seed, count, seconds, limit, out, perKind, shard, jobs }) {
  const sources = corpus();
  /** The files to start from: DSL or JSON, clean (no errors) or any. */
  const pools = [false, true].map((json) => {
    const all = sources.filter((source) => source.path.endsWith(".json") === json);
    return [all.filter((source) => source.clean), all];
  });
  const vocabulary = [...new Set(sources.flatMap(({ text }) => tokens(text).map(([, token]) => token)))].sort();
  const started = performance.now();
  const byKind = new Map();
  const made = new Map();
  const written = [];
  let mutants = 0;
  for (let index = shard; index < count && performance.now() - started < seconds * 1000; index += jobs) {
    mutants++;
    const rng = prng(mutantSeed(seed, index));
    // Two in three mutants are DSL (three commands read it), half start from a file without errors (so that many
    // still build and decompile), half have one edit.
    const json = rng.int(3) === 0;
    const source = rng.pick(pools[Number(json)][rng.int(2)]);
    let text = source.text;
    const edits = rng.int(2) === 0 ? 1 : 1 + rng.int(4);
    for (let i = 0; i < edits; i++) text = applyMutation(text, randomMutation(rng, vocabulary));
    for (const failure of await checkFile(api, fileName(json), text, { limit, made })) {
      const seen = (byKind.get(failure.kind) ?? 0) + 1;
      byKind.set(failure.kind, seen);
      if (seen > perKind) continue;
      const fails = async (candidate) =>
        (await checkFile(api, fileName(json), candidate, { limit })).some((f) => f.kind === failure.kind);
      const small = await minimise(text, fails);
      const last =
        (await checkFile(api, fileName(json), small, { limit })).find((f) => f.kind === failure.kind) ?? failure;
      const path = writeFixture(out, last, small, json, `mutant ${index} of ${source.path} (--seed ${seed})`);
      written.push(path);
      process.stdout.write(`${failure.kind}: ${relative(process.cwd(), path)}\n  ${last.message.split("\n")[0]}\n`);
    }
  }
  return { mutants, files: sources.length, byKind, made, written };
}

if (!isMainThread) {
  parentPort.postMessage(await fuzz(workerData));
} else {
  const options = {
    seed: Number(arg("seed", "1")),
    seconds: Number(arg("time", "Infinity")),
    limit: Number(arg("step-limit", String(STEP_LIMIT_MS))),
    out: arg("out", join(ROOT, "test/fixtures/fuzz")),
    perKind: Number(arg("per-kind", "3")),
  };
  options.count = Number(arg("count", Number.isFinite(options.seconds) ? "Infinity" : "2000"));
  const jobs = Number(arg("jobs", "1"));
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: jobs }, (_, shard) =>
      jobs === 1
        ? fuzz({ ...options, shard, jobs })
        : new Promise((done, failed) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { ...options, shard, jobs } });
            worker.once("message", done);
            worker.once("error", failed);
          }),
    ),
  );
  const sum = (maps) => {
    const total = new Map();
    for (const map of maps) for (const [key, n] of map) total.set(key, (total.get(key) ?? 0) + n);
    return total;
  };
  const mutants = results.reduce((n, result) => n + result.mutants, 0);
  const byKind = sum(results.map((result) => result.byKind));
  const made = sum(results.map((result) => result.made));
  const written = results.flatMap((result) => result.written);
  const elapsed = (performance.now() - started) / 1000;
  const failures = [...byKind.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(
    `${mutants} mutants of ${results[0]?.files} files in ${elapsed.toFixed(1)} s (${Math.round(mutants / elapsed)} mutants/s, ${jobs} job(s)), seed ${options.seed}: ${failures} failure(s)\n`,
  );
  process.stdout.write(`checks made: ${[...made].map(([check, n]) => `${check} ${n}`).join(", ")}\n`);
  for (const [kind, n] of [...byKind].sort()) process.stdout.write(`  ${kind}: ${n}\n`);
  if (written.length > 0) {
    process.stdout.write(`${written.length} fixture(s) written under ${relative(process.cwd(), options.out) || "."}\n`);
  }
  process.exit(failures > 0 ? 1 : 0);
}
