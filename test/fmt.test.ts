import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-fmt-"));

const UNFORMATTED =
  "id: 1\nname:   Test   # the name\ntype: SIMPLE_UNIQUE\nboxes:\n    letters: { type: pdf, elements: 1 }\n";
const FORMATTED =
  "id: 1\nname: Test # the name\ntype: SIMPLE_UNIQUE\nboxes:\n  letters:\n    type: pdf\n    elements: 1\n";
const BROKEN = "id: 1\nboxes: [\n";

/** A directory with an unformatted, a formatted and a broken DSL file. */
function files(): string {
  const dir = scratch();
  writeFileSync(join(dir, "a.service.yaml"), UNFORMATTED);
  writeFileSync(join(dir, "b.service.yaml"), FORMATTED);
  writeFileSync(join(dir, "c.service.yaml"), BROKEN);
  writeFileSync(join(dir, "d.service.yaml"), `${UNFORMATTED}# mailroom-fmt-disable -- kept as written\n`);
  return dir;
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), "utf8");

describe("mailroom fmt", () => {
  it("passes --check on the repository's own examples and fixtures", async () => {
    const result = await runCli(["fmt", "--check", "examples", "test/fixtures"]);
    expect(result.stdout).toBe("");
    expect(result.code, result.stderr).toBe(0);
  });

  it("prints the canonical layout without changing anything on disk", async () => {
    const dir = files();
    const result = await runCli(["fmt", join(dir, "a.service.yaml"), join(dir, "b.service.yaml")]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(FORMATTED + FORMATTED);
    expect(read(dir, "a.service.yaml")).toBe(UNFORMATTED);
  });

  it("--check lists the files to format and exits 1, changing nothing", async () => {
    const dir = files();
    const result = await runCli([
      "fmt",
      "--check",
      join(dir, "a.service.yaml"),
      join(dir, "b.service.yaml"),
      join(dir, "d.service.yaml"),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${join(dir, "a.service.yaml")}\n`);
    expect(result.stderr).toContain("1 of 3 files not in canonical layout");
    expect(read(dir, "a.service.yaml")).toBe(UNFORMATTED);
  });

  it("--write rewrites the files to format, atomically, and then --check passes", async () => {
    const dir = files();
    const write = await runCli([
      "fmt",
      "--write",
      join(dir, "a.service.yaml"),
      join(dir, "b.service.yaml"),
      join(dir, "d.service.yaml"),
    ]);
    expect(write.code, write.stderr).toBe(0);
    expect(write.stderr).toContain("formatted 1 of 3 files");
    expect(read(dir, "a.service.yaml")).toBe(FORMATTED);
    expect(read(dir, "d.service.yaml")).toBe(`${UNFORMATTED}# mailroom-fmt-disable -- kept as written\n`);
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const check = await runCli(["fmt", "--check", join(dir, "a.service.yaml"), join(dir, "b.service.yaml")]);
    expect(check.code).toBe(0);
  });

  it("reports a file with syntax errors, leaves it as it is, and exits 1", async () => {
    const dir = files();
    const result = await runCli(["fmt", "--write", dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, "c.service.yaml")}:2:8  error`);
    expect(result.stderr).toContain("1 file left as is: errors");
    expect(read(dir, "c.service.yaml")).toBe(BROKEN);
    expect(read(dir, "a.service.yaml")).toBe(FORMATTED);
  });

  it("refuses --check with --write, and files that are not DSL", async () => {
    expect((await runCli(["fmt", "--check", "--write", "examples"])).code).toBe(2);
    const other = await runCli(["fmt", join(repoRoot, "examples/payslips.service.json")]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("is not a DSL file");
  });
});
