import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentedSetup, editorVersion, layOutProject, positionOf, runEditor, serverPath } from "./editor-project.js";

// Neovim's built-in LSP client, headless, set up as docs/editors.md says, against the real server (`npx tsc -b`
// first: it runs the built bin).
const script = join(import.meta.dirname, "neovim-client.lua");
const STEP_TIMEOUT_MS = 10_000;

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
  /** The diagnostics of the client started after the server was killed. */
  readonly restarted?: { line: number; col: number; code: string }[];
}

/** Runs the Lua client in `nvim --headless` and reads what it wrote; the script times itself out, this is a backstop. */
function runNeovim(config: object, directory: string): Promise<{ results: NeovimResults; stderr: string }> {
  const configFile = join(directory, "config.json");
  const out = join(directory, "results.json");
  const setup = join(directory, "setup.lua");
  // The Lua of docs/editors.md's Neovim 0.7 set-up, run as written: the test keeps that page true.
  writeFileSync(setup, documentedSetup("**Neovim 0.7**", "lua"));
  writeFileSync(configFile, JSON.stringify({ ...config, setup, out, timeout_ms: STEP_TIMEOUT_MS }));
  return runEditor<NeovimResults>(
    { name: "Neovim", command: "nvim", args: ["--headless", "--clean", "-n", "-i", "NONE", "-c", `luafile ${script}`] },
    {
      cwd: directory,
      // The documented command, `mailroom-language-server`, is the workspace's bin (the built server).
      env: { ...process.env, PATH: serverPath(), MAILROOM_NVIM_CONFIG: configFile },
      out,
      backstopMs: STEP_TIMEOUT_MS * 5,
    },
  );
}

describe("Neovim's built-in LSP client", () => {
  const directory = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-nvim-")));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("shows the diagnostic, completes a metadata name, jumps to a box's definition, and recovers from a killed server", async () => {
    expect(
      editorVersion(
        "nvim",
        "this test drives Neovim's built-in LSP client. Install it (`apt-get install neovim`, as .ci/run does).",
      ),
    ).toMatch(/^NVIM v0\.(?:[7-9]|\d\d)\.|^NVIM v[1-9]/);
    // The service in a folder below the configuration: the documented root_dir finds the configuration's folder.
    const { file, lines } = layOutProject(directory);
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
    expect(results.steps).toEqual(["diagnostics", "root", "completion", "definition", "restart"]);
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
    // The documented set-up starts a new server once the first is killed, and attaches the buffer to it.
    expect
      .soft(results.restarted)
      .toEqual([{ line: mistake.line, col: mistake.character, code: "undefined-metadata" }]);
    expect(results.errors).toEqual([]);
  });
});
