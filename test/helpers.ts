import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..");
/** The published bundle (test/published-cli.ts): what users run. */
const bin = join(repoRoot, "test/bin/mailroom.cjs");
/** The repository's bin, running tsc's dist/: what the bundle is compared with. */
const repositoryBin = join(repoRoot, "packages/cli/bin/mailroom.cjs");

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd?: string;
  /** Kills the process after this many milliseconds (a runaway command must not outlive its test). */
  readonly timeout?: number;
  /**
   * Runs the process bound by file permissions even as root: without the capabilities that let root read and write
   * past them (util-linux's setpriv drops them from its bounding set), so a `chmod 000` denies it as it does a user.
   */
  readonly permissionsBind?: boolean;
  /** Environment variables set (a string) or unset (undefined) for the process, over this process's. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Runs the real, built `mailroom` binary, the bundle users install, in a child process. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return runBin(bin, args, options);
}

/** Runs the repository's `mailroom` (packages/cli/bin/mailroom.cjs, dist/'s modules) in a child process. */
export function runRepositoryCli(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return runBin(repositoryBin, args, options);
}

function runBin(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((done) => {
    const command = [process.execPath, file, ...args];
    const [program, ...rest] =
      options.permissionsBind && process.getuid?.() === 0
        ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", ...command]
        : command;
    execFile(
      program as string,
      rest,
      {
        cwd: options.cwd ?? repoRoot,
        ...(options.env !== undefined ? { env: withEnv(options.env) } : {}),
        maxBuffer: 64 * 1024 * 1024,
        ...(options.timeout !== undefined ? { timeout: options.timeout, killSignal: "SIGKILL" as const } : {}),
      },
      (error, stdout, stderr) => {
        // A process killed (its timeout) or not started has no exit code: -1, never a success.
        const code = !error ? 0 : typeof error.code === "number" ? error.code : -1;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** This process's environment with some variables set or unset. */
function withEnv(changes: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** The files of a directory whose names match, sorted, as paths relative to the repository root. */
export function filesIn(directory: string, pattern: RegExp): string[] {
  return readdirSync(join(repoRoot, directory))
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => `${directory}/${name}`);
}

export const readJson = (path: string): unknown => JSON.parse(readFileSync(join(repoRoot, path), "utf8"));

/**
 * A service written to a new temporary folder, whose one MAIN PDF box, LETTERS, persists a metadata per expression
 * given (DSL expressions, as written in `value:`): its path, and the 1-based line each metadata is written on.
 */
export function metadataService(metadata: readonly (readonly [name: string, expression: string])[]): {
  path: string;
  lines: Map<string, number>;
} {
  const lines = ["id: 1", "name: Metadata", "type: SIMPLE_UNIQUE", "boxes:", "  LETTERS:", "    type: pdf"];
  lines.push("    main: true", "    elements: 1..1", "    metadata:");
  const at = new Map<string, number>();
  for (const [name, expression] of metadata) {
    lines.push(`      ${name}: { value: '${expression}', persist: true }`);
    at.set(name, lines.length);
  }
  const path = join(mkdtempSync(join(tmpdir(), "mailroom-metadata-")), "metadata.service.yaml");
  writeFileSync(path, `${lines.join("\n")}\n`);
  return { path, lines: at };
}

/** A one-page PDF to evaluate services on (its text does not matter to them). */
export const ANY_PDF = join(repoRoot, "packages/runtime/test/pdfs/invoice.pdf");
