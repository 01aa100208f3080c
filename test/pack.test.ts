import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE, startClient } from "../packages/language-server/test/client.js";
import { repoRoot } from "./helpers.js";

/*
 * mailroom as a user gets it: every published package packed with `npm pack`, the tarballs
 * installed into an empty project outside the repository (no access to its node_modules), and the installed
 * commands run there. Dependencies come from the npm cache or the registry, as for a user.
 */

const run = promisify(execFile);

const root = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { workspaces: string[] };
const manifest = (workspace: string) =>
  JSON.parse(readFileSync(join(repoRoot, workspace, "package.json"), "utf8")) as Record<string, unknown>;
const published = root.workspaces.filter((workspace) => manifest(workspace).private !== true);

/** The scratch directory holding the tarballs and the project; removed afterwards. */
let scratch: string | undefined;
let project = "";
let tarballs: string[] = [];

const npm = (args: string[], cwd: string) =>
  run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, maxBuffer: 64 * 1024 * 1024 });

/** Runs an installed command of the project, as `npx <command>` would find it. */
async function installed(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(join(project, "node_modules/.bin", command), args, { cwd: project });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-installed-")));
  const packed = join(scratch, "tarballs");
  mkdirSync(packed);
  const workspaceArgs = published.flatMap((workspace) => ["--workspace", workspace]);
  const { stdout } = await npm(["pack", ...workspaceArgs, "--pack-destination", packed, "--json"], repoRoot);
  tarballs = (JSON.parse(stdout) as { filename: string }[]).map((entry) => join(packed, entry.filename));
  project = join(scratch, "app");
  cpSync(join(repoRoot, "examples"), join(project, "examples"), { recursive: true });
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "app", private: true, type: "module" })}\n`);
  await npm(["install", "--save-dev", "--prefer-offline", ...tarballs], project);
}, 240_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the packages, packed and installed into an empty project", () => {
  it("are every workspace but the VS Code extension, each with its README, licence and types", () => {
    expect(published).toEqual(root.workspaces.filter((workspace) => workspace !== "packages/vscode"));
    expect(tarballs).toHaveLength(published.length);
    for (const workspace of published) {
      const name = manifest(workspace).name as string;
      const dir = join(project, "node_modules", name);
      const installedManifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(installedManifest.license, name).toBe("MIT");
      expect(installedManifest.repository?.directory, name).toBe(workspace);
      for (const file of ["README.md", "LICENSE", installedManifest.types]) {
        expect(existsSync(join(dir, file)), `${name}: ${file}`).toBe(true);
      }
      // Only what `files` lists: no sources, no tests, no build info.
      expect(readdirSync(dir).sort(), name).not.toContain("src");
      expect(readdirSync(dir).sort(), name).not.toContain("tsconfig.json");
    }
    // Nothing is found through this repository: the project lies outside it.
    expect(project.startsWith(repoRoot)).toBe(false);
  });

  it("run `mailroom lint` on the examples, clean", async () => {
    const result = await installed("mailroom", ["lint", "examples"]);
    expect(result).toMatchObject({ code: 0, stdout: "" });
  });

  it("run `mailroom build`, writing the JSON the repository's build writes", async () => {
    const result = await installed("mailroom", ["build", "--out", "built", "examples/payslips.service.yaml"]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(project, "built/payslips.service.json"), "utf8")).toBe(
      readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"),
    );
  });

  it("run `mailroom docs`, writing the pages the repository's examples/docs holds", async () => {
    const result = await installed("mailroom", [
      "docs",
      "examples",
      "-o",
      "docs",
      "--format",
      "md",
      "--format",
      "html",
    ]);
    expect(result.code, result.stderr).toBe(0);
    for (const page of ["payslips.md", "payslips.html", "index.html"]) {
      expect(readFileSync(join(project, "docs", page), "utf8"), page).toBe(
        readFileSync(join(repoRoot, "examples/docs", page), "utf8"),
      );
    }
  });

  it("run `mailroom eval` on a sample PDF, with pdf.js and the date data installed as dependencies", async () => {
    const args = ["eval", "examples/annual-statements.service.yaml", "--ou", "examples/organizational-unit.json"];
    const result = await installed("mailroom", [...args, "--now", "2024-03-15T10:00:00Z", "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).documents[0].metadata).toMatchObject({
      coOwnerName: "MME HELENE LEFEVRE",
      issuedOn: "15 mars 2024",
    });
  });

  it("run `mailroom explain` from the documentation packed with the CLI", async () => {
    const result = await installed("mailroom", ["explain", "no-main-box"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(repoRoot, "docs/rules/no-main-box.md"), "utf8"));
    const sarif = await installed("mailroom", ["lint", "--format", "sarif", "examples"]);
    const rules = JSON.parse(sarif.stdout).runs[0].tool.driver.rules as { helpUri: string }[];
    // Links point to the documentation's public pages, which a report read elsewhere can open.
    expect(rules[0]?.helpUri).toContain("https://github.com/mailroom/mailroom/blob/main/docs/rules/");
  });

  it("run the installed language server through `initialize` over stdio, both ways it can be started", async () => {
    for (const args of [
      [join(project, "node_modules/@mailroom/language-server/bin/mailroom-language-server.js"), "--stdio"],
      [join(project, "node_modules/@mailroom/cli/bin/mailroom.js"), "lsp"],
    ]) {
      const client = await startClient({ root: project, args });
      try {
        expect(client.initialized.serverInfo?.name).toBe("mailroom-language-server");
        // And it serves: the sample's three problems, as `mailroom lint` reports them.
        const uri = client.open(join(project, "sample.service.yaml"), SAMPLE);
        const published = await client.diagnostics(uri);
        expect(published.diagnostics.map((d) => d.code)).toHaveLength(3);
      } finally {
        await client.stop();
      }
    }
  });

  it("pass `npm publish --dry-run`, each", { timeout: 120_000 }, async () => {
    for (const workspace of published) {
      const { stderr } = await npm(["publish", "--dry-run", "--workspace", workspace], repoRoot);
      expect(stderr, workspace).not.toMatch(/npm (error|warn)/);
    }
  });
});
