import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allSchemas } from "@mailroom/cli";
import { BOOLEAN_EXPRESSION_TYPES, VALUE_EXPRESSION_TYPES } from "@mailroom/model";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { filesIn, repoRoot, runCli } from "./helpers.js";

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-build-"));
const sources = filesIn("examples", /\.service\.yaml$/);

describe("mailroom build", () => {
  it("has DSL examples to build", () => {
    expect(sources.length).toBeGreaterThanOrEqual(4);
  });

  it("rebuilds every example to the exact bytes committed beside it", async () => {
    const out = scratch();
    const result = await runCli(["build", "examples", "--out", out]);
    expect(result.stderr).toBe(`built ${sources.length} of ${sources.length} file(s)\n`);
    expect(result.code).toBe(0);
    for (const source of sources) {
      const name = source.replace(/^examples\//, "").replace(/\.yaml$/, ".json");
      expect(readFileSync(join(out, name), "utf8"), name).toBe(readFileSync(join(repoRoot, "examples", name), "utf8"));
    }
  });

  it("writes output that validates against schemas/service.schema.json", async () => {
    const out = scratch();
    await runCli(["build", "examples", "--out", out]);
    const validate = new Ajv({ strict: true }).compile(allSchemas()["service.schema.json"] as object);
    for (const file of readdirSync(out)) {
      expect(validate(JSON.parse(readFileSync(join(out, file), "utf8"))), file).toBe(true);
    }
  });

  it("together, the compiled examples use every box, split, apposition and expression type", async () => {
    const out = scratch();
    await runCli(["build", "examples", "--out", out]);
    const types = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === "object" && value !== null) {
        const tag = (value as Record<string, unknown>)["@type"];
        if (typeof tag === "string") types.add(tag);
        Object.values(value).forEach(collect);
      }
    };
    for (const file of readdirSync(out)) collect(JSON.parse(readFileSync(join(out, file), "utf8")));
    const every = [
      ...[
        "box.PDF",
        "box.DATA_FILE",
        "box.ARCHIVE",
        "bsc.NONE",
        "bsc.PAGE",
        "bsc.PDF_AREA",
        "bap.Overlay",
        "bap.Image",
      ],
      ...VALUE_EXPRESSION_TYPES,
      ...BOOLEAN_EXPRESSION_TYPES,
    ];
    expect(every.filter((type) => !types.has(type))).toEqual([]);
  });

  it("writes beside the source by default, and the same bytes on every run", async () => {
    const dir = scratch();
    cpSync(join(repoRoot, sources[0] as string), join(dir, "a.service.yaml"));
    expect((await runCli(["build", dir])).code).toBe(0);
    const first = readFileSync(join(dir, "a.service.json"), "utf8");
    expect((await runCli(["build", join(dir, "a.service.yaml")])).code).toBe(0);
    expect(readFileSync(join(dir, "a.service.json"), "utf8")).toBe(first);
    expect(readdirSync(dir).sort()).toEqual(["a.service.json", "a.service.yaml"]);
  });

  it("--stdout prints the JSON and writes nothing", async () => {
    const dir = scratch();
    cpSync(join(repoRoot, sources[0] as string), join(dir, "a.service.yaml"));
    const result = await runCli(["build", "--stdout", join(dir, "a.service.yaml")]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(
      JSON.parse(readFileSync(join(repoRoot, (sources[0] as string).replace(/\.yaml$/, ".json")), "utf8")),
    );
    expect(existsSync(join(dir, "a.service.json"))).toBe(false);
  });

  it("a file with an error writes nothing, reports it with its position and exits 1; others still build", async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, "bad.service.yaml"),
      "id: 1\nname: x\ntype: SIMPLE_UNIQUE\nboxes:\n  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: concat(meta.x,\n",
    );
    cpSync(join(repoRoot, sources[0] as string), join(dir, "good.service.yaml"));
    const result = await runCli(["build", dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/bad\.service\.yaml:9:24 {2}error {2}.* {2}expression-syntax\n/);
    expect(existsSync(join(dir, "bad.service.json"))).toBe(false);
    expect(existsSync(join(dir, "good.service.json"))).toBe(true);
  });

  it("refuses --out with --stdout, and a missing path, with exit 2", async () => {
    expect((await runCli(["build", "examples", "--stdout", "--out", scratch()])).code).toBe(2);
    expect((await runCli(["build", "nope"])).code).toBe(2);
  });
});
