import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";
import { CLEAN_SERVICE, SERVICE, scratch } from "./lint-service.js";

const GIT_ENV = {
  GIT_AUTHOR_NAME: "mailroom tests",
  GIT_AUTHOR_EMAIL: "tests@mailroom.invalid",
  GIT_COMMITTER_NAME: "mailroom tests",
  GIT_COMMITTER_EMAIL: "tests@mailroom.invalid",
  GIT_CONFIG_NOSYSTEM: "1",
};
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "init.defaultBranch=main", ...args], {
    cwd,
    env: { ...process.env, ...GIT_ENV, HOME: cwd },
    encoding: "utf8",
  });

/**
 * This checkout as pre-commit clones it from a `repo:` URL: its files (tracked and new, minus what .gitignore
 * leaves out, modes kept: the hooks' entry must stay executable) committed to a repository of their own, since
 * pre-commit fetches a commit and the work in progress is not one. Returns its path and commit.
 */
function hookRepository(): { repo: string; rev: string } {
  const repo = scratch();
  const files = git(repoRoot, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0");
  for (const file of files.filter((f) => f !== "" && existsSync(join(repoRoot, f)))) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(repo, file));
    chmodSync(join(repo, file), statSync(join(repoRoot, file)).mode);
  }
  git(repo, "init", "-q");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "snapshot");
  return { repo, rev: git(repo, "rev-parse", "HEAD").trim() };
}

/** `pre-commit run` in a project, with a cache of its own and no network beyond what the hooks ask for. */
function preCommit(project: string, cache: string, ...args: string[]) {
  return new Promise<{ code: number; output: string }>((done) => {
    execFile(
      "pre-commit",
      ["run", "--color", "never", ...args],
      { cwd: project, env: { ...process.env, ...GIT_ENV, PRE_COMMIT_HOME: cache, HOME: cache } },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, output: stdout + stderr });
      },
    );
  });
}

/** A service as the API returns it, with a misspelt box type. */
const API_SERVICE = readFileSync(join(repoRoot, "examples/registered-letter.service.json"), "utf8").replace(
  '"box.PDF"',
  '"box.PFD"',
);
const UNFORMATTED =
  "id: 1\nname: Letters\ntype: SIMPLE_UNIQUE\nboxes: {letters: {type: pdf,   main: true, elements: 1}}\n";

describe("the pre-commit hooks (.pre-commit-hooks.yaml), run by the real pre-commit", () => {
  it("lint and format the project's service files, stop a commit on errors or changes, then pass", async () => {
    const { repo, rev } = hookRepository();
    // A project that installed mailroom as npm does: node_modules/.bin/mailroom, a link to the CLI's bin.
    const project = realpathSync(
      scratch({
        ".pre-commit-config.yaml": `repos:\n  - repo: ${repo}\n    rev: ${rev}\n    hooks:\n      - id: mailroom-lint\n      - id: mailroom-fmt\n      - id: mailroom-docs\n        args: [services, -o, docs, --format, md]\n`,
        ".gitignore": "node_modules/\n",
        "services/letters.service.yaml": SERVICE,
        "services/unformatted.service.yaml": UNFORMATTED,
        "services/clean.service.yaml": CLEAN_SERVICE,
        "services/api.service.json": API_SERVICE,
        "notes.yaml": "not: [a service\n",
      }),
    );
    mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
    symlinkSync(join(repoRoot, "packages/cli/bin/mailroom.cjs"), join(project, "node_modules/.bin/mailroom"));
    git(project, "init", "-q");
    git(project, "add", "-A");
    const cache = scratch();

    const first = await preCommit(project, cache, "--all-files");
    expect(first.code).toBe(1);
    expect(first.output).toMatch(/^mailroom lint\.+Failed$/m);
    expect(first.output).toContain(
      'services/letters.service.yaml\n  12:40  error    The organizational unit has no property "Siret"; did you mean "SIRET"?  unknown-ou-identifier\n',
    );
    expect(first.output).toMatch(/^services\/api\.service\.json\n {2}\d+:\d+ +error +Unknown "@type" "box\.PFD"/m);
    expect(first.output).toContain("5 problems (3 errors, 2 warnings) in 2 of ");
    expect(first.output).toMatch(
      /^mailroom fmt\.+Failed\n- hook id: mailroom-fmt\n- files were modified by this hook$/m,
    );
    expect(first.output).toMatch(/^mailroom docs\.+Failed$/m);
    expect(first.output).toContain('docs/index.md:1:1  error  Found no "docs/index.md"');
    expect(first.output).not.toContain("notes.yaml");
    expect(readFileSync(join(project, "services/unformatted.service.yaml"), "utf8")).toBe(
      "id: 1\nname: Letters\ntype: SIMPLE_UNIQUE\nboxes:\n  letters:\n    type: pdf\n    main: true\n    elements: 1\n",
    );
    expect(readFileSync(join(project, "notes.yaml"), "utf8")).toBe("not: [a service\n");
    expect(readFileSync(join(project, "services/api.service.json"), "utf8")).toBe(API_SERVICE);

    writeFileSync(join(project, "services/letters.service.yaml"), CLEAN_SERVICE);
    writeFileSync(join(project, "services/api.service.json"), API_SERVICE.replace("box.PFD", "box.PDF"));
    expect((await runCli(["docs", "services", "-o", "docs", "--format", "md"], { cwd: project })).code).toBe(0);
    git(project, "add", "-A");
    const second = await preCommit(project, cache, "--all-files");
    expect(second.output).toMatch(/^mailroom lint\.+Passed$/m);
    expect(second.output).toMatch(/^mailroom fmt\.+Passed$/m);
    expect(second.output).toMatch(/^mailroom docs\.+Passed$/m);
    expect(second.code).toBe(0);
  }, 120_000);
});
