import { locate, type Report } from "../report.js";

/** `file:line:col  severity  message  code`, one line per problem, in file then text order. */
export function formatPlain(reports: readonly Report[]): string {
  return locate(reports)
    .map((d) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n`)
    .join("");
}
