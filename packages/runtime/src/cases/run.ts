import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE_NAME, TEST_FILE_SUFFIX } from "@mailroom/checker";
import type { Service } from "@mailroom/model";
import { type Diagnostic, diagnostic, type PathSegment, type Span } from "@mailroom/syntax";
import type { AreaUnit } from "../job.js";
import { readOrganizationalUnit } from "../organizational-unit.js";
import type { JobInput, JobOutcome } from "../outcome.js";
import { simulateJob } from "../simulate/simulate.js";
import { compareCase, type Difference, type TestPath } from "./compare.js";
import type { LocateInTest } from "./read.js";
import type { TestCase } from "./schema.js";

/**
 * The service files a test file may test, in the order they are looked for: the `service` it gives, else its own
 * name without `.test`, YAML then JSON.
 */
export function testedServiceFiles(testFile: string, service: string | undefined): string[] {
  if (service !== undefined) return [join(dirname(testFile), service)];
  const stem = testFile.slice(0, -TEST_FILE_SUFFIX.length);
  return [`${stem}.service.yaml`, `${stem}.service.json`];
}

/** A path written in a test file, resolved: the path to read, or how it leaves the workspace. */
export type CasePath =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly escape: "outside" }
  | { readonly ok: false; readonly escape: "link"; readonly target: string };

/** Resolves links: the disk's, or an editor's view of it (its tests give a map). */
export type RealPath = (path: string) => Promise<string | undefined>;

const diskRealPath: RealPath = (path) => realpath(path).catch(() => undefined);

const leaves = (folder: string, path: string) => {
  const rest = relative(folder, path);
  return rest === ".." || rest.startsWith(`..${sep}`) || isAbsolute(rest);
};

/**
 * The workspace of a test file's folder, which its paths may not leave: the folder of the nearest
 * `mailroom.config.yaml` above it, else of the nearest git repository (`.git`), else the folder itself. A
 * configuration marks the workspace even inside a repository, so that a project in a monorepo keeps to itself.
 */
export async function workspaceRoot(folder: string, real = diskRealPath): Promise<string> {
  const start = resolve(folder);
  for (const marker of [CONFIG_FILE_NAME, ".git"]) {
    for (let current = start; ; current = dirname(current)) {
      if ((await real(join(current, marker))) !== undefined) return current;
      if (dirname(current) === current) break;
    }
  }
  return start;
}

/**
 * A path written in a test file, resolved against its folder (as given, so that the path read shows the way the
 * user named the folder). Refused when it leaves the workspace (see workspaceRoot), as written (`..`, absolute)
 * or once symbolic links are followed: a test file reads samples shared by its project, nothing beyond it. A
 * path to nothing is for the reader to report.
 */
export async function resolveCasePath(folder: string, written: string, real = diskRealPath): Promise<CasePath> {
  const root = await workspaceRoot(folder, real);
  const path = join(folder, written);
  if (leaves(root, resolve(folder, written))) return { ok: false, escape: "outside" };
  const [target, base] = [await real(path), await real(root)];
  if (target !== undefined && base !== undefined && leaves(base, target)) return { ok: false, escape: "link", target };
  return { ok: true, path };
}

/** The `path-escape` problem of a path that leaves the workspace. */
export function escapeProblem(written: string, resolved: CasePath & { ok: false }, span: Span): Diagnostic {
  return resolved.escape === "link"
    ? diagnostic("path-escape", "link", { path: written, target: resolved.target }, span)
    : diagnostic("path-escape", "outside", { path: written }, span);
}

/** Each file a case gives: its box, the path as written, and where it is written (a path from the case). */
export function caseFiles(testCase: TestCase): { box: string; path: string; at: PathSegment[] }[] {
  return Object.entries(testCase.files).flatMap(([box, given]) =>
    typeof given === "string"
      ? [{ box, path: given, at: ["files", box] }]
      : given.map((path, i) => ({ box, path, at: ["files", box, i] })),
  );
}

/** The problem of a case without `expect`, which would pass whatever its outcome; none when it has one. */
export function expectationsProblem(testCase: TestCase, index: number, locate: LocateInTest): Diagnostic | undefined {
  if (testCase.expect !== undefined) return undefined;
  return diagnostic("no-expectations", "missing", { name: testCase.name }, locate(["cases", index, "name"]).span);
}

/** A case run: the outcome of its job, with the paths as the case wrote them; or why it could not run, located. */
export type CaseRun =
  | { readonly ok: true; readonly outcome: JobOutcome; readonly testPath: TestPath }
  | { readonly ok: false; readonly problems: readonly Diagnostic[] };

/**
 * Runs the job a case of a test file describes: its paths resolved in the test file's folder (refused when they
 * leave its workspace), its organizational unit read, its job simulated. `areaUnit` is the configuration's, for a case that
 * does not give one. A file that cannot be used is a `bad-sample` problem at the path that names it.
 */
export async function runCase(
  testFile: string,
  testCase: TestCase,
  index: number,
  service: Service,
  areaUnit: AreaUnit,
  locate: LocateInTest,
): Promise<CaseRun> {
  const folder = dirname(testFile);
  const spanOf = (path: readonly PathSegment[]) => locate(["cases", index, ...path]).span;
  const files: [string, string][] = [];
  const written = new Map<string, string>();
  const where = new Map<string, readonly PathSegment[]>();
  for (const { box, path, at } of caseFiles(testCase)) {
    const resolved = await resolveCasePath(folder, path);
    if (!resolved.ok) return { ok: false, problems: [escapeProblem(path, resolved, spanOf(at))] };
    files.push([box, resolved.path]);
    written.set(resolved.path, path);
    where.set(`${box}\u0000${resolved.path}`, at);
  }
  let organizationalUnit: unknown;
  if (testCase.ou !== undefined) {
    const unit = await readUnit(folder, testCase.ou, spanOf(["ou"]));
    if ("problem" in unit) return { ok: false, problems: [unit.problem] };
    organizationalUnit = unit.value;
  }
  const input: JobInput = {
    files,
    ...(organizationalUnit !== undefined && { organizationalUnit }),
    requirements: testCase.requirements ?? {},
    ...(testCase.nuid !== undefined && { nuid: testCase.nuid }),
    ...(testCase.now !== undefined && { now: Date.parse(testCase.now) }),
    areaUnit: testCase.areaUnit ?? areaUnit,
  };
  const simulation = await simulateJob(service, input);
  if (!simulation.ok) {
    const { box, file: given, entry, problem } = simulation;
    const span = spanOf(where.get(`${box}\u0000${given}`) ?? ["files", box]);
    const file = written.get(given) ?? given;
    return {
      ok: false,
      problems: [
        entry === undefined
          ? diagnostic("bad-sample", "unusable", { file, box, problem }, span)
          : diagnostic("bad-sample", "entry", { file, entry, box, problem }, span),
      ],
    };
  }
  return { ok: true, outcome: simulation.outcome, testPath: (given: string) => written.get(given) ?? given };
}

/** A difference with the offset, in the test file's text, of the expectation it contradicts. */
export interface LocatedDifference extends Difference {
  readonly offset: number;
}

/** A case run and compared with what it expects: its differences, located; or why it could not run. */
export type CheckedCase =
  | (CaseRun & { readonly ok: true; readonly differences: readonly LocatedDifference[] })
  | (CaseRun & { readonly ok: false });

/**
 * Runs a case (runCase) and compares its outcome with its expectations, each difference at the expectation it
 * contradicts: what `mailroom test` and the editor's "Run" report.
 */
export async function checkCase(
  testFile: string,
  testCase: TestCase,
  index: number,
  service: Service,
  areaUnit: AreaUnit,
  locate: LocateInTest,
): Promise<CheckedCase> {
  const run = await runCase(testFile, testCase, index, service, areaUnit, locate);
  if (!run.ok) return run;
  const differences = compareCase(testCase, run.outcome, run.testPath, ["cases", index]).map((d) => ({
    ...d,
    offset: locate(d.path).span.offset,
  }));
  return { ...run, differences };
}

/** The organizational unit of a case, as the API returns it (JSON). */
async function readUnit(
  folder: string,
  path: string,
  span: Span,
): Promise<{ value: unknown } | { problem: Diagnostic }> {
  const resolved = await resolveCasePath(folder, path);
  if (!resolved.ok) return { problem: escapeProblem(path, resolved, span) };
  const unit = await readOrganizationalUnit(resolved.path);
  if (unit.ok) return { value: unit.value };
  const problem = unit.problem.replace(/\.$/, "");
  return { problem: diagnostic("bad-sample", "unit", { file: path, problem }, span) };
}
