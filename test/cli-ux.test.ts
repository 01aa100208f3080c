import { execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  constants,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";
import { CLEAN_SERVICE, SERVICE } from "./lint-service.js";

const scratch = () => mkdtempSync(join(tmpdir(), "mailroom-cli-ux-"));

/** A folder holding the files given, by relative path. */
function folder(files: Record<string, string>): string {
  const dir = scratch();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

// An ANSI colour sequence, as stylish writes them.
const ESCAPE = "\u001b[";

describe("mailroom init", () => {
  it("writes a project that lint, fmt --check, test and eval pass on", async () => {
    const dir = join(scratch(), "project");
    const result = await runCli(["init", dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      "invoices.service.test.yaml",
      "invoices.service.yaml",
      "mailroom.config.yaml",
      "organizational-unit.json",
      "samples",
    ]);
    expect(readFileSync(join(dir, "samples/INV-2024-0001.pdf"), "latin1")).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);

    const lint = await runCli(["lint", "."], { cwd: dir });
    expect([lint.code, lint.stdout, lint.stderr]).toEqual([0, "", "1 file checked, no problems\n"]);
    const fmt = await runCli(["fmt", "--check", "."], { cwd: dir });
    expect(fmt.code, fmt.stdout + fmt.stderr).toBe(0);
    const test = await runCli(["test", "."], { cwd: dir });
    expect(test.code, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toContain("1 case: 1 passed, 0 failed");
    // Without --file: the sample of the configuration, the area read in points.
    const evaluated = await runCli(["eval", "invoices.service.yaml", "--ou", "organizational-unit.json"], {
      cwd: dir,
    });
    expect(evaluated.code, evaluated.stderr).toBe(0);
    expect(evaluated.stdout).toContain('customerName   "Jane Martin"');
  });

  it("never overwrites a file: refuses, naming it, and writes nothing, unless --force", async () => {
    const dir = folder({ "mailroom.config.yaml": "areaUnit: mm\n" });
    const refused = await runCli(["init", dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${dir}/mailroom.config.yaml`);
    expect(refused.stderr).toContain("--force");
    expect(readdirSync(dir)).toEqual(["mailroom.config.yaml"]);
    expect(readFileSync(join(dir, "mailroom.config.yaml"), "utf8")).toBe("areaUnit: mm\n");

    const forced = await runCli(["init", dir, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(dir, "mailroom.config.yaml"), "utf8")).toContain("areaUnit: pt");
  });
});

describe("no silent success", () => {
  const commands: [command: string, patterns: string][] = [
    [
      "lint",
      "*.service.yaml, *.service.yml, *.service.json, *.job.yaml, *.job.json, *.delivery.yaml, *.delivery.json or *.ou.json",
    ],
    ["docs", "*.service.yaml, *.service.yml or *.service.json"],
    ["fmt", "*.service.yaml or *.service.yml"],
    ["build", "*.service.yaml or *.service.yml"],
    ["test", "*.service.test.yaml"],
    ["decompile", "*.service.json"],
  ];
  for (const [command, patterns] of commands) {
    it(`${command} on folders with no file it takes is exit 2, naming the folders and the patterns`, async () => {
      const empty = scratch();
      const contracts = folder({ "contracts.yaml": "a: 1\n" });
      const result = await runCli([command, empty, contracts]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`mailroom: No ${patterns} file found in "${empty}", "${contracts}".\n`);
    });
  }

  it("a clean lint says so in one line on stderr; stdout keeps the format's output only", async () => {
    const dir = folder({ "a.service.yaml": CLEAN_SERVICE, "b.service.yaml": CLEAN_SERVICE.replace("id: 1", "id: 2") });
    const stylish = await runCli(["lint", dir]);
    expect([stylish.code, stylish.stdout, stylish.stderr]).toEqual([0, "", "2 files checked, no problems\n"]);
    const json = await runCli(["lint", dir, "--format", "json"]);
    expect([json.code, json.stdout, json.stderr]).toEqual([0, "[]\n", "2 files checked, no problems\n"]);
  });

  it("stylish and stderr count the files with problems out of the files checked, alike", async () => {
    const dir = folder({ "bad.service.yaml": SERVICE, "good.service.yaml": CLEAN_SERVICE });
    const stylish = await runCli(["lint", dir]);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain("4 problems (2 errors, 2 warnings) in 1 of 2 files checked\n");
    const json = await runCli(["lint", dir, "--format", "json"]);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe("4 problems (2 errors, 2 warnings) in 1 of 2 files checked\n");
  });

  it("eval exits 1 when the job has violations, saying how many", async () => {
    const samples = "examples/samples/registered-letter";
    const result = await runCli([
      "eval",
      "examples/registered-letter.service.yaml",
      "--file",
      `LETTER=${samples}/LRAR_2024-0317_Dupont.pdf`,
      "--file",
      `LETTER=${samples}/LRAR_2024-0318_Martin.pdf`,
      "--ou",
      "examples/organizational-unit.json",
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Violations:\n  element-count:");
    expect(result.stderr).toBe("the job has 1 violation\n");
  });
});

describe("frictions", () => {
  it("eval suggests the box meant when --file names one the service does not have", async () => {
    const result = await runCli([
      "eval",
      "examples/registered-letter.service.yaml",
      "--file",
      "LETTERS=examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mailroom: --file LETTERS=examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf: the service has no box "LETTERS" (its boxes: LETTER); did you mean "LETTER"?\n',
    );
  });

  it("schema ends quietly, its work done, when its stdout's reader has gone (EPIPE)", async () => {
    const out = join(scratch(), "schemas");
    const bin = join(repoRoot, "packages/cli/bin/mailroom.cjs");
    const child = spawn(process.execPath, [bin, "schema", "--out", out], { stdio: ["ignore", "pipe", "pipe"] });
    // The reader goes before the command writes its first line: every line it writes meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on("close", (exit) => done(exit)));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(readdirSync(out)).toHaveLength(11);
  });

  it("writes all its output, in order, to a stdout another process made non-blocking and left full", async () => {
    // A named pipe whose writing end is opened non-blocking: the command's stdout shares that setting, and its
    // writes meet EAGAIN once the pipe is full, which Node's stream then finishes (src/io.ts).
    const fifo = join(scratch(), "stdout");
    execFileSync("mkfifo", [fifo]);
    const waiting = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const reader = openSync(fifo, constants.O_RDONLY);
    closeSync(waiting);
    const args = ["lint", "test/fixtures", "--format", "sarif"];
    const bin = join(repoRoot, "packages/cli/bin/mailroom.cjs");
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ["ignore", writer, "pipe"] });
    closeSync(writer);
    let stderr = "";
    const summary = new Promise<void>((done) =>
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("files checked")) done();
      }),
    );
    // The summary comes after the output: by then the command has written all it could, nothing having been read.
    await summary;
    const stdout: Buffer[] = [];
    for await (const chunk of createReadStream("", { fd: reader })) stdout.push(chunk as Buffer);
    const code = await new Promise<number | null>((done) => {
      if (child.exitCode !== null) done(child.exitCode);
      else child.on("exit", (exit) => done(exit));
    });
    const expected = await runCli(args);
    expect(expected.stdout.length).toBeGreaterThan(4 * 65_536);
    expect(Buffer.concat(stdout).toString()).toBe(expected.stdout);
    expect(stderr).toBe(expected.stderr);
    expect(code).toBe(expected.code);
  });

  it("decompile refuses a JSON file built from a DSL file beside it, which would make a twin; --out writes", async () => {
    const dir = scratch();
    for (const ext of ["yaml", "json"]) {
      copyFileSync(join(repoRoot, `examples/registered-letter.service.${ext}`), join(dir, `letter.service.${ext}`));
    }
    const refused = await runCli(["decompile", dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `mailroom: ${dir}/letter.service.json is built from ${dir}/letter.service.yaml, beside it: not decompiled`,
    );
    expect(refused.stderr).toContain("nothing written: 1 JSON file built from a DSL file beside it");
    expect(readdirSync(dir).sort()).toEqual(["letter.service.json", "letter.service.yaml"]);

    const out = join(dir, "decompiled");
    const elsewhere = await runCli(["decompile", dir, "--out", out]);
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(["lettre-recommandee-avec-accuse-de-reception-1101.service.yaml"]);
  });

  it("SARIF and JUnit link the documentation's public pages, or those of the configuration's docsUrl", async () => {
    const dir = folder({ "bad.service.yaml": SERVICE });
    const sarif = JSON.parse((await runCli(["lint", dir, "--format", "sarif"])).stdout);
    const rules = sarif.runs[0].tool.driver.rules as { id: string; helpUri: string }[];
    const unused = rules.find((rule) => rule.id === "unused-metadata");
    expect(unused?.helpUri).toBe("https://github.com/mailroom/mailroom/blob/main/docs/rules/unused-metadata.md");
    expect(rules.filter((rule) => !rule.helpUri.startsWith("https://"))).toEqual([]);

    writeFileSync(join(dir, "mailroom.config.yaml"), "docsUrl: https://docs.example.org/mailroom\n");
    const configured = JSON.parse((await runCli(["lint", dir, "--format", "sarif"])).stdout);
    const linked = configured.runs[0].tool.driver.rules.find((rule: { id: string }) => rule.id === "unused-metadata");
    expect(linked.helpUri).toBe("https://docs.example.org/mailroom/rules/unused-metadata.md");
    const junit = (await runCli(["lint", dir, "--format", "junit"])).stdout;
    expect(junit).toContain("See https://docs.example.org/mailroom/rules/unused-metadata.md</failure>");
    expect(junit).not.toContain("file:");
  });

  it("JUnit lists a DSL file, not its up-to-date build output beside it, as a suite", async () => {
    const dir = folder({ "letters.service.yaml": CLEAN_SERVICE });
    expect((await runCli(["build", dir])).code).toBe(0);
    expect(existsSync(join(dir, "letters.service.json"))).toBe(true);
    const result = await runCli(["lint", dir, "--format", "junit"]);
    expect(result.code, result.stderr).toBe(0);
    expect([...result.stdout.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `${dir}/letters.service.yaml`,
    ]);
    expect(result.stderr).toBe("1 file checked, no problems\n");
  });

  it("colours stylish with --color or FORCE_COLOR=1..3; never with --no-color, FORCE_COLOR=0 or NO_COLOR", async () => {
    const dir = folder({ "bad.service.yaml": SERVICE });
    const lint = (args: string[], env: Record<string, string | undefined>) =>
      runCli(["lint", dir, ...args], { env: { FORCE_COLOR: undefined, NO_COLOR: undefined, ...env } });
    const coloured = async (args: string[], env: Record<string, string | undefined> = {}) => {
      const result = await lint(args, env);
      expect(result.code).toBe(1);
      return result.stdout.includes(ESCAPE);
    };
    // stdout is a pipe here: no colour unless asked for.
    expect(await coloured([])).toBe(false);
    expect(await coloured(["--color"])).toBe(true);
    expect(await coloured([], { FORCE_COLOR: "1" })).toBe(true);
    expect(await coloured([], { FORCE_COLOR: "3" })).toBe(true);
    expect(await coloured([], { FORCE_COLOR: "0" })).toBe(false);
    // Flags win over the environment, given before the command or after it.
    expect(await coloured(["--no-color"], { FORCE_COLOR: "1" })).toBe(false);
    expect(await coloured(["--color"], { NO_COLOR: "1" })).toBe(true);
    expect((await runCli(["--no-color", "lint", dir], { env: { FORCE_COLOR: "1" } })).stdout).not.toContain(ESCAPE);
    // On a terminal, NO_COLOR is what the stylish test of lint-formats.test.ts checks.
    expect(await coloured([], { NO_COLOR: "1" })).toBe(false);
  });
});
