import { readdir, readFile, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { ioReason, isSystemError, TEST_FILE_SUFFIX } from "@mailroom/checker";
import { SERVICE_FILE } from "@mailroom/compiler";
import { type CheckedFile, documentServices, type IndexDocs, type PageFormat, type ServiceDocs } from "@mailroom/docs";
import { PART_NAME_FORMS, type PartNameForm, type Service } from "@mailroom/model";
import type { AreaUnit } from "@mailroom/runtime";
import { type Diagnostic, diagnostic, span } from "@mailroom/syntax";
import { ConfigResolver, settingsOf } from "./config.js";
import { builtFrom, expandPaths, writeOutputs } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { checkFile } from "./lint.js";
import { displayPath, type FileReport, plural } from "./report.js";

export interface DocsOptions {
  readonly format: ("md" | "html" | "json")[];
  readonly out?: string;
  readonly inject?: string;
  readonly template?: string;
  readonly check?: boolean;
  readonly config?: string;
  readonly partNames?: PartNameForm;
}

/** A file the command would write, and its text. */
interface Output {
  readonly path: string;
  readonly text: string;
}

/**
 * `mailroom docs`: checks each service as `lint` would (with each file's configuration), builds the docs
 * model, and renders it to pages under `--out`, between the markers of `--inject`, or to stdout; `--check`
 * compares instead of writing. A JSON file found beside its DSL source is the source's build output and is
 * documented once, from the source. Returns the exit code.
 */
export async function generateDocs(paths: readonly string[], options: DocsOptions, io: Io): Promise<number> {
  if (options.partNames !== undefined && !Object.hasOwn(PART_NAME_FORMS, options.partNames)) {
    const forms = Object.keys(PART_NAME_FORMS).join(", ");
    throw new UsageError(`--part-names takes one of ${forms}, not "${options.partNames}".`);
  }
  const found = await expandPaths(paths);
  const names = new Set(found.map(({ file }) => file));
  const files = found.filter(({ file }) => !builtFrom(file, names));
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const settings = await settingsOf(resolver, files, io, "documented");
  if (settings === undefined) return 2;
  const checked: CheckedFile[] = [];
  for (const [i, { file }] of files.entries()) {
    const report = await checkFile(file, { rules: settings[i]?.rules ?? {} });
    // A service with errors is not simulated: the compiler's placeholders would give meaningless values.
    const errors = report.diagnostics.some((d) => d.severity === "error");
    const [service, ...more] = errors ? [] : (report.document?.services ?? []);
    const workedExample =
      service && more.length === 0 ? await exampleOf(service.json as Service, file, settings[i]?.areaUnit) : null;
    checked.push({ ...report, text: report.text, file: displayPath(file), workedExample });
  }
  const { services, index } = documentServices(checked, {
    ...(options.partNames !== undefined && { partNames: options.partNames }),
  });

  const problems: FileReport[] = [];
  const outputs: Output[] = [];
  const formats = options.format.length > 0 ? options.format : (["md"] as const);
  // Pages under -o of services no longer documented: reported by --check, removed otherwise.
  const left: string[] = [];
  if (options.template !== undefined) {
    const rendered = await templateOutputs(options.template, services, index, options.out);
    if ("report" in rendered) problems.push(rendered.report);
    else outputs.push(...rendered.outputs);
  } else if (options.out !== undefined) {
    outputs.push(...(await pageOutputs(services, index, formats, options.out)));
    left.push(...(await leftBehind(options.out, formats, outputs)));
  }
  if (options.inject !== undefined && problems.length === 0) {
    const injected = await injectOutput(options.inject, services, outputs, options.template !== undefined);
    if ("report" in injected) problems.push(injected.report);
    else outputs.push(injected);
  }
  if (options.out === undefined && options.inject === undefined && problems.length === 0) {
    io.out(await printed(services, index, options, outputs));
  }

  const withErrors = services.filter((s) => s.errors > 0);
  for (const s of withErrors) {
    io.err(
      `mailroom: ${s.file}: ${plural(s.errors, "error")}; documented with a warning (run mailroom lint ${s.file})\n`,
    );
  }
  if (problems.length > 0) {
    io.err(formatPlain(problems));
    return 1;
  }
  const toWrite = options.out === undefined && options.inject === undefined ? [] : outputs;
  if (options.check) return check(toWrite, left, io);
  const failed: FileReport[] = [];
  for (const [i, problem] of (await writeOutputs(toWrite)).entries()) {
    if (problem) failed.push({ file: displayPath(toWrite[i]?.path ?? ""), text: "", diagnostics: [problem] });
  }
  for (const page of left) {
    const problem = await removeOutput(page);
    if (problem) failed.push({ file: displayPath(page), text: "", diagnostics: [problem] });
  }
  if (failed.length > 0) {
    io.err(formatPlain(failed));
    return 1;
  }
  if (toWrite.length > 0) {
    const removed =
      left.length === 0 ? "" : `; removed ${plural(left.length, "page")} of services no longer documented`;
    io.err(`documented ${plural(services.length, "service")} in ${plural(toWrite.length, "file")}${removed}\n`);
  }
  return 0;
}

/**
 * The worked example of a service from the test file beside it (`payslips.service.yaml` is tested by
 * `payslips.service.test.yaml`); null when it has none.
 */
async function exampleOf(service: Service, file: string, areaUnit: AreaUnit | undefined) {
  if (!SERVICE_FILE.test(file)) return null;
  const testFile = file.replace(SERVICE_FILE, TEST_FILE_SUFFIX);
  const text = await readFile(testFile, "utf8").catch(() => undefined);
  if (text === undefined) return null;
  const { workedExample } = await import("@mailroom/docs");
  return workedExample(service, { file: displayPath(testFile), text }, areaUnit);
}

/** Each page in each format, and an index per format; HTML and Markdown pages link to their index. */
async function pageOutputs(
  services: readonly ServiceDocs[],
  index: IndexDocs,
  formats: readonly string[],
  out: string,
): Promise<Output[]> {
  const docs = await import("@mailroom/docs");
  const outputs: Output[] = [];
  for (const format of formats) {
    const file = (stem: string) => join(out, `${stem}.${format}`);
    for (const service of services) {
      let text: string;
      if (format === "html") text = await docs.renderHtmlPage(service, { indexHref: "index.html" });
      else if (format === "json") text = docs.renderJson(service);
      else text = docs.renderMarkdownPage(service, { indexHref: "index.md" });
      outputs.push({ path: file(service.slug), text });
    }
    let text: string;
    if (format === "html") text = docs.renderHtmlIndex(index);
    else if (format === "json") text = docs.renderJson(index);
    else text = docs.renderMarkdownIndex(index, (slug) => `${encodeURIComponent(slug)}.md`);
    outputs.push({ path: file("index"), text });
  }
  return outputs;
}

/**
 * The pages in `out`, in the formats written, that this run does not write and that are pages `mailroom docs`
 * wrote: those of services since deleted or renamed. Any other file there is the user's, and left alone.
 */
async function leftBehind(out: string, formats: readonly string[], outputs: readonly Output[]): Promise<string[]> {
  const { isGeneratedPage } = await import("@mailroom/docs");
  const written = new Set(outputs.map((o) => o.path));
  const names = await readdir(out).catch(() => [] as string[]);
  const left: string[] = [];
  for (const name of names.sort()) {
    const format = formats.find((f) => name.endsWith(`.${f}`));
    const path = join(out, name);
    if (format === undefined || written.has(path)) continue;
    const text = await readFile(path, "utf8").catch(() => undefined);
    if (text !== undefined && isGeneratedPage(text, format as PageFormat)) left.push(path);
  }
  return left;
}

/** Removes a page left behind; what stops it is a `cannot-write` error of that page, as for a page written. */
async function removeOutput(target: string): Promise<Diagnostic | undefined> {
  try {
    await unlink(target);
    return undefined;
  } catch (error) {
    if (!isSystemError(error)) throw error;
    return diagnostic("cannot-write", "unwritable", { file: displayPath(target), reason: ioReason(error) }, span(0, 0));
  }
}

/** `page.adoc.eta` writes `<slug>.adoc`; a template without a second extension writes `<slug>.txt`. */
const templateExtension = (template: string): string => {
  const parts = basename(template)
    .replace(/\.eta$/i, "")
    .split(".");
  return parts.length > 1 ? (parts.pop() as string) : "txt";
};

async function templateOutputs(
  template: string,
  services: readonly ServiceDocs[],
  index: IndexDocs,
  out: string | undefined,
): Promise<{ outputs: Output[] } | { report: FileReport }> {
  const { DocsTemplate } = await import("@mailroom/docs");
  const text = await readFile(template, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Template "${template}" cannot be read (${error.code ?? error.message}).`);
  });
  const compiled = DocsTemplate.compile(text);
  const fail = (d: Diagnostic) => ({ report: { file: displayPath(template), text, diagnostics: [d] } });
  if (!(compiled instanceof DocsTemplate)) return fail(compiled);
  const outputs: Output[] = [];
  const extension = templateExtension(template);
  for (const service of services) {
    const rendered = compiled.render({ service, index });
    if (typeof rendered !== "string") return fail(rendered);
    outputs.push({ path: join(out ?? ".", `${service.slug}.${extension}`), text: rendered });
  }
  return { outputs };
}

/**
 * The inject file with the documentation between its markers: the template's output when one is given (all
 * services, in order), else the Markdown of every service, its headings one level down and, when there are
 * several, its anchors prefixed with its page name so that they stay unique.
 */
async function injectOutput(
  file: string,
  services: readonly ServiceDocs[],
  rendered: readonly Output[],
  templated: boolean,
): Promise<Output | { report: FileReport }> {
  const { inject, renderMarkdownPage } = await import("@mailroom/docs");
  // A file named on the command line that does not exist is a usage error, as a missing path is.
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR")
      throw new UsageError(`Inject file "${file}" does not exist.`);
    throw new UsageError(`Inject file "${file}" cannot be read (${error.code ?? error.message}).`);
  });
  const several = services.length > 1;
  const content = templated
    ? rendered.map((o) => o.text).join("\n")
    : services
        .map((s) => renderMarkdownPage(s, { level: 2, ...(several && { anchorPrefix: `${s.slug}-` }) }))
        .join("\n");
  const result = inject(text, content);
  if (typeof result !== "string") return { report: { file: displayPath(file), text, diagnostics: [result] } };
  return { path: file, text: result };
}

/** What is printed without -o or --inject: one format, every service. */
async function printed(
  services: readonly ServiceDocs[],
  index: IndexDocs,
  options: DocsOptions,
  templated: readonly Output[],
): Promise<string> {
  if (options.template !== undefined) return templated.map((o) => o.text).join("");
  const docs = await import("@mailroom/docs");
  const [format = "md", ...more] = options.format;
  if (more.length > 0) throw new UsageError("Several formats need -o: give one --format to print.");
  if (format === "json") return `${JSON.stringify({ ...index, services }, null, 2)}\n`;
  if (format === "html") {
    if (services.length !== 1)
      throw new UsageError("The HTML of several services needs -o (a page each and an index).");
    return docs.renderHtmlPage(services[0] as ServiceDocs);
  }
  return services
    .map((s) => docs.renderMarkdownPage(s, { anchorPrefix: services.length > 1 ? `${s.slug}-` : "" }))
    .join("\n");
}

/**
 * `--check`: the files that differ from what would be written, are missing, or are pages left behind by services
 * no longer documented; nothing is written.
 */
async function check(outputs: readonly Output[], left: readonly string[], io: Io): Promise<number> {
  const stale: FileReport[] = [];
  for (const output of outputs) {
    const current = await readFile(output.path, "utf8").catch(() => undefined);
    if (current === output.text) continue;
    const file = displayPath(output.path);
    const id = current === undefined ? "missing" : "stale";
    stale.push({
      file,
      text: current ?? "",
      diagnostics: [diagnostic("stale-docs", id, { file }, firstDifference(current ?? "", output.text))],
    });
  }
  for (const page of left) {
    const file = displayPath(page);
    stale.push({ file, text: "", diagnostics: [diagnostic("stale-docs", "left", { file }, span(0, 0))] });
  }
  if (stale.length === 0) {
    io.err(`${plural(outputs.length, "file")} up to date\n`);
    return 0;
  }
  io.err(formatPlain(stale));
  io.err(`${plural(stale.length, "file")} out of date; run the same command without --check\n`);
  return 1;
}

/** Where two texts first differ, as a span of the first. */
function firstDifference(current: string, expected: string) {
  let i = 0;
  while (i < current.length && i < expected.length && current[i] === expected[i]) i++;
  return span(i, 0);
}
