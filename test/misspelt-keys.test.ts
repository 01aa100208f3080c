import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";
import { brief, CLEAN_SERVICE, scratch } from "./lint-service.js";

const FILE = "letters.service.yaml";

/** CLEAN_SERVICE with `lines` added under the main box's `elements: 1`. */
const withBoxLines = (...lines: string[]): string =>
  CLEAN_SERVICE.replace("    elements: 1\n", `    elements: 1\n${lines.map((l) => `    ${l}\n`).join("")}`);

describe("a misspelt key where the spec lists every field", () => {
  it("is an error in a PDF box: lint fails, build writes nothing, --fix renames it", async () => {
    const dir = scratch({ [FILE]: withBoxLines("hiden: true") });
    const lint = await runCli(["lint", "--format", "json", FILE], { cwd: dir });
    expect(brief(lint.stdout)).toEqual(["misspelt-key@9:5 error"]);
    expect(lint.stdout).toContain('did you mean \\"hidden\\"?');
    expect(lint.code).toBe(1);

    const build = await runCli(["build", FILE], { cwd: dir });
    expect(build.code).toBe(1);
    expect(existsSync(join(dir, "letters.service.json"))).toBe(false);

    await runCli(["lint", "--fix", FILE], { cwd: dir });
    expect(readFileSync(join(dir, FILE), "utf8")).toBe(withBoxLines("hidden: true"));
    const built = await runCli(["build", FILE], { cwd: dir });
    expect(built.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "letters.service.json"), "utf8")).properties.boxes[0].hidden).toBe(true);
  });

  it("is an error in a split, a reconcile, a metadata entry and an apposition", async () => {
    const service = withBoxLines(
      "split: { type: pages, pagess: 2 }",
      "hasAddressPage: true",
      "appositions:",
      "  - type: image",
      "    id: 1",
      "    target: ADDRESS_PAGE",
      '    pageFilter: "1"',
      "    editabel: true",
      "    file: 7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
    ).replace("        persist: true\n", "        persist: true\n        editabl: true\n");
    const dir = scratch({ [FILE]: service });
    const lint = await runCli(["lint", "--format", "json", FILE], { cwd: dir });
    expect(brief(lint.stdout)).toEqual([
      "misspelt-key@9:27 error",
      "misspelt-key@16:9 error",
      "misspelt-key@22:9 error",
    ]);
    expect(lint.code).toBe(1);
    await runCli(["lint", "--fix", FILE], { cwd: dir });
    const fixed = await runCli(["lint", "--format", "json", FILE], { cwd: dir });
    expect(brief(fixed.stdout)).toEqual([]);
  });

  it("stays a warning and passes through on a channel, whose extra fields the spec expects", async () => {
    const dir = scratch({
      [FILE]: CLEAN_SERVICE.replace("    name: green-letter\n", "    name: green-letter\n    outputFile: x\n"),
    });
    const lint = await runCli(["lint", "--format", "json", FILE], { cwd: dir });
    expect(brief(lint.stdout)).toEqual(["unknown-key@16:5 warning"]);
    expect(lint.code).toBe(0);
    const build = await runCli(["build", FILE], { cwd: dir });
    expect(build.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "letters.service.json"), "utf8")).properties.channels[0].outputFile).toBe(
      "x",
    );
  });

  it("is an error in a JSON service too, and --fix renames it in its quotes", async () => {
    const dir = scratch({ [FILE]: CLEAN_SERVICE });
    await runCli(["build", FILE], { cwd: dir });
    const json = join(dir, "letters.service.json");
    const built = readFileSync(json, "utf8");
    const broken = built.replace('"main": true,', '"main": true,\n        "hasAdressPage": true,');
    expect(broken).not.toBe(built);
    writeFileSync(json, broken);
    const lint = await runCli(["lint", "--format", "json", "letters.service.json"], { cwd: dir });
    expect(brief(lint.stdout)).toEqual([expect.stringMatching(/^misspelt-key@\d+:9 error$/)]);
    expect(lint.code).toBe(1);
    await runCli(["lint", "--fix", "letters.service.json"], { cwd: dir });
    expect(readFileSync(json, "utf8")).toBe(broken.replace('"hasAdressPage"', '"hasAddressPage"'));
  });
});
