import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentedSetup, editorVersion, layOutProject, positionOf, runEditor, serverPath } from "./editor-project.js";

// Emacs 28 with eglot and yaml-mode from Debian's packages (emacs-nox, elpa-eglot, elpa-yaml-mode), set up as
// docs/editors.md says, against the real server (`npx tsc -b` first: it runs the built bin).
const script = join(import.meta.dirname, "emacs-client.el");
const STEP_TIMEOUT_S = 10;

interface EmacsResults {
  readonly errors: string[];
  readonly mode?: string;
  readonly diagnostics?: { line: number; message: string }[];
  readonly reconnected?: boolean;
  readonly restarted?: { line: number; message: string }[];
}

describe("Emacs with eglot", () => {
  const directory = realpathSync(mkdtempSync(join(tmpdir(), "mailroom-emacs-")));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("shows the diagnostic, and again once eglot has started a new server in place of a killed one", async () => {
    expect(
      editorVersion(
        "emacs",
        "this test drives eglot in Emacs. Install it (`apt-get install emacs-nox elpa-eglot elpa-yaml-mode`, as .ci/run does).",
      ),
    ).toMatch(/^GNU Emacs (?:2[89]|[3-9]\d)\./);
    const { file, lines } = layOutProject(directory);
    const mistake = positionOf(lines, "meta.invoiceNo", "invoiceNo");
    // The elisp of docs/editors.md, as written, in the init file of a fresh home.
    const home = join(directory, "home");
    mkdirSync(join(home, ".emacs.d"), { recursive: true });
    const init = join(home, ".emacs.d/init.el");
    writeFileSync(init, documentedSetup("**Emacs, eglot**", "elisp"));
    const out = join(directory, "results.json");
    const config = join(directory, "config.json");
    writeFileSync(config, JSON.stringify({ file, out, timeout: STEP_TIMEOUT_S }));
    const { results, stderr } = await runEditor<EmacsResults>(
      {
        name: "Emacs",
        command: "emacs",
        // Batch mode loads no init file and activates no package: both as an interactive Emacs does at start.
        args: ["--batch", "--eval", "(package-activate-all)", "-l", init, "-l", script],
      },
      {
        cwd: directory,
        env: { ...process.env, HOME: home, PATH: serverPath(), MAILROOM_EMACS_CONFIG: config },
        out,
        backstopMs: STEP_TIMEOUT_S * 5_000,
      },
    );
    expect(results.errors, stderr).toEqual([]);
    expect(results.mode).toBe("mailroom-service-mode");
    const found = [{ line: mistake.line + 1, message: expect.stringContaining('"invoiceNo"') }];
    expect.soft(results.diagnostics).toEqual(found);
    expect.soft(results.reconnected).toBe(true);
    expect.soft(results.restarted).toEqual(found);
  });
});
