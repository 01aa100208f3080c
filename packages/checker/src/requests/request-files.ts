import type { RequestKind } from "./request-rule.js";

/** Names of job files (`*.job.yaml`, `*.job.json`). */
export const JOB_FILE = /\.job\.(json|ya?ml)$/i;
/** Names of delivery command files (`*.delivery.yaml`, `*.delivery.json`). */
export const DELIVERY_FILE = /\.delivery\.(json|ya?ml)$/i;
/** Names of organizational unit files (`*.ou.json`). */
export const UNIT_FILE = /\.ou\.json$/i;
/** Names of every request file: what `lint` looks for beside services. */
export const REQUEST_FILE = /\.(job|delivery)\.(json|ya?ml)$|\.ou\.json$/i;

/** The kind of a request file by its name; undefined for any other file. */
export function requestKind(file: string): RequestKind | undefined {
  if (JOB_FILE.test(file)) return "job";
  if (DELIVERY_FILE.test(file)) return "delivery";
  if (UNIT_FILE.test(file)) return "unit";
  return undefined;
}
