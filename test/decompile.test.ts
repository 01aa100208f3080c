import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJson, repoRoot, runCli } from "./helpers.js";

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-decompile-"));

/** The JSON `mailroom build` compiles DSL files to, by file name (in one run of the CLI). */
async function built(files: readonly string[]): Promise<Record<string, unknown>> {
  const out = scratch();
  const result = await runCli(["build", "-o", out, ...files]);
  expect(result.code, result.stderr).toBe(0);
  return Object.fromEntries(readdirSync(out).map((name) => [name, JSON.parse(readFileSync(join(out, name), "utf8"))]));
}

describe("mailroom decompile", () => {
  it("writes one DSL file per service of an authentication response, each building back to its JSON", async () => {
    const out = scratch();
    const envelope = join(out, "auth.json");
    const services = ["supplier-invoices", "payslips"].map((name) => readJson(`examples/${name}.service.json`));
    writeFileSync(envelope, JSON.stringify({ result: { authToken: "t", services } }));
    const result = await runCli(["decompile", envelope, "-o", join(out, "dsl")]);
    expect(result.code, result.stderr).toBe(0);
    const names = readdirSync(join(out, "dsl")).sort();
    expect(names).toEqual([
      "bulletins-de-paie-mensuels-3307.service.yaml",
      "factures-clients-avec-pieces-justificatives-2204.service.yaml",
    ]);
    expect(result.stdout).toContain("-> ");
    expect(result.stderr).toContain("decompiled 2 of 2 services");
    const json = await built(names.map((name) => join(out, "dsl", name)));
    expect(json["factures-clients-avec-pieces-justificatives-2204.service.json"]).toEqual(services[0]);
    expect(json["bulletins-de-paie-mensuels-3307.service.json"]).toEqual(services[1]);
  });

  it("writes beside the JSON by default, and never overwrites a file unless --force", async () => {
    const dir = scratch();
    copyFileSync(join(repoRoot, "examples/registered-letter.service.json"), join(dir, "letter.service.json"));
    const target = join(dir, "lettre-recommandee-avec-accuse-de-reception-1101.service.yaml");
    const first = await runCli(["decompile", dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(existsSync(target)).toBe(true);
    writeFileSync(target, "# mine\n");
    const again = await runCli(["decompile", join(dir, "letter.service.json")]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("file-exists");
    expect(readFileSync(target, "utf8")).toBe("# mine\n");
    const forced = await runCli(["decompile", "--force", join(dir, "letter.service.json")]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(target, "utf8")).toContain("name: Lettre recommandée avec accusé de réception\n");
  });

  it("refuses a service the DSL cannot write without loss, writes nothing for it, and exits 1", async () => {
    const out = scratch();
    const result = await runCli(["decompile", "test/fixtures/json/err/box-hidden-missing.service.json", "-o", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot-decompile");
    expect(result.stderr).toContain('the value at "/properties/boxes/0/hidden" would not come back the same');
    expect(readdirSync(out)).toEqual([]);
  });

  it("keeps what breaks a rule, with a comment, and says how many", async () => {
    const out = scratch();
    const result = await runCli(["decompile", "test/fixtures/json/err/parent-rank-zero.service.json", "-o", out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/kept as it is, each with a comment in the DSL/);
    const [name] = readdirSync(out);
    expect(readFileSync(join(out, name as string), "utf8")).toContain("# out-of-range (kept as in the JSON):");
  });

  it("reports JSON it cannot read", async () => {
    const result = await runCli([
      "decompile",
      "test/fixtures/json/err/syntax-trailing-comma.service.json",
      "-o",
      scratch(),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("syntax-error");
  });
});
