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
 * A standard stream that stops taking text once its reader has gone (`mailroom schema | head -3`): the command
 * then finishes its work and its exit code quietly, rather than dying on an unhandled EPIPE.
 */
function quietWhenClosed(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

export const processIo: Io = {
  out: quietWhenClosed(process.stdout),
  err: quietWhenClosed(process.stderr),
  color: useColor(undefined, process.env, process.stdout.isTTY === true),
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
