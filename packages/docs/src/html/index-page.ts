/*
 * The index page: every service documented together, each linking to its own page `<slug>.html`.
 */

import type { IndexDocs } from "../model.js";
import { htmlDocument } from "./document.js";
import { escapeHtml } from "./escape.js";
import { code, plural, table } from "./fragments.js";

export function renderHtmlIndex(index: IndexDocs): string {
  const rows = index.services.map((service) => [
    `<a href="${escapeHtml(encodeURIComponent(service.slug))}.html">${escapeHtml(service.name)}</a>${status(service.errors, service.warnings)}`,
    service.id === null ? "" : escapeHtml(String(service.id)),
    service.type === null ? "" : code(service.type),
    code(service.file),
    service.description === null ? "" : escapeHtml(service.description),
  ]);
  const body =
    index.services.length === 0
      ? `<p class="muted">No service was documented.</p>`
      : table(["Service", "Id", "Type", "Source file", "Description"], rows);
  const count = `<p class="muted">${plural(index.services.length, "service")}, documented from their definitions.</p>`;
  return htmlDocument("Services", { header: `<header>\n<h1>Services</h1>\n${count}\n</header>`, main: body });
}

function status(errors: number, warnings: number): string {
  if (errors > 0) return ` <span class="badge error">${plural(errors, "error")}</span>`;
  if (warnings > 0) return ` <span class="badge">${plural(warnings, "warning")}</span>`;
  return "";
}
