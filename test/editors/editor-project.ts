import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { repoRoot } from "../helpers.js";

// What the real-editor tests share: the documented set-ups they run, the project they open and the server they
// start (`npx tsc -b` first: it runs the built bin).
const docs = join(repoRoot, "docs/editors.md");
const fixture = join(import.meta.dirname, "mistake.service.yaml");

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** The first `language` code block after `marker` in docs/editors.md: the test runs it as written there. */
export function documentedSetup(marker: string, language: string): string {
  const text = readFileSync(docs, "utf8");
  const start = text.indexOf(marker);
  const block = start < 0 ? undefined : new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(start));
  if (!block?.[1]) throw new Error(`docs/editors.md has no ${language} block after ${marker}`);
  return block[1];
}

/**
 * The service with a mistake in a folder below a `mailroom.config.yaml`, so that a documented root finds the
 * configuration's folder: the service's path and lines.
 */
export function layOutProject(directory: string): { file: string; lines: string[] } {
  mkdirSync(join(directory, "services"));
  writeFileSync(join(directory, "mailroom.config.yaml"), "# mailroom configuration\n");
  const file = join(directory, "services", "mistake.service.yaml");
  copyFileSync(fixture, file);
  return { file, lines: readFileSync(file, "utf8").split("\n") };
}

/** The LSP position of the first `text` at or after `after` (both searched in the fixture). */
export function positionOf(lines: readonly string[], after: string, text: string, offset = 0): Position {
  const line = lines.findIndex((each) => each.includes(after));
  const character = lines[line]?.indexOf(text, lines[line].indexOf(after)) ?? -1;
  if (line < 0 || character < 0) throw new Error(`"${text}" after "${after}" is not in the fixture`);
  return { line, character: character + offset };
}

/** A `PATH` on which the documented command, `mailroom-language-server`, is the workspace's bin (the built server). */
export const serverPath = (): string => `${join(repoRoot, "node_modules/.bin")}${delimiter}${process.env.PATH}`;

/**
 * Runs an editor that drives itself (a script given in `args`) and writes what it saw to `out` as JSON; the script
 * times itself out, and the editor is killed after `backstopMs` should it not. Resolves to that JSON and the
 * editor's stderr.
 */
export function runEditor<Results>(
  editor: { readonly name: string; readonly command: string; readonly args: readonly string[] },
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly out: string; readonly backstopMs: number },
): Promise<{ results: Results; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(editor.command, editor.args, {
      cwd: options.cwd,
      env: options.env,
      // A stdin left open, as a keyboard nobody types on (Vim would quit at its end); the screen is not read.
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), options.backstopMs);
    child.on("error", fail);
    child.on("close", () => {
      clearTimeout(killer);
      try {
        done({ results: JSON.parse(readFileSync(options.out, "utf8")) as Results, stderr });
      } catch {
        fail(new Error(`${editor.name} wrote no results; its stderr: ${stderr}`));
      }
    });
  });
}

/** The first line of an editor's `--version`; a clear error naming how to install it when it is not there. */
export function editorVersion(command: string, missing: string): string {
  try {
    return execFileSync(command, ["--version"], { encoding: "utf8" }).split("\n")[0] ?? "";
  } catch {
    throw new Error(`\`${command}\` is not installed: ${missing}`);
  }
}
