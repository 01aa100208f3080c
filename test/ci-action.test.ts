import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot, runCli } from "./helpers.js";
import { CLEAN_SERVICE, SERVICE, scratch } from "./lint-service.js";

/** action.yml, as much of it as a runner reads for a composite action. */
interface Step {
  readonly id?: string;
  readonly shell?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly "working-directory"?: string;
}
interface Action {
  readonly inputs: Record<string, { readonly description: string; readonly default?: string }>;
  readonly outputs: Record<string, { readonly description: string; readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

const action = parse(readFileSync(join(repoRoot, "action.yml"), "utf8")) as Action;
const bin = join(repoRoot, "packages/cli/bin/mailroom.cjs");
const cliManifest = JSON.parse(readFileSync(join(repoRoot, "packages/cli/package.json"), "utf8")) as {
  name: string;
  version: string;
};

/** `${{ expr }}` replaced as the runner does, from the names it knows; an unknown name fails the test. */
function evaluate(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, name: string) => {
    const value = lookup(name);
    if (value === undefined) throw new Error(`The runner knows no value for \${{ ${name} }}`);
    return value;
  });
}

/** A workflow command file (GITHUB_OUTPUT): `name=value` lines and `name<<DELIMITER` blocks. */
function readCommandFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(path)) return values;
  const lines = readFileSync(path, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const block = /^([^=]+?)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] ?? "", i + 1);
      values[block[1] ?? ""] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (line.includes("=")) values[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
  }
  return values;
}

interface ActionRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The action's outputs, evaluated from its steps' outputs. */
  readonly outputs: Record<string, string>;
  readonly summary: string;
}

/**
 * Runs action.yml's steps as a GitHub runner runs a composite action from `uses:`: the action at
 * GITHUB_ACTION_PATH (this checkout), each `run:` in a script file through `bash --noprofile --norc -eo pipefail`,
 * in its `working-directory` under the workspace, with `${{ }}` expressions substituted in `run`, `env` and
 * `working-directory`, the runner's variables, and files for GITHUB_OUTPUT and GITHUB_STEP_SUMMARY; the first
 * step that fails ends the run. Inputs reach a step only through its `env:` (whether a runner also exports
 * INPUT_* variables to composite steps is not relied on). `path` is put in front of PATH; `runner` adds the
 * variables of an event (GITHUB_EVENT_PATH, GITHUB_API_URL...).
 */
async function runAction(
  workspace: string,
  given: Record<string, string>,
  path?: string,
  runner: Record<string, string> = {},
): Promise<ActionRun> {
  for (const name of Object.keys(given)) expect(action.inputs, `input ${name}`).toHaveProperty(name);
  const temp = scratch();
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? ""]),
  );
  const steps: Record<string, Record<string, string>> = {};
  const lookup = (name: string): string | undefined => {
    if (name.startsWith("inputs.")) return inputs[name.slice("inputs.".length)];
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(name);
    if (output) return steps[output[1] ?? ""]?.[output[2] ?? ""] ?? "";
    return { "github.action_path": repoRoot, "github.workspace": workspace, "runner.temp": temp }[name];
  };
  let result = { code: 0, stdout: "", stderr: "" };
  let summary = "";
  for (const [index, step] of action.runs.steps.entries()) {
    expect(step.shell).toBe("bash");
    const outputFile = join(temp, `output-${index}`);
    const summaryFile = join(temp, `summary-${index}`);
    const script = join(temp, `step-${index}.sh`);
    writeFileSync(script, evaluate(step.run ?? "", lookup));
    const env: Record<string, string> = {
      PATH: path === undefined ? (process.env.PATH ?? "") : `${path}:${process.env.PATH ?? ""}`,
      HOME: process.env.HOME ?? temp,
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTION_PATH: repoRoot,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_ENV: join(temp, `env-${index}`),
      GITHUB_PATH: join(temp, `path-${index}`),
      RUNNER_TEMP: temp,
      RUNNER_OS: "Linux",
      ...runner,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, lookup)])),
    };
    const cwd = join(workspace, evaluate(step["working-directory"] ?? ".", lookup));
    result = await new Promise((done) => {
      execFile("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd, env }, (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      });
    });
    if (step.id !== undefined) steps[step.id] = readCommandFile(outputFile);
    if (existsSync(summaryFile)) summary += readFileSync(summaryFile, "utf8");
    if (result.code !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value, lookup)]),
  );
  return { ...result, outputs, summary };
}

const annotations = (stdout: string): string[] => stdout.split("\n").filter((l) => /^::(error|warning) /.test(l));

/** A service whose only problem is a warning (unused-metadata, 10:7). */
const WARNING_SERVICE = CLEAN_SERVICE.replace("        persist: true\n", "");

/** A workspace as a checkout leaves it: services with two errors and three warnings, one clean. */
const workspaceWith = (files: Record<string, string> = {}): string =>
  realpathSync(
    scratch({
      "services/letters.service.yaml": SERVICE,
      "services/notices.service.yaml": WARNING_SERVICE,
      "services/clean.service.yaml": CLEAN_SERVICE,
      "README.md": "not a service\n",
      ...files,
    }),
  );

describe("the GitHub Action (action.yml)", () => {
  it("is a composite action whose every input reaches its step, each documented in docs/ci.md", () => {
    expect(action.runs.using).toBe("composite");
    const text = JSON.stringify(action.runs.steps);
    const docs = readFileSync(join(repoRoot, "docs/ci.md"), "utf8");
    for (const name of Object.keys(action.inputs)) {
      expect(text, `input ${name}`).toContain(`inputs.${name} }}`);
      expect(docs, `input ${name}`).toContain(`| \`${name}\` |`);
    }
    for (const name of Object.keys(action.outputs)) expect(docs, `output ${name}`).toContain(`| \`${name}\` |`);
  });

  it("annotates every problem, writes SARIF, the counts and a summary, and fails on errors", async () => {
    const workspace = workspaceWith();
    const run = await runAction(workspace, {
      paths: "services",
      "sarif-file": "reports/mailroom.sarif",
      mailroom: bin,
    });
    expect(run.code).toBe(1);
    expect(annotations(run.stdout)).toEqual([
      '::error file=services/letters.service.yaml,line=12,endLine=12,col=40,endColumn=45,title=unknown-ou-identifier::The organizational unit has no property "Siret"; did you mean "SIRET"?',
      '::warning file=services/letters.service.yaml,line=14,endLine=14,col=7,endColumn=16,title=unused-metadata::Metadata "reference" of box "letters" is not referenced, persisted nor editable, so it has no effect; reference it, persist it, or remove it.',
      '::warning file=services/letters.service.yaml,line=15,endLine=15,col=26,endColumn=39,title=unknown-requirement::Requirement "POSTAL_ADDRES" is not known; expected "POSTAL_ADDRESS_RECIPIENT", or a name added to the rule\'s "requirements" option.',
      '::error file=services/letters.service.yaml,line=19,endLine=19,col=5,endColumn=10,title=duplicate-channel-label::Channel label "Mail" is already used by another channel; expected a label of its own.',
      '::warning file=services/notices.service.yaml,line=10,endLine=10,col=7,endColumn=16,title=unused-metadata::Metadata "reference" of box "letters" is not referenced, persisted nor editable, so it has no effect; reference it, persist it, or remove it.',
    ]);
    // The stylish report, with its code frames, sits in a group with workflow commands stopped around it.
    const token = /^::stop-commands::(\w+)$/m.exec(run.stdout)?.[1] ?? "none";
    const log = run.stdout.slice(run.stdout.indexOf(`::stop-commands::${token}`), run.stdout.indexOf(`::${token}::`));
    expect(run.stdout).toContain("::group::mailroom lint report\n::stop-commands::");
    expect(log).toContain("services/letters.service.yaml\n  12:40  error");
    expect(log).toContain("5 problems (2 errors, 3 warnings) in 2 of 3 files checked");
    expect(run.stdout.trimEnd().endsWith(`::${token}::\n::endgroup::`)).toBe(true);

    const sarifPath = join(workspace, "reports/mailroom.sarif");
    expect(run.outputs).toEqual({ errors: "2", warnings: "3", "sarif-file": sarifPath });
    const sarif = JSON.parse(readFileSync(sarifPath, "utf8"));
    expect(sarif.version).toBe("2.1.0");
    const results = sarif.runs[0].results.map(
      (r: {
        ruleId: string;
        level: string;
        locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
      }) => `${r.ruleId} ${r.level} ${r.locations[0]?.physicalLocation.artifactLocation.uri}`,
    );
    expect(results).toEqual([
      "unknown-ou-identifier error services/letters.service.yaml",
      "unused-metadata warning services/letters.service.yaml",
      "unknown-requirement warning services/letters.service.yaml",
      "duplicate-channel-label error services/letters.service.yaml",
      "unused-metadata warning services/notices.service.yaml",
    ]);
    expect(run.summary).toBe("### mailroom lint failed\n\n2 error(s), 3 warning(s).\n");
  });

  it("passes with warnings, fails on more warnings than max-warnings; paths by spaces or lines", async () => {
    const workspace = workspaceWith();
    const paths = "services/notices.service.yaml services/clean.service.yaml";
    const passed = await runAction(workspace, { paths, mailroom: bin });
    expect(passed.code).toBe(0);
    expect(annotations(passed.stdout)).toHaveLength(1);
    expect(passed.outputs).toEqual({ errors: "0", warnings: "1", "sarif-file": "" });
    expect(passed.summary).toBe("### mailroom lint passed\n\n0 error(s), 1 warning(s).\n");

    const strict = await runAction(workspace, { paths: paths.replace(" ", "\n"), "max-warnings": "0", mailroom: bin });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("--max-warnings allows 0");
    expect(strict.summary).toBe("### mailroom lint failed\n\n0 error(s), 1 warning(s) (at most 0 allowed).\n");
  });

  it("checks the generated documentation when docs-out is given, annotating each stale page", async () => {
    const workspace = workspaceWith();
    const paths = "services/notices.service.yaml services/clean.service.yaml";
    const inputs = { paths, mailroom: bin, "docs-out": "docs/services", "docs-format": "md html" };
    const missing = await runAction(workspace, inputs);
    expect(missing.code).toBe(1);
    expect(annotations(missing.stdout).filter((a) => a.includes("title=mailroom docs"))).toEqual(
      ["notices.md", "clean.md", "index.md", "notices.html", "clean.html", "index.html"].map(
        (page) =>
          `::error file=docs/services/${page},title=mailroom docs::Found no "docs/services/${page}"; expected the page "mailroom docs" generates: run it without --check.`,
      ),
    );
    expect(missing.summary).toBe(
      "### mailroom lint failed\n\n0 error(s), 1 warning(s).\n\nDocumentation in docs/services is out of date: run `mailroom docs` and commit the result.\n",
    );
    const args = ["docs", ...paths.split(" "), "-o", "docs/services", "--format", "md", "--format", "html"];
    expect((await runCli(args, { cwd: workspace })).code).toBe(0);
    const fresh = await runAction(workspace, inputs);
    expect(fresh.code).toBe(0);
    expect(fresh.summary).toBe(
      "### mailroom lint passed\n\n0 error(s), 1 warning(s).\n\nDocumentation in docs/services is up to date.\n",
    );
  });

  it("takes paths, config and files relative to working-directory, and names files from the repository root", async () => {
    const workspace = workspaceWith({
      "mail/services/letters.service.yaml": SERVICE,
      "mail/errors-only.yaml": "rules:\n  unused-metadata: off\n  unknown-requirement: off\n",
    });
    const run = await runAction(workspace, {
      "working-directory": "mail",
      paths: "./services",
      config: "errors-only.yaml",
      "sarif-file": "mailroom.sarif",
      format: "junit",
      "output-file": "reports/junit.xml",
      annotations: "true",
      mailroom: bin,
    });
    expect(run.code).toBe(1);
    expect(annotations(run.stdout).map((line) => line.slice(0, line.indexOf(",endLine")))).toEqual([
      "::error file=mail/services/letters.service.yaml,line=12",
      "::error file=mail/services/letters.service.yaml,line=19",
    ]);
    expect(run.outputs).toEqual({ errors: "2", warnings: "0", "sarif-file": join(workspace, "mail/mailroom.sarif") });
    expect(readFileSync(join(workspace, "mail/mailroom.sarif"), "utf8")).toContain(
      '"uri": "mail/services/letters.service.yaml"',
    );
    expect(readFileSync(join(workspace, "mail/reports/junit.xml"), "utf8")).toContain("<testsuites");
  });

  it("runs the project's installed mailroom, else the CLI tarball of its own revision's release", async () => {
    // No release can be downloaded from the tests: a stand-in `npx` records how it was asked for mailroom, then
    // runs this checkout's (test/pack.test.ts runs the real npx on a packed tarball).
    const shim = scratch();
    const calls = join(shim, "calls");
    writeFileSync(
      join(shim, "npx"),
      `#!/usr/bin/env bash\necho "$*" >> '${calls}'\nwhile [[ $1 != mailroom ]]; do shift; done\nshift\nexec node '${bin}' "$@"\n`,
    );
    chmodSync(join(shim, "npx"), 0o755);
    const npx = () => (existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : []);
    const lintArgs = "-- mailroom lint --format stylish";
    const release = (version: string) =>
      `https://github.com/mailroom/mailroom/releases/download/v${version}/mailroom-cli-${version}.tgz`;
    const latest = `--yes --package ${release(cliManifest.version)} ${lintArgs}`;

    const fromNpm = await runAction(workspaceWith(), { paths: "services/notices.service.yaml" }, shim);
    expect(fromNpm.code).toBe(0);
    expect(annotations(fromNpm.stdout)).toHaveLength(1);
    expect(npx().map((call) => call.slice(0, latest.length))).toEqual([latest]);

    const project = workspaceWith();
    mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
    symlinkSync(bin, join(project, "node_modules/.bin/mailroom"));
    const installed = await runAction(project, { paths: "services/notices.service.yaml" }, shim);
    expect(installed.code).toBe(0);
    expect(annotations(installed.stdout)).toHaveLength(1);
    expect(npx()).toHaveLength(1);

    const pinned = await runAction(project, { paths: "services/notices.service.yaml", version: "1.2.3" }, shim);
    expect(pinned.code).toBe(0);
    expect(npx()[1]?.startsWith(`--yes --package ${release("1.2.3")} ${lintArgs}`)).toBe(true);
  });

  it("fails with an annotation when mailroom cannot lint or an input is wrong", async () => {
    const workspace = workspaceWith();
    const broken = await runAction(workspace, { config: "missing.yaml", mailroom: bin });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("missing.yaml");
    expect(broken.stdout).toContain(
      "::error title=mailroom::mailroom lint did not run to the end (exit code 2); its messages are in the log above.\n",
    );
    expect(broken.outputs).toEqual({ errors: "", warnings: "", "sarif-file": "" });

    const wrong = await runAction(workspace, { annotations: "yes", mailroom: bin });
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('::error title=mailroom::Input annotations is "yes"; expected true or false.\n');
  });

  it("in diff mode, comments what changed on the pull request, updating its comment, and fails on breaking changes", async () => {
    const workspace = realpathSync(scratch({ "services/letters.service.yaml": CLEAN_SERVICE }));
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: workspace });
    git("init", "-q", "-b", "main");
    git("add", ".");
    git("commit", "-qm", "services");
    // The pull request raises the box's minimum, removes the channel and adds another.
    writeFileSync(
      join(workspace, "services/letters.service.yaml"),
      CLEAN_SERVICE.replace("elements: 1", "elements: 2").replace("label: Mail", "label: Post"),
    );
    // A stand-in for api.github.com: the pull request's comments, and every request received.
    const requests: { method: string; url: string; authorization: string; body: string }[] = [];
    const comments: { id: number; body: string }[] = [{ id: 1, body: "Looks good." }];
    const server = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const method = request.method ?? "";
        const url = request.url ?? "";
        requests.push({ method, url, authorization: request.headers.authorization ?? "", body });
        if (method === "POST") comments.push({ id: 9, body: JSON.parse(body).body });
        if (method === "PATCH") (comments[1] as { body: string }).body = JSON.parse(body).body;
        response.writeHead(method === "POST" ? 201 : 200, { "content-type": "application/json" });
        response.end(JSON.stringify(method === "GET" ? comments : {}));
      });
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    try {
      const event = join(workspace, "..", `event-${Date.now()}.json`);
      writeFileSync(event, JSON.stringify({ pull_request: { number: 42 } }));
      const runner = {
        GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        GITHUB_REPOSITORY: "acme/services",
        GITHUB_EVENT_PATH: event,
        GITHUB_BASE_REF: "main",
      };
      const inputs = { mode: "diff", base: "main", paths: "services", token: "secret-token", mailroom: bin };
      const first = await runAction(workspace, inputs, undefined, runner);
      expect(first.code).toBe(1);
      expect(first.stdout).toContain(
        "::error title=mailroom diff::A change is breaking for integrators (see the job summary).",
      );
      expect(first.stdout).toContain("Commented on pull request #42.");
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        "GET /repos/acme/services/issues/42/comments?per_page=100&page=1",
        "POST /repos/acme/services/issues/42/comments",
      ]);
      expect(requests.every((r) => r.authorization === "Bearer secret-token")).toBe(true);
      const posted = JSON.parse(requests[1]?.body ?? "{}").body as string;
      expect(posted.split("\n").slice(0, 2)).toEqual([
        "<!-- mailroom-diff -->",
        "**mailroom diff**: ⚠️ 2 breaking, 1 behaviour, 0 cosmetic",
      ]);
      expect(posted).toContain("- **box letters**: minimum number of files raised");
      expect(posted).toContain("- **channel Mail**: removed: delivery commands naming it fail");
      expect(first.summary).toBe(posted.slice("<!-- mailroom-diff -->\n".length));

      // Without base, a pull request's base branch as the checkout fetched it: origin/main, missing here. The
      // comment then says the diff could not be made, so that it does not stand as if all were well.
      requests.length = 0;
      const unfetched = await runAction(workspace, { ...inputs, base: "" }, undefined, runner);
      expect(unfetched.stderr).toContain('"origin/main" is not a revision of this repository.');
      expect(unfetched.code).toBe(2);
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        "GET /repos/acme/services/issues/42/comments?per_page=100&page=1",
        "PATCH /repos/acme/services/issues/comments/9",
      ]);
      expect(comments[1]?.body).toBe(
        "<!-- mailroom-diff -->\n**mailroom diff** could not compare the services (exit code 2): the job's log says why.\n",
      );
      // The next push, with the base fetched: the same comment is updated, and breaking changes allowed pass.
      git("update-ref", "refs/remotes/origin/main", "main");
      requests.length = 0;
      const allowed = await runAction(workspace, { ...inputs, base: "", "allow-breaking": "true" }, undefined, runner);
      expect(allowed.code).toBe(0);
      expect(requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual([
        "PATCH /repos/acme/services/issues/comments/9",
      ]);
      expect(comments.map((c) => c.id)).toEqual([1, 9]);
      // The base by default is origin/<base branch>.
      expect(comments[1]?.body).toBe(posted.replace("`main:services/", "`origin/main:services/"));

      // A push that breaks a service: the same.
      writeFileSync(join(workspace, "services/letters.service.yaml"), "id: [\n");
      requests.length = 0;
      const broken = await runAction(workspace, inputs, undefined, runner);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain("services/letters.service.yaml:");
      expect(requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual([
        "PATCH /repos/acme/services/issues/comments/9",
      ]);
      expect(comments[1]?.body).toBe(
        "<!-- mailroom-diff -->\n**mailroom diff** could not compare the services (exit code 2): the job's log says why.\n",
      );
    } finally {
      server.close();
    }
  });

  it("in diff mode, refuses a wrong input and a service with errors", async () => {
    const workspace = workspaceWith();
    const wrong = await runAction(workspace, { mode: "compare", mailroom: bin });
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('::error title=mailroom::Input mode is "compare"; expected lint or diff.\n');
    const noBase = await runAction(workspace, { mode: "diff", mailroom: bin });
    expect(noBase.code).toBe(2);
    expect(noBase.stdout).toContain("Input base is empty and the event is not a pull request's");
    execFileSync("git", ["init", "-q"], { cwd: workspace });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"], {
      cwd: workspace,
    });
    const broken = await runAction(workspace, { mode: "diff", base: "HEAD", comment: "false", mailroom: bin });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("services/letters.service.yaml:12:40  error");
    expect(broken.stdout).toContain("::error title=mailroom::mailroom diff could not compare (exit code 2)");
  });
});
