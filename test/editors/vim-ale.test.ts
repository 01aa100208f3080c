import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  documentedSetup,
  editorVersion,
  layOutProject,
  type Position,
  positionOf,
  runEditor,
  serverPath,
} from "./editor-project.js";

// Vim with ALE, set up as docs/editors.md says, against the real server (`npx tsc -b` first: it runs the built
// bin). Vim has no headless mode that runs ALE's jobs and timers (`vim -es` does not): it runs as for a user,
// without a terminal (`--not-a-term`), and the client script quits it.
const script = join(import.meta.dirname, "vim-ale-client.vim");
const STEP_TIMEOUT_MS = 10_000;

interface VimResults {
  readonly status: string;
  readonly steps: string[];
  /** A "step: error" line per failed step. */
  readonly errors: string[];
  /** The linters ALE runs on the service. */
  readonly linters?: string[];
  /** The folder ALE starts the language server in. */
  readonly root?: string;
  /** 0-based lines and byte columns; `type` is ALE's "E", "W" or "I". */
  readonly diagnostics?: { line: number; col: number; code: string; type: string; message: string }[];
  readonly completion?: string[];
  readonly definition?: { file: string; line: number; col: number };
  /** The diagnostics once a new server has replaced the killed one. */
  readonly restarted?: { line: number; code: string }[];
}

/** Runs the client script in Vim and reads what it wrote; the script times itself out, this is a backstop. */
function runVim(
  config: { file: string; completion: Position; definition: Position },
  directory: string,
): Promise<{ results: VimResults; stderr: string }> {
  const configFile = join(directory, "config.json");
  const out = join(directory, "results.json");
  const setup = join(directory, "vimrc");
  // The vimrc of docs/editors.md's Vim set-up, run as written: the test keeps that page true.
  writeFileSync(setup, documentedSetup("## Vim\n", "vim"));
  writeFileSync(configFile, JSON.stringify({ ...config, out, timeout_ms: STEP_TIMEOUT_MS }));
  const args = ["-N", "-n", "-u", setup, "-i", "NONE", "--not-a-term", "-S", script, config.file];
  return runEditor<VimResults>(
    { name: "Vim", command: "vim", args },
    {
      cwd: directory,
      // HOME in the test's folder: no ~/.vim of this machine's user is loaded.
      env: { ...process.env, HOME: directory, PATH: serverPath(), MAILROOM_VIM_CONFIG: configFile },
      out,
      backstopMs: STEP_TIMEOUT_MS * 5,
    },
  );
}

describe("Vim with ALE", () => {
  const directory = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-vim-")));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("shows the diagnostic, completes a metadata name, jumps to a box's definition, and recovers from a killed server", async () => {
    expect(
      editorVersion(
        "vim",
        "this test drives ALE in Vim. Install Vim and ALE (`apt-get install vim vim-ale`, as .ci/run does).",
      ),
    ).toMatch(/^VIM - Vi IMproved (?:9|[1-9]\d)\./);
    // The service in a folder below the configuration: the documented project root finds the configuration's folder.
    const { file, lines } = layOutProject(directory);
    const mistake = positionOf(lines, "meta.invoiceNo", "invoiceNo");
    const { results, stderr } = await runVim(
      {
        file,
        // Just after "meta." in front of the misspelt name: the metadata names are offered there.
        completion: mistake,
        definition: positionOf(lines, "archive: bundle", "bundle", 2),
      },
      directory,
    );

    expect(results.status, [...results.errors, stderr].join("\n")).toBe("done");
    expect(results.steps).toEqual(["linters", "diagnostics", "completion", "definition", "restart"]);
    // Each feature is checked on its own, so one failure still shows how the others went.
    expect.soft(results.linters).toEqual(["mailroom"]);
    expect.soft(results.root).toBe(directory);
    expect
      .soft(results.diagnostics)
      .toEqual([
        expect.objectContaining({ line: mistake.line, col: mistake.character, code: "undefined-metadata", type: "E" }),
      ]);
    expect.soft(results.completion).toContain("invoiceNumber");
    expect.soft(results.definition).toEqual({ file, line: lines.indexOf("  bundle:"), col: 2 });
    expect.soft(results.restarted).toEqual([{ line: mistake.line, code: "undefined-metadata" }]);
    expect(results.errors).toEqual([]);
  });
});
