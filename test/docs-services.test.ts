import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FUNCTIONS } from "../packages/compiler/src/functions/index.js";
import { repoRoot, runCli } from "./helpers.js";
import { scratch } from "./lint-service.js";

/** The complete services (a YAML block with `id:` and `boxes:` at its top) of docs/*.md and README.md, by place. */
function completeServices(): { where: string; yaml: string }[] {
  const pages = [
    ...readdirSync(join(repoRoot, "docs"))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => `docs/${name}`),
    "README.md",
  ];
  return pages.flatMap((page) => {
    const text = readFileSync(join(repoRoot, page), "utf8");
    return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
      .filter((match) => /^id:/m.test(match[1] as string) && /^boxes:/m.test(match[1] as string))
      .map((match) => ({
        where: `${page}:${text.slice(0, match.index).split("\n").length}`,
        yaml: match[1] as string,
      }));
  });
}

describe("the complete services of the documentation", () => {
  const services = completeServices();

  it("include the complete example of docs/language.md", () => {
    expect(services.map((s) => s.where)).toContainEqual(expect.stringMatching(/^docs\/language\.md:/));
  });

  it("are clean for mailroom lint and in mailroom fmt's layout", async () => {
    const dir = scratch();
    const names = services.map(({ where, yaml }) => {
      const name = `${where.replace(/[/.:]/g, "-")}.service.yaml`;
      writeFileSync(join(dir, name), yaml);
      return name;
    });
    const lint = await runCli(["lint", "--format", "json", ...names], { cwd: dir });
    expect(JSON.parse(lint.stdout)).toEqual([]);
    expect(lint.code).toBe(0);
    const fmt = await runCli(["fmt", "--check", ...names], { cwd: dir });
    expect(fmt.stdout + fmt.stderr).not.toContain("not in canonical layout");
    expect(fmt.code).toBe(0);
  });
});

describe("the function reference's examples that read a box", () => {
  it("are valid where the reference shows them: a MAIN box's metadata, or another box's reconcile", async () => {
    const targeted = FUNCTIONS.filter((f) => f.target !== undefined);
    const metadata = targeted
      .flatMap((f) => f.examples)
      .map((text, i) => `        m${i}:\n          value: '${text}'\n          persist: true\n`);
    const reconciles = targeted.flatMap((f) => f.reconcileExamples ?? []);
    expect(reconciles.length).toBeGreaterThan(0);
    const boxes = reconciles.map(
      (text, i) => `  annexes${i}:\n    type: pdf\n    elements: 0..9\n    reconcile:\n      when: '${text}'\n`,
    );
    const service = `id: 1\nname: Reference\ntype: ADVANCED\nboxes:\n  invoices:\n    type: pdf\n    main: true\n    elements: 1\n    metadata:\n${metadata.join("")}${boxes.join("")}channels:\n  - label: Mail\n    name: green-letter\n`;
    const dir = scratch({ "reference.service.yaml": service });
    const lint = await runCli(["lint", "--format", "json", "reference.service.yaml"], { cwd: dir });
    expect(JSON.parse(lint.stdout).filter((d: { severity: string }) => d.severity === "error")).toEqual([]);
    expect(lint.code).toBe(0);
  });
});

/** The request files of docs/*.md: YAML blocks of a job or delivery file, JSON blocks of an organizational unit. */
function requestFiles(): { where: string; name: string; text: string }[] {
  const pages = readdirSync(join(repoRoot, "docs")).filter((name) => name.endsWith(".md"));
  return pages.sort().flatMap((page) => {
    const text = readFileSync(join(repoRoot, "docs", page), "utf8");
    return [...text.matchAll(/```(yaml|json)\n([\s\S]*?)```/g)].flatMap((match) => {
      const body = match[2] as string;
      const kind =
        match[1] === "json"
          ? /"accountIdentifier"/.test(body) && "ou.json"
          : /^service:/m.test(body) &&
            (/^parameters:/m.test(body) ? "job.yaml" : /^command:/m.test(body) && "delivery.yaml");
      if (!kind) return [];
      const where = `docs/${page}:${text.slice(0, match.index).split("\n").length}`;
      return [{ where, name: `${where.replace(/[/.:]/g, "-")}.${kind}`, text: body }];
    });
  });
}

describe("the request files of the documentation", () => {
  it("include those of docs/requests.md, and are clean against the examples' services", async () => {
    const files = requestFiles();
    expect(files.filter((f) => f.where.startsWith("docs/requests.md")).length).toBeGreaterThanOrEqual(3);
    // Written beside a copy of the examples, whose services, samples and configuration they name.
    const dir = scratch();
    cpSync(join(repoRoot, "examples"), dir, { recursive: true });
    for (const { name, text } of files) writeFileSync(join(dir, name), text);
    const lint = await runCli(["lint", "--format", "json", ...files.map((f) => f.name)], { cwd: dir });
    expect(JSON.parse(lint.stdout)).toEqual([]);
    expect(lint.code).toBe(0);
  });
});
