import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { JSON_SERVICE_FILE, readSource } from "@mailroom/checker";
import { decompileText } from "@mailroom/format";
import { append, type Diagnostic, diagnostic } from "@mailroom/syntax";
import { expandPaths, unreadFile, writeOutput } from "./files.js";
import { formatPlain } from "./format/plain.js";
import type { Io } from "./io.js";
import { displayPath, type FileReport, plural } from "./report.js";

export interface DecompileCommandOptions {
  readonly out?: string;
  readonly force?: boolean;
}

/** Decompiles JSON files; returns the exit code. */
export async function decompileFiles(
  paths: readonly string[],
  options: DecompileCommandOptions,
  io: Io,
): Promise<number> {
  const files = await expandPaths(paths, JSON_SERVICE_FILE);
  const reports: FileReport[] = [];
  const targets = new Set<string>();
  let services = 0;
  let written = 0;
  let kept = 0;
  const missed: Missed = { unread: 0, lossy: 0, exists: 0, unwritable: 0, built: 0 };
  for (const { file } of files) {
    // `build`'s output of a DSL file beside it: a DSL file written beside them would be a second copy of the service.
    const dsl = options.out === undefined ? sourceBeside(file) : undefined;
    if (dsl !== undefined) {
      io.err(
        `mailroom: ${displayPath(file)} is built from ${displayPath(dsl)}, beside it: not decompiled beside them, ` +
          "which would make a second copy of the service (edit the DSL file, or give --out to decompile elsewhere).\n",
      );
      missed.built++;
      services++;
      continue;
    }
    const source = await readSource(file);
    if (!source.ok) {
      reports.push(unreadFile(file, source));
      missed.unread++;
      continue;
    }
    const result = decompileText(source.text, { file });
    const problems: Diagnostic[] = [...result.diagnostics];
    if (result.diagnostics.some((d) => d.severity === "error")) missed.unread++;
    for (const service of result.services) {
      services++;
      if (service.text === undefined) {
        append(problems, service.diagnostics);
        missed.lossy++;
        continue;
      }
      let target = join(options.out ?? dirname(file), service.fileName);
      for (let n = 2; targets.has(target); n++) {
        target = join(options.out ?? dirname(file), service.fileName.replace(/\.service\.yaml$/, `-${n}.service.yaml`));
      }
      targets.add(target);
      if (!options.force && existsSync(target)) {
        const span = { offset: service.span.offset, length: 0 };
        problems.push(diagnostic("file-exists", "exists", { file: displayPath(target) }, span));
        missed.exists++;
        continue;
      }
      const problem = await writeOutput(target, service.text);
      if (problem) {
        problems.push({ ...problem, span: { offset: service.span.offset, length: 0 } });
        missed.unwritable++;
        continue;
      }
      io.out(`${displayPath(file)} -> ${displayPath(target)}\n`);
      written++;
      kept += service.diagnostics.length;
    }
    if (problems.length > 0) reports.push({ file, text: source.text, diagnostics: problems });
  }
  io.err(formatPlain(reports));
  io.err(`${summary(services, written, kept, missed).join("; ")}\n`);
  const failed = reports.some((report) => report.diagnostics.some((d) => d.severity === "error"));
  return written === services && !failed ? 0 : 1;
}

/**
 * Why what was not written was not: how many JSON files with errors, services the DSL cannot say, DSL files there
 * already, DSL files that cannot be written, and JSON files built from a DSL file beside them (each counted as
 * one service).
 */
interface Missed {
  unread: number;
  lossy: number;
  exists: number;
  unwritable: number;
  built: number;
}

/** The DSL file a JSON file is `build`'s output of, when it is beside it. */
const sourceBeside = (file: string): string | undefined =>
  [".service.yaml", ".service.yml"].map((ext) => file.replace(JSON_SERVICE_FILE, ext)).find((dsl) => existsSync(dsl));

/**
 * The last line of a run: what was written and, first when nothing was, why the rest was not; the problems kept
 * with a comment are those of the files written only.
 */
function summary(services: number, written: number, kept: number, missed: Missed): string[] {
  const reasons = [
    missed.unread > 0 ? `${plural(missed.unread, "JSON file")} with errors` : "",
    missed.lossy > 0 ? `${plural(missed.lossy, "service")} the DSL cannot say without loss` : "",
    missed.exists > 0
      ? `${plural(missed.exists, "DSL file")} already there (--force overwrites ${missed.exists === 1 ? "it" : "them"})`
      : "",
    missed.unwritable > 0 ? `${plural(missed.unwritable, "DSL file")} that cannot be written` : "",
    missed.built > 0 ? `${plural(missed.built, "JSON file")} built from a DSL file beside it` : "",
  ].filter(Boolean);
  const done = `decompiled ${written} of ${plural(services, "service")}`;
  const notes =
    written === 0 && reasons.length > 0
      ? [`nothing written: ${reasons.join(", ")}`, done]
      : [done, ...(reasons.length > 0 ? [`not written: ${reasons.join(", ")}`] : [])];
  if (kept > 0) notes.push(`${plural(kept, "problem")} of the JSON kept as it is, each with a comment in the DSL`);
  return notes;
}
