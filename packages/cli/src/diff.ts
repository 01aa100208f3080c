import { execFile } from "node:child_process";
import { normalize } from "node:path";
import { promisify } from "node:util";
import { readSource, type SourceText, sourceOfText } from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import type { ServiceDocs } from "@mailroom/docs";
import { ConfigResolver, settingsOf } from "./config.js";
import { builtFrom, expandPaths, type FoundFile } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { type CheckedFile, checkSource } from "./lint.js";
import { displayPath, type FileReport } from "./report.js";

export interface DiffOptions {
  readonly format: "text" | "md" | "json";
  readonly git?: string;
  readonly allowBreaking?: boolean;
  readonly config?: string;
}

/** One side of a comparison: the file's path (for its configuration and its kind), as shown, and its text. */
interface Side {
  readonly path: string;
  readonly shown: string;
  readonly source: SourceText;
}

/** Two versions of a file, or of two files; a side is null for a file new or deleted since the revision. */
interface Pair {
  readonly old: Side | null;
  readonly new: Side | null;
}

const run = promisify(execFile);

/**
 * `mailroom diff`: checks both sides as `lint` would (a side with errors is reported as lint reports it, and
 * nothing is compared: exit 2), documents them, and compares the services of each pair. Returns the exit code:
 * 1 when a change is breaking, unless allowed.
 */
export async function diff(paths: readonly string[], options: DiffOptions, io: Io): Promise<number> {
  const pairs = options.git === undefined ? await filePairs(paths) : await gitPairs(options.git, paths);
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const sides = pairs.flatMap((p) => [p.old, p.new]).filter((s): s is Side => s !== null);
  const settings = await settingsOf(
    resolver,
    sides.map((s) => ({ file: s.path })),
    io,
    "compared",
  );
  if (settings === undefined) return 2;
  const checked = new Map<Side, CheckedFile>();
  const failed: FileReport[] = [];
  sides.forEach((side, i) => {
    const report = checkSource(side.shown, side.source, { rules: settings[i]?.rules ?? {} });
    checked.set(side, report);
    if (report.diagnostics.some((d) => d.severity === "error")) failed.push(report);
  });
  if (failed.length > 0) {
    io.err(formatPlain(failed));
    io.err("mailroom: a version has errors; nothing was compared (fix them, then compare again).\n");
    return 2;
  }

  const docs = await import("@mailroom/docs");
  const servicesOf = (side: Side | null): ServiceDocs[] => {
    const file = side && checked.get(side);
    return file ? docs.documentServices([file]).services : [];
  };
  const matched = followMoves(pairs.flatMap((pair) => docs.matchServices(servicesOf(pair.old), servicesOf(pair.new))));
  const report = docs.diffReport(matched.map(([a, b]) => docs.diffService(a, b)));
  if (options.format === "json") io.out(docs.renderDiffJson(report));
  else if (options.format === "md") io.out(docs.renderDiffMarkdown(report));
  else io.out(docs.renderDiffText(report));
  return report.counts.breaking > 0 && !options.allowBreaking ? 1 : 0;
}

/**
 * The services matched file by file, with a service removed from one file and one of the same id added in another
 * made one: its file was renamed or moved since the revision, which git shows as one file deleted and one new.
 */
function followMoves(matched: [ServiceDocs | null, ServiceDocs | null][]): [ServiceDocs | null, ServiceDocs | null][] {
  const removed = new Map<number, ServiceDocs>();
  for (const [a, b] of matched)
    if (a !== null && b === null && a.id !== null && !removed.has(a.id)) removed.set(a.id, a);
  const moved = new Set<ServiceDocs>();
  const paired = matched.map(([a, b]): [ServiceDocs | null, ServiceDocs | null] => {
    const from = a === null && b !== null && b.id !== null ? removed.get(b.id) : undefined;
    if (from === undefined || moved.has(from)) return [a, b];
    moved.add(from);
    return [from, b];
  });
  return paired.filter(([a, b]) => !(b === null && a !== null && moved.has(a)));
}

async function filePairs(paths: readonly string[]): Promise<Pair[]> {
  const [old, now] = await Promise.all(
    paths.map(async (path) => {
      const [found, ...more] = await expandPaths([path]);
      if (found === undefined || more.length > 0 || found.root !== undefined) {
        throw new UsageError(`"${path}" is a directory: compare two files, or use --git <rev> for a directory.`);
      }
      return { path, shown: displayPath(path), source: await readSource(path) };
    }),
  );
  return [{ old: old ?? null, new: now ?? null }];
}

/** Git's output, or its complaint as a usage error. */
async function git(args: readonly string[], what: string): Promise<string> {
  try {
    const { stdout } = await run("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    if (code === "ENOENT") throw new UsageError(`${what}: git cannot be run (is it installed?).`);
    const detail = (stderr ?? "").trim().split("\n")[0];
    throw new UsageError(detail ? `${what}: ${detail}` : `${what}.`);
  }
}

const hidden = (path: string): boolean =>
  path.split("/").some((part) => part === "node_modules" || /^\.[^./]/.test(part));

/**
 * Each service file of the working tree under `paths` with its version at `rev`, and each file of `rev` that
 * the working tree no longer has. A JSON file built from a DSL file beside it is compared once, as its source.
 */
async function gitPairs(rev: string, paths: readonly string[]): Promise<Pair[]> {
  const roots = paths.length > 0 ? paths : ["."];
  await git(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], `"${rev}" is not a revision of this repository`);
  const current: FoundFile[] = [];
  const before: string[] = [];
  for (const root of roots) {
    // A path the working tree no longer has may still be one of the revision's: its files were deleted.
    const found = await expandPaths([root], SERVICE_FILE, "allowed").catch((error: unknown) =>
      error instanceof UsageError ? null : Promise.reject(error),
    );
    // ls-tree names the files relative to the current directory, as the working tree's are; -z: unquoted.
    const listed = await git(["ls-tree", "-r", "-z", "--name-only", rev, "--", root], `git ls-tree ${rev}`);
    if (found === null && listed === "") throw new UsageError(`Path "${root}" does not exist, nor at ${rev}.`);
    current.push(...(found ?? []));
    before.push(...listed.split("\0").filter((path) => SERVICE_FILE.test(path) && !hidden(path)));
  }
  const now = new Set(current.map(({ file }) => displayPath(normalize(file))));
  const then = new Set(before.map((path) => displayPath(normalize(path))));
  const all = [...new Set([...now, ...then])].sort();
  const pairs: Pair[] = [];
  for (const path of all.filter((p) => !builtFrom(p, new Set(all)))) {
    const old = then.has(path) ? await gitSide(rev, path) : null;
    const side = now.has(path) ? { path, shown: path, source: await readSource(path) } : null;
    pairs.push({ old, new: side });
  }
  return pairs;
}

async function gitSide(rev: string, path: string): Promise<Side> {
  const text = await git(["show", `${rev}:./${path}`], `git show ${rev}:${path}`);
  return { path, shown: `${rev}:${path}`, source: sourceOfText(path, text.replace(/^\uFEFF/, "")) };
}
