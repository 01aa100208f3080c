import { relative } from "node:path";
import type { ServiceSource } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import {
  type AreaUnit,
  type DocumentOutcome,
  documentSource,
  outcomeJson,
  outcomeText,
  readOrganizationalUnit,
  simulateJob,
} from "@mailroom/runtime";
import { diagnostic } from "@mailroom/syntax";
import { ConfigResolver, settingsOf } from "./config.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { checkFile } from "./lint.js";
import { displayPath, type FileReport, plural } from "./report.js";

export interface EvalOptions {
  readonly service?: string;
  readonly file: [box: string, path: string][];
  readonly ou?: string;
  readonly requirement: [name: string, value: string][];
  readonly nuid?: string;
  readonly now?: string;
  readonly areaUnit?: AreaUnit;
  readonly format: "text" | "json";
  readonly config?: string;
}

// An instant as ISO-8601 writes it, with its offset: what `--now` takes.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `mailroom eval`: checks the service as `lint` does (a service with errors is not evaluated: its expressions
 * may hold what the compiler put in place of a mistake), loads the files given, evaluates every metadata of every
 * document, and prints the values; a metadata without a value is a `cannot-evaluate` error at its expression.
 * Returns the exit code.
 */
export async function evaluate(file: string, options: EvalOptions, io: Io): Promise<number> {
  const now = options.now === undefined ? Date.now() : Date.parse(options.now);
  if (options.now !== undefined && (!INSTANT.test(options.now) || Number.isNaN(now))) {
    throw new UsageError(`--now "${options.now}" is not an ISO-8601 instant such as 2024-03-15T10:00:00Z.`);
  }
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const [settings] = (await settingsOf(resolver, [{ file }], io, "evaluated")) ?? [];
  if (settings === undefined) return 2;
  const checked = await checkFile(file, { rules: settings.rules });
  if (checked.diagnostics.some((d) => d.severity === "error")) {
    io.err(formatPlain([checked]));
    io.err(`mailroom: ${displayPath(file)} has errors; fix them (mailroom lint) before evaluating it.\n`);
    return 2;
  }
  const source = pickService(checked.document?.services ?? [], options.service, file);
  const service = source.json as Service;
  // Without --file, the samples of the configuration, for the boxes of this service.
  const given =
    options.file.length > 0
      ? options.file
      : Object.entries(settings.samples ?? {})
          .filter(([box]) => service.properties.boxes.some((b) => b.name === box))
          .map(([box, path]) => [box, displayPath(relative(process.cwd(), path))] as [string, string]);
  if (given.length === 0) {
    throw new UsageError(
      "Give the files of the job: --file <BOX>=<path> for each (or samples in mailroom.config.yaml).",
    );
  }
  const simulation = await simulateJob(service, {
    files: given,
    organizationalUnit: options.ou === undefined ? undefined : await readUnit(options.ou),
    requirements: Object.fromEntries(options.requirement),
    ...(options.nuid !== undefined && { nuid: options.nuid }),
    now,
    areaUnit: options.areaUnit ?? settings.areaUnit ?? "pt",
  });
  if (!simulation.ok) {
    const entry = simulation.entry === undefined ? "" : `, its file ${simulation.entry}`;
    const end = simulation.problem.endsWith("?") ? "" : ".";
    throw new UsageError(`--file ${simulation.box}=${simulation.file}${entry}: ${simulation.problem}${end}`);
  }
  const { outcome } = simulation;
  const problems = located(checked, source, outcome.documents);
  io.out(options.format === "json" ? outcomeJson(outcome) : outcomeText(outcome));
  const violations = outcome.violations.length;
  if (problems.diagnostics.length > 0) {
    io.err(formatPlain([problems]));
    io.err(`${plural(problems.diagnostics.length, "metadata")} without a value\n`);
  }
  // The platform would reject this job: that is no success, whatever the values.
  if (violations > 0) io.err(`the job has ${plural(violations, "violation")}\n`);
  return problems.diagnostics.length > 0 || violations > 0 ? 1 : 0;
}

/** The service of the file to evaluate: the only one, or the one `--service` names by name or id. */
function pickService(services: readonly ServiceSource[], wanted: string | undefined, file: string): ServiceSource {
  const named = (s: ServiceSource) => {
    const json = s.json as { name?: unknown; id?: unknown };
    return json.name === wanted || String(json.id) === wanted;
  };
  const picked = wanted === undefined ? services : services.filter(named);
  if (picked.length === 1) return picked[0] as ServiceSource;
  const names = services.map((s) => `"${(s.json as { name?: unknown }).name}"`).join(", ");
  if (services.length === 0) throw new UsageError(`${displayPath(file)} holds no service.`);
  if (wanted === undefined)
    throw new UsageError(`${displayPath(file)} holds ${services.length} services (${names}): name one with --service.`);
  throw new UsageError(`${displayPath(file)} has no service named or numbered "${wanted}"; it holds ${names}.`);
}

/** The organizational unit of `--ou`, as the API returns it. */
async function readUnit(path: string): Promise<unknown> {
  const unit = await readOrganizationalUnit(path);
  if (!unit.ok) throw new UsageError(`--ou ${path}: ${unit.problem}`);
  return unit.value;
}

/** Each metadata without a value, as an error where its expression is written. */
function located(checked: FileReport, source: ServiceSource, documents: readonly DocumentOutcome[]): FileReport {
  const diagnostics = documents.flatMap(({ document, metadata }) =>
    [...metadata].flatMap(([name, result]) =>
      "problem" in result
        ? [
            diagnostic(
              "cannot-evaluate",
              "metadata",
              // The reason is a sentence of its own, which the message goes on after: its full stop is dropped.
              { name, box: document.box, file: documentSource(document), reason: result.problem.replace(/\.$/, "") },
              source.locate(result.path).span,
            ),
          ]
        : [],
    ),
  );
  return { file: checked.file, text: checked.text, diagnostics };
}
