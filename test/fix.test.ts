import { chmodSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { applyFixes } from "../packages/cli/src/fix.js";
import { runCli } from "./helpers.js";
import { brief, SERVICE, scratch } from "./lint-service.js";

const FILE = "letters.service.yaml";
const fixed = SERVICE.replace("ou.Siret", "ou.SIRET");

describe("mailroom lint --fix", () => {
  it("changes only the fixed text, keeping comments and layout, then reports what remains", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const result = await runCli(["lint", "--fix", "--format", "json", FILE], { cwd: dir });
    expect(readFileSync(join(dir, FILE), "utf8")).toBe(fixed);
    expect(brief(result.stdout)).toEqual([
      "unused-metadata@14:7 warning",
      "unknown-requirement@15:26 warning",
      "duplicate-channel-label@19:5 error",
    ]);
    expect(result.stderr).toBe("fixed 1 problem in 1 file\n3 problems (1 error, 2 warnings) in 1 of 1 file checked\n");
    expect(result.code).toBe(1);
  });

  it("keeps CRLF line endings and a byte order mark", async () => {
    const crlf = `\uFEFF${SERVICE.replaceAll("\n", "\r\n")}`;
    const dir = scratch({ [FILE]: crlf });
    await runCli(["lint", "--fix", FILE], { cwd: dir });
    expect(readFileSync(join(dir, FILE), "utf8")).toBe(crlf.replace("ou.Siret", "ou.SIRET"));
  });

  it("edits a JSON service in place, member by member, leaving its formatting as it was", async () => {
    const dir = scratch({ [FILE]: fixed.replace(/channels:[\s\S]*/, "channels: []\n") });
    await runCli(["build", FILE], { cwd: dir });
    const built = readFileSync(join(dir, "letters.service.json"), "utf8");
    expect(built).toContain('"identifier": "SIRET"');
    const broken = built.replace('"identifier": "SIRET"', '"identifier":   "Siret"').replaceAll("  ", "\t");
    writeFileSync(join(dir, "letters.service.json"), broken);
    const result = await runCli(["lint", "--fix", "--format", "json", "letters.service.json"], { cwd: dir });
    expect(readFileSync(join(dir, "letters.service.json"), "utf8")).toBe(broken.replace('"Siret"', '"SIRET"'));
    expect(brief(result.stdout)).not.toContain("unknown-ou-identifier");
  });

  it("writes atomically: no temporary file left, permissions kept, a symbolic link still a link", async () => {
    const dir = scratch({ [`real/${FILE}`]: SERVICE });
    chmodSync(join(dir, "real", FILE), 0o640);
    symlinkSync(join(dir, "real", FILE), join(dir, FILE));
    await runCli(["lint", "--fix", FILE], { cwd: dir });
    expect(lstatSync(join(dir, FILE)).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "real", FILE), "utf8")).toBe(fixed);
    expect(statSync(join(dir, "real", FILE)).mode & 0o777).toBe(0o640);
    expect(readdirSync(join(dir, "real"))).toEqual([FILE]);
    expect(readdirSync(dir).sort()).toEqual([FILE, "real"]);
  });

  it("never touches a file it could not read, nor one with nothing to fix", async () => {
    const bad = Buffer.concat([
      Buffer.from(SERVICE.slice(0, 20)),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(SERVICE.slice(20)),
    ]);
    const dir = scratch({
      "bad.service.yaml": bad,
      "clean.service.yaml": fixed.replace(/channels:[\s\S]*/, "channels: []\n"),
    });
    const before = { bad: statSync(join(dir, "bad.service.yaml")), clean: statSync(join(dir, "clean.service.yaml")) };
    const result = await runCli(["lint", "--fix", "--format", "json", "."], { cwd: dir });
    expect(readFileSync(join(dir, "bad.service.yaml"))).toEqual(bad);
    expect(statSync(join(dir, "bad.service.yaml")).mtimeMs).toBe(before.bad.mtimeMs);
    expect(statSync(join(dir, "clean.service.yaml")).ino).toBe(before.clean.ino);
    expect(statSync(join(dir, "clean.service.yaml")).mtimeMs).toBe(before.clean.mtimeMs);
    expect(brief(result.stdout)[0]).toMatch(/^invalid-encoding@/);
    expect(result.stderr).not.toContain("fixed");
  });

  it("does not fix what a rule turned off does not report", async () => {
    const dir = scratch({ "mailroom.config.yaml": "rules: { unknown-ou-identifier: off }\n", [FILE]: SERVICE });
    await runCli(["lint", "--fix", FILE], { cwd: dir });
    expect(readFileSync(join(dir, FILE), "utf8")).toBe(SERVICE);
  });
});

describe("applyFixes", () => {
  const at = (offset: number, length: number, newText: string, code = "c"): Diagnostic => ({
    code,
    severity: "error",
    message: "m",
    span: { offset, length },
    fix: { description: newText, edits: [{ span: { offset, length }, newText }] },
  });

  it("applies non-overlapping fixes whole, and leaves a clashing one for the next pass", () => {
    const text = "abcdefghij";
    const result = applyFixes(text, [at(6, 2, "XY"), at(0, 3, "123"), at(2, 2, "!!"), at(3, 0, "+")]);
    // "cd" overlaps "abc"; the insertion at 3 sits just after "abc" and is fine.
    expect(result).toEqual({ text: "123+defXYij", applied: 3 });
    expect(applyFixes("ab", [at(1, 0, "x"), at(1, 0, "y")])).toEqual({ text: "axb", applied: 1 });
  });

  it("applies a fix of several edits all or nothing", () => {
    const two: Diagnostic = {
      code: "c",
      severity: "error",
      message: "m",
      span: { offset: 0, length: 1 },
      fix: {
        description: "both",
        edits: [
          { span: { offset: 0, length: 1 }, newText: "A" },
          { span: { offset: 4, length: 1 }, newText: "E" },
        ],
      },
    };
    expect(applyFixes("abcde", [at(4, 1, "!"), two])).toEqual({ text: "AbcdE", applied: 1 });
    // The clash at offset 0 keeps the whole second fix out, its edit at offset 4 too.
    expect(applyFixes("abcde", [at(0, 1, "!"), two])).toEqual({ text: "!bcde", applied: 1 });
  });
});
