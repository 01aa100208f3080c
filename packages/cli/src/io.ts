import { writeSync } from "node:fs";

/**
 * What every command talks to the user through: its output streams, and the error that ends it with a one-line
 * message. Light on purpose: `main` and every command's registration load it at startup.
 */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether output to `out` may be coloured (`useColor`). */
  readonly color?: boolean;
}

/**
 * Output to a standard stream, fd 1 or 2, written straight to its file descriptor: Node's stream for it (`stream`)
 * loads Node's terminal and socket modules, a few milliseconds of a lint of one file, which then writes one line.
 * Node's streams write files, terminals and (on Linux) pipes synchronously too, so what is written, and in what
 * order, is the same. The stream takes over for good where a direct write cannot go on: a non-blocking descriptor
 * whose pipe is full (Node gives a child such pipes: a parent reading slower than mailroom writes), which the stream
 * waits on; and on Windows, where Node writes to a console through the console's own calls. Output stops once its
 * reader has gone (`mailroom schema | head -3`): the command then finishes its work and its exit code quietly,
 * rather than dying on an unhandled EPIPE.
 */
function standardOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  let output: NodeJS.WriteStream | undefined;
  const toStream = (chunk: string | Uint8Array) => {
    if (output === undefined) {
      output = stream();
      output.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE") throw error;
        closed = true;
      });
    }
    output.write(chunk);
  };
  return (text) => {
    if (closed) return;
    if (output !== undefined || process.platform === "win32") return toStream(text);
    const bytes = Buffer.from(text);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EPIPE") closed = true;
      else toStream(bytes.subarray(written));
    }
  };
}

let color: boolean | undefined;

export const processIo: Io = {
  out: standardOutput(1, () => process.stdout),
  err: standardOutput(2, () => process.stderr),
  // Asked only when there is something to colour: whether stdout is a terminal is known from its stream.
  get color() {
    color ??= useColor(undefined, process.env, process.stdout.isTTY === true);
    return color;
  },
};

/**
 * Whether to colour output: `--color` or `--no-color` when given; else FORCE_COLOR when set (0 or false: no, 1 to 3
 * or empty: yes, as Node reads it); else no when NO_COLOR is set and not empty; else whether stdout is a terminal.
 */
export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, terminal: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !["0", "false"].includes(force);
  if (env.NO_COLOR) return false;
  return terminal;
}

/**
 * A mistake of the user's or of the environment that ends the command (bad arguments, a path that does not exist,
 * a report that cannot be written): printed as one line, exit code 2.
 */
export class UsageError extends Error {}

/** Where a command's registration hands its exit code. */
export type SetExitCode = (code: number) => void;
