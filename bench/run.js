// The benchmark of mailroom's linter (`npm run bench`): one process, one run, every figure measured side by side.
//
//   node bench/run.js [--sizes 250,1000,4000] [--seed 1] [--keep]
//
// 1. Generates a workspace of realistic services (bench/generate.js), DSL and compiled JSON, under os.tmpdir().
// 2. For each size N: reads the first N services of each format into memory, then times, warmed up and as the
//    median of several repetitions: yaml's parseDocument of every DSL text; the full DSL lint
//    (checkDocument(compileDsl(...))); JSON.parse of every JSON text; the full JSON lint
//    (checkDocument(readJsonDocument(...))). Every generated service must lint clean, or the run fails.
// 3. Times stress inputs: a service with 2,000 boxes, an expression nested 500 deep.
// 4. Runs `mailroom lint`, `fmt`, `build`, `docs` and `decompile`, each a process of its own as a user runs it, on
//    files at the size limits (a generated service, and the heaviest shapes found per byte), for time and peak RSS.
// 5. Prints ratios against their targets (PASS/MISS), growth with N, peak memory, and where the lint time goes
//    (each stage, and the slowest rules), for whoever has to bring a figure back under its target.
//
// Exit code 0 whatever the figures (the bench reports, it does not gate); 1 when a generated service is not lint
// clean or anything throws.

import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parseDocument } from "yaml";
import {
  compileToJson,
  deepService,
  generateServiceDsl,
  generateWorkspace,
  mainBoxHead,
  wideService,
} from "./generate.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { compileDsl, readJsonDocument } = await import(join(ROOT, "packages/compiler/dist/index.js"));
const { checkDocument, MAX_DSL_BYTES, MAX_JSON_BYTES, RULES, runRules, validateService } = await import(
  join(ROOT, "packages/checker/dist/index.js")
);
const { parseYaml } = await import(join(ROOT, "packages/syntax/dist/index.js"));

// Targets (from the issue). Growth is linear when 4x the services take at most LINEAR_SLACK x 4 the time.
const TARGET_DSL_RATIO = 1.5;
const TARGET_JSON_RATIO = 10;
const LINEAR_SLACK = 1.5;
const TARGET_STRESS_MS = 500; // "well under a second"
// The cost of the largest file a command accepts (issue 10): its time and the process's peak RSS.
const TARGET_LIMIT_SECONDS = 5;
const TARGET_LIMIT_RSS = 1e9;

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const SIZES = arg("sizes", "250,1000,4000").split(",").map(Number);
const SEED = Number(arg("seed", "1"));
const KEEP = process.argv.includes("--keep");
/** Repetitions per size: the median of several where cheap, one pass on the largest. */
const repetitions = (n) => (n <= 1000 ? 3 : 1);

// A full collection before each timed pass, so that one pass does not pay for the garbage of the one before.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const verdict = (ok) => (ok ? "PASS" : "MISS");
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Times `fn` over every text; returns the elapsed milliseconds. */
function pass(texts, fn) {
  gc();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < texts.length; i++) fn(texts[i], i);
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpu);
  lastCpu = (used.user + used.system) / 1000;
  return elapsed;
}
/** CPU time (user + system, all threads of this process) of the last pass, in ms: what other processes on the
 * machine cannot inflate, unlike the elapsed time. */
let lastCpu = 0;

const unclean = [];
/** A lint function that records the first services that are not clean (any diagnostic at all). */
const checked = (format, files, lint) => (text, i) => {
  const diagnostics = lint(text, i);
  if (diagnostics.length > 0 && unclean.length < 5) unclean.push({ format, file: files[i], text, diagnostics });
};

/** Thrown when a generated service is not lint clean; the message is already printed. */
class Unclean extends Error {}

function failIfUnclean() {
  if (unclean.length === 0) return;
  console.error("\nFAILED: generated services are not lint clean (the generator or a rule is wrong):");
  for (const { format, file, text, diagnostics } of unclean) {
    console.error(`  ${file} (${format}):`);
    for (const d of diagnostics.slice(0, 5)) {
      const before = text.slice(0, d.span.offset).split("\n");
      const at = `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
      console.error(`    ${at}  ${d.severity}  ${d.message}  ${d.code}`);
    }
  }
  throw new Unclean();
}

/** The generated workspace, removed at the end (unless --keep), whatever happens. */
let workspaceDir;

/**
 * Times each stage of the lint of `texts` in a pass of its own (best of `reps`): compiling or reading (and, for
 * the DSL, the positioned YAML tree alone), model validation, and the rules, each rule timed in place inside the
 * engine, the rest of the engine's time being its indexes and the location of reports.
 */
function profileStages(format, texts, reps) {
  const file = format === "dsl" ? "profile.service.yaml" : "profile.service.json";
  const read = format === "dsl" ? (text) => compileDsl(file, text) : (text) => readJsonDocument(file, text);
  const best = (list, fn) => {
    let min = Number.POSITIVE_INFINITY;
    for (let r = 0; r < reps; r++) min = Math.min(min, pass(list, fn));
    return min;
  };
  const stages = [];
  if (format === "dsl" && typeof parseYaml === "function")
    stages.push(["YAML tree", best(texts, (text) => parseYaml(text))]);
  stages.push([format === "dsl" ? "compile" : "read", best(texts, read)]);
  const services = texts.map(read).flatMap((document) => document.services.map((service) => [document, service]));
  stages.push(["validation", best(services, ([, service]) => validateService(service))]);
  let perRule = new Map();
  const wrapped = [...RULES.values()].map((rule) => ({
    meta: rule.meta,
    check(context) {
      const start = performance.now();
      rule.check(context);
      perRule.set(rule.meta.id, (perRule.get(rule.meta.id) ?? 0) + performance.now() - start);
    },
  }));
  let total = Number.POSITIVE_INFINITY;
  let rules = perRule;
  for (let r = 0; r < reps; r++) {
    perRule = new Map();
    const elapsed = pass(services, ([document, service]) => runRules(document, service, wrapped));
    if (elapsed < total) [total, rules] = [elapsed, perRule];
  }
  const sum = [...rules.values()].reduce((a, b) => a + b, 0);
  stages.push(["rule engine", total - sum], ["rules", sum]);
  const slowest = [...rules].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return { stages: format === "dsl" ? [stages[1], stages[0], ...stages.slice(2)] : stages, slowest };
}

/**
 * Runs `mailroom <command> <file>` in a process of its own (output discarded); its elapsed time, from spawn to
 * exit, the process's peak RSS and its exit code.
 */
function runCommand(command, file) {
  const cli = pathToFileURL(join(ROOT, "packages/cli/dist/main.js")).href;
  const script = `const { main } = await import(${JSON.stringify(cli)});
const code = await main(["node", "mailroom", ...process.argv.slice(1)]);
process.stderr.write(\`\\n\${JSON.stringify({ code, rss: process.resourceUsage().maxRSS * 1024 })}\\n\`);`;
  const args = {
    decompile: [command, "--force", "--out", `${file}.out`, file],
    docs: [command, file, "-o", `${file}.docs`],
  }[command] ?? [command, file];
  const start = performance.now();
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script, "--", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - start) / 1000;
  const last = child.stderr.toString().trimEnd().split("\n").at(-1) ?? "";
  const { code, rss } = last.startsWith("{") ? JSON.parse(last) : { code: child.status ?? 2, rss: Number.NaN };
  return { seconds, rss, code };
}

/**
 * Nearly the largest text `make(n)` gives within `limit` bytes, for a size about linear in `n`: estimated from
 * `n = probe` and `2 * probe`, then shrunk until it fits.
 */
function largestWithin(limit, make, probe) {
  const [one, two] = [probe, 2 * probe].map((n) => Buffer.byteLength(make(n)));
  const perUnit = (two - one) / probe;
  let n = Math.floor((limit - (one - perUnit * probe)) / perUnit);
  let text = make(n);
  while (Buffer.byteLength(text) > limit) {
    n = Math.floor(n * 0.995);
    text = make(n);
  }
  return text;
}

/**
 * Files at the size limits, written to `dir`: a generated service (boxes as the workspace's, metadata as in the
 * stress inputs) in each format, and the shapes that cost the most per byte among those tried: many one-line
 * metadata and a long pass-through sequence in the DSL, a long pass-through array and an object of many keys in JSON.
 */
function filesAtLimit(dir) {
  const DSL_COMMANDS = ["lint", "fmt", "build", "docs"];
  const JSON_COMMANDS = ["lint", "decompile", "docs"];
  const dslOf = (boxes) => generateServiceDsl(7, 800_000, { boxes, metadata: [3, 6] });
  const head = [...mainBoxHead(78, "Size limit"), "      reference: fileName[0:8]", ""].join("\n");
  const lines = (n, line) => Array.from({ length: n }, (_, i) => line(i)).join("");
  const small = JSON.parse(compileToJson("small.service.yaml", dslOf(3)));
  const inputs = [
    ["DSL, a generated service", "dsl", largestWithin(MAX_DSL_BYTES, dslOf, 100), DSL_COMMANDS],
    [
      "DSL, one-line metadata",
      "dsl",
      largestWithin(MAX_DSL_BYTES, (n) => head + lines(n, (i) => `      m${i}: fileName[0:8]\n`), 1000),
      DSL_COMMANDS,
    ],
    [
      "DSL, a pass-through sequence",
      "dsl",
      largestWithin(MAX_DSL_BYTES, (n) => `${head}extra:\n${lines(n, () => "  - 1\n")}`, 1000),
      DSL_COMMANDS,
    ],
    [
      "JSON, a generated service",
      "json",
      largestWithin(MAX_JSON_BYTES, (n) => compileToJson("limit.service.yaml", dslOf(n)), 100),
      JSON_COMMANDS,
    ],
    [
      "JSON, an object of many keys",
      "json",
      largestWithin(
        MAX_JSON_BYTES,
        (n) =>
          JSON.stringify({
            ...small,
            properties: {
              ...small.properties,
              ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, 1])),
            },
          }),
        1000,
      ),
      JSON_COMMANDS,
    ],
    [
      "JSON, a pass-through array",
      "json",
      largestWithin(MAX_JSON_BYTES, (n) => JSON.stringify({ ...small, extra: Array(n).fill(1) }), 1000),
      JSON_COMMANDS,
    ],
  ];
  return inputs.map(([label, format, text, commands], i) => {
    const file = join(dir, `limit-${i}.service.${format === "dsl" ? "yaml" : "json"}`);
    writeFileSync(file, text);
    return { label, file, commands };
  });
}

const dslLint = (file) => (text) => checkDocument(compileDsl(file, text));
const jsonLint = (file) => (text) => checkDocument(readJsonDocument(file, text));

async function main() {
  const started = performance.now();
  const cpu = cpus();
  console.log("mailroom lint benchmark");
  console.log(
    `node ${process.version}, ${cpu.length} CPU(s) ${cpu[0]?.model.trim() ?? ""}, ${RULES.size} rule(s) in the catalogue, seed ${SEED}, load average ${loadavg()[0].toFixed(2)}`,
  );

  // 1. The workspace.
  const count = Math.max(...SIZES);
  let t = performance.now();
  const workspace = await generateWorkspace({ count, seed: SEED });
  workspaceDir = workspace.dir;
  console.log(
    `generated ${count} services (DSL + JSON) in ${workspace.dir} in ${ms((performance.now() - t) / 1000)} s`,
  );

  // 2. Sizes.
  const rows = [];
  let warm = false;
  let profileSet;
  for (const n of SIZES) {
    const files = workspace.files.slice(0, n);
    const dsl = files.map((f) => readFileSync(f.yaml, "utf8"));
    const json = files.map((f) => readFileSync(f.json, "utf8"));
    const bytes = {
      dsl: dsl.reduce((s, x) => s + Buffer.byteLength(x), 0),
      json: json.reduce((s, x) => s + Buffer.byteLength(x), 0),
    };
    const yamlFiles = files.map((f) => f.yaml);
    const jsonFiles = files.map((f) => f.json);
    const phases = {
      yaml: (text) => parseDocument(text),
      dsl: checked("dsl", yamlFiles, (text, i) => dslLint(yamlFiles[i])(text)),
      parse: (text) => JSON.parse(text),
      json: checked("json", jsonFiles, (text, i) => jsonLint(jsonFiles[i])(text)),
    };
    if (!warm) {
      // Warm-up: every phase once over the first services, so the JIT has settled before anything is timed.
      const warmup = Math.min(n, 100);
      pass(dsl.slice(0, warmup), phases.yaml);
      pass(dsl.slice(0, warmup), phases.dsl);
      pass(json.slice(0, warmup), phases.parse);
      pass(json.slice(0, warmup), phases.json);
      failIfUnclean();
      warm = true;
      profileSet = { dsl: dsl.slice(0, 100), json: json.slice(0, 100) };
    }
    const times = { yaml: [], dsl: [], parse: [], json: [] };
    const cpuTimes = { yaml: [], dsl: [], parse: [], json: [] };
    for (let r = 0; r < repetitions(n); r++) {
      times.yaml.push(pass(dsl, phases.yaml));
      cpuTimes.yaml.push(lastCpu);
      times.dsl.push(pass(dsl, phases.dsl));
      cpuTimes.dsl.push(lastCpu);
      times.parse.push(pass(json, phases.parse));
      cpuTimes.parse.push(lastCpu);
      times.json.push(pass(json, phases.json));
      cpuTimes.json.push(lastCpu);
      failIfUnclean();
    }
    const row = { n, bytes, reps: repetitions(n), rss: peakRss() };
    row.cpu = {};
    for (const key of Object.keys(times)) {
      row[key] = median(times[key]);
      row.cpu[key] = median(cpuTimes[key]);
    }
    rows.push(row);
    console.log(
      `  N=${n}: yaml ${ms(row.yaml)} ms, DSL lint ${ms(row.dsl)} ms, JSON.parse ${ms(row.parse)} ms, JSON lint ${ms(row.json)} ms (median of ${row.reps})`,
    );
  }

  // 3. Stress inputs: each linted (clean, or with exactly the expected refusal), timed as the best of `runs` (the
  // first being the check), beside the bare parse of the same text. Small inputs take more runs: they are cheap,
  // and a millisecond of noise is a large share of them.
  const stress = [];
  const timeLint = (label, format, text, expectCodes = [], count = 3) => {
    const file = `${label.replace(/[^a-z0-9]+/gi, "-")}.service.${format === "dsl" ? "yaml" : "json"}`;
    const lint = format === "dsl" ? dslLint(file) : jsonLint(file);
    const bare = format === "dsl" ? (x) => parseDocument(x) : (x) => JSON.parse(x);
    let diagnostics = [];
    const check = (x) => {
      diagnostics = lint(x);
    };
    const first = pass([text], check);
    const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
    if (codes.join() !== [...expectCodes].sort().join() && unclean.length < 5) {
      unclean.push({ format, file, text, diagnostics });
    }
    const runs = [first]; // the check above was the first run
    const bareRuns = [];
    for (let i = 0; i < count; i++) {
      if (i > 0) runs.push(pass([text], lint));
      bareRuns.push(pass([text], bare));
    }
    const row = {
      label,
      format,
      kb: Buffer.byteLength(text) / 1024,
      ms: Math.min(...runs),
      bare: Math.min(...bareRuns),
      codes,
    };
    stress.push(row);
    return row;
  };
  t = performance.now();
  // Boxes as the generator makes them (labels, elements, split, appositions, archives and ranks, reconcile), with one
  // metadata each: what grows is the number of boxes.
  const wide500 = wideService(500, 7, [1, 1]);
  const wide2000 = wideService(2000, 7, [1, 1]);
  const deep62 = deepService(62);
  const deep125 = deepService(125);
  const deep250 = deepService(250);
  const deep500 = deepService(500);
  // One run each here (the check); the growth samples below time them twice more.
  const wide = {
    dsl: timeLint("2,000 boxes", "dsl", wide2000.dsl, [], 1),
    json: timeLint("2,000 boxes", "json", wide2000.json, [], 1),
  };
  const deep = {
    json: timeLint("expression 500 deep", "json", deep500.json, [], 9),
    dsl: timeLint("expression 500 deep", "dsl", deep500.dsl, ["expression-too-deep"], 9),
    dsl250: timeLint("expression 250 deep", "dsl", deep250.dsl, [], 9),
  };
  failIfUnclean();

  // Growth within one file: the input four times smaller and the input, timed alternately (so that a burst of
  // activity elsewhere on the machine hits both alike), each `k` lints per sample, the best sample of each.
  const growthWithin = (format, small, big, k, samples) => {
    const file = `growth.service.${format === "dsl" ? "yaml" : "json"}`;
    const lint = format === "dsl" ? dslLint(file) : jsonLint(file);
    for (const text of [small, big]) {
      const diagnostics = lint(text);
      if (diagnostics.length > 0 && unclean.length < 5) unclean.push({ format, file, text, diagnostics });
    }
    let [a, b] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let i = 0; i < samples; i++) {
      a = Math.min(a, pass(Array(k).fill(small), lint));
      b = Math.min(b, pass(Array(k).fill(big), lint));
    }
    return { factor: b / a, big: b / k };
  };
  const wideGrowth = {
    dsl: growthWithin("dsl", wide500.dsl, wide2000.dsl, 1, 2),
    json: growthWithin("json", wide500.json, wide2000.json, 1, 2),
  };
  for (const format of ["dsl", "json"]) wide[format].ms = Math.min(wide[format].ms, wideGrowth[format].big);
  const within = [
    ["500->2,000 boxes DSL", wideGrowth.dsl.factor],
    ["JSON", wideGrowth.json.factor],
    ["expression 62->250 deep DSL", growthWithin("dsl", deep62.dsl, deep250.dsl, 10, 5).factor],
    ["125->500 deep JSON", growthWithin("json", deep125.json, deep500.json, 10, 5).factor],
  ];
  failIfUnclean();

  // Where the time goes, stage by stage, on the first 100 services and on the 2,000-box service.
  const profiles = [
    [`DSL, ${profileSet.dsl.length} services`, profileStages("dsl", profileSet.dsl, 2)],
    [`JSON, ${profileSet.json.length} services`, profileStages("json", profileSet.json, 2)],
    ["DSL, 2,000 boxes", profileStages("dsl", [wide2000.dsl], 2)],
    ["JSON, 2,000 boxes", profileStages("json", [wide2000.json], 2)],
  ];
  const stressSeconds = (performance.now() - t) / 1000;

  // Files at the size limits, each command run as a user runs it: a process of its own, startup included.
  t = performance.now();
  const atLimit = filesAtLimit(workspace.dir).map((input) => ({
    ...input,
    runs: input.commands.map((command) => ({ command, ...runCommand(command, input.file) })),
  }));
  const limitSeconds = (performance.now() - t) / 1000;

  // 5. Report.
  const last = rows.at(-1);
  const line = "-".repeat(118);
  console.log(`\n${line}`);
  console.log(
    `${"services".padStart(8)} | ${"DSL KiB".padStart(8)} ${"yaml ms".padStart(8)} ${"lint ms".padStart(8)} ${"lint/yaml".padStart(10)} ${`<=${TARGET_DSL_RATIO}`.padStart(6)} | ${"JSON KiB".padStart(8)} ${"parse ms".padStart(8)} ${"lint ms".padStart(8)} ${"lint/parse".padStart(10)} ${`<=${TARGET_JSON_RATIO}`.padStart(6)} | ${"peak RSS".padStart(9)}`,
  );
  console.log(line);
  for (const row of rows) {
    const dslRatio = row.dsl / row.yaml;
    const jsonRatio = row.json / row.parse;
    console.log(
      `${String(row.n).padStart(8)} | ${(row.bytes.dsl / 1024).toFixed(0).padStart(8)} ${ms(row.yaml).padStart(8)} ${ms(row.dsl).padStart(8)} ${dslRatio.toFixed(2).padStart(10)} ${verdict(dslRatio <= TARGET_DSL_RATIO).padStart(6)} | ${(row.bytes.json / 1024).toFixed(0).padStart(8)} ${ms(row.parse).padStart(8)} ${ms(row.json).padStart(8)} ${jsonRatio.toFixed(2).padStart(10)} ${verdict(jsonRatio <= TARGET_JSON_RATIO).padStart(6)} | ${mib(row.rss).padStart(9)}`,
    );
  }
  console.log(line);
  console.log(
    `CPU time (user+system of this process; other processes do not inflate it): lint/yaml ${rows.map((r) => (r.cpu.dsl / r.cpu.yaml).toFixed(2)).join(", ")}; lint/parse ${rows.map((r) => (r.cpu.json / r.cpu.parse).toFixed(2)).join(", ")}`,
  );
  console.log(
    `per service (N=${rows.at(-1).n}): DSL ${ms(rows.at(-1).bytes.dsl / rows.at(-1).n / 1024)} KiB, lint ${ms(rows.at(-1).dsl / rows.at(-1).n)} ms; JSON ${ms(rows.at(-1).bytes.json / rows.at(-1).n / 1024)} KiB, lint ${ms(rows.at(-1).json / rows.at(-1).n)} ms`,
  );

  if (rows.length > 1) {
    console.log(
      `\ngrowth (linear: x4 time for x4 services; PASS when the time per service grows at most x${LINEAR_SLACK} per step)`,
    );
    for (const key of ["dsl", "json"]) {
      const steps = [];
      let ok = true;
      for (let i = 1; i < rows.length; i++) {
        const total = rows[i][key] / rows[i - 1][key];
        const perService = total / (rows[i].n / rows[i - 1].n);
        ok &&= perService <= LINEAR_SLACK;
        steps.push(`${rows[i - 1].n}->${rows[i].n}: x${total.toFixed(2)} time, x${perService.toFixed(2)} per service`);
      }
      console.log(`  ${key === "dsl" ? "DSL lint " : "JSON lint"}  ${steps.join("; ")}  ${verdict(ok)}`);
    }
  }

  console.log(
    `\nstress inputs (lint time, best of 3, of 9 for expressions; target < ${TARGET_STRESS_MS} ms; beside the bare parse of the same text)`,
  );
  for (const row of [wide.dsl, wide.json, deep.dsl250, deep.dsl, deep.json]) {
    const note = row.codes.length ? `  (refused: ${row.codes.join(", ")}, DSL limit 256)` : "  (clean)";
    console.log(
      `  ${`${row.label}, ${row.format.toUpperCase()}`.padEnd(28)} ${`${ms(row.kb)} KiB`.padStart(10)}  lint ${`${ms(row.ms)} ms`.padStart(10)}  ${row.format === "dsl" ? "yaml" : "JSON.parse"} ${`${ms(row.bare)} ms`.padStart(9)}  ${verdict(row.ms < TARGET_STRESS_MS)}${note}`,
    );
  }
  console.log(
    `  growth within one file (linear: x4): ${within.map(([label, factor]) => `${label} x${factor.toFixed(2)}`).join(", ")}  ${verdict(within.every(([, factor]) => factor <= 4 * LINEAR_SLACK))}`,
  );

  console.log(
    `\nfiles at the size limits (DSL ${mib(MAX_DSL_BYTES)}, JSON ${mib(MAX_JSON_BYTES)}), each command a process of its own; target <= ${TARGET_LIMIT_SECONDS} s and <= ${TARGET_LIMIT_RSS / 1e9} GB peak RSS (${ms(limitSeconds)} s in all)`,
  );
  for (const { label, file, runs } of atLimit) {
    const kib = readFileSync(file).length / 1024;
    const shown = runs.map(({ command, seconds, rss, code }) => {
      const ok = code <= 1 && seconds <= TARGET_LIMIT_SECONDS && rss <= TARGET_LIMIT_RSS;
      return `${command} ${ms(seconds)} s ${mib(rss)}${code > 1 ? ` exit ${code}` : ""} ${verdict(ok)}`;
    });
    console.log(`  ${label.padEnd(46)} ${`${ms(kib)} KiB`.padStart(11)}  ${shown.join(";  ")}`);
  }

  console.log(
    "\nwhere the lint time goes (ms; each stage a pass of its own, best of 2; compile includes the YAML tree)",
  );
  const show = ([label, time]) => `${label} ${ms(time)}`;
  for (const [label, { stages, slowest }] of profiles) {
    console.log(`  ${label.padEnd(18)} ${stages.map(show).join(", ")}; slowest rules: ${slowest.map(show).join(", ")}`);
  }

  const memory = process.memoryUsage();
  console.log(
    `\npeak RSS ${mib(peakRss())}, while the texts of ${last.n} services (${mib(last.bytes.dsl + last.bytes.json)} of UTF-8) were held in memory; heap now ${mib(memory.heapUsed)}`,
  );
  console.log(`total ${ms((performance.now() - started) / 1000)} s (stress inputs ${ms(stressSeconds)} s)`);
  const load = loadavg()[0];
  if (load > cpu.length / 2) {
    console.log(
      `note: load average ${load.toFixed(2)} on ${cpu.length} CPU(s): other processes competed for the CPU; times are inflated.`,
    );
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Unclean))
    console.error("FAILED:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  if (workspaceDir && !KEEP) rmSync(workspaceDir, { recursive: true, force: true });
  else if (workspaceDir) console.log(`workspace kept in ${workspaceDir}`);
}
