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

export interface RunOptions {
  readonly cwd?: string;
  /** Kills the process after this many milliseconds (a runaway command must not outlive its test). */
  readonly timeout?: number;
  /** Runs the process as this user (the test process must be root to give one). */
  readonly user?: { readonly uid: number; readonly gid: number };
}

/** Runs the real, built `mailroom` binary in a child process. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd: options.cwd ?? repoRoot,
        maxBuffer: 64 * 1024 * 1024,
        ...(options.timeout !== undefined ? { timeout: options.timeout, killSignal: "SIGKILL" as const } : {}),
        ...(options.user ?? {}),
      },
      (error, stdout, stderr) => {
        // A process killed (its timeout) or not started has no exit code: -1, never a success.
        const code = !error ? 0 : typeof error.code === "number" ? error.code : -1;
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
