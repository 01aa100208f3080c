import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { matches, type Reported, readAnnotations } from "./annotations.js";
import { filesIn, repoRoot, runCli } from "./helpers.js";

const DSL = /\.service\.ya?ml$/;

describe("annotated DSL fixtures, through the real CLI", () => {
  it("valid fixtures produce nothing", async () => {
    const result = await runCli(["lint", "--format", "json", "test/fixtures/dsl/ok"]);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it("each broken fixture reports exactly what its annotations mark", async () => {
    const fixtures = filesIn("test/fixtures/dsl/err", DSL);
    expect(fixtures.length).toBeGreaterThan(0);
    const result = await runCli(["lint", "--format", "json", "test/fixtures/dsl/err"]);
    const reported = JSON.parse(result.stdout) as (Reported & { file: string })[];
    for (const fixture of fixtures) {
      const text = readFileSync(join(repoRoot, fixture), "utf8");
      const lines = text.split(/\r?\n/);
      const expected = readAnnotations(text);
      expect(expected.length, `${fixture} has no annotation`).toBeGreaterThan(0);
      const mine = reported.filter((d) => d.file === fixture);
      const unmatched = mine.filter((d) => !expected.some((e) => matches(e, d, lines[d.line - 1]?.length ?? 0)));
      const missing = expected.filter((e) => !mine.some((d) => matches(e, d, lines[d.line - 1]?.length ?? 0)));
      expect({ unexpected: unmatched, missing }, fixture).toEqual({ unexpected: [], missing: [] });
    }
  });
});
