import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocument, RULES, SERVICE_RULES } from "@mailroom/checker";
import { compileDsl } from "@mailroom/compiler";
import { describe, expect, it } from "vitest";
import { matches, type Reported, readAnnotations } from "./annotations.js";
import { repoRoot, runCli } from "./helpers.js";

const ids = [...RULES.keys()];
const SECTIONS = ["## What", "## Why", "## Bad example", "## Good example", "## Options"];

/** The first ```yaml block after a heading of a rule's page. */
function example(page: string, heading: string): string | undefined {
  const at = page.indexOf(heading);
  if (at < 0) return undefined;
  return /```yaml\n([\s\S]*?)```/.exec(page.slice(at))?.[1];
}

const lintText = (text: string) => checkDocument(compileDsl("example.service.yaml", text));

/** The source of a rule: its file under packages/checker/src/rules/<group>/, found by id. */
function ruleSource(id: string): string {
  const rules = join(repoRoot, "packages/checker/src/rules");
  const group = readdirSync(rules).find((dir) => existsSync(join(rules, dir, `${id}.ts`)));
  return group === undefined ? "" : readFileSync(join(rules, group, `${id}.ts`), "utf8");
}

describe("the rule catalogue", () => {
  it("reports only messages a rule declares, each with well-formed placeholders", () => {
    for (const [id, rule] of RULES) {
      const { messages } = rule.meta;
      for (const [messageId, template] of Object.entries(messages)) {
        expect(template.replace(/\{\{\w+\}\}/g, ""), `${id}/${messageId}`).not.toMatch(/\{\{|\}\}/);
      }
      // The ids a rule's file names (in ternaries too); ids built or named by shared helpers are left to the fixtures.
      const source = ruleSource(id);
      for (const [, expression = ""] of source.matchAll(/messageId: ([^,\n}]+)/g)) {
        for (const [, named = ""] of expression.matchAll(/"([A-Za-z]+)"/g))
          expect(messages, `${id}: ${named}`).toHaveProperty(named);
      }
    }
  });

  it("is an explicit registry of kebab-case ids in order", () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort());
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
  });

  for (const rule of SERVICE_RULES) {
    const { id } = rule.meta;
    describe(id, () => {
      const pagePath = join(repoRoot, "docs/rules", `${id}.md`);

      it("has a page with the fixed layout", () => {
        expect(existsSync(pagePath), `docs/rules/${id}.md`).toBe(true);
        const page = readFileSync(pagePath, "utf8");
        expect(page.startsWith(`# ${id}\n`)).toBe(true);
        expect(page).toContain(`Default severity: **${rule.meta.severity}**`);
        for (const section of SECTIONS) expect(page, section).toContain(`\n${section}\n`);
      });

      it("has a bad example that triggers it and a good example that is clean", () => {
        const page = readFileSync(pagePath, "utf8");
        const bad = example(page, "## Bad example");
        const good = example(page, "## Good example");
        expect(bad, "bad example").toBeDefined();
        expect(good, "good example").toBeDefined();
        expect(lintText(bad as string).map((d) => d.code)).toContain(id);
        expect(lintText(good as string)).toEqual([]);
      });

      it("has annotated DSL and JSON fixtures", () => {
        const dir = join(repoRoot, "test/fixtures/rules", id);
        for (const file of ["bad.service.yaml", "bad.service.json", "bad.expected.txt"]) {
          expect(existsSync(join(dir, file)), `${id}/${file}`).toBe(true);
        }
        expect(readAnnotations(readFileSync(join(dir, "bad.service.yaml"), "utf8")).map((a) => a.code)).toContain(id);
        expect(readFileSync(join(dir, "bad.expected.txt"), "utf8")).toContain(`  ${id}\n`);
      });
    });
  }

  it("every page in docs/rules belongs to a rule", () => {
    const pages = readdirSync(join(repoRoot, "docs/rules")).map((name) => name.replace(/\.md$/, ""));
    expect(pages.filter((page) => !RULES.has(page))).toEqual([]);
  });
});

describe("rule fixtures, through the real CLI", () => {
  it("DSL fixtures report exactly what their annotations mark; JSON fixtures exactly their expected output", async () => {
    const dirs = readdirSync(join(repoRoot, "test/fixtures/rules"));
    if (dirs.length === 0) return;
    // Each directory's JSON fixture is written by hand, not built from the DSL one beside it: linted in a run of
    // its own, or it would be taken for that file's build output (only checked to be up to date).
    const lintFixtures = async (name: string) => {
      const result = await runCli([
        "lint",
        "--format",
        "json",
        ...dirs.map((dir) => `test/fixtures/rules/${dir}/${name}`),
      ]);
      return JSON.parse(result.stdout) as (Reported & { file: string; severity: string })[];
    };
    const reported = [...(await lintFixtures("bad.service.yaml")), ...(await lintFixtures("bad.service.json"))];
    for (const dir of dirs) {
      const yaml = `test/fixtures/rules/${dir}/bad.service.yaml`;
      const text = readFileSync(join(repoRoot, yaml), "utf8");
      const lines = text.split(/\r?\n/);
      const expected = readAnnotations(text);
      const mine = reported.filter((d) => d.file === yaml);
      const width = (d: Reported) => lines[d.line - 1]?.length ?? 0;
      expect(
        {
          unexpected: mine.filter((d) => !expected.some((e) => matches(e, d, width(d)))),
          missing: expected.filter((e) => !mine.some((d) => matches(e, d, width(d)))),
        },
        yaml,
      ).toEqual({ unexpected: [], missing: [] });

      const json = `test/fixtures/rules/${dir}/bad.service.json`;
      const lines2 = reported
        .filter((d) => d.file === json)
        .map((d) => `${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n`)
        .join("");
      expect(lines2, json).toBe(readFileSync(join(repoRoot, `test/fixtures/rules/${dir}/bad.expected.txt`), "utf8"));
    }
  });
});
