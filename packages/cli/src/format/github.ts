import { isAbsolute, relative, resolve, sep } from "node:path";
import type { Severity } from "@mailroom/syntax";
import { locate, type Report } from "../report.js";
import type { FormatContext } from "./index.js";

const COMMAND: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

/** A workflow command's message: `%`, CR and LF escaped as GitHub's runner reads them back. */
export const escapeData = (text: string): string =>
  text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** A workflow command's property value: as a message, and `:` and `,`, which separate properties. */
export const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** A path relative to the working directory (the workspace, in a workflow) when the file is inside it. */
export function workspacePath(file: string, cwd: string): string {
  const path = relative(cwd, resolve(cwd, file));
  return path === "" || path.startsWith("..") || isAbsolute(path) ? file : path.split(sep).join("/");
}

/**
 * GitHub Actions workflow commands, one per problem (`::error file=…,line=…,endLine=…,col=…,endColumn=…,title=
 * <code>::<message>`), which GitHub shows as annotations on the pull request. Columns are given only for a
 * problem on one line: GitHub ignores them otherwise.
 */
export function formatGithub(reports: readonly Report[], context: FormatContext): string {
  return locate(reports)
    .map((d) => {
      const properties = [`file=${escapeProperty(workspacePath(d.file, context.cwd))}`, `line=${d.line}`];
      properties.push(`endLine=${d.endLine}`);
      if (d.endLine === d.line) properties.push(`col=${d.column}`, `endColumn=${Math.max(d.endColumn, d.column)}`);
      properties.push(`title=${escapeProperty(d.code)}`);
      return `::${COMMAND[d.severity]} ${properties.join(",")}::${escapeData(d.message)}\n`;
    })
    .join("");
}
