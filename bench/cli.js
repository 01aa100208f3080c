// The benchmark of the `mailroom` command as users run it (`npm run bench`): whole processes, each figure a ratio
// to a peer measured in the same run on the same generated services, printed beside its target and both figures.
//
//   node bench/cli.js [--runs 3] [--seed 1] [--keep]
//
// 0. Packs @mailroom/cli (`npm pack`: its prepack bundles it) and installs the one tarball into an empty project
//    under os.tmpdir(), as README's install section does: every `mailroom` below is that installed bundle, run as
//    `node <project>/node_modules/@mailroom/cli/bin/mailroom.cjs`, not the repository's dist/. The bundle's code
//    cache (packages/cli/src/load-bundle.ts, in its own folder under the scratch directory) is written by the first
//    run of each command and read by the others, as it is for a user's second run.
// 1. Generates 4,000 services (bench/generate.js: DSL and compiled JSON) under os.tmpdir(), and hard-links subsets
//    of them into folders of their own: 1,000 JSON, 1,000 DSL, 250 and 4,000 services (DSL with its JSON).
// 2. Times, alternating each command with its peer and keeping the fastest of several runs of each:
//    - `mailroom --version`, and `mailroom lint` of one DSL file, against `node -e 0` (wall time, and CPU time);
//    - `mailroom lint` of the 1,000 JSON services against `ajv-cli validate` with schemas/service.schema.json
//      (wall time), and against a node process reading and `JSON.parse`-ing the same files (CPU time);
//    - `mailroom lint` of the 1,000 DSL services against a node process reading them and running `yaml`'s
//      `parseDocument` on each (wall time);
//    - the peak RSS of `mailroom lint` on 4,000 services against its peak on 250;
//    - `mailroom docs` (Markdown and HTML pages, diagrams drawn) of 250 DSL services against `mailroom lint` of
//      the same files: what documenting costs beyond checking.
// Every lint must exit 0 (the services are clean), and ajv-cli must find every file valid, or the run fails.
// Exit code 0 whatever the figures (the bench reports, it does not gate).
//
// CPU time and peak RSS of a process are read by the process itself at exit (process.resourceUsage): this script,
// run as `node bench/cli.js --measure <file> <script> <args...>`, records them for `<script>`, then runs it.

import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

if (process.argv[2] === "--measure") {
  const [, , , out, script, ...args] = process.argv;
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(out, JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000, rss: usage.maxRSS }));
  });
  process.argv = [process.argv[0], script, ...args];
  const { pathToFileURL } = await import("node:url");
  await import(pathToFileURL(script).href);
} else await bench();

async function bench() {
  const { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const { cpus, loadavg, tmpdir } = await import("node:os");
  const { basename, join } = await import("node:path");
  const { fileURLToPath, pathToFileURL } = await import("node:url");
  const { generateWorkspace } = await import("./generate.js");

  const ROOT = fileURLToPath(new URL("..", import.meta.url));
  const AJV = createRequire(join(ROOT, "package.json")).resolve("ajv-cli/dist/index.js");
  const SCHEMA = join(ROOT, "schemas/service.schema.json");
  const SELF = fileURLToPath(import.meta.url);

  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const RUNS = Number(arg("runs", "3"));
  const STARTUP_RUNS = 4 * RUNS + 1;
  const SEED = Number(arg("seed", "1"));

  console.log(`mailroom CLI bench: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"})`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; fastest of ${RUNS} runs each`,
  );

  const scratch = mkdtempSync(join(tmpdir(), "mailroom-cli-bench-"));
  const MAILROOM = installCli(scratch);
  // Inherited by every command run below.
  process.env.MAILROOM_COMPILE_CACHE = join(scratch, "code-cache");
  console.log(`installed the packed CLI: ${MAILROOM}`);
  const started = performance.now();
  const { files } = await generateWorkspace({ count: 4000, seed: SEED, dir: join(scratch, "services-4000") });
  console.log(`generated 4,000 services in ${((performance.now() - started) / 1000).toFixed(1)} s under ${scratch}`);
  /** A folder of hard links to the given files: the same bytes for every tool, and nothing else in it. */
  const folder = (name, paths) => {
    const dir = join(scratch, name);
    mkdirSync(dir);
    for (const path of paths) linkSync(path, join(dir, basename(path)));
    return dir;
  };
  const first = (n) => files.slice(0, n);
  const json1000 = folder(
    "json-1000",
    first(1000).map((f) => f.json),
  );
  const dsl1000 = folder(
    "dsl-1000",
    first(1000).map((f) => f.yaml),
  );
  const services250 = folder(
    "services-250",
    first(250).flatMap((f) => [f.yaml, f.json]),
  );
  const dsl250 = folder(
    "dsl-250",
    first(250).map((f) => f.yaml),
  );
  const services4000 = join(scratch, "services-4000");
  const oneDsl = join(dsl1000, readdirSync(dsl1000).sort()[0]);

  const measureFile = join(scratch, "measure.json");
  /**
   * Runs node with `args`: wall time in ms, and with `measure` the CPU time (ms) and peak RSS (KiB) it read. With
   * `timed`, bash's `time` gives both times from outside the process, which adds nothing to a start-up: on a busy
   * machine the wall time of a short process is mostly waiting, its CPU time much less so.
   */
  function run(args, { measure = false, timed = false, ok = [0] } = {}) {
    const argv = measure ? [SELF, "--measure", measureFile, ...args] : args;
    const [file, fileArgs] = timed
      ? ["bash", ["-c", 'TIMEFORMAT="%3R %3U %3S"; time "$@"', "bash", process.execPath, ...argv]]
      : [process.execPath, argv];
    const start = performance.now();
    const child = spawnSync(file, fileArgs, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
    let wall = performance.now() - start;
    if (!ok.includes(child.status)) {
      throw new Error(`node ${args.join(" ")} exited with ${child.status}:\n${child.stderr.toString().slice(0, 2000)}`);
    }
    if (timed) {
      const [real, user, system] = child.stderr.toString().trim().split("\n").at(-1).split(" ").map(Number);
      wall = real * 1000;
      return { wall, cpu: (user + system) * 1000 };
    }
    return { wall, ...(measure ? JSON.parse(readFileSync(measureFile, "utf8")) : {}) };
  }
  /** The fastest of `runs` runs of each command, taking turns so that all see the same machine. */
  function compare(runs, ...commands) {
    const best = commands.map(() => ({}));
    for (let i = 0; i < runs; i++) {
      for (const [n, command] of commands.entries()) {
        const result = command();
        for (const [key, value] of Object.entries(result)) best[n][key] = Math.min(best[n][key] ?? value, value);
      }
    }
    return best;
  }

  const peer = (name, code) => {
    const path = join(scratch, `${name}.mjs`);
    writeFileSync(path, code);
    return path;
  };
  // The bare parsers, as a whole process each: read every file of the folder, parse it, nothing else.
  const jsonParse = peer(
    "json-parse",
    `import { readdirSync, readFileSync } from "node:fs";
const dir = process.argv[2];
for (const name of readdirSync(dir)) JSON.parse(readFileSync(dir + "/" + name, "utf8"));`,
  );
  const yamlParse = peer(
    "yaml-parse",
    `import { readdirSync, readFileSync } from "node:fs";
import { parseDocument } from ${JSON.stringify(pathToFileURL(createRequire(join(ROOT, "package.json")).resolve("yaml")).href)};
const dir = process.argv[2];
for (const name of readdirSync(dir)) parseDocument(readFileSync(dir + "/" + name, "utf8"));`,
  );

  /** Packs @mailroom/cli into `dir` and installs the tarball into an empty project there: its bin's path. */
  function installCli(dir) {
    const npm = (args, cwd) =>
      execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    const [packed] = JSON.parse(
      npm(["pack", "--workspace", "@mailroom/cli", "--pack-destination", dir, "--json"], ROOT),
    );
    const project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "bench", private: true })}\n`);
    npm(["install", "--prefer-offline", join(dir, packed.filename)], project);
    return join(project, "node_modules/@mailroom/cli/bin/mailroom.cjs");
  }

  const rows = [];
  const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
  function row(figure, target, ratio, detail) {
    rows.push({ figure, target: `<= ${target}`, measured: `${ratio.toFixed(2)} (${detail})`, ok: ratio <= target });
    console.log(
      `  ${figure}: ${ratio.toFixed(2)} (${detail}), target <= ${target}: ${ratio <= target ? "PASS" : "MISS"}`,
    );
  }

  console.log("measuring ...");
  /** A figure: the ratio of a key of the first command's best to the same key of the peer's. */
  const ratio = (figure, target, key, show, [mine, theirs]) =>
    row(figure, target, mine[key] / theirs[key], `${show(mine[key])} / ${show(theirs[key])}`);
  const wall = (value) => `${ms(value)} ms`;
  /** A start-up figure against `node -e 0`: wall time, the target, and CPU time beside it. */
  const startup = (figure, args) => {
    const best = compare(
      STARTUP_RUNS,
      () => run(args, { timed: true }),
      () => run(["-e", "0"], { timed: true }),
    );
    ratio(`${figure} / \`node -e 0\``, 2, "wall", wall, best);
    ratio(`${figure} / \`node -e 0\`, CPU time`, 2, "cpu", wall, best);
  };

  startup("`mailroom --version`", [MAILROOM, "--version"]);
  startup("`mailroom lint` of one DSL file", [MAILROOM, "lint", oneDsl]);

  // Wall time as both run, without the wrapper that reads CPU time (it loads this script first, which ajv-cli's
  // run would not): each side of a figure is run the same way.
  const json = compare(
    RUNS,
    () => run([MAILROOM, "lint", json1000]),
    () => run([AJV, "validate", "-s", SCHEMA, "-d", `${json1000}/*.json`]),
  );
  ratio("`mailroom lint` / `ajv-cli validate`, 1,000 JSON services, wall time", 1, "wall", wall, json);
  const jsonCpu = compare(
    RUNS,
    () => run([MAILROOM, "lint", json1000], { measure: true }),
    () => run([jsonParse, json1000], { measure: true }),
  );
  ratio("`mailroom lint` / `JSON.parse`, 1,000 JSON services, CPU time", 4, "cpu", wall, jsonCpu);
  const dsl = compare(
    RUNS,
    () => run([MAILROOM, "lint", dsl1000]),
    () => run([yamlParse, dsl1000]),
  );
  ratio("`mailroom lint` / `yaml` `parseDocument`, 1,000 DSL services, wall time", 1, "wall", wall, dsl);
  const memory = compare(
    RUNS,
    () => run([MAILROOM, "lint", services4000], { measure: true }),
    () => run([MAILROOM, "lint", services250], { measure: true }),
  );
  ratio("peak RSS of `mailroom lint`, 4,000 / 250 services", 1.2, "rss", mib, memory);
  const docs = compare(
    RUNS,
    () => run([MAILROOM, "docs", dsl250, "-o", join(scratch, "docs"), "--format", "md", "--format", "html"]),
    () => run([MAILROOM, "lint", dsl250]),
  );
  ratio("`mailroom docs` (Markdown and HTML) / `mailroom lint`, 250 DSL services, wall time", 3, "wall", wall, docs);

  console.log("\n| figure | target | measured |\n|---|---|---|");
  for (const r of rows) console.log(`| ${r.figure} | ${r.target} | ${r.measured}: ${r.ok ? "PASS" : "MISS"} |`);
  if (process.argv.includes("--keep")) console.log(`\nkept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
