import type { Report } from "../report.js";
import { formatGithub } from "./github.js";
import { formatGitlab } from "./gitlab.js";
import { formatJson } from "./json.js";
import { formatJunit } from "./junit.js";
import { FORMAT_NAMES, type FormatName } from "./names.js";
import { formatPlain } from "./plain.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

/** What a format may need beyond the reports. */
export interface FormatContext {
  /** Directory that paths in SARIF and GitHub annotations are made relative to. */
  readonly cwd: string;
  /** Whether to colour the output (stylish only): see `useColor`. */
  readonly color: boolean;
  /** mailroom's version, for SARIF's tool description. */
  readonly version: string;
  /** The documentation folder's public address, ending in `/`, that SARIF and JUnit link each code's page under. */
  readonly docsUrl: string;
}

/**
 * A format turns the reports of every linted file (clean ones included) into the text written out: reports as
 * checked, or located already (a lint run locates each file as soon as it is checked, then drops its text).
 */
export type Formatter = (reports: readonly Report[], context: FormatContext) => string;

export const FORMATS = {
  stylish: formatStylish,
  plain: formatPlain,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  gitlab: formatGitlab,
} as const satisfies Record<FormatName, Formatter>;

export {
  FORMAT_NAMES,
  type FormatName,
  formatGithub,
  formatGitlab,
  formatJson,
  formatJunit,
  formatPlain,
  formatSarif,
  formatStylish,
};
