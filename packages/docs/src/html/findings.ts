/*
 * The linter's findings on a service. A service with errors is still documented, under a banner that says the
 * page is a best effort; warnings alone get a quieter section.
 */

import type { ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { code, plural, type SectionId, section, table } from "./fragments.js";

export const FINDINGS_ID: SectionId = "findings";

/** The banner shown under the service's name when it has errors; empty otherwise. */
export function errorBanner(service: ServiceDocs): string {
  if (service.errors === 0) return "";
  const warnings = service.warnings === 0 ? "" : ` and ${plural(service.warnings, "warning")}`;
  return `<div class="banner" role="note">This service has ${plural(service.errors, "error")}${warnings}: what follows is a best effort. <a href="#${FINDINGS_ID}">See the findings</a>.</div>\n`;
}

/** The findings table, or empty when the linter found nothing. */
export function findingsSection(service: ServiceDocs): string {
  if (service.findings.length === 0) return "";
  const rows = service.findings.map((finding) => [
    code(finding.code),
    escapeHtml(finding.severity),
    `${finding.line}:${finding.column}`,
    escapeHtml(finding.message),
  ]);
  const summary = `<p>${plural(service.errors, "error")}, ${plural(service.warnings, "warning")}.</p>`;
  const body = `${summary}\n${table(["Code", "Severity", "Line:column", "Message"], rows)}`;
  return section(FINDINGS_ID, 2, "Findings", body, service.errors === 0 ? "quiet" : undefined);
}
