/**
 * What every command talks to the user through: its output streams, and the error that ends it with a one-line
 * message. Light on purpose: `main` and every command's registration load it at startup.
 */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether output to `out` may be coloured: it is a terminal and NO_COLOR is unset. */
  readonly color?: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  color: process.stdout.isTTY === true && !process.env.NO_COLOR,
};

/**
 * A mistake of the user's or of the environment that ends the command (bad arguments, a path that does not exist,
 * a report that cannot be written): printed as one line, exit code 2.
 */
export class UsageError extends Error {}

/** Where a command's registration hands its exit code. */
export type SetExitCode = (code: number) => void;
