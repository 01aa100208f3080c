import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

/*
 * Through the real CLI: a string never closed at the very end of a file is an error,
 * not a value; a tab in indentation is reported once, without a duplicate key it did not write; nesting past the
 * limit is reported once, at the first level beyond it, in YAML (block and flow) and JSON alike. And item 1's
 * cost side: a JSON object with very many keys is linted in linear time.
 */

interface Finding {
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
}

const findings = (stdout: string): Finding[] => JSON.parse(stdout) as Finding[];
const brief = (stdout: string) => findings(stdout).map((d) => `${d.line}:${d.column} ${d.code}`);

/** Writes `text` as `name` in a fresh directory and returns its path. */
function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "mailroom-syntax-")), name);
  writeFileSync(path, text);
  return path;
}

const lint = (path: string) => runCli(["lint", path, "--format", "json"], { timeout: 60_000 });

/** A clean service whose last line is its box's label, written as `label` with no line end after it. */
const SERVICE = (label: string) => `id: 1101
name: Lettre
type: SIMPLE_UNIQUE
organizationalUnit: { id: 3120, name: Cabinet Arvel }
channels:
  Courrier:
    name: MAIL
boxes:
  LETTER:
    type: pdf
    main: true
    elements: 1
    split: none
    label: ${label}`;

describe("item 2: a quoted string never closed at the end of the file", () => {
  it("the service is clean with the label closed (the cases below differ only in their last characters)", async () => {
    const result = await lint(file("a.service.yaml", SERVICE('"Avis \\\\"')));
    expect(result.stdout.trim()).toBe("[]");
    expect(result.code).toBe(0);
  });

  it.each([
    ['"Avis \\"', ""],
    ['"Avis \\"', "\n"],
    ["'Avis l''", ""],
    ['"Avis', ""],
    ["'Avis", "\n"],
  ])("%s (then %j): lint reports it at the opening quote, build writes nothing", async (label, end) => {
    const path = file("avis.service.yaml", SERVICE(label) + end);
    const result = await lint(path);
    expect(result.code).toBe(1);
    const [finding, ...others] = findings(result.stdout);
    expect(others).toEqual([]);
    expect(`${finding?.line}:${finding?.column} ${finding?.code}`).toBe("14:12 syntax-error");
    const quote = label.startsWith('"') ? "double" : "single";
    expect(finding?.message).toMatch(
      new RegExp(`^Found a ${quote}-quoted string that is never closed[;:] .*expected a closing ${quote} quote`),
    );

    const build = await runCli(["build", path]);
    expect(build.code).toBe(1);
    expect(build.stdout + build.stderr).toContain("never closed");
    expect(existsSync(path.replace(/\.yaml$/, ".json"))).toBe(false);
  });

  it("says why a last quote escaped is not the closing one", async () => {
    const result = await lint(file("a.service.yaml", SERVICE('"Avis \\"')));
    expect(findings(result.stdout)[0]?.message).toBe(
      'Found a double-quoted string that is never closed: its last " is escaped by the backslash before it; expected a closing double quote (") after it (a backslash itself is written \\\\).',
    );
  });
});

describe("item 7: positions and messages of indentation and nesting problems", () => {
  it("a tab used for indentation is reported once, without a duplicate of the top-level key", async () => {
    const text = "id: 1\nname: Test\ntype: PREPROCESSING_UNIQUE\nboxes:\n  - name: B\n\ttype: pdf\n";
    const result = await lint(file("tab.service.yaml", text));
    expect(result.code).toBe(1);
    expect(findings(result.stdout).map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      "6:1 syntax-error Found a tab used for indentation; expected spaces.",
    ]);
  });

  /** n block mappings, each key one column deeper than its parent's. */
  const nestedKeys = (n: number) => Array.from({ length: n }, (_, i) => `${" ".repeat(i)}k${i}:\n`).join("");

  it.each([257, 300, 1000, 1300])("%i nested block mappings: one too-deep at the 257th, at 257:257", async (n) => {
    const result = await lint(file("deep.service.yaml", nestedKeys(n)));
    expect(result.code).toBe(1);
    expect(brief(result.stdout)).toEqual(["257:257 too-deep"]);
    expect(result.stdout).not.toMatch(/longer than 1024/);
  });

  it.each([
    ["a top-level key", ""],
    ["a key beside the 10th level", " ".repeat(9)],
  ])("300 nested block mappings, then %s: one too-deep, the key read as it is", async (_, indent) => {
    const text = `${nestedKeys(300)}${indent}after: 1\n${indent}other: 2\n`;
    const result = await lint(file("deep.service.yaml", text));
    expect(result.code).toBe(1);
    expect(brief(result.stdout)).toEqual(["257:257 too-deep"]);
    expect(result.stdout).not.toMatch(/longer than 1024|syntax-error/);
  });

  it("256 nested block mappings are within the limit", async () => {
    const result = await lint(file("deep.service.yaml", nestedKeys(256)));
    expect(result.stdout).not.toMatch(/too-deep|syntax-error/);
  });

  it.each([
    ["flow sequences at the root", `${"[".repeat(300)}${"]".repeat(300)}\n`, "1:257"],
    ["flow sequences under a key", `a: ${"[".repeat(300)}${"]".repeat(300)}\n`, "1:259"],
    ["flow mappings under a key", `a: ${"{a: ".repeat(300)}1${"}".repeat(300)}\n`, "1:1024"],
    ["block sequences on one line", `${"- ".repeat(300)}x\n`, "1:513"],
    [
      "block sequences over lines",
      `${Array.from({ length: 300 }, (_, i) => `${" ".repeat(2 * i)}-`).join("\n")} x\n`,
      "257:513",
    ],
    [
      "sequences of mappings over lines",
      `k0:\n${Array.from({ length: 150 }, (_, j) => `${" ".repeat(4 * j + 2)}- k${j + 1}:`).join("\n")} x\n`,
      "129:513",
    ],
  ])("%s nested too deep: one too-deep, at the 257th level", async (_, text, at) => {
    const result = await lint(file("deep.service.yaml", text));
    expect(result.code).toBe(1);
    expect(brief(result.stdout)).toEqual([`${at} too-deep`]);
  });

  it.each([
    ["objects", (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`, "1:5001"],
    ["arrays", (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`, "1:1001"],
  ])("JSON %s nested 1,001 deep and more: one too-deep at the 1,001st level", async (_, make, at) => {
    for (const n of [1001, 5000]) {
      const result = await lint(file("deep.service.json", make(n)));
      expect(result.code).toBe(1);
      expect(brief(result.stdout)).toEqual([`${at} too-deep`]);
    }
    // 1,000 levels are within the limit.
    expect((await lint(file("deep.service.json", make(1000)))).stdout).not.toMatch(/too-deep/);
  });
});

describe("item 1, many keys: every key of a large object is found, once", () => {
  // What it costs (linear: a quadratic lookup took 40 s of CPU at 100,000 keys) is measured by `npm run bench`.
  // Beyond about 120,000, pushing the findings as arguments (`push(...found)`) overflowed the stack.
  it("lints a JSON service whose `properties` has 150,000 extra keys, one warning each", async () => {
    const service = JSON.parse(readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"));
    for (let i = 0; i < 150_000; i++) service.properties[`extra${i}`] = i;
    const path = file("many.service.json", JSON.stringify(service, null, 2));
    // Every finding listed: by default a file lists 100 of one code (test/findings-cap.test.ts).
    writeFileSync(join(dirname(path), "mailroom.config.yaml"), "maxFindingsPerCode: 150000\n");
    const result = await lint(path);
    expect(result.code).toBe(0);
    const found = findings(result.stdout);
    expect(found).toHaveLength(150_000);
    expect(found.at(-1)?.message).toContain("extra149999");
  }, 120_000);
});
