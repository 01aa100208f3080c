import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  checkDocument,
  defineRule,
  findConfig,
  parseConfig,
  type ResolvedConfig,
  RULES,
  runRules,
  settingsFor,
} from "@mailroom/checker";
import { compileDsl } from "@mailroom/compiler";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";
import { brief, CLEAN_SERVICE, SERVICE, scratch } from "./lint-service.js";

const FILE = "letters.service.yaml";
const lintJson = (dir: string, ...args: string[]) => runCli(["lint", "--format", "json", ...args], { cwd: dir });

const ALL = [
  "unknown-ou-identifier@12:40 error",
  "unused-metadata@14:7 warning",
  "unknown-requirement@15:26 warning",
  "duplicate-channel-label@19:5 error",
];

describe("mailroom.config.yaml through the CLI", () => {
  it("sets a rule's severity, turns one off, and sets options, for the files below it", async () => {
    const dir = scratch({
      "mailroom.config.yaml": [
        "# severities and options for every service here",
        "rules:",
        "  unused-metadata: error",
        "  duplicate-channel-label: off",
        "  unknown-requirement:",
        "    options: { requirements: [POSTAL_ADDRES] }",
        "",
      ].join("\n"),
      [`services/${FILE}`]: SERVICE,
    });
    const result = await lintJson(dir, "services");
    expect(brief(result.stdout)).toEqual(["unknown-ou-identifier@12:40 error", "unused-metadata@14:7 error"]);
    expect(result.code).toBe(1);
  });

  it("applies overrides in order, with globs relative to the configuration's directory", async () => {
    const dir = scratch({
      "mailroom.config.yaml": [
        "rules:",
        "  unused-metadata: error",
        "overrides:",
        "  - files: [legacy]",
        "    rules: { unused-metadata: info, unknown-ou-identifier: warning }",
        "  - files: ['**/old-*.service.yaml']",
        "    rules: { unused-metadata: off, unknown-requirement: { severity: error } }",
        "",
      ].join("\n"),
      [FILE]: SERVICE,
      [`legacy/${FILE}`]: SERVICE,
      "legacy/deep/old-letters.service.yaml": SERVICE,
    });
    const at = async (file: string) => brief((await lintJson(dir, file)).stdout);
    expect(await at(FILE)).toEqual([
      "unknown-ou-identifier@12:40 error",
      "unused-metadata@14:7 error",
      "unknown-requirement@15:26 warning",
      "duplicate-channel-label@19:5 error",
    ]);
    expect(await at(`legacy/${FILE}`)).toEqual([
      "unknown-ou-identifier@12:40 warning",
      "unused-metadata@14:7 info",
      "unknown-requirement@15:26 warning",
      "duplicate-channel-label@19:5 error",
    ]);
    expect(await at("legacy/deep/old-letters.service.yaml")).toEqual([
      "unknown-ou-identifier@12:40 warning",
      "unknown-requirement@15:26 error",
      "duplicate-channel-label@19:5 error",
    ]);
  });

  it("skips ignored files found in directories, and says so for one named explicitly", async () => {
    const dir = scratch({
      "mailroom.config.yaml": "ignore: [generated/, '**/*.draft.service.yaml']\n",
      [`generated/${FILE}`]: SERVICE,
      "a.draft.service.yaml": SERVICE,
      "ok.service.yaml": CLEAN_SERVICE,
    });
    const found = await runCli(["lint", "."], { cwd: dir });
    expect(found).toEqual({ code: 0, stdout: "", stderr: "1 file checked, no problems\n" });
    const explicit = await runCli(["lint", `generated/${FILE}`], { cwd: dir });
    expect(explicit).toEqual({
      code: 0,
      stdout: "",
      stderr: `mailroom: "generated/${FILE}" is ignored by mailroom.config.yaml; not linted.\n0 files checked, no problems\n`,
    });
  });

  it("uses the nearest configuration above each file, or the one given with --config", async () => {
    const dir = scratch({
      "mailroom.config.yaml": "rules: { unused-metadata: off }\n",
      "team/mailroom.config.yaml": "# nothing set: every rule with its defaults\n",
      [`team/services/${FILE}`]: SERVICE,
      [`other/${FILE}`]: SERVICE,
      "strict.yaml": "rules: { unused-metadata: error, unknown-requirement: off }\n",
    });
    expect(brief((await lintJson(dir, `team/services/${FILE}`)).stdout)).toEqual(ALL);
    expect(brief((await lintJson(dir, `other/${FILE}`)).stdout)).not.toContain("unused-metadata@14:7 warning");
    const explicit = await lintJson(dir, "--config", "strict.yaml", `team/services/${FILE}`);
    expect(brief(explicit.stdout)).toEqual([
      "unknown-ou-identifier@12:40 error",
      "unused-metadata@14:7 error",
      "duplicate-channel-label@19:5 error",
    ]);
    const missing = await runCli(["lint", "--config", "nope.yaml", "."], { cwd: dir });
    expect(missing).toEqual({ code: 2, stdout: "", stderr: 'mailroom: Configuration "nope.yaml" does not exist.\n' });
  });

  it("sets the configurable base codes, and refuses the others", async () => {
    const unknownKey = SERVICE.replace("name: Letters", "name: Letters\ncolour: blue");
    const dir = scratch({ "mailroom.config.yaml": "rules: { unknown-key: error }\n", [FILE]: unknownKey });
    expect(brief((await lintJson(dir, FILE)).stdout)).toContain("unknown-key@3:1 error");
    writeFileSync(join(dir, "mailroom.config.yaml"), "rules: { unknown-key: off }\n");
    expect(brief((await lintJson(dir, FILE)).stdout)).toEqual(
      ALL.map((p) => p.replace(/@(\d+)/, (_, l) => `@${+l + 1}`)),
    );
    writeFileSync(join(dir, "mailroom.config.yaml"), "rules: { missing-field: off }\n");
    const refused = await lintJson(dir, FILE);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "which reports a file that cannot be read or a service that is invalid, not a rule",
    );
  });

  it("reports every problem of a broken configuration, located, and lints nothing (exit 2)", async () => {
    const dir = scratch({
      "mailroom.config.yaml": [
        "rules:",
        "  unused-metdata: error",
        "  unknown-requirement: { options: { requirement: [X] } }",
        "  duplicate-channel-label: { severity: warn }",
        "  unused-archive: { options: 3 }",
        "overides: []",
        "",
      ].join("\n"),
      [FILE]: SERVICE,
    });
    const result = await lintJson(dir, FILE);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.split("\n").filter((line) => /^ {2}\d+:\d+ /.test(line));
    expect(lines).toEqual([
      '  2:3   error  Unknown rule "unused-metdata"; expected the id of a rule (listed by mailroom explain). Did you mean "unused-metadata"?  unknown-rule',
      '  3:37  error  Unknown key "requirement" in "options"; did you mean "requirements"?  misspelt-key',
      '  4:40  error  "severity" in "duplicate-channel-label" is the string "warn"; expected one of "off", "info", "warning" or "error".  invalid-value',
      '  5:21  error  Found "options" for "unused-archive", which has none; expected only "severity".  unknown-key',
      '  6:1   error  Unknown key "overides" in "mailroom.config.yaml"; did you mean "overrides"?  misspelt-key',
    ]);
    expect(result.stderr).toMatch(/^mailroom\.config\.yaml\n/);
    expect(result.stderr).toMatch(/mailroom: 1 configuration with problems; nothing was linted\.\n$/);
    writeFileSync(join(dir, "mailroom.config.yaml"), "rules: [\n");
    const syntax = await lintJson(dir, FILE);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toContain("syntax-error");
  });
});

describe("a disabled rule does not run", () => {
  const document = compileDsl("x.service.yaml", SERVICE);

  it("is never called, not merely silenced", () => {
    let calls = 0;
    const probe = defineRule({
      meta: {
        id: "probe",
        basis: { kind: "states", section: "Box", quote: "A probe." },
        description: "Reports every service.",
        messages: { found: "Found a service." },
      },
      check(context) {
        calls++;
        context.report({ path: [], messageId: "found" });
      },
    });
    // biome-ignore lint/style/noNonNullAssertion: the document holds one service.
    const service = document.services[0]!;
    expect(runRules(document, service, [probe], {})).toHaveLength(1);
    expect(calls).toBe(1);
    expect(runRules(document, service, [probe], { probe: { severity: "off" } })).toEqual([]);
    expect(calls).toBe(1);
  });

  it("reports nothing that a suppression could silence (the suppression is then unused)", async () => {
    const suppressed = SERVICE.replace(
      "      reference: fileName[0:8]",
      "      # mailroom-disable-next-line unused-metadata -- kept for the archive\n      reference: fileName[0:8]",
    );
    const on = checkDocument(compileDsl("x.service.yaml", suppressed)).map((d) => d.code);
    expect(on).not.toContain("unused-metadata");
    expect(on).not.toContain("unused-suppression");
    const dir = scratch({ "mailroom.config.yaml": "rules: { unused-metadata: off }\n", [FILE]: suppressed });
    const off = brief((await lintJson(dir, FILE)).stdout);
    expect(off).toContain("unused-suppression@14:7 warning");
    expect(off.filter((p) => p.startsWith("unused-metadata"))).toEqual([]);
  });
});

describe("parseConfig and settingsFor", () => {
  const parse = (text: string): ResolvedConfig => {
    const parsed = parseConfig("mailroom.config.yaml", text);
    expect(parsed.diagnostics).toEqual([]);
    return parsed.config as ResolvedConfig;
  };

  it("layers severities and options: a later severity keeps earlier options, later options replace them", () => {
    const config = parse(
      [
        "rules:",
        "  unknown-requirement: { severity: error, options: { requirements: [A] } }",
        "overrides:",
        "  - files: ['a/**']",
        "    rules: { unknown-requirement: info }",
        "  - files: ['a/b/*.json']",
        "    rules: { unknown-requirement: { options: { requirements: [B] } } }",
      ].join("\n"),
    );
    expect(settingsFor(config, "/repo", "/repo/x.service.json").rules["unknown-requirement"]).toEqual({
      severity: "error",
      options: { requirements: ["A"] },
    });
    expect(settingsFor(config, "/repo", "/repo/a/x.service.json").rules["unknown-requirement"]).toEqual({
      severity: "info",
      options: { requirements: ["A"] },
    });
    expect(settingsFor(config, "/repo", "/repo/a/b/x.service.json").rules["unknown-requirement"]).toEqual({
      severity: "info",
      options: { requirements: ["B"] },
    });
    // A file outside the configuration's directory gets the top-level rules and matches no glob.
    expect(settingsFor(config, "/repo/a", "/repo/a.service.json")).toEqual({
      ignored: false,
      rules: { "unknown-requirement": { severity: "error", options: { requirements: ["A"] } } },
    });
  });

  it("ignores by glob, directory name, or any ancestor directory; dot files too", () => {
    const config = parse("ignore: [build, './tmp/', '**/*.old.service.json', '.hidden/**']\n");
    const ignored = (file: string) => settingsFor(config, "/r", `/r/${file}`).ignored;
    expect(ignored("build/x.service.json")).toBe(true);
    expect(ignored("tmp/a/b.service.json")).toBe(true);
    expect(ignored("a/b/c.old.service.json")).toBe(true);
    expect(ignored(".hidden/x.service.json")).toBe(true);
    expect(ignored("src/build.service.json")).toBe(false);
    expect(ignored("x.service.json")).toBe(false);
  });

  it("treats a configuration of comments only as empty, and suggests the nearest rule id", () => {
    expect(parseConfig("c.yaml", "# nothing yet\n\n").config).toEqual({ rules: {}, overrides: [], ignore: [] });
    const [problem] = parseConfig("c.yaml", "rules:\n  unused-metdata: off\n").diagnostics;
    expect(problem).toMatchObject({ code: "unknown-rule", severity: "error", span: { offset: 9, length: 14 } });
    expect(problem?.message).toContain('Did you mean "unused-metadata"?');
    expect(parseConfig("dir/mailroom.config.yaml", "- rules\n").diagnostics).toEqual([
      {
        code: "wrong-type",
        severity: "error",
        message:
          'Found an array at the top of "mailroom.config.yaml"; expected a mapping with "rules", "overrides" or "ignore".',
        span: { offset: 0, length: 8 },
      },
    ]);
  });

  it("finds the nearest configuration upward, and none above the filesystem root", async () => {
    const dir = scratch({ "mailroom.config.yaml": "", "a/b/x.service.yaml": "" });
    expect(await findConfig(join(dir, "a/b"))).toBe(join(dir, "mailroom.config.yaml"));
    expect(await findConfig("/")).toBeUndefined();
  });
});

describe("schemas/mailroom-config.schema.json", () => {
  const schema = JSON.parse(readFileSync(join(repoRoot, "schemas/mailroom-config.schema.json"), "utf8"));
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

  it("accepts what the checker accepts and refuses a wrong severity or an unknown key", () => {
    const good = {
      rules: {
        "unused-metadata": "error",
        "unknown-requirement": { severity: "info", options: { requirements: ["X"] } },
      },
      overrides: [{ files: ["legacy/**"], rules: { "unused-metadata": "off" } }],
      ignore: ["generated"],
    };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ rules: { "unused-metadata": "warn" } })).toBe(false);
    expect(validate({ overides: [] })).toBe(false);
    expect(validate({ overrides: [{ files: [], rules: {} }] })).toBe(false);
  });

  it("covers every rule id the registry has (rule ids are free-form keys)", () => {
    const rules = Object.fromEntries([...RULES.keys()].map((id) => [id, "off"]));
    expect(validate({ rules })).toBe(true);
  });
});
