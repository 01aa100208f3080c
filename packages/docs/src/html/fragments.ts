/*
 * Small HTML builders shared by the page sections. Each takes model text and escapes it; arguments named `html`
 * are markup already built (and escaped) by another builder.
 */

import type { SECTION_IDS } from "../anchors.js";
import type { Diagram, Explained, OtherField } from "../model.js";
import { sentence } from "../words.js";
import { escapeHtml } from "./escape.js";

/** The id of one of a page's own sections (reserved: no box, metadata or channel takes it). */
export type SectionId = (typeof SECTION_IDS)[number];

/** `html` linked to an anchor of the page, or left as is when the model gives no anchor. */
export function linkTo(anchor: string | null, html: string): string {
  return anchor === null ? html : `<a href="#${escapeHtml(anchor)}">${html}</a>`;
}

export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

export function yesNo(value: boolean): string {
  return value ? "yes" : "no";
}

/** An expression as written, then in words. */
export function explained(value: Explained): string {
  return `<div class="explained"><p>${code(value.expression)}</p><p>${escapeHtml(sentence(value.words))}</p></div>`;
}

/** A term/description list; pairs whose description is null are left out. */
export function facts(pairs: readonly (readonly [string, string | null])[]): string {
  const items = pairs
    .filter((pair): pair is readonly [string, string] => pair[1] !== null)
    .map(([term, html]) => `<dt>${escapeHtml(term)}</dt><dd>${html}</dd>`);
  return `<dl class="facts">${items.join("")}</dl>`;
}

/** A table that scrolls inside its wrapper on a narrow screen, never the page. Cells are markup. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join("");
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("\n");
  return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

/** A bulleted list of markup items. */
export function bullets(items: readonly string[]): string {
  return `<ul>\n${items.map((item) => `<li>${item}</li>`).join("\n")}\n</ul>`;
}

/** A bulleted list of markup items, or `empty` in words when there are none. */
export function list(items: readonly string[], empty: string): string {
  return items.length === 0 ? `<p class="muted">${escapeHtml(empty)}</p>` : bullets(items);
}

/** A section of the page; `title` is markup, `level` the heading's. */
export function section(id: string, level: 2 | 3, title: string, html: string, className?: string): string {
  const classes = className === undefined ? "" : ` class="${className}"`;
  return `<section id="${escapeHtml(id)}"${classes}>\n<h${level}>${title}</h${level}>\n${html}\n</section>`;
}

/** "1 error", "2 errors". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A diagram with its SVG, or null when it is not drawn (`omitted` says why, if anything was to be drawn). */
export interface RenderedDiagram extends Diagram {
  readonly svg: string | null;
}

/** A diagram's SVG in a figure; when there is none, the reason it was left out, if it was. */
export function diagramOrNote(diagram: RenderedDiagram, heading: string): string {
  if (diagram.svg !== null) return figure(diagram, diagram.svg, heading);
  return diagram.omitted === null ? "" : `<p class="muted">${escapeHtml(diagram.omitted)}</p>`;
}

/** A diagram already rendered to SVG, captioned with its title unless that only repeats the section's heading. */
export function figure(diagram: Diagram, svg: string, heading: string): string {
  const caption = diagram.title === heading ? "" : `\n<figcaption>${escapeHtml(diagram.title)}</figcaption>`;
  return `<figure>\n<div class="diagram">\n${svg}\n</div>${caption}\n</figure>`;
}

/** Fields the page does not read, each with its value as written; nothing when there are none. */
export function otherFields(fields: readonly OtherField[]): string {
  if (fields.length === 0) return "";
  const rows = fields.map((f) => [code(f.field), code(f.value)]);
  return `<h4>Other fields</h4>\n<p class="muted">Not read by mailroom; as written.</p>\n${table(["Field", "Value"], rows)}`;
}
