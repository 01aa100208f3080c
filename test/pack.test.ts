import { execFile, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE, startClient } from "../packages/language-server/test/client.js";
import { startFakePlatform } from "./fake-platform.js";
import { ANY_PDF, filesIn, metadataService, readJson, repoRoot, runRepositoryCli } from "./helpers.js";

/*
 * mailroom as a user gets it: the one tarball `npm pack --workspace @mailroom/cli` writes (its prepack bundles the
 * internal packages in), installed alone into empty projects outside the repository (no access to its
 * node_modules) with Node 20, 22 and 24, as README's install section says, and the installed commands run there.
 * Its few dependencies come from the npm cache or the registry, as for a user; so do Node 22 and 24, the
 * `node-linux-<arch>` packages `.ci/run` takes Node 24 from.
 */

const run = promisify(execFile);

const manifest = JSON.parse(readFileSync(join(repoRoot, "packages/cli/package.json"), "utf8")) as {
  name: string;
  version: string;
  files: string[];
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** Where a release's tarball is downloaded from: the repository's GitHub release of the version's tag. */
const releaseUrl = `https://github.com/mailroom/mailroom/releases/download/v${manifest.version}/mailroom-cli-${manifest.version}.tgz`;

/** README's install commands: the shell block under "## Install". */
function readmeInstall(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const block = /^## Install\n.*?^```sh\n(.*?)^```$/ms.exec(readme)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
}

/** The scratch directory holding the tarball, the Node versions and the projects; removed afterwards. */
let scratch: string | undefined;
let tarball = "";
/** Each Node the tarball is installed with, by major version: its binary and the project installed with it. */
const nodes = new Map<number, { node: string; project: string }>();

const npm = (args: string[], cwd: string, node = process.execPath) =>
  run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    // npm runs on the Node first on PATH: the one the project is installed with.
    env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` },
  });

/** Runs an installed command of a project with its Node, as `npx <command>` would find it. */
async function installed(
  major: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { node, project } = nodes.get(major) ?? { node: "", project: "" };
  try {
    const { stdout, stderr } = await run(node, [join(project, "node_modules/.bin", command), ...args], {
      cwd: project,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * What the repository's CLI prints for a lint, run once for the projects' identical files (its output names them by
 * their paths in the project), for the comparisons on each Node.
 */
const repositoryLints = new Map<string, ReturnType<typeof runRepositoryCli>>();
function repositoryLint(args: string[], cwd: string): ReturnType<typeof runRepositoryCli> {
  const key = args.join("\0");
  const known = repositoryLints.get(key) ?? runRepositoryCli(["lint", ...args], { cwd });
  repositoryLints.set(key, known);
  return known;
}

/** The language server's answer to `initialize`, sent over stdio by hand to a server run with `node`. */
function initialize(node: string, args: string[], cwd: string): Promise<{ serverInfo?: { name: string } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const body = /Content-Length: (\d+)\r\n\r\n/.exec(out);
      if (!body) return;
      const start = out.indexOf("\r\n\r\n") + 4;
      if (Buffer.byteLength(out.slice(start)) < Number(body[1])) return;
      child.kill();
      resolve((JSON.parse(out.slice(start)) as { result: { serverInfo?: { name: string } } }).result);
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}) before answering: ${err}`)));
    const message = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`);
  });
}

beforeAll(async () => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-installed-")));
  // The installed CLI's code caches (src/load-bundle.ts) go with the rest, not into the system's temporary folder.
  process.env.MAILROOM_COMPILE_CACHE = join(scratch, "code-cache");
  // Laid out as the releases' address is: <releases>/v<version>/<tarball>.
  const packed = join(scratch, "releases", `v${manifest.version}`);
  mkdirSync(packed, { recursive: true });
  const { stdout } = await npm(
    ["pack", "--workspace", manifest.name, "--pack-destination", packed, "--json"],
    repoRoot,
  );
  const entries = JSON.parse(stdout) as { filename: string }[];
  expect(entries).toHaveLength(1);
  tarball = join(packed, entries[0]?.filename ?? "");
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  // The Node running the tests for its major version (20 under `npm test`, 24 in CI's second pass), the registry's
  // binaries for the others.
  const running = Number(process.versions.node.split(".")[0]);
  // README's install command, with the release's URL replaced by the tarball the release would carry.
  const [install] = readmeInstall();
  const installArgs = (install ?? "")
    .split(" ")
    .slice(1)
    .map((arg) => (arg === releaseUrl ? tarball : arg));
  // Each Node and its project at once: mostly the registry's and npm's cache's time.
  const root = scratch;
  const installs = await Promise.all(
    [20, 22, 24].map(async (major) => {
      let node = process.execPath;
      if (major !== running) {
        const prefix = join(root, `node${major}`);
        await npm(
          ["install", "--prefix", prefix, "--no-save", "--prefer-offline", `node-linux-${arch}@${major}`],
          root,
        );
        node = join(prefix, `node_modules/node-linux-${arch}/bin/node`);
      }
      const { stdout: version } = await run(node, ["--version"]);
      expect(version).toMatch(new RegExp(`^v${major}\\.`));
      const project = join(root, `app-${major}`);
      cpSync(join(repoRoot, "examples"), join(project, "examples"), { recursive: true });
      writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "app", private: true })}\n`);
      await npm([...installArgs, "--prefer-offline"], project, node);
      return [major, { node, project }] as const;
    }),
  );
  for (const [major, installed] of installs) nodes.set(major, installed);
}, 480_000);

// Three projects and two Node installations: many files to remove.
afterAll(() => {
  delete process.env.MAILROOM_COMPILE_CACHE;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 120_000);

describe("@mailroom/cli, one tarball installed alone into an empty project", () => {
  it("is what README's install section runs: the release's tarball, then the installed command", () => {
    expect(readmeInstall()).toEqual([`npm install --save-dev ${releaseUrl}`, "npx mailroom lint services"]);
    expect([...nodes.keys()]).toEqual([20, 22, 24]);
  });

  it("carries the bundle, the pages and the schemas, and depends on no internal package", () => {
    const dir = join(nodes.get(20)?.project ?? "", "node_modules", manifest.name);
    const listed = readdirSync(dir).sort();
    expect(listed).toEqual(["LICENSE", "README.md", "bin", "bundle", "docs", "package.json", "schemas"]);
    const installedManifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(installedManifest.license).toBe("MIT");
    // Only third-party modules are installed beside it: the @mailroom packages are inside the bundle.
    expect(Object.keys(installedManifest.dependencies).filter((name) => name.startsWith("@mailroom/"))).toEqual([]);
    expect(readdirSync(join(dir, "..")).sort()).toEqual(["cli"]);
    // Editors read the schemas from node_modules/@mailroom/cli/schemas/, the same files the repository commits.
    const schemas = readdirSync(join(repoRoot, "schemas")).filter((name) => name.endsWith(".json"));
    expect(schemas.length).toBeGreaterThan(0);
    for (const name of schemas) {
      expect(readFileSync(join(dir, "schemas", name), "utf8"), name).toBe(
        readFileSync(join(repoRoot, "schemas", name), "utf8"),
      );
    }
    // Nothing is found through this repository: the projects lie outside it.
    expect(dir.startsWith(repoRoot)).toBe(false);
  });

  for (const major of [20, 22, 24]) {
    it(`runs on Node ${major}: lint, build, docs, eval and explain as the repository's CLI does`, async () => {
      const project = nodes.get(major)?.project ?? "";
      const lint = await installed(major, "mailroom", ["lint", "examples"]);
      const expected = await repositoryLint(["examples"], project);
      expect(lint).toMatchObject({ code: 0, stdout: expected.stdout });

      // Java's character names (`\N{...}`), read through node:zlib, which the bundle loads on first use.
      const payslips = readFileSync(join(repoRoot, "examples/payslips.service.yaml"), "utf8");
      const named = payslips.replace(
        "/[A-Z]{2}\\d{5}/, whole",
        "/\\N{LATIN CAPITAL LETTER A}\\N{NO SUCH LETTER}/, whole",
      );
      expect(named).not.toBe(payslips);
      writeFileSync(join(project, "named.service.yaml"), named);
      const unknownName = await installed(major, "mailroom", ["lint", "named.service.yaml"]);
      expect(unknownName.code).toBe(1);
      expect(unknownName.stdout).toContain('Java does not know the character name "NO SUCH LETTER"');
      expect(unknownName.stdout).not.toContain('LATIN CAPITAL LETTER A"');

      // fastest-levenshtein (a suggestion for a misspelt key) and jsonc-parser (a JSON text with a syntax error),
      // bundled and loaded on first use.
      writeFileSync(join(project, "misspelt.service.yaml"), payslips.replace("    main: true\n", "    mian: true\n"));
      writeFileSync(join(project, "broken.service.json"), '{"id": 1,}');
      for (const file of ["misspelt.service.yaml", "broken.service.json"]) {
        const found = await installed(major, "mailroom", ["lint", "--format", "plain", file]);
        const expected = await repositoryLint(["--format", "plain", file], project);
        expect(found.stdout, file).toMatch(/did you mean "main"\?|trailing comma/);
        expect(found).toMatchObject({ code: 1, stdout: expected.stdout });
      }

      const build = await installed(major, "mailroom", ["build", "--out", "built", "examples/payslips.service.yaml"]);
      expect(build.code, build.stderr).toBe(0);
      expect(readFileSync(join(project, "built/payslips.service.json"), "utf8")).toBe(
        readFileSync(join(repoRoot, "examples/payslips.service.json"), "utf8"),
      );

      const docs = await installed(major, "mailroom", [
        "docs",
        "examples",
        "-o",
        "docs",
        "--format",
        "md",
        "--format",
        "html",
      ]);
      expect(docs.code, docs.stderr).toBe(0);
      for (const page of ["payslips.md", "payslips.html", "index.html"]) {
        expect(readFileSync(join(project, "docs", page), "utf8"), page).toBe(
          readFileSync(join(repoRoot, "examples/docs", page), "utf8"),
        );
      }

      // pdf.js, its data files and the date data, loaded on first use.
      const args = ["eval", "examples/annual-statements.service.yaml", "--ou", "examples/organizational-unit.json"];
      const evaluated = await installed(major, "mailroom", [
        ...args,
        "--now",
        "2024-03-15T10:00:00Z",
        "--format",
        "json",
      ]);
      expect(evaluated.code, evaluated.stderr).toBe(0);
      expect(JSON.parse(evaluated.stdout).documents[0].metadata).toMatchObject({
        coOwnerName: "MME HELENE LEFEVRE",
        issuedOn: "15 mars 2024",
      });

      const explain = await installed(major, "mailroom", ["explain", "no-main-box"]);
      expect(explain.code).toBe(0);
      expect(explain.stdout).toBe(readFileSync(join(repoRoot, "docs/rules/no-main-box.md"), "utf8"));
    });

    it(`keeps V8's code cache of the bundle on Node ${major}: one per command, used once written`, async () => {
      const cache = join(scratch ?? "", `code-cache-${major}`);
      const env = (more: NodeJS.ProcessEnv = {}) => ({ ...process.env, MAILROOM_COMPILE_CACHE: cache, ...more });
      // One service: the cache is what is tested, not the lint.
      const one = ["lint", "examples/payslips.service.yaml"];
      const lint = () => installed(major, "mailroom", one, env());
      const first = await lint();
      expect(first.code, first.stderr).toBe(0);
      const [written, ...others] = readdirSync(cache);
      expect(others).toEqual([]);
      expect(written).toMatch(new RegExp(`^v${major}\\.[\\d.]+-[a-z0-9]+-[0-9a-f]{16}-lint\\.cache$`));
      const file = join(cache, written ?? "");
      const bytes = readFileSync(file);
      expect(bytes.length).toBeGreaterThan(100_000);
      // V8 took it: a cache it refuses is written again at exit.
      expect(await lint()).toEqual(first);
      expect(readFileSync(file).equals(bytes)).toBe(true);
      // Another command, another cache.
      expect((await installed(major, "mailroom", ["explain", "no-main-box"], env())).code).toBe(0);
      expect(readdirSync(cache).sort()).toEqual([written?.replace(/lint\.cache$/, "explain.cache"), written]);
      // A damaged cache is refused, and replaced.
      writeFileSync(file, "not a cache");
      expect(await lint()).toEqual(first);
      expect(readFileSync(file).length).toBeGreaterThan(100_000);
      // Only a speed-up: a folder that cannot be made, one others may write, or caching turned off, and the same run.
      const unsafe = join(scratch ?? "", `code-cache-${major}-shared`);
      mkdirSync(unsafe, { mode: 0o777 });
      chmodSync(unsafe, 0o777);
      for (const more of [
        { MAILROOM_COMPILE_CACHE: join(nodes.get(major)?.project ?? "", "package.json", "cache") },
        { MAILROOM_COMPILE_CACHE: unsafe },
        { NODE_DISABLE_COMPILE_CACHE: "1", MAILROOM_COMPILE_CACHE: join(scratch ?? "", `code-cache-${major}-off`) },
      ]) {
        expect(await installed(major, "mailroom", one, env(more))).toEqual(first);
      }
      expect(readdirSync(unsafe)).toEqual([]);
      expect(existsSync(join(scratch ?? "", `code-cache-${major}-off`))).toBe(false);
      // A lint of a batch changes V8's flags while it checks (src/heap.ts) and puts them back, so that the cache its
      // exit writes is taken by the next run: one V8 refused would be written again, from that run's functions.
      const batch = join(scratch ?? "", `batch-${major}`);
      mkdirSync(batch);
      const service = readFileSync(join(repoRoot, "examples/payslips.service.yaml"));
      for (let i = 0; i < 120; i++) writeFileSync(join(batch, `s${i}.service.yaml`), service);
      const batchEnv = env({ MAILROOM_COMPILE_CACHE: join(scratch ?? "", `code-cache-${major}-batch`) });
      const many = await installed(major, "mailroom", ["lint", batch], batchEnv);
      expect(many.stderr).toBe("120 files checked, no problems\n");
      const [batchCache] = readdirSync(join(scratch ?? "", `code-cache-${major}-batch`));
      const batchFile = join(scratch ?? "", `code-cache-${major}-batch`, batchCache ?? "");
      const batchBytes = readFileSync(batchFile);
      expect(await installed(major, "mailroom", one, batchEnv)).toEqual(first);
      expect(readFileSync(batchFile).equals(batchBytes)).toBe(true);
    });

    it(`starts the language server on Node ${major}, both ways`, async () => {
      const { node, project } = nodes.get(major) ?? { node: "", project: "" };
      for (const args of [
        [join(project, "node_modules/.bin/mailroom-language-server"), "--stdio"],
        [join(project, "node_modules/.bin/mailroom"), "lsp"],
      ]) {
        expect((await initialize(node, args, project)).serverInfo?.name).toBe("mailroom-language-server");
      }
    });
  }

  it("runs every command, and so loads every file of the bundle, as the repository's CLI does", async () => {
    const project = nodes.get(20)?.project ?? "";
    const bundle = join(project, "node_modules", manifest.name, "bundle");
    // Node writes, for each process, the scripts it ran: the bundle's files each command loaded.
    const coverage = join(scratch ?? "", "coverage");
    const env = { ...process.env, NODE_V8_COVERAGE: coverage };
    const mailroom = (args: string[]) => installed(20, "mailroom", args, env);
    /** The same command run by the repository's CLI in the same project: the same exit code and output. */
    const same = async (args: string[]) => {
      const result = await mailroom(args);
      expect(result, args.join(" ")).toEqual(await runRepositoryCli(args, { cwd: project }));
      return result;
    };
    /** Each file under a folder, by its path there. */
    const files = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir, { recursive: true, encoding: "utf8" })
          .filter((name) => statSync(join(dir, name)).isFile())
          .sort()
          .map((name) => [name, readFileSync(join(dir, name))]),
      );
    cpSync(join(repoRoot, "test/fixtures/diff"), join(project, "old"), { recursive: true });
    // A date in each bundled locale (en-US when none is given).
    const { path: dates } = metadataService([
      ["en", `now | formatDate("EEEE d MMMM uuuu", "Europe/Paris")`],
      ...["de-DE", "es-ES", "fr-FR"].map((locale): [string, string] => [
        locale.slice(0, 2),
        `now | formatDate("EEEE d MMMM uuuu", "Europe/Paris", locale="${locale}")`,
      ]),
    ]);

    const commands: Record<string, () => Promise<unknown>> = {
      init: async () => {
        expect((await mailroom(["init", "started"])).code).toBe(0);
        await runRepositoryCli(["init", "started-by-repository"], { cwd: project });
        expect(files(join(project, "started"))).toEqual(files(join(project, "started-by-repository")));
      },
      lint: async () => {
        await same(["lint", "examples"]);
        // A character named in a pattern: the names, a module of their own, are read for it alone.
        const payslips = readFileSync(join(repoRoot, "examples/payslips.service.yaml"), "utf8");
        const named = payslips.replace("/[A-Z]{2}\\d{5}/, whole", "/\\N{LATIN CAPITAL LETTER A}\\d{5}/, whole");
        expect(named).not.toBe(payslips);
        writeFileSync(join(project, "character-named.service.yaml"), named);
        expect((await same(["lint", "character-named.service.yaml"])).code).toBe(0);
      },
      explain: async () => {
        const explained = await mailroom(["explain", "unused-metadata"]);
        expect(explained.stdout).toBe(readFileSync(join(repoRoot, "docs/rules/unused-metadata.md"), "utf8"));
      },
      build: async () => {
        expect((await mailroom(["build", "--out", "built-all", "examples"])).code).toBe(0);
        const built = files(join(project, "built-all"));
        expect(Object.keys(built)).toEqual(filesIn("examples", /\.service\.json$/).map((path) => basename(path)));
        for (const [name, bytes] of Object.entries(built)) {
          expect(bytes.toString(), name).toBe(readFileSync(join(repoRoot, "examples", name), "utf8"));
        }
      },
      schema: async () => {
        expect((await mailroom(["schema", "--out", "schemas-written"])).code).toBe(0);
        expect(files(join(project, "schemas-written"))).toEqual(files(join(repoRoot, "schemas")));
        // A folder that cannot be made: the system's refusal, told as the repository's CLI tells it.
        expect((await same(["schema", "--out", "examples/payslips.service.yaml/schemas"])).code).toBe(2);
      },
      decompile: async () => {
        expect((await mailroom(["decompile", "--out", "decompiled", "examples/payslips.service.json"])).code).toBe(0);
        await runRepositoryCli(["decompile", "--out", "decompiled-by-repository", "examples/payslips.service.json"], {
          cwd: project,
        });
        expect(files(join(project, "decompiled"))).toEqual(files(join(project, "decompiled-by-repository")));
      },
      fmt: () => same(["fmt", "--check", "examples"]),
      docs: async () => {
        expect((await mailroom(["docs", "examples/payslips.service.yaml", "-o", "docs-one"])).code).toBe(0);
        expect(readFileSync(join(project, "docs-one/payslips.md"), "utf8")).toBe(
          readFileSync(join(repoRoot, "examples/docs/payslips.md"), "utf8"),
        );
      },
      eval: async () => {
        const args = ["eval", dates, "--file", `LETTERS=${ANY_PDF}`, "--now", "2024-03-15T10:00:00Z"];
        const evaluated = await same([...args, "--format", "json"]);
        expect(JSON.parse(evaluated.stdout).documents[0].metadata).toEqual({
          en: "Friday 15 March 2024",
          de: "Freitag 15 März 2024",
          es: "viernes 15 marzo 2024",
          fr: "vendredi 15 mars 2024",
        });
      },
      test: async () => {
        await same(["test", "examples"]);
        // A case with no expectations, which --update writes (loading what writes files).
        for (const folder of ["update", "update-by-repository"]) {
          cpSync(join(repoRoot, "examples/samples/registered-letter"), join(project, folder, "samples"), {
            recursive: true,
          });
          for (const name of ["registered-letter.service.yaml", "organizational-unit.json"]) {
            cpSync(join(repoRoot, "examples", name), join(project, folder, name));
          }
          const sample = readdirSync(join(project, folder, "samples")).sort()[0];
          writeFileSync(
            join(project, folder, "registered-letter.service.test.yaml"),
            `cases:\n  - name: one letter\n    files:\n      LETTER: samples/${sample}\n    ou: organizational-unit.json\n`,
          );
        }
        expect((await mailroom(["test", "--update", "update"])).code).toBe(0);
        await runRepositoryCli(["test", "--update", "update-by-repository"], { cwd: project });
        const updated = files(join(project, "update"));
        expect(updated["registered-letter.service.test.yaml"]?.toString()).toContain("expect:");
        expect(updated).toEqual(files(join(project, "update-by-repository")));
      },
      "check-job": async () => {
        await same(["check-job", "examples/payslips.job.yaml"]);
        await same(["check-job", "examples/payslips.job.yaml", "--simulate"]);
      },
      pull: async () => {
        // From a platform on this machine (test/fake-platform.ts), as the repository's CLI pulls from it.
        const services = filesIn("examples", /\.service\.json$/).map((path) => readJson(path));
        const platform = await startFakePlatform({
          services,
          organizationalUnit: readJson("examples/organizational-unit.json"),
        });
        try {
          const args = (out: string) => ["pull", "--url", platform.url, "--login", "api-user", "-o", out];
          const password = { MAILROOM_PASSWORD: "correct horse" };
          expect((await installed(20, "mailroom", args("pulled"), { ...env, ...password })).code).toBe(0);
          await runRepositoryCli(args("pulled-by-repository"), { cwd: project, env: password });
          expect(Object.keys(files(join(project, "pulled"))).length).toBeGreaterThan(services.length);
          expect(files(join(project, "pulled"))).toEqual(files(join(project, "pulled-by-repository")));
        } finally {
          await platform.close();
        }
      },
      diff: async () => {
        const args = ["diff", "old/payslips-2025.service.yaml", "examples/payslips.service.yaml", "--format", "md"];
        expect((await mailroom([...args, "--allow-breaking"])).stdout).toBe(
          readFileSync(join(repoRoot, "examples/payslips.diff.md"), "utf8").replaceAll("test/fixtures/diff/", "old/"),
        );
      },
      lsp: async () => {
        // Started by the client, which inherits this process's environment, and stopped as an editor stops it: a
        // killed process would write no coverage.
        process.env.NODE_V8_COVERAGE = coverage;
        const client = await startClient({
          root: project,
          args: [join(project, "node_modules/.bin/mailroom"), "lsp"],
        }).finally(() => {
          delete process.env.NODE_V8_COVERAGE;
        });
        try {
          const opened = client.open(join(project, "sample.service.yaml"), SAMPLE);
          expect((await client.diagnostics(opened)).diagnostics).toHaveLength(3);
        } finally {
          await client.stop();
        }
      },
    };
    // Every command the installed CLI lists has its run here: a command added is code to run.
    const help = await mailroom(["--help"]);
    const listed = [...help.stdout.matchAll(/^ {2}([a-z][\w-]*) /gm)]
      .map((match) => match[1])
      .filter((c) => c !== "help");
    expect(listed.sort()).toEqual(Object.keys(commands).sort());
    for (const command of listed) await commands[command ?? ""]?.();

    const loaded = new Set<string>();
    const prefix = pathToFileURL(bundle).href;
    for (const name of readdirSync(coverage)) {
      const { result } = JSON.parse(readFileSync(join(coverage, name), "utf8")) as { result: { url: string }[] };
      for (const { url } of result) if (url.startsWith(`${prefix}/`)) loaded.add(url.slice(prefix.length + 1));
    }
    expect(loaded.size).toBeGreaterThan(0);
    expect(readdirSync(bundle).filter((name) => !loaded.has(name))).toEqual([]);
  }, 240_000);

  it("serves diagnostics from the installed server, a large document's from its worker thread", async () => {
    const project = nodes.get(20)?.project ?? "";
    const client = await startClient({ root: project, args: [join(project, "node_modules/.bin/mailroom"), "lsp"] });
    try {
      // The sample's three problems, as `mailroom lint` reports them.
      const small = client.open(join(project, "sample.service.yaml"), SAMPLE);
      const codes = (await client.diagnostics(small)).diagnostics.map((d) => d.code);
      expect(codes).toHaveLength(3);
      // Over 512 KiB, checked on a worker thread: in the package, the bundle itself started on that thread.
      const large = client.open(join(project, "large.service.yaml"), `${SAMPLE}${"# a comment\n".repeat(50_000)}`);
      expect((await client.diagnostics(large)).diagnostics.map((d) => d.code)).toEqual(codes);
    } finally {
      await client.stop();
    }
  });

  it("is what the Action and the pre-commit hooks run, through npx, in a project that installed none", async () => {
    const bare = join(scratch ?? "", "bare");
    cpSync(join(repoRoot, "examples"), join(bare, "examples"), { recursive: true });
    const releases = pathToFileURL(join(scratch ?? "", "releases")).href;
    const hook = (args: string[]) =>
      run("bash", [join(repoRoot, "integrations/mailroom.sh"), ...args], {
        cwd: bare,
        env: { ...process.env, MAILROOM_RELEASES: releases, npm_config_prefer_offline: "true" },
      });
    const { stdout } = await hook(["explain", "no-main-box"]);
    expect(stdout).toBe(readFileSync(join(repoRoot, "docs/rules/no-main-box.md"), "utf8"));
    const lint = await hook(["lint", "examples"]);
    expect(lint.stdout).toBe((await repositoryLint(["examples"], bare)).stdout);
    expect(existsSync(join(bare, "node_modules"))).toBe(false);
  }, 120_000);

  it("passes `npm publish --dry-run`", { timeout: 120_000 }, async () => {
    const { stderr } = await npm(["publish", "--dry-run", "--workspace", manifest.name], repoRoot);
    expect(stderr).not.toMatch(/npm (error|warn)/);
    expect(existsSync(join(repoRoot, "packages/cli/bundle"))).toBe(false);
  });
});
