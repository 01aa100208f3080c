import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/*
 * The published CLI is one CommonJS file (scripts/bundle.js), run through this loader rather than `require`, so
 * that V8's code cache spares each start the compiling of 3 MB of JavaScript. The cache is written once, at the
 * exit of a run that found none (or one V8 refused), after the command ran, so it holds the bytecode of every
 * function that command ran: Node's own compile cache (Node 22.1 and later) holds only what loading compiles, and
 * Node 20 has none. One cache per command, each holding that command's functions.
 *
 * V8 checks a cache against its own version and flags and the source's length only: the cache's name carries the
 * bundle's hash, so that a cache is never used for another bundle of the same length. The cache lives in a folder
 * only its owner may write (code read from it runs as this user); a folder that is not, or a cache that cannot be
 * read or written, only means a slower start. docs/releasing.md ("The code cache") describes the settings.
 */

/** What the loader is told by the bundle's entry: the bundle, its hash (the bundler computes it) and the command. */
export interface BundleToLoad {
  readonly file: string;
  readonly hash: string;
  readonly command: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs the CommonJS bundle `file` as `require` would, with V8's code cache kept as described above: its exports. */
export function loadBundle({ file, hash, command, env = process.env }: BundleToLoad): Record<string, unknown> {
  const cacheFile = cachePath(hash, command, env);
  const cachedData = cacheFile === undefined ? undefined : readIfAny(cacheFile);
  // The bundle is ASCII (the bundler checks it), so Latin-1, ten times faster to decode than UTF-8, reads it the same.
  // It is written as a function of the module wrapper's parameters, which running it as a script gives.
  const script = new Script(readFileSync(file, "latin1"), { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once("exit", () => writeCache(cacheFile, script));
  }
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/** Where the cache of this bundle and command is kept; undefined when caching is off or the folder is not safe. */
function cachePath(hash: string, command: string, env: NodeJS.ProcessEnv): string | undefined {
  // Node's switch for its own compile cache turns this one off too: whoever wants no cache wants none.
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const folder =
    env.MAILROOM_COMPILE_CACHE || join(tmpdir(), `mailroom-compile-cache${uid === undefined ? "" : `-${uid}`}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = statSync(folder);
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
  } catch {
    return undefined;
  }
  const name = /^[a-z][a-z-]*$/.test(command) ? command : "cli";
  return join(folder, `${process.version}-${process.arch}-${hash}-${name}.cache`);
}

function readIfAny(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written under another name, then renamed: a process reading it meanwhile sees the old cache or the new one. */
function writeCache(file: string, script: Script): void {
  const partial = `${file}.${process.pid}`;
  try {
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    try {
      unlinkSync(partial);
    } catch {}
  }
}
