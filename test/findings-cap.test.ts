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

const lint = async (dir: string) => {
  const result = await runCli(["lint", "--format", "json", "letters.service.json"], { cwd: dir });
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
