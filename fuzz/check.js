// The checks the fuzzer makes of one service file: it goes through what `mailroom lint`, `build`, `fmt`,
// `decompile`, `docs`, `eval` and `test` do with a file (the functions those commands call, in process), and every
// way that fails is named.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The longest any one step may take on one file, in milliseconds of CPU time. */
export const STEP_LIMIT_MS = 2000;

/**
 * The process's CPU time in milliseconds: what a step costs, whatever else the machine runs (a wall clock on a
 * shared machine, or at low priority, counts the others' work too). Worker threads share it: with --jobs N, a
 * step is charged with what the others did meanwhile, at most N times its own cost.
 */
export const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The functions the CLI's commands call, from the built packages (`npx tsc -b` first). */
export async function loadApi(root) {
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const [lint, build, report, format, checker, docs, runtime] = await Promise.all([
    load("packages/cli/dist/lint.js"),
    load("packages/cli/dist/build.js"),
    load("packages/cli/dist/format/stylish.js"),
    load("packages/format/dist/index.js"),
    load("packages/checker/dist/index.js"),
    load("packages/docs/dist/index.js"),
    load("packages/runtime/dist/index.js"),
  ]);
  return {
    decodeSource: checker.decodeSource,
    checkText: lint.checkText,
    builtJson: build.builtJson,
    formatStylish: report.formatStylish,
    format: format.format,
    decompileText: format.decompileText,
    withReconcileDefaults: format.withReconcileDefaults,
    docs: (files) => renderDocs(docs, files),
    ...examplesRuns(root, checker, runtime),
  };
}

/**
 * What `mailroom docs` writes of checked files (each with its `workedExample`) in every format: the pages and the
 * index, as one list of texts.
 */
async function renderDocs(docs, files) {
  const { services, index } = docs.documentServices(files);
  const pages = [];
  for (const service of services) {
    pages.push(docs.renderMarkdownPage(service, { indexHref: "index.md" }));
    pages.push(await docs.renderHtmlPage(service, { indexHref: "index.html" }));
    pages.push(docs.renderJson(service));
  }
  pages.push(
    docs.renderMarkdownIndex(index, (slug) => `${slug}.md`),
    docs.renderHtmlIndex(index),
    docs.renderJson(index),
  );
  return pages;
}

/** The same instant for every run: what `eval --now` would give. */
const NOW = Date.parse("2024-03-15T10:00:00Z");

/**
 * `eval` and `test` on the examples' samples: `evaluate` simulates a job of a service on the samples of
 * examples/mailroom.config.yaml for its boxes (as `mailroom eval` does without `--file`); `tests` are the examples'
 * test files, which `test` runs against a service (those whose boxes the service has), and `workedExample` is what
 * `docs` makes of the first that fits.
 */
function examplesRuns(root, checker, runtime) {
  const examples = join(root, "examples");
  const configFile = join(examples, checker.CONFIG_FILE_NAME);
  const config = checker.parseConfig(configFile, readFileSync(configFile, "utf8")).config;
  const samples = Object.entries(config?.samples ?? {}).map(([box, path]) => [box, join(examples, path)]);
  const areaUnit = config?.areaUnit ?? "pt";
  const tests = readdirSync(examples)
    .filter((name) => name.endsWith(checker.TEST_FILE_SUFFIX))
    .sort()
    .map((name) => {
      const file = join(examples, name);
      const text = readFileSync(file, "utf8");
      return { file, text, read: runtime.readTestFile(file, text) };
    });
  /** The test files whose boxes the service has, read. */
  const fitting = (service) =>
    tests.filter(
      ({ read }) => read.value && runtime.checkAgainstService(read.value, service, read.locate).length === 0,
    );
  return {
    evaluate: (service) => {
      const files = samples.filter(([box]) => service.properties.boxes.some((b) => b.name === box));
      return files.length === 0
        ? undefined
        : runtime.simulateJob(service, { files, now: NOW, areaUnit, requirements: {} });
    },
    test: async (service) => {
      const runs = [];
      for (const { file, read } of fitting(service)) {
        for (const [index, testCase] of read.value.cases.entries()) {
          const run = await runtime.runCase(file, testCase, index, service, areaUnit, read.locate);
          runs.push(run.ok ? runtime.compareCase(testCase, run.outcome, run.testPath, ["cases", index]) : run.problems);
        }
      }
      return runs;
    },
    workedExample: async (service) => {
      const [first] = fitting(service);
      if (first === undefined) return null;
      const { workedExample } = await import(pathToFileURL(join(root, "packages/docs/dist/index.js")).href);
      return workedExample(service, { file: first.file, text: first.text }, areaUnit);
    },
  };
}

/** JSON text with sorted own keys: what a value means, whatever the order its keys were written in. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Where a span is wrong for its text, or undefined: offsets must be whole numbers within the text, and neither
 * end may fall between the halves of a CRLF or of a surrogate pair (no line and column there).
 */
export function badSpan(span, text) {
  const { offset, length } = span ?? {};
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0) {
    return `span ${JSON.stringify(span)} is not a pair of whole numbers >= 0`;
  }
  if (offset + length > text.length) return `span ${offset}+${length} ends past the text (${text.length})`;
  for (const at of [offset, offset + length]) {
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at);
    if (before === 13 && after === 10) return `span ${offset}+${length} cuts a CRLF at ${at}`;
    if (before >= 0xd800 && before < 0xdc00 && after >= 0xdc00 && after < 0xe000) {
      return `span ${offset}+${length} cuts a surrogate pair at ${at}`;
    }
  }
  return undefined;
}

/**
 * Codes about a file's layout only, which formatting may change (none yet: a rule about layout would be one); every
 * other finding is the same before and after `fmt`.
 */
const LAYOUT_CODES = new Set([]);

/**
 * What a file's findings say, whatever its layout: code and message of each (a line number in a message, which
 * formatting moves, left out), sorted.
 */
export const findingsOf = (diagnostics) =>
  diagnostics
    .filter((d) => !LAYOUT_CODES.has(d.code))
    .map((d) => `${d.code}: ${d.message.replace(/\bline \d+/g, "line #")}`)
    .sort();

/**
 * Where a range of a CLI report (1-based line and column, in UTF-16 code units, as `lint --format json` writes it)
 * is wrong for its text, or undefined: as `badSpan`, lines ending at LF, CRLF or CR.
 */
export function badRange(range, text) {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  const offset = (line, column) => (starts[line - 1] ?? Number.NaN) + column - 1;
  const start = offset(range.line, range.column);
  return badSpan({ offset: start, length: offset(range.endLine, range.endColumn) - start }, text);
}

/**
 * Runs every command's path over one file (`file` names it: `.yaml` for the DSL, else JSON) and resolves to its
 * failures, each `{ kind, message }`, the kind naming the check and the step: `throw-fmt`, `span-lint`, ...
 * `api` is what `loadApi` returns (a test may give a broken one, to see each check fail). Options: `limit`, the time
 * a step may take, in milliseconds; `now`, the clock that measures it (CPU time by default) (a test gives one it advances itself, so that
 * its verdict does not hang on the machine's load); `made`, a map counting the checks made, by name (so that a run can show that its
 * checks were not vacuous: most mutants do not build, say).
 */
export async function checkFile(api, file, text, { limit = STEP_LIMIT_MS, now = cpuMs, made = new Map() } = {}) {
  const failures = [];
  const count = (check) => made.set(check, (made.get(check) ?? 0) + 1);
  const fail = (kind, step, message) => failures.push({ kind: `${kind}-${step}`, message });
  /** Runs one step: no exception, within the time limit; undefined when it threw. */
  const step = async (name, run) => {
    const start = now();
    let result;
    try {
      result = { value: await run() };
    } catch (error) {
      fail("throw", name, error instanceof Error ? (error.stack ?? error.message) : String(error));
      return undefined;
    }
    const ms = now() - start;
    if (ms > limit) fail("slow", name, `took ${Math.round(ms)} ms; the limit is ${limit} ms`);
    return result;
  };
  /** Diagnostics: no internal error, every span (and every related span) inside `within`. */
  const diagnose = (name, diagnostics, within) => {
    for (const d of diagnostics) {
      if (d.code === "internal-error") fail("internal-error", name, d.message);
      for (const span of [d.span, ...(d.related ?? []).filter((r) => r.file === undefined).map((r) => r.span)]) {
        const bad = badSpan(span, within);
        if (bad) fail("span", name, `${d.code}: ${bad} (${d.message})`);
      }
    }
  };
  const context = { api, file, step, diagnose, fail, count };

  // Every command reads a file as this does: a byte order mark dropped, strict UTF-8.
  const source = api.decodeSource(Buffer.from(text, "utf8"));
  if (!source.ok) {
    const bad = badSpan({ offset: source.offset, length: 0 }, source.text);
    if (bad) fail("span", "read", bad);
    return failures;
  }
  const input = source.text;

  // lint: the checks, then the report as printed (its code frames read the spans).
  const lint = await step("lint", () => api.checkText(file, input, {}));
  if (!lint) return failures;
  const checked = lint.value;
  count("lint");
  diagnose("lint", checked.diagnostics, input);
  await step("lint", () => api.formatStylish([checked], { cwd: "/", color: false, version: "" }));
  if (/\.ya?ml$/.test(file)) await dslCommands(context, checked, input);
  else await decompile(context, checked, input);
  await runService(context, checked);
  return failures;
}

/** build, decompile of what it wrote, and fmt, of a DSL file. */
async function dslCommands(context, checked, input) {
  const { api, file, step, diagnose, fail, count } = context;
  // build, then decompile of what it wrote: the DSL -> JSON -> DSL -> JSON round trip.
  const built = await step("build", () => api.builtJson(checked));
  if (built?.value !== undefined) {
    count("build");
    const json = built.value;
    const back = await step("decompile", () => api.checkText("built.service.json", json, {}));
    if (back) await decompile(context, back.value, json, true);
  }

  // fmt: formats what parses (or says why not, in the file's words), idempotently, keeping what it compiles to
  // and what lint finds.
  const formatted = await step("fmt", () => api.format(input));
  if (!formatted) return;
  const once = formatted.value;
  count("fmt");
  diagnose("fmt", once.diagnostics, input);
  for (const d of once.diagnostics) {
    // The formatter's check of its own output found a difference: a bug of the formatter's, by its own account
    // (format.ts says so in these words; a construct it does not lay out is named, and is no failure).
    if (d.message.includes("please report it")) fail("refused", "fmt", d.message);
  }
  if (once.disabled || once.diagnostics.length > 0) return;
  const twice = await step("fmt", () => api.format(once.text));
  if (!twice) return;
  count("fmt twice");
  if (twice.value.diagnostics.length > 0 || twice.value.text !== once.text) {
    const why = twice.value.diagnostics.map((d) => d.message).join(" ");
    fail(
      "not-idempotent",
      "fmt",
      why || `a second fmt changes the text at ${firstDifferentLine(once.text, twice.value.text)}`,
    );
  }
  if (once.text === input) return;
  const after = await step("fmt", () => api.checkText(file, once.text, {}));
  if (!after) return;
  const before = compiledJson(checked);
  if (before !== undefined) {
    count("fmt meaning");
    if (compiledJson(after.value) !== before) fail("meaning", "fmt", "the formatted text compiles to other JSON");
  }
  count("fmt findings");
  const [was, is] = [findingsOf(checked.diagnostics), findingsOf(after.value.diagnostics)];
  if (was.join("\n") !== is.join("\n")) {
    const lost = was.filter((f) => !is.includes(f));
    const gained = is.filter((f) => !was.includes(f));
    fail(
      "findings",
      "fmt",
      `lint finds other problems once formatted: lost ${JSON.stringify(lost)}, gained ${JSON.stringify(gained)}`,
    );
  }
}

/**
 * docs in every format (twice: the same bytes), and, for a service without errors, `eval` on the examples' samples
 * and `test` with the examples' test files that fit it.
 */
async function runService(context, checked) {
  const { api, step, fail, count } = context;
  const errors = checked.diagnostics.some((d) => d.severity === "error");
  const [service, ...more] = errors ? [] : (checked.document?.services ?? []);
  const json = more.length === 0 ? service?.json : undefined;
  // As `mailroom docs` does: a worked example only of a service without errors, alone in its file.
  const example = json === undefined ? { value: null } : await step("docs", () => api.workedExample(json));
  if (!example) return;
  const files = [{ ...checked, workedExample: example.value }];
  const first = await step("docs", () => api.docs(files));
  if (!first) return;
  count("docs");
  const undrawn = first.value.find((page) => page.includes("Graphviz could not draw"));
  if (undrawn !== undefined) fail("undrawn", "docs", "Graphviz could not draw a diagram of the page");
  const second = await step("docs", () => api.docs(files));
  if (second && second.value.join("\0") !== first.value.join("\0")) {
    fail("nondeterministic", "docs", "a second run writes other pages");
  }
  if (json === undefined) return;
  const evaluated = await step("eval", () => api.evaluate(json));
  if (evaluated?.value !== undefined) count("eval");
  const tested = await step("test", () => api.test(json));
  if (tested && tested.value.length > 0) count("test");
}

/** The compiled service, canonical, when the file compiles (whatever the rules say); else undefined. */
function compiledJson(checked) {
  const document = checked.document;
  if (document?.services.length !== 1) return undefined;
  if (document.diagnostics.some((d) => d.severity === "error")) return undefined;
  return canonical(document.services[0].json);
}

/**
 * `decompile` of a JSON file: each service it writes builds back to the JSON it came from (with the reconcile
 * counts the JSON leaves out at their defaults, the decompiler's one normalisation). `built`: the JSON is what
 * `build` wrote, which the DSL can say, so a refusal is a failure too.
 */
async function decompile({ api, step, diagnose, fail, count }, checked, json, built = false) {
  const run = await step("decompile", () => api.decompileText(json, { file: checked.file }));
  if (!run) return;
  count("decompile");
  const result = run.value;
  diagnose("decompile", result.diagnostics, json);
  const sources = checked.document?.services ?? [];
  for (const [i, service] of result.services.entries()) {
    diagnose("decompile", service.diagnostics, json);
    if (service.text === undefined) {
      if (built) fail("refused", "decompile", service.diagnostics.map((d) => d.message).join(" "));
      continue;
    }
    const back = await step("decompile", () => api.checkText(service.fileName, service.text, {}));
    if (!back) continue;
    count("round trip");
    const source = sources[i]?.json;
    const expected = canonical(
      source !== null && typeof source === "object" ? api.withReconcileDefaults(source) : source,
    );
    const found = back.value.document?.services[0]?.json;
    if (found === undefined || canonical(found) !== expected) {
      fail("round-trip", "decompile", `service ${i} does not build back to its JSON:\n${service.text}`);
    }
  }
}

function firstDifferentLine(a, b) {
  const x = a.split("\n");
  const y = b.split("\n");
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return `line ${i + 1}: ${JSON.stringify(x[i] ?? "")} -> ${JSON.stringify(y[i] ?? "")}`;
}
