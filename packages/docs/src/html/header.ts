/*
 * The top of a service's page: its name, the facts that identify it, and its description.
 */

import type { ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { errorBanner } from "./findings.js";
import { code, facts, type SectionId } from "./fragments.js";

const TOP_ID: SectionId = "top";

// A colour the page may paint: hex, a functional notation of numbers, or a keyword. Anything else (a `url()`,
// a `;` starting another declaration) is only shown as text, so the style attribute loads nothing.
const CSS_COLOUR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\([-+\d.,%\s/a-z]*\)|[a-z]+)$/i;

/** `indexHref`: where the index of all services is, for a link back. */
export function header(service: ServiceDocs, indexHref: string | undefined): string {
  const rows: [string, string | null][] = [
    ["Id", service.id === null ? null : escapeHtml(String(service.id))],
    [
      "Type",
      service.type === null
        ? null
        : `${code(service.type)}${service.typeWords === null ? "" : ` <span class="muted">(${escapeHtml(service.typeWords)})</span>`}`,
    ],
    ["Organizational unit", organizationalUnit(service)],
    ["Icon", icon(service)],
    ["Source file", `${code(service.file)} <span class="muted">(${service.format === "dsl" ? "DSL" : "JSON"})</span>`],
  ];
  const back =
    indexHref === undefined ? "" : `<p class="back"><a href="${escapeHtml(indexHref)}">&larr; All services</a></p>\n`;
  return `<header id="${TOP_ID}">\n${back}<h1>${escapeHtml(service.name)}</h1>\n${errorBanner(service)}${facts(rows)}\n${description(service.description)}</header>`;
}

function organizationalUnit(service: ServiceDocs): string | null {
  const unit = service.organizationalUnit;
  if (unit === null || (unit.name === null && unit.id === null)) return null;
  if (unit.name === null) return `id ${escapeHtml(String(unit.id))}`;
  const id = unit.id === null ? "" : ` <span class="muted">(id ${escapeHtml(String(unit.id))})</span>`;
  return `${escapeHtml(unit.name)}${id}`;
}

function icon(service: ServiceDocs): string | null {
  const value = service.icon;
  if (value === null || (value.name === null && value.color === null)) return null;
  const parts: string[] = [];
  if (value.name !== null) parts.push(escapeHtml(value.name));
  if (value.color !== null) {
    const swatch = CSS_COLOUR.test(value.color)
      ? `<span class="swatch" style="background-color: ${escapeHtml(value.color)}" aria-hidden="true"></span>`
      : "";
    parts.push(`${swatch}${code(value.color)}`);
  }
  return parts.join(" ");
}

function description(text: string | null): string {
  if (text === null || text.trim() === "") return "";
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`);
  return `<div class="description">\n${paragraphs.join("\n")}\n</div>\n`;
}
