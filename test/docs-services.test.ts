import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
