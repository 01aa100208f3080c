import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { badRange, findingsOf } from "../fuzz/check.js";
import { readFixture } from "../fuzz/fixture.js";
import { repoRoot, runCli } from "./helpers.js";

/*
 * Every failure the fuzzer found, replayed through the real CLI: each fixture of test/fixtures/fuzz, its header
 * taken off, in a folder of its own that `lint`, `fmt`, `build`, `decompile` and `docs` are run on. A command
 * that never ends is killed (a runaway must not outlive its test) and fails its test; no time is compared.
 */

const FIXTURES = join(repoRoot, "test/fixtures/fuzz");
const RUNAWAY_MS = 60_000;

interface Problem {
  readonly file: string;
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly related?: readonly { line: number; column: number; endLine: number; endColumn: number; file: string }[];
}

let dir = "";
const names = readdirSync(FIXTURES)
  .filter((name) => /\.service\.(ya?ml|json)$/.test(name))
  .sort();

/** The fixtures' failing texts, written under `folder`. */
function writeFixtures(folder: string): void {
  for (const name of names) {
    writeFileSync(join(folder, name), readFixture(readFileSync(join(FIXTURES, name), "utf8"), name).text);
  }
}

const cli = (args: readonly string[], cwd = dir) => runCli(args, { cwd, timeout: RUNAWAY_MS });

/** `lint --format json` of a folder: its problems by file, after checking that it ran to its end. */
async function lint(folder: string): Promise<Map<string, Problem[]>> {
  const result = await cli(["lint", "--format", "json", "."], folder);
  expect(result.stderr).not.toContain("internal error");
  expect([0, 1], result.stderr).toContain(result.code);
  const byFile = new Map<string, Problem[]>(names.map((name) => [name, []]));
  for (const problem of JSON.parse(result.stdout) as Problem[]) byFile.get(problem.file)?.push(problem);
  return byFile;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mailroom-fuzz-replay-"));
  writeFixtures(dir);
});

describe("the fuzzer's reproducers, through the CLI", () => {
  it("are there, DSL and JSON", () => {
    expect(names.some((name) => name.endsWith(".yaml"))).toBe(true);
    expect(names.some((name) => name.endsWith(".json"))).toBe(true);
  });

  it("lint: every range of the JSON report starts and ends on whole characters", async () => {
    for (const [name, problems] of await lint(dir)) {
      const text = readFileSync(join(dir, name), "utf8");
      for (const problem of problems) {
        const places = [problem, ...(problem.related ?? []).filter((r) => r.file === problem.file)];
        for (const place of places) expect(badRange(place, text), `${name}: ${problem.code}`).toBeUndefined();
      }
    }
  });

  it("fmt: a formatted file has the findings it had", async () => {
    const formatted = mkdtempSync(join(tmpdir(), "mailroom-fuzz-replay-"));
    writeFixtures(formatted);
    // The reproducers' own text has no `mailroom-fmt-disable` line: fmt formats each one that parses.
    const fmt = await cli(["fmt", "--write", "."], formatted);
    expect(fmt.stderr).not.toContain("internal error");
    expect([0, 1], fmt.stderr).toContain(fmt.code);
    const [before, after] = [await lint(dir), await lint(formatted)];
    let changed = 0;
    for (const name of names) {
      if (readFileSync(join(formatted, name), "utf8") !== readFileSync(join(dir, name), "utf8")) changed++;
      expect(findingsOf(after.get(name) ?? []), name).toEqual(findingsOf(before.get(name) ?? []));
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("build and decompile: no internal error", async () => {
    const out = mkdtempSync(join(tmpdir(), "mailroom-fuzz-replay-"));
    for (const args of [
      ["build", "-o", out, "."],
      ["decompile", "-o", out, ...names.filter((name) => name.endsWith(".json"))],
    ]) {
      const result = await cli(args);
      expect(result.stderr, args[0]).not.toContain("internal error");
      expect([0, 1], `${args[0]}: ${result.stderr}`).toContain(result.code);
    }
  });

  it("docs in every format: every page written, every diagram drawn, the same bytes twice", async () => {
    const pages = async () => {
      const out = mkdtempSync(join(tmpdir(), "mailroom-fuzz-replay-"));
      const result = await cli(["docs", ".", "-o", out, "--format", "md", "--format", "html", "--format", "json"]);
      expect(result.stderr).not.toContain("internal error");
      expect(result.code, result.stderr).toBe(0);
      const files = readdirSync(out).sort();
      return new Map(files.map((file) => [file, readFileSync(join(out, file), "utf8")]));
    };
    const first = await pages();
    // A page per service at least, in each format, and the index.
    expect(first.size).toBeGreaterThanOrEqual(3 * (names.length + 1));
    for (const [file, text] of first) expect(text, file).not.toContain("Graphviz could not draw");
    expect(await pages()).toEqual(first);
  });
});

describe("the fuzzer's reproducers, copied as they are", () => {
  it("keep the header that says what failed, and `fmt --check` leaves them alone", async () => {
    const copy = mkdtempSync(join(tmpdir(), "mailroom-fuzz-replay-"));
    cpSync(FIXTURES, copy, { recursive: true });
    for (const name of names) expect(readFileSync(join(copy, name), "utf8")).toMatch(/^(#|\/\/) fuzz: [a-z-]+: /);
    const result = await cli(["fmt", "--check", "."], copy);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
