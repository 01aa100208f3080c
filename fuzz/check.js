// The checks the fuzzer makes of one service file: it goes through what `mailroom lint`, `build`, `fmt` and
// `decompile` do with a file (the functions those commands call, in process), and every way that fails is named.

import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The longest any one step may take on one file, in milliseconds. */
export const STEP_LIMIT_MS = 2000;

/** The functions the CLI's commands call, from the built packages (`npx tsc -b` first). */
export async function loadApi(root) {
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const [lint, build, report, format, checker] = await Promise.all([
    load("packages/cli/dist/lint.js"),
    load("packages/cli/dist/build.js"),
    load("packages/cli/dist/format/stylish.js"),
    load("packages/format/dist/index.js"),
    load("packages/checker/dist/index.js"),
  ]);
  return {
    decodeSource: checker.decodeSource,
    checkText: lint.checkText,
    builtJson: build.builtJson,
    formatStylish: report.formatStylish,
    format: format.format,
    decompileText: format.decompileText,
    withReconcileDefaults: format.withReconcileDefaults,
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
 * Runs every command's path over one file (`file` names it: `.yaml` for the DSL, else JSON) and returns its
 * failures, each `{ kind, message }`, the kind naming the check and the step: `throw-fmt`, `span-lint`, ...
 * `api` is what `loadApi` returns (a test may give a broken one, to see each check fail). Options: `limit`, the time
 * a step may take, in milliseconds; `now`, the clock that measures it (a test gives one it advances itself, so that
 * its verdict does not hang on the machine's load); `made`, a map counting the checks made, by name (so that a run can show that its
 * checks were not vacuous: most mutants do not build, say).
 */
export function checkFile(
  api,
  file,
  text,
  { limit = STEP_LIMIT_MS, now = () => performance.now(), made = new Map() } = {},
) {
  const failures = [];
  const count = (check) => made.set(check, (made.get(check) ?? 0) + 1);
  const fail = (kind, step, message) => failures.push({ kind: `${kind}-${step}`, message });
  /** Runs one step: no exception, within the time limit; undefined when it threw. */
  const step = (name, run) => {
    const start = now();
    let result;
    try {
      result = { value: run() };
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
      for (const span of [d.span, ...(d.related ?? []).map((r) => r.span)]) {
        const bad = badSpan(span, within);
        if (bad) fail("span", name, `${d.code}: ${bad} (${d.message})`);
      }
    }
  };

  // Every command reads a file as this does: a byte order mark dropped, strict UTF-8.
  const source = api.decodeSource(Buffer.from(text, "utf8"));
  if (!source.ok) {
    const bad = badSpan({ offset: source.offset, length: 0 }, source.text);
    if (bad) fail("span", "read", bad);
    return failures;
  }
  const input = source.text;
  const isDsl = /\.ya?ml$/.test(file);

  // lint: the checks, then the report as printed (its code frames read the spans).
  const lint = step("lint", () => api.checkText(file, input, {}));
  if (!lint) return failures;
  const checked = lint.value;
  count("lint");
  diagnose("lint", checked.diagnostics, input);
  step("lint", () => api.formatStylish([checked], { cwd: "/", color: false, version: "" }));
  if (!isDsl) {
    decompile(api, checked, input, { step, diagnose, fail, count });
    return failures;
  }

  // build, then decompile of what it wrote: the DSL -> JSON -> DSL -> JSON round trip.
  const built = step("build", () => api.builtJson(checked));
  if (built?.value !== undefined) {
    count("build");
    const json = built.value;
    const back = step("decompile", () => api.checkText("built.service.json", json, {}));
    if (back) decompile(api, back.value, json, { step, diagnose, fail, count }, true);
  }

  // fmt: formats what parses (or says why not, in the file's words), idempotently, keeping what it compiles to.
  const formatted = step("fmt", () => api.format(input));
  if (!formatted) return failures;
  const once = formatted.value;
  count("fmt");
  diagnose("fmt", once.diagnostics, input);
  for (const d of once.diagnostics) {
    // The formatter's check of its own output found a difference: a bug of the formatter's, by its own account
    // (format.ts says so in these words; a construct it does not lay out is named, and is no failure).
    if (d.message.includes("please report it")) fail("refused", "fmt", d.message);
  }
  if (once.disabled || once.diagnostics.length > 0) return failures;
  const twice = step("fmt", () => api.format(once.text));
  if (!twice) return failures;
  count("fmt twice");
  if (twice.value.diagnostics.length > 0 || twice.value.text !== once.text) {
    const why = twice.value.diagnostics.map((d) => d.message).join(" ");
    fail(
      "not-idempotent",
      "fmt",
      why || `a second fmt changes the text at ${firstDifferentLine(once.text, twice.value.text)}`,
    );
  }
  const before = compiledJson(checked);
  if (before !== undefined) {
    const after = step("fmt", () => compiledJson(api.checkText(file, once.text, {})));
    count("fmt meaning");
    if (after && after.value !== before) fail("meaning", "fmt", "the formatted text compiles to other JSON");
  }
  return failures;
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
function decompile(api, checked, json, { step, diagnose, fail, count }, built = false) {
  const run = step("decompile", () => api.decompileText(json, { file: checked.file }));
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
    const back = step("decompile", () => api.checkText(service.fileName, service.text, {}));
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
