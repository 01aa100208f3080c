import type { FileReport } from "../report.js";
import { formatGithub } from "./github.js";
import { formatGitlab } from "./gitlab.js";
import { formatJson } from "./json.js";
import { formatJunit } from "./junit.js";
import { formatPlain } from "./plain.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

/** What a format may need beyond the reports. */
export interface FormatContext {
  /** Directory that paths in SARIF and GitHub annotations are made relative to. */
  readonly cwd: string;
  /** Whether to colour the output (stylish only): stdout is a terminal and NO_COLOR is unset. */
  readonly color: boolean;
  /** mailroom's version, for SARIF's tool description. */
  readonly version: string;
}

/** A format turns the reports of every linted file (clean ones included) into the text written out. */
export type Formatter = (reports: readonly FileReport[], context: FormatContext) => string;

export const FORMATS = {
  stylish: formatStylish,
  plain: formatPlain,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  gitlab: formatGitlab,
} as const satisfies Record<string, Formatter>;

export type FormatName = keyof typeof FORMATS;

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

export { formatGithub, formatGitlab, formatJson, formatJunit, formatPlain, formatSarif, formatStylish };
