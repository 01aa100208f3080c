import { archivePath } from "./archive-path.js";
import { clean } from "./clean.js";
import { coalesce } from "./coalesce.js";
import { concat } from "./concat.js";
import { contains } from "./contains.js";
import type { ExpressionType, FunctionDefinition, SiteKind } from "./definition.js";
import { endsWith } from "./ends-with.js";
import { fileName } from "./file-name.js";
import { formatDate } from "./format-date.js";
import { jobFileName } from "./job-file-name.js";
import { lower } from "./lower.js";
import { matches } from "./matches.js";
import { normalizeCase } from "./normalize-case.js";
import { now } from "./now.js";
import { numEqual } from "./num-equal.js";
import { numSheets } from "./num-sheets.js";
import { parseDate } from "./parse-date.js";
import { pdfMeta } from "./pdf-meta.js";
import { pdfText } from "./pdf-text.js";
import { positionInBox } from "./position-in-box.js";
import { replace } from "./replace.js";
import { replaceFirst } from "./replace-first.js";
import { startsWith } from "./starts-with.js";
import { substring } from "./substring.js";
import { upper } from "./upper.js";

export {
  type Arguments,
  type BoxTarget,
  describeFunction,
  type EvaluationSources,
  type Evaluator,
  type Expression,
  type ExpressionOf,
  type ExpressionType,
  type FunctionDefinition,
  type FunctionForm,
  type FunctionSpec,
  formatSignature,
  type PageArea,
  type Phrase,
  type SiteKind,
  type Verb,
  type Words,
} from "./definition.js";
export type { ParameterKind, ParameterSpec } from "./parameters.js";

/**
 * Every function and keyword of the expression language, in the order the reference presents them (keywords,
 * values, conditions), which is also the order of completion and of the names a diagnostic lists: the one
 * registry that lowering, printing, the checker, the editor features and the reference read. Adding a function
 * is adding its module here.
 */
export const FUNCTIONS = [
  fileName,
  positionInBox,
  archivePath,
  now,
  numSheets,
  concat,
  coalesce,
  substring,
  clean,
  upper,
  lower,
  normalizeCase,
  replace,
  replaceFirst,
  pdfText,
  pdfMeta,
  parseDate,
  formatDate,
  jobFileName,
  contains,
  startsWith,
  endsWith,
  numEqual,
  matches,
] as const satisfies readonly FunctionDefinition[];

export type FunctionName = (typeof FUNCTIONS)[number]["name"];

const BY_NAME: ReadonlyMap<string, FunctionDefinition> = new Map(FUNCTIONS.map((f) => [f.name, f]));

export function findFunction(name: string): FunctionDefinition | undefined {
  return BY_NAME.get(name);
}

const BY_TYPE = new Map<ExpressionType, FunctionDefinition[]>();
for (const definition of FUNCTIONS)
  BY_TYPE.set(definition.produces, [...(BY_TYPE.get(definition.produces) ?? []), definition]);

/** The functions producing a JSON type, in registry order: the first whose `print` or `explain` answers spells it. */
export function functionsOf(type: ExpressionType): readonly FunctionDefinition[] {
  return BY_TYPE.get(type) ?? [];
}

const typesOf = (keep: (f: FunctionDefinition) => boolean): ReadonlySet<string> =>
  new Set([...FUNCTIONS.values()].filter(keep).map((f) => f.produces));

/** The JSON types that read a file of a box, through `fromMain` and `boxName`. */
export const TARGETED_TYPES = typesOf((f) => f.target !== undefined);

/** The JSON types that read the PDF of their target box. */
export const PDF_TARGETED_TYPES = typesOf((f) => f.target === "pdf");

/** The sites where expressions of a JSON type mean something, for the types not meaningful everywhere. */
export const SITES_OF_TYPE: ReadonlyMap<string, readonly SiteKind[]> = new Map(
  FUNCTIONS.flatMap((f: FunctionDefinition): [string, readonly SiteKind[]][] =>
    f.sites ? [[f.produces, f.sites]] : [],
  ),
);
