import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

// Neovim's built-in LSP client, headless, set up as docs/editors.md says, against the real server (`npx tsc -b`
// first: it runs the built bin).
const docs = join(repoRoot, "docs/editors.md");
const fixture = join(import.meta.dirname, "mistake.service.yaml");
const script = join(import.meta.dirname, "neovim-client.lua");
const STEP_TIMEOUT_MS = 10_000;

interface Position {
  readonly line: number;
  readonly character: number;
}

interface NeovimResults {
  readonly status: string;
  readonly steps: string[];
  /** The client's root folder. */
  readonly root_dir?: string;
  /** A "step: error" line per failed step. */
  readonly errors: string[];
  readonly diagnostics?: { line: number; col: number; code: string; severity: number; message: string }[];
  readonly completion?: string[];
  readonly definition?: { file: string; line: number; col: number };
}

/** The Lua of docs/editors.md's Neovim 0.7 set-up, run as written: the test keeps that page true. */
function documentedSetup(): string {
  const lua = /\*\*Neovim 0\.7\*\*[\s\S]*?```lua\n([\s\S]*?)```/.exec(readFileSync(docs, "utf8"))?.[1];
  if (!lua) throw new Error("docs/editors.md has no Lua block after **Neovim 0.7**");
  return lua;
}

/** The LSP position of the first `text` at or after `after` (both searched in the fixture). */
function positionOf(lines: readonly string[], after: string, text: string, offset = 0): Position {
  const line = lines.findIndex((each) => each.includes(after));
  const character = lines[line]?.indexOf(text, lines[line].indexOf(after)) ?? -1;
  if (line < 0 || character < 0) throw new Error(`"${text}" after "${after}" is not in the fixture`);
  return { line, character: character + offset };
}

function nvimVersion(): string {
  try {
    return execFileSync("nvim", ["--version"], { encoding: "utf8" }).split("\n")[0] ?? "";
  } catch {
    throw new Error(
      "`nvim` is not installed: this test drives Neovim's built-in LSP client. Install it (`apt-get install neovim`, as .ci/run does).",
    );
  }
}

/** Runs the Lua client in `nvim --headless` and reads what it wrote; the script times itself out, this is a backstop. */
function runNeovim(config: object, directory: string): Promise<{ results: NeovimResults; stderr: string }> {
  const configFile = join(directory, "config.json");
  const out = join(directory, "results.json");
  const setup = join(directory, "setup.lua");
  writeFileSync(setup, documentedSetup());
  writeFileSync(configFile, JSON.stringify({ ...config, setup, out, timeout_ms: STEP_TIMEOUT_MS }));
  return new Promise((done, fail) => {
    const child = spawn("nvim", ["--headless", "--clean", "-n", "-i", "NONE", "-c", `luafile ${script}`], {
      cwd: directory,
      // The documented command, `mailroom-language-server`, is the workspace's bin (the built server).
      env: {
        ...process.env,
        PATH: `${join(repoRoot, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
        MAILROOM_NVIM_CONFIG: configFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), STEP_TIMEOUT_MS * 5);
    child.on("error", fail);
    child.on("close", () => {
      clearTimeout(killer);
      try {
        done({ results: JSON.parse(readFileSync(out, "utf8")) as NeovimResults, stderr });
      } catch {
        fail(new Error(`Neovim wrote no results; its stderr: ${stderr}`));
      }
    });
  });
}

describe("Neovim's built-in LSP client", () => {
  const directory = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-nvim-")));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("shows the diagnostic, completes a metadata name and jumps to a box's definition", async () => {
    expect(nvimVersion()).toMatch(/^NVIM v0\.(?:[7-9]|\d\d)\.|^NVIM v[1-9]/);
    // The service in a folder below the configuration: the documented root_dir finds the configuration's folder.
    mkdirSync(join(directory, "services"));
    writeFileSync(join(directory, "mailroom.config.yaml"), "# mailroom configuration\n");
    const file = join(directory, "services", "mistake.service.yaml");
    copyFileSync(fixture, file);
    const lines = readFileSync(file, "utf8").split("\n");
    const mistake = positionOf(lines, "meta.invoiceNo", "invoiceNo");
    const { results, stderr } = await runNeovim(
      {
        file,
        // Just after "meta." in front of the misspelt name: the metadata names are offered there.
        completion: mistake,
        definition: positionOf(lines, "archive: bundle", "bundle", 2),
      },
      directory,
    );

    expect(results.status, stderr).toBe("done");
    expect(results.steps).toEqual(["diagnostics", "root", "completion", "definition"]);
    expect.soft(results.root_dir).toBe(directory);
    // Each feature is checked on its own, so one failure still shows how the others went.
    expect.soft(results.diagnostics).toEqual([
      expect.objectContaining({
        line: mistake.line,
        col: mistake.character,
        code: "undefined-metadata",
        severity: 1,
      }),
    ]);
    expect.soft(results.completion).toContain("invoiceNumber");
    expect.soft(results.definition).toEqual({ file, line: lines.indexOf("  bundle:"), col: 2 });
    expect(results.errors).toEqual([]);
  }, 60_000);
});
