import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..");
const bin = join(repoRoot, "packages/cli/bin/mailroom.js");

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real, built `mailroom` binary in a child process. */
export function runCli(args: readonly string[], options: { cwd?: string } = {}): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: options.cwd ?? repoRoot, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === "number" ? error.code : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** The files of a directory whose names match, sorted, as paths relative to the repository root. */
export function filesIn(directory: string, pattern: RegExp): string[] {
  return readdirSync(join(repoRoot, directory))
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => `${directory}/${name}`);
}

export const readJson = (path: string): unknown => JSON.parse(readFileSync(join(repoRoot, path), "utf8"));
