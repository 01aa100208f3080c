import type { Severity } from "@mailroom/syntax";
import { sha256 } from "../hash.js";
import { locate, type Report } from "../report.js";
import { workspacePath } from "./github.js";
import type { FormatContext } from "./index.js";

/** Code Climate's severities, the ones GitLab shows; the mapping GitLab's own ESLint integration uses. */
const SEVERITY: Record<Severity, string> = { error: "major", warning: "minor", info: "info" };

/**
 * GitLab Code Quality: the subset of the Code Climate issue format GitLab reads (description, check_name,
 * fingerprint, severity, location.path and location.lines.begin, 1-based). The fingerprint identifies a problem
 * across runs and so leaves its line out: GitLab compares the fingerprints of a merge request with those of its
 * target branch, and a problem that only moved must not read as new. Identical problems of one file are told
 * apart by their order.
 */
export function formatGitlab(reports: readonly Report[], context: FormatContext): string {
  const seen = new Map<string, number>();
  const issues = locate(reports).map((d) => {
    const path = workspacePath(d.file, context.cwd);
    const identity = JSON.stringify([path, d.code, d.message]);
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    return {
      description: d.message,
      check_name: d.code,
      fingerprint: sha256(`${identity}#${occurrence}`),
      severity: SEVERITY[d.severity],
      location: { path, lines: { begin: d.line } },
    };
  });
  return `${JSON.stringify(issues, null, 2)}\n`;
}
