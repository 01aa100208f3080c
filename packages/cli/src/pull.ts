import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { type Environment, findConfig, readSource } from "@mailroom/checker";
import { formatServiceJson, SERVICE_FILE } from "@mailroom/compiler";
import { decompile, serviceFileName } from "@mailroom/format";
import { ConfigResolver, settingsOf } from "./config.js";
import { builtFrom, expandPaths, writeOutput } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { type CheckedFile, checkSource, checkText } from "./lint.js";
import { type AuthMode, PlatformError, PlatformSession, type Profile } from "./platform.js";
import { displayPath, type FileReport, plural } from "./report.js";

export interface PullOptions {
  readonly url?: string;
  readonly env?: string;
  readonly config?: string;
  readonly login?: string;
  readonly passwordStdin?: boolean;
  readonly auth?: AuthMode;
  readonly brandingHost?: string;
  readonly out?: string;
  readonly json?: boolean;
  readonly check?: boolean;
  readonly force?: boolean;
  readonly timeout: string;
}

/** The environment variable the password is read from, unless --password-stdin. */
const PASSWORD_VARIABLE = "MAILROOM_PASSWORD";

/** What a pull reads from, and where it writes: the flags over the environment of the configuration. */
interface Target {
  readonly url: string;
  readonly mode: AuthMode;
  readonly brandingHost?: string;
  readonly login: string;
  readonly out: string;
  readonly ou: string;
  readonly options: string;
  readonly optionTypes: string;
}

/**
 * `mailroom pull`: signs in to the platform, reads the account's services, its organizational unit and the
 * option listings, signs out, then writes them (or, with --check, compares them with the files and writes
 * nothing). Returns the exit code: 1 for drift or a file not written, 2 when the platform could not be read.
 */
export async function pull(options: PullOptions, io: Io): Promise<number> {
  const target = await targetOf(options, io);
  if (target === undefined) return 2;
  const timeout = Number(options.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new UsageError(`--timeout "${options.timeout}" is not a number of seconds above 0.`);
  }
  const password = await passwordOf(options);
  // The folder first: with errors in it, there is nothing to compare the platform with.
  const repository = options.check ? await readRepository(target, options, io) : undefined;
  if (options.check && repository === undefined) return 2;
  const settings = { url: target.url, mode: target.mode, brandingHost: target.brandingHost, timeout: timeout * 1000 };

  let read: Read;
  try {
    const { session, profile } = await PlatformSession.open(settings, { login: target.login, password });
    try {
      read = {
        profile,
        listings: { types: await session.get("/options/type"), options: await session.get("/options") },
      };
    } finally {
      const failed = await session.close();
      if (failed) io.err(`mailroom: warning: signing out failed (${failed}); the session ends when it expires.\n`);
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    io.err(`mailroom: ${error.message}\n`);
    return 2;
  }
  return repository ? reportDrift(read, repository, target, io) : write(read, target, options, io);
}

/** What was read from the platform: the profile and the option listings (their `result`). */
interface Read {
  readonly profile: Profile;
  readonly listings: { readonly types: unknown; readonly options: unknown };
}

/** The flags, over the environment named by --env in the configuration (nearest one, or --config). */
async function targetOf(options: PullOptions, io: Io): Promise<Target | undefined> {
  let environment: Environment | undefined;
  let base = ".";
  if (options.env !== undefined) {
    const resolver = new ConfigResolver(options.config);
    await resolver.init();
    const path = options.config ?? (await findConfig("."));
    if (path === undefined) {
      throw new UsageError(`--env "${options.env}": no mailroom.config.yaml here or above (or give --config).`);
    }
    const parsed = await resolver.config(path);
    if (!parsed.config) {
      io.err(formatPlain(await resolver.problems()));
      io.err("mailroom: the configuration has problems; nothing was pulled.\n");
      return undefined;
    }
    const environments = parsed.config.environments ?? {};
    environment = environments[options.env];
    if (environment === undefined) {
      const known = Object.keys(environments);
      throw new UsageError(
        `Environment "${options.env}" is not in ${displayPath(path)}` +
          (known.length > 0 ? ` (it has ${known.map((n) => `"${n}"`).join(", ")}).` : " (it sets no environments)."),
      );
    }
    base = dirname(resolve(path));
  }
  const url = options.url ?? environment?.url;
  if (url === undefined) throw new UsageError("Give the API's address with --url, or --env with an environment.");
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError(`--url "${url}" is not an http or https address.`);
  const login = options.login ?? environment?.login;
  if (login === undefined) throw new UsageError("Give the login with --login (or `login` in the environment).");
  // The environment's paths, relative to the configuration's directory, as the current directory sees them.
  const at = (path: string | undefined) => (path === undefined ? undefined : relative(".", resolve(base, path)) || ".");
  const out = options.out ?? at(environment?.services) ?? ".";
  const brandingHost = options.brandingHost ?? environment?.brandingHost;
  return {
    url,
    mode: options.auth ?? environment?.authentication ?? "token",
    ...(brandingHost !== undefined && { brandingHost }),
    login,
    out,
    ou: at(environment?.ou) ?? join(out, "organizational-unit.ou.json"),
    options: at(environment?.options) ?? join(out, "options.json"),
    optionTypes: at(environment?.optionTypes) ?? join(out, "option-types.json"),
  };
}

/** The password: standard input with --password-stdin (one trailing line break dropped), else the variable. */
async function passwordOf(options: PullOptions): Promise<string> {
  if (options.passwordStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
    if (text === "") throw new UsageError("--password-stdin: standard input holds no password.");
    return text;
  }
  const password = process.env[PASSWORD_VARIABLE];
  if (password === undefined || password === "") {
    throw new UsageError(
      `Set the password in ${PASSWORD_VARIABLE}, or pipe it with --password-stdin (it is never taken from a flag).`,
    );
  }
  return password;
}

/**
 * The organizational unit as written: without `creationdate`, which the API marks read-only (the server sets it);
 * none for a profile without one (a super admin's). The profile's other parts (the user, the token) are never
 * written.
 */
function writableUnit(unit: unknown): Record<string, unknown> | undefined {
  if (unit === null || typeof unit !== "object" || Array.isArray(unit)) return undefined;
  const { creationdate: _, ...rest } = unit as Record<string, unknown>;
  return rest;
}

/** The files of the account beside its services: its organizational unit (if the profile has one), the listings. */
function accountFiles(read: Read, target: Target): { path: string; value: unknown; what: string }[] {
  const unit = writableUnit(read.profile.organizationalUnit);
  return [
    ...(unit === undefined ? [] : [{ path: target.ou, value: unit, what: "organizational unit" }]),
    { path: target.optionTypes, value: { result: read.listings.types }, what: "option types" },
    { path: target.options, value: { result: read.listings.options }, what: "options" },
  ];
}

/** One file to write, and what it is, for the lines printed. */
interface Output {
  readonly path: string;
  readonly text: string;
  readonly what: string;
  /** Why a service is written as JSON rather than DSL: the decompiler's report on its JSON. */
  readonly lossy?: FileReport;
}

/**
 * Writes each service as DSL (the decompiler's canonical layout; it refuses a service whose DSL would not
 * compile back to exactly its JSON, which is then written as JSON, with the reason), or as JSON with --json; then
 * the organizational unit and the two option listings. A file there already with other content is kept unless
 * --force.
 */
async function write(read: Read, target: Target, options: PullOptions, io: Io): Promise<number> {
  const outputs: Output[] = [];
  const taken = new Set<string>();
  for (const service of read.profile.services) {
    const json = formatServiceJson(service);
    const stem = serviceFileName(service).replace(/\.service\.yaml$/, "");
    let name = stem;
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`;
    taken.add(name);
    const what = `service ${describe(service)}`;
    const jsonPath = join(target.out, `${name}.service.json`);
    if (options.json) {
      outputs.push({ path: jsonPath, text: json, what });
      continue;
    }
    const [decompiled] = decompile(service, { file: jsonPath }).services;
    if (decompiled?.text !== undefined)
      outputs.push({ path: join(target.out, `${name}.service.yaml`), text: decompiled.text, what });
    else {
      const lossy = { file: jsonPath, text: json, diagnostics: decompiled?.diagnostics ?? [] };
      outputs.push({ path: jsonPath, text: json, what, lossy });
    }
  }
  const account = accountFiles(read, target);
  for (const { path, value, what } of account) outputs.push({ path, text: formatServiceJson(value), what });

  const reports: FileReport[] = [];
  let written = 0;
  let same = 0;
  const kept: string[] = [];
  for (const output of outputs) {
    if (output.lossy) reports.push(output.lossy);
    const before = await readFile(output.path, "utf8").catch(() => undefined);
    if (before === output.text) {
      same++;
      continue;
    }
    if (before !== undefined && !options.force) {
      kept.push(displayPath(output.path));
      continue;
    }
    const problem = await writeOutput(output.path, output.text);
    if (problem) {
      reports.push({ file: output.path, text: output.text, diagnostics: [problem] });
      continue;
    }
    written++;
    io.out(
      `${output.what} -> ${displayPath(output.path)}${output.lossy ? " (as JSON: the DSL cannot say it without loss)" : ""}\n`,
    );
  }
  io.err(formatPlain(reports));
  const lossy = outputs.filter((o) => o.lossy).length;
  const notes = [
    `pulled ${plural(read.profile.services.length, "service")} from ${target.url}`,
    `${written} file(s) written`,
  ];
  if (same > 0) notes.push(`${same} unchanged`);
  if (!account.some(({ path }) => path === target.ou))
    notes.push("no organizational unit in the profile (a super admin's has none): none written");
  if (lossy > 0)
    notes.push(
      `${plural(lossy, "service")} written as JSON: the DSL cannot say ${lossy === 1 ? "it" : "them"} without loss (see above)`,
    );
  if (kept.length > 0)
    notes.push(`not written, already there with other content (--force overwrites): ${kept.join(", ")}`);
  io.err(`${notes.join("; ")}\n`);
  return kept.length > 0 || reports.some((r) => r.diagnostics.some((d) => d.code === "cannot-write")) ? 1 : 0;
}

const describe = (service: unknown): string => {
  const record = service !== null && typeof service === "object" ? (service as Record<string, unknown>) : {};
  const name = typeof record.name === "string" ? `"${record.name}"` : "(no name)";
  return record.id === undefined ? name : `${name} (id ${String(record.id)})`;
};

/**
 * `--check`'s side of the repository: the folder's service files, checked as `lint` would (a JSON file built from
 * a DSL file beside it counts once, as its source); undefined, with the problems printed, when one has errors,
 * since what it would compile to is not known.
 */
async function readRepository(target: Target, options: PullOptions, io: Io): Promise<CheckedFile[] | undefined> {
  const found = await expandPaths([target.out], SERVICE_FILE, "allowed");
  const names = new Set(found.map(({ file }) => file));
  const files = found.filter(({ file }) => !builtFrom(file, names));
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const settings = await settingsOf(resolver, files, io, "compared");
  if (settings === undefined) return undefined;
  const repository: CheckedFile[] = [];
  for (const [i, { file }] of files.entries()) {
    repository.push(checkSource(file, await readSource(file), { rules: settings[i]?.rules ?? {} }));
  }
  const failed = repository.filter((r) => r.diagnostics.some((d) => d.severity === "error"));
  if (failed.length === 0) return repository;
  io.err(formatPlain(failed));
  io.err("mailroom: a service file has errors; nothing was compared (fix them, then check again).\n");
  return undefined;
}

/**
 * `--check`: the live services against the folder's, matched as `mailroom diff` matches them (by id, then by
 * name) and described in its words: a service differs when the diff finds a change (it compares every field,
 * unknown ones too); then the organizational unit and the listings against their files (accountDrift). Returns 1
 * when anything differs.
 */
async function reportDrift(read: Read, repository: readonly CheckedFile[], target: Target, io: Io): Promise<number> {
  const live = read.profile.services;
  const files = await accountDrift(read, target);
  const platform = live.map((service) =>
    checkText(`${target.url} ${serviceFileName(service).replace(/\.yaml$/, ".json")}`, formatServiceJson(service)),
  );

  const docs = await import("@mailroom/docs");
  const documented = (checked: readonly CheckedFile[]) => checked.flatMap((f) => docs.documentServices([f]).services);
  const drifted = docs
    .matchServices(documented(repository), documented(platform))
    .map(([old, now]) => docs.diffService(old, now))
    .filter((d) => d.changes.length > 0);
  const where = displayPath(target.out);
  if (drifted.length === 0 && files.length === 0) {
    const account = accountFiles(read, target).map(({ what, path }) => `${what} (${displayPath(path)})`);
    io.out(
      `no drift: the ${plural(live.length, "service")} of ${target.url} ${live.length === 1 ? "matches" : "match"} ${where}, and so do its ${account.join(", ")}\n`,
    );
    return 0;
  }
  if (drifted.length > 0) io.out(docs.renderDiffText(docs.diffReport(drifted)));
  for (const file of files) io.out(`${file.what}: ${displayPath(file.path)} ${file.how}\n`);
  const named = drifted.map((d) => {
    const s = d.new ?? d.old;
    const side = d.old === null ? ", only on the platform" : d.new === null ? `, only in ${where}` : "";
    return `"${s?.name}"${s?.id === null || s?.id === undefined ? "" : ` (id ${s.id})`}${side}`;
  });
  if (drifted.length > 0) {
    io.out(
      `drift: ${plural(drifted.length, "service")} of ${target.url} differ${drifted.length === 1 ? "s" : ""} from ${where}: ${named.join(", ")}\n`,
    );
  }
  if (files.length > 0) {
    io.out(`drift: the ${files.map((f) => f.what).join(", ")} of ${target.url} differ from their files\n`);
  }
  return 1;
}

/**
 * The organizational unit and the listings that differ from what `pull` would write, each with how: compared as
 * JSON values (their layout and key order do not count), a listing entry by entry by id, the unit field by field.
 */
async function accountDrift(read: Read, target: Target): Promise<{ what: string; path: string; how: string }[]> {
  const found: { what: string; path: string; how: string }[] = [];
  for (const { path, value, what } of accountFiles(read, target)) {
    const text = await readFile(path, "utf8").catch(() => undefined);
    if (text === undefined) {
      found.push({ what, path, how: "is not there: it is only on the platform" });
      continue;
    }
    let written: unknown;
    try {
      written = JSON.parse(text);
    } catch {
      found.push({ what, path, how: "is not JSON: the platform's was not compared with it" });
      continue;
    }
    if (!isDeepStrictEqual(written, value)) found.push({ what, path, how: `differs: ${differences(written, value)}` });
  }
  return found;
}

/** How the platform's value differs from the file's: a listing's entries by id, else an object's fields. */
function differences(written: unknown, live: unknown): string {
  const record = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [before, now] = [record(written), record(live)];
  if (Array.isArray(before.result) && Array.isArray(now.result)) {
    const byId = (entries: unknown[]) => new Map(entries.map((entry) => [String(record(entry).id), entry]));
    const [old, current] = [byId(before.result), byId(now.result)];
    const added = [...current.keys()].filter((id) => !old.has(id));
    const removed = [...old.keys()].filter((id) => !current.has(id));
    const changed = [...current.keys()].filter((id) => old.has(id) && !isDeepStrictEqual(old.get(id), current.get(id)));
    const ids = (list: string[]) => list.map((id) => `id ${id}`).join(", ");
    const parts = [
      added.length > 0 && `added on the platform ${ids(added)}`,
      removed.length > 0 && `removed from the platform ${ids(removed)}`,
      changed.length > 0 && `changed ${ids(changed)}`,
    ].filter((part): part is string => typeof part === "string");
    return parts.length > 0 ? parts.join("; ") : "the same entries in another order";
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  const fields = keys.filter((key) => !isDeepStrictEqual(before[key], now[key]));
  return `${fields.length === 1 ? "field" : "fields"} ${fields.join(", ")}`;
}
