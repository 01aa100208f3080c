import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";
import { type JsonProblem, scratch } from "./lint-service.js";

/** A clean JSON service with `n` unknown keys in its properties: `n` alike `unknown-key` warnings. */
function unknownKeys(n: number): string {
  const service = JSON.parse(readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"));
  for (let i = 0; i < n; i++) service.properties[`x${i}`] = 1;
  return JSON.stringify(service, null, 2);
}

/** A clean DSL service with `n` metadata that nothing uses: `n` alike `unused-metadata` warnings, in text order. */
function unusedMetadata(n: number, before: (i: number) => string = () => ""): string {
  const metadata = Array.from({ length: n }, (_, i) => `${before(i)}      m${i}: fileName[0:8]\n`).join("");
  return `id: 1\nname: Letters\ntype: SIMPLE_UNIQUE\nboxes:\n  letters:\n    type: pdf\n    main: true\n    elements: 1\n    metadata:\n${metadata}`;
}

const lint = async (dir: string, file = "letters.service.json") => {
  const result = await runCli(["lint", "--format", "json", file], { cwd: dir });
  const problems = JSON.parse(result.stdout) as JsonProblem[];
  return { code: result.code, problems, count: (code: string) => problems.filter((p) => p.code === code).length };
};

describe("the findings of one code in a file", () => {
  it("are listed up to 100, the rest counted in one note at the first one left out", async () => {
    const text = unknownKeys(250);
    const { code, problems, count } = await lint(scratch({ "letters.service.json": text }));
    expect(code).toBe(0);
    expect(count("unknown-key")).toBe(100);
    const notes = problems.filter((p) => p.code === "more-findings");
    expect(notes).toEqual([
      expect.objectContaining({
        severity: "info",
        line: text.split("\n").findIndex((line) => line.includes('"x100"')) + 1,
        message:
          'Found 150 more "unknown-key" findings in this file, not listed; at most 100 of one code are listed per file.',
      }),
    ]);
    // The ones listed are the first in the text.
    const listed = problems.filter((p) => p.code === "unknown-key").map((p) => p.message.match(/"(x\d+)"/)?.[1]);
    expect(listed).toEqual(Array.from({ length: 100 }, (_, i) => `x${i}`));
  });

  it("are all listed up to the limit, with no note", async () => {
    const { problems, count } = await lint(scratch({ "letters.service.json": unknownKeys(100) }));
    expect(count("unknown-key")).toBe(100);
    expect(problems.some((p) => p.code === "more-findings")).toBe(false);
  });

  it("are listed up to maxFindingsPerCode of mailroom.config.yaml", async () => {
    const dir = scratch({ "letters.service.json": unknownKeys(10), "mailroom.config.yaml": "maxFindingsPerCode: 3\n" });
    const { problems, count } = await lint(dir);
    expect(count("unknown-key")).toBe(3);
    expect(problems.filter((p) => p.code === "more-findings").map((p) => p.message)).toEqual([
      'Found 7 more "unknown-key" findings in this file, not listed; at most 3 of one code are listed per file.',
    ]);
  });

  it("refuses a maxFindingsPerCode that is not a positive integer", async () => {
    const dir = scratch({ "letters.service.json": unknownKeys(1), "mailroom.config.yaml": "maxFindingsPerCode: 0\n" });
    const result = await runCli(["lint", "letters.service.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain("maxFindingsPerCode");
  });
});

describe("the findings of one code not listed", () => {
  it("count in the totals, as the findings they are, and against --max-warnings", async () => {
    const dir = scratch({ "letters.service.json": unknownKeys(250) });
    const stylish = await runCli(["lint", "letters.service.json"], { cwd: dir });
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toContain("250 problems (0 errors, 250 warnings) in 1 of 1 file checked");
    const json = await runCli(["lint", "--format", "json", "letters.service.json"], { cwd: dir });
    expect(json.stderr).toContain("250 problems (0 errors, 250 warnings) in 1 of 1 file checked");
    expect(JSON.parse(json.stdout)).toHaveLength(101);
    const capped = await runCli(["lint", "--max-warnings", "200", "letters.service.json"], { cwd: dir });
    expect(capped.code).toBe(1);
    expect(capped.stderr).toContain("found 250 warnings; --max-warnings allows 200.");
    const within = await runCli(["lint", "--max-warnings", "250", "letters.service.json"], { cwd: dir });
    expect(within.code).toBe(0);
  });

  it("count as errors under --quiet when they are errors", async () => {
    const service = JSON.parse(readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"));
    const box = service.properties.boxes[0];
    // 120 boxes whose `hidden` is not a boolean: 120 alike wrong-type errors.
    for (let i = 0; i < 120; i++)
      service.properties.boxes.push({ ...box, name: `copy${i}`, main: false, hidden: "no" });
    const dir = scratch({ "letters.service.json": JSON.stringify(service, null, 2) });
    const result = await runCli(["lint", "--quiet", "--format", "json", "letters.service.json"], { cwd: dir });
    expect(result.code).toBe(1);
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    expect(problems.filter((p) => p.code === "wrong-type")).toHaveLength(100);
    expect(problems.filter((p) => p.code === "more-findings").map((p) => p.message)).toEqual([
      'Found 20 more "wrong-type" findings in this file, not listed; at most 100 of one code are listed per file.',
    ]);
    expect(result.stderr).toContain("120 problems (120 errors, 0 warnings) in 1 of 1 file checked");
  });

  it("leave out those a suppression silences, and the suppression is used though what it silences is not listed", async () => {
    // 130 unused metadata; the last 10 each silenced by a comment of their own.
    const text = unusedMetadata(130, (i) => (i >= 120 ? "      # mailroom-disable-next-line unused-metadata\n" : ""));
    const { code, problems, count } = await lint(scratch({ "letters.service.yaml": text }), "letters.service.yaml");
    expect(code).toBe(0);
    expect(count("unused-metadata")).toBe(100);
    expect(count("unused-suppression")).toBe(0);
    expect(problems.filter((p) => p.code === "more-findings").map((p) => p.message)).toEqual([
      'Found 20 more "unused-metadata" findings in this file, not listed; at most 100 of one code are listed per file.',
    ]);
    const listed = problems.filter((p) => p.code === "unused-metadata").map((p) => p.message.match(/"(m\d+)"/)?.[1]);
    expect(listed).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}`));
  });

  it("leave out those of a code turned off, and count with the severity configured", async () => {
    const files = { "letters.service.json": unknownKeys(150) };
    const off = await lint(scratch({ ...files, "mailroom.config.yaml": "rules:\n  unknown-key: off\n" }));
    expect(off.problems).toEqual([]);
    const dir = scratch({ ...files, "mailroom.config.yaml": "rules:\n  unknown-key: error\n" });
    const result = await runCli(["lint", "letters.service.json"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("150 problems (150 errors, 0 warnings) in 1 of 1 file checked");
  });
});
