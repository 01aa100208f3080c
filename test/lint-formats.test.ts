import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RULES } from "@mailroom/checker";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { badRange } from "../fuzz/check.js";
import { escapeData, escapeProperty } from "../packages/cli/src/format/github.js";
import { formatGitlab } from "../packages/cli/src/format/gitlab.js";
import { formatStylish } from "../packages/cli/src/format/stylish.js";
import { repoRoot, runCli } from "./helpers.js";
import { brief, CLEAN_SERVICE, type JsonProblem, SERVICE, SERVICE_STYLISH, scratch } from "./lint-service.js";

const FILE = "letters.service.yaml";
const lintIn = (dir: string, ...args: string[]) => runCli(["lint", ...args], { cwd: dir });

describe("stylish (the default format)", () => {
  it("groups problems by file, each with a code frame, then a summary; nothing when clean", async () => {
    const dir = scratch({ [FILE]: SERVICE, "ok.service.yaml": CLEAN_SERVICE });
    const result = await lintIn(dir, ".");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      [
        "letters.service.yaml",
        ...SERVICE_STYLISH,
        "",
        "4 problems (2 errors, 2 warnings) in 1 of 2 files checked",
        "1 of them can be fixed with --fix.",
        "",
      ].join("\n"),
    );
    const clean = await lintIn(dir, "ok.service.yaml");
    expect(clean).toEqual({ code: 0, stdout: "", stderr: "1 file checked, no problems\n" });
  });

  it("underlines with tabs kept, windows a long line, and shows control characters as symbols", () => {
    const text = `{"a":\t"\u001b[31m", ${'"x": 1, '.repeat(40)}"bad": 1}`;
    const at = text.indexOf('"bad"');
    const output = formatStylish(
      [
        {
          file: "x.json",
          text,
          diagnostics: [{ code: "c", severity: "error", message: "m", span: { offset: at, length: 5 } }],
        },
      ],
      { cwd: ".", color: false, version: "", docsUrl: "https://example.org/docs/" },
    );
    const [, , frame = "", underline = ""] = output.split("\n");
    expect(frame).toContain("…");
    expect(frame.length).toBeLessThan(140);
    expect(underline.indexOf("^")).toBe(frame.indexOf('"bad"'));
    expect(underline.endsWith(" ^^^^^")).toBe(true);
    const short = formatStylish(
      [
        {
          file: "y.json",
          text,
          diagnostics: [{ code: "c", severity: "error", message: "m", span: { offset: 8, length: 1 } }],
        },
      ],
      { cwd: ".", color: false, version: "", docsUrl: "https://example.org/docs/" },
    );
    expect(short).not.toContain("\u001b");
    expect(short).toContain("\u241b[31m");
    const lines = short.split("\n");
    // The caret sits under the same character as in the line above, the tab kept as a tab.
    expect(lines[3]?.indexOf("^")).toBe(lines[2]?.indexOf("[31m"));
    expect(lines[3]).toContain("\t");
  });

  it("colours only on a terminal, and never with NO_COLOR", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const plain = await lintIn(dir, FILE);
    expect(plain.stdout).not.toContain("\u001b[");
    // `script` runs the command on a pseudo-terminal, where stdout is a TTY.
    const onTerminal = (noColor: boolean) =>
      new Promise<string>((done) => {
        const env = { ...process.env };
        delete env.NO_COLOR;
        if (noColor) env.NO_COLOR = "1";
        const command = `${process.execPath} ${join(repoRoot, "packages/cli/bin/mailroom.cjs")} lint ${FILE}`;
        execFile("script", ["-qec", command, "/dev/null"], { cwd: dir, env }, (_error, stdout) => done(stdout));
      });
    if (!existsSync("/usr/bin/script")) return;
    expect(await onTerminal(false)).toContain("\u001b[31merror");
    const noColor = await onTerminal(true);
    expect(noColor).toContain("error");
    expect(noColor).not.toContain("\u001b[");
  });
});

describe("json", () => {
  it("keeps the located shape and adds related places and fixes", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const result = await lintIn(dir, "--format", "json", FILE);
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    expect(brief(result.stdout)).toEqual([
      "unknown-ou-identifier@12:40 error",
      "unused-metadata@14:7 warning",
      "unknown-requirement@15:26 warning",
      "duplicate-channel-label@19:5 error",
    ]);
    expect(problems[0]).toMatchObject({
      file: FILE,
      endLine: 12,
      endColumn: 45,
      fix: { description: 'Change to "SIRET"', edits: [{ line: 12, column: 37, newText: "ou.SIRET" }] },
    });
    expect(problems[3]?.related).toEqual([
      {
        file: FILE,
        line: 17,
        column: 5,
        endLine: 17,
        endColumn: 10,
        message: 'The first channel labelled "Mail" is here.',
      },
    ]);
    expect(problems[1]).not.toHaveProperty("fix");
    expect(result.stderr).toBe("4 problems (2 errors, 2 warnings) in 1 of 1 file checked\n");
  });

  it("is valid against schemas/lint-output.schema.json, on every fixture, and the schema refuses what it does not say", async () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, "schemas/lint-output.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    const result = await runCli(["lint", "--format", "json", "test/fixtures", "examples"], { cwd: repoRoot });
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    const codes = new Set(problems.map((p) => p.code));
    // Enough variety to mean something: related places, fixes, errors and warnings.
    expect(codes.size).toBeGreaterThan(40);
    expect(problems.some((p) => p.related) && problems.some((p) => p.fix)).toBe(true);
    expect(new Set(problems.map((p) => p.severity))).toEqual(new Set(["error", "warning"]));
    expect(validate(problems), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(validate([{ ...problems[0], extra: 1 }])).toBe(false);
    expect(validate([{ ...problems[0], line: 0 }])).toBe(false);
  });

  it("starts and ends every range on whole characters, never inside a surrogate pair or a CRLF", async () => {
    const emoji = "\u{1F4EE}";
    const dir = scratch({
      // An object without a key, starting with an emoji: the service itself, an item of a list.
      "a.service.yaml": `${emoji}: 1\nname: x\n`,
      "b.service.yaml": `id: 1\r\nname: x\r\ntype: SIMPLE_UNIQUE\r\nboxes:\r\n  - ${emoji}:\r\n    type: pdf\r\n`,
      "c.service.json": `[{"${emoji}": 1}]`,
    });
    const result = await runCli(["lint", "--format", "json", "."], { cwd: dir });
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    expect(new Set(problems.map((p) => p.file))).toEqual(
      new Set(["a.service.yaml", "b.service.yaml", "c.service.json"]),
    );
    for (const p of problems) {
      const text = readFileSync(join(dir, p.file), "utf8");
      expect(badRange(p, text), `${p.file}: ${p.code}@${p.line}:${p.column}`).toBeUndefined();
    }
  });
});

describe("sarif", () => {
  const schema = JSON.parse(readFileSync(join(repoRoot, "test/vendor/sarif-schema-2.1.0.json"), "utf8"));
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);

  it("is SARIF 2.1.0 valid against the schema, with rule metadata, help URIs and 1-based regions", async () => {
    const dir = scratch({ [FILE]: SERVICE, "sub dir/ok.service.yaml": CLEAN_SERVICE });
    const result = await lintIn(dir, "--format", "sarif", ".");
    expect(result.code).toBe(1);
    const sarif = JSON.parse(result.stdout);
    expect(validate(sarif), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(sarif.version).toBe("2.1.0");
    const [run] = sarif.runs;
    expect(run.tool.driver.name).toBe("mailroom");
    expect(run.columnKind).toBe("utf16CodeUnits");
    const rules = run.tool.driver.rules as { id: string; helpUri: string; help: { markdown?: string } }[];
    expect(rules.map((r) => r.id).slice(0, RULES.size)).toEqual([...RULES.keys()]);
    for (const rule of rules) {
      // The repository's public page (a file: URI into node_modules is a dead link where SARIF is read).
      const page = rule.helpUri.replace("https://github.com/mailroom/mailroom/blob/main/", "");
      expect(page, rule.id).toMatch(/^docs\/rules\/[a-z0-9-]+\.md$/);
      expect(existsSync(join(repoRoot, page)), rule.helpUri).toBe(true);
    }
    const duplicate = rules.find((r) => r.id === "duplicate-channel-label");
    expect(duplicate?.help.markdown).toBe(
      readFileSync(join(repoRoot, "docs/rules/duplicate-channel-label.md"), "utf8"),
    );

    const results = run.results as Record<string, unknown>[];
    expect(results.map((r) => r.ruleId)).toEqual([
      "unknown-ou-identifier",
      "unused-metadata",
      "unknown-requirement",
      "duplicate-channel-label",
    ]);
    expect(results.map((r) => r.level)).toEqual(["error", "warning", "warning", "error"]);
    for (const r of results) expect(rules[r.ruleIndex as number]?.id).toBe(r.ruleId);
    expect(results[0]).toMatchObject({
      message: { text: 'The organizational unit has no property "Siret"; did you mean "SIRET"?' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: FILE, uriBaseId: "SRCROOT" },
            region: { startLine: 12, startColumn: 40, endLine: 12, endColumn: 45 },
          },
        },
      ],
      fixes: [
        {
          artifactChanges: [
            {
              replacements: [
                { deletedRegion: { startLine: 12, startColumn: 37 }, insertedContent: { text: "ou.SIRET" } },
              ],
            },
          ],
        },
      ],
    });
    expect(results[3]?.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: FILE, uriBaseId: "SRCROOT" },
          region: { startLine: 17, startColumn: 5, endLine: 17, endColumn: 10 },
        },
        message: { text: 'The first channel labelled "Mail" is here.' },
      },
    ]);
    expect(run.originalUriBaseIds.SRCROOT.uri).toMatch(/^file:\/\/.*\/$/);
  });

  it("describes base codes that occur, and stays valid for a clean run and for odd file names", async () => {
    const dir = scratch({
      "a b%#.service.json": '{ "id": 1, "name": "x", "colour": 1 }',
      "ok.service.yaml": CLEAN_SERVICE,
    });
    const broken = JSON.parse((await lintIn(dir, "--format", "sarif", ".")).stdout);
    expect(validate(broken), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const [run] = broken.runs;
    expect(run.results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("a%20b%25%23.service.json");
    const missing = run.tool.driver.rules.find((r: { id: string }) => r.id === "missing-field");
    expect(missing.helpUri).toMatch(/docs\/diagnostics\.md$/);
    expect(missing.shortDescription.text).toContain("required field");
    const clean = JSON.parse((await lintIn(dir, "--format", "sarif", "ok.service.yaml")).stdout);
    expect(validate(clean)).toBe(true);
    expect(clean.runs[0].results).toEqual([]);
  });
});

describe("junit", () => {
  it("is well-formed XML: a testsuite per file, a testcase per problem, everything escaped", async () => {
    const odd = `a&<b>"'\u0001.service.yaml`;
    const dir = scratch({ [FILE]: SERVICE, [odd]: SERVICE, "ok.service.yaml": CLEAN_SERVICE });
    const result = await lintIn(dir, "--format", "junit", ".");
    expect(result.code).toBe(1);
    expect(XMLValidator.validate(result.stdout)).toBe(true);
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (_name: string, _path: unknown, _leaf: boolean, attribute: boolean) => !attribute,
    }).parse(result.stdout);
    const [suites] = xml.testsuites;
    expect(suites).toMatchObject({ tests: "9", failures: "8" });
    const byName = new Map(suites.testsuite.map((s: { name: string }) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual([`a&<b>"'\ufffd.service.yaml`, FILE, "ok.service.yaml"].sort());
    const letters = byName.get(FILE) as { tests: string; testcase: { name: string; failure: { type: string }[] }[] };
    expect(letters.tests).toBe("4");
    expect(letters.testcase.map((t) => t.name)).toEqual([
      "12:40 unknown-ou-identifier",
      "14:7 unused-metadata",
      "15:26 unknown-requirement",
      "19:5 duplicate-channel-label",
    ]);
    expect(letters.testcase.map((t) => t.failure[0]?.type)).toEqual(["error", "warning", "warning", "error"]);
    const ok = byName.get("ok.service.yaml") as { tests: string; failures: string };
    expect(ok).toMatchObject({ tests: "1", failures: "0" });
  });
});

describe("github", () => {
  it("prints one workflow command per problem, with GitHub's escaping", async () => {
    const odd = "a,b:c%d.service.yaml";
    const dir = scratch({ [odd]: SERVICE });
    const result = await lintIn(dir, "--format", "github", ".");
    expect(result.code).toBe(1);
    const lines = result.stdout.split("\n").filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '::error file=a%2Cb%3Ac%25d.service.yaml,line=12,endLine=12,col=40,endColumn=45,title=unknown-ou-identifier::The organizational unit has no property "Siret"; did you mean "SIRET"?',
    );
    expect(lines[1]).toMatch(/^::warning file=a%2Cb%3Ac%25d\.service\.yaml,line=14,endLine=14,col=7,endColumn=16,/);
  });

  it("escapes %, CR and LF in messages, and also : and , in properties", () => {
    expect(escapeData("100% done\r\nnext: a,b")).toBe("100%25 done%0D%0Anext: a,b");
    expect(escapeProperty("100% done\r\nnext: a,b")).toBe("100%25 done%0D%0Anext%3A a%2Cb");
  });
});

describe("gitlab", () => {
  it("writes GitLab Code Quality issues, with fingerprints that survive moved lines", async () => {
    const dir = scratch({ "sub/letters.service.yaml": SERVICE });
    const result = await lintIn(dir, "--format", "gitlab", "sub");
    expect(result.code).toBe(1);
    const issues = JSON.parse(result.stdout);
    expect(issues).toHaveLength(4);
    expect(issues[0]).toEqual({
      description: 'The organizational unit has no property "Siret"; did you mean "SIRET"?',
      check_name: "unknown-ou-identifier",
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      severity: "major",
      location: { path: "sub/letters.service.yaml", lines: { begin: 12 } },
    });
    expect(issues.map((i: { severity: string }) => i.severity)).toEqual(["major", "minor", "minor", "major"]);
    // Two blank lines at the top move every problem down.
    const moved = scratch({ "sub/letters.service.yaml": `\n\n${SERVICE}` });
    const again = JSON.parse((await lintIn(moved, "--format", "gitlab", "sub")).stdout);
    expect(again.map((i: { location: { lines: { begin: number } } }) => i.location.lines.begin)).toEqual([
      14, 16, 17, 21,
    ]);
    expect(again.map((i: { fingerprint: string }) => i.fingerprint)).toEqual(
      issues.map((i: { fingerprint: string }) => i.fingerprint),
    );
    const fingerprints = issues.map((i: { fingerprint: string }) => i.fingerprint);
    expect(new Set(fingerprints).size).toBe(4);
  });

  it("tells identical problems of one file apart by their order", () => {
    const twin = { code: "c", severity: "warning" as const, message: "m", span: { offset: 0, length: 1 } };
    const report = {
      file: "a.service.yaml",
      text: "x\nx\n",
      diagnostics: [twin, { ...twin, span: { offset: 2, length: 1 } }],
    };
    const issues = JSON.parse(
      formatGitlab([report], { cwd: ".", color: false, version: "", docsUrl: "https://example.org/docs/" }),
    );
    expect(issues.map((i: { location: { lines: { begin: number } } }) => i.location.lines.begin)).toEqual([1, 2]);
    expect(issues[0].fingerprint).not.toBe(issues[1].fingerprint);
  });
});

describe("several formats at once", () => {
  it("--output-file takes the output of the --format before it; the one without goes to stdout", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const result = await lintIn(
      dir,
      "--format",
      "sarif",
      "--output-file",
      "reports/out.sarif",
      "--format",
      "stylish",
      "--format",
      "junit",
      "-o",
      "out.xml",
      FILE,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("4 problems (2 errors, 2 warnings) in 1 of 1 file checked");
    const sarif = JSON.parse(readFileSync(join(dir, "reports/out.sarif"), "utf8"));
    expect(sarif.runs[0].results).toHaveLength(4);
    expect(XMLValidator.validate(readFileSync(join(dir, "out.xml"), "utf8"))).toBe(true);
  });

  it("writes the default format to a lone --output-file, and refuses ambiguous pairings", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const alone = await lintIn(dir, "-o", "out.txt", FILE);
    expect(alone.stdout).toBe("");
    expect(readFileSync(join(dir, "out.txt"), "utf8")).toContain("4 problems");
    expect(alone.stderr).toBe("4 problems (2 errors, 2 warnings) in 1 of 1 file checked\n");
    for (const args of [
      ["--format", "json", "--format", "plain"],
      ["-o", "a.txt", "--format", "json"],
      ["--format", "json", "-o", "a.txt", "-o", "b.txt"],
      ["--format", "json", "-o", "a.txt", "--format", "sarif", "-o", "a.txt"],
      ["--format", "xml"],
    ]) {
      const result = await lintIn(dir, ...args, FILE);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout, args.join(" ")).toBe("");
    }
  });
});

describe("--max-warnings and --quiet", () => {
  it("exit 1 only when the warnings exceed the limit", async () => {
    const dir = scratch({
      [FILE]: SERVICE.replace("ou.Siret", "ou.SIRET").replace(/channels:[\s\S]*/, "channels: []\n"),
    });
    const atLimit = await lintIn(dir, "--max-warnings", "2", FILE);
    expect(atLimit.code).toBe(0);
    expect(atLimit.stdout).toContain("2 problems (0 errors, 2 warnings)");
    const over = await lintIn(dir, "--max-warnings", "1", FILE);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe("mailroom: found 2 warnings; --max-warnings allows 1.\n");
    expect((await lintIn(dir, "--max-warnings", "x", FILE)).code).toBe(2);
  });

  it("--quiet reports errors only; the warnings still count for --max-warnings", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const quiet = await lintIn(dir, "--quiet", "--format", "json", FILE);
    expect(brief(quiet.stdout)).toEqual(["unknown-ou-identifier@12:40 error", "duplicate-channel-label@19:5 error"]);
    const onlyWarnings = scratch({
      [FILE]: SERVICE.replace("ou.Siret", "ou.SIRET").replace(/channels:[\s\S]*/, "channels: []\n"),
    });
    const hidden = await lintIn(onlyWarnings, "--quiet", FILE);
    expect(hidden).toEqual({ code: 0, stdout: "", stderr: "1 file checked, no errors\n" });
    const limited = await lintIn(onlyWarnings, "--quiet", "--max-warnings", "0", FILE);
    expect(limited.code).toBe(1);
    expect(limited.stdout).toBe("");
  });
});

describe("mailroom explain", () => {
  it("prints a rule's page", async () => {
    const result = await runCli(["explain", "duplicate-channel-label"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(repoRoot, "docs/rules/duplicate-channel-label.md"), "utf8"));
  });

  it("describes a base code, lists the rules without an argument, and names the nearest for a typo", async () => {
    const base = await runCli(["explain", "unknown-key"]);
    expect(base.stdout).toMatch(/^# unknown-key\n\n- warning: A key the model does not know/);
    const list = await runCli(["explain"]);
    for (const id of RULES.keys()) expect(list.stdout).toContain(id);
    const typo = await runCli(["explain", "duplicate-chanel-label"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'mailroom: Unknown rule or code "duplicate-chanel-label"; expected a rule id or a diagnostic code. Did you mean "duplicate-channel-label"?\n',
    );
  });
});
