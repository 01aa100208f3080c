/*
 * Graphviz DOT to inline SVG, rendered when the page is generated, so the page needs no script and no network.
 * Graphviz's SVG is a standalone XML document; it is trimmed here to an element that embeds cleanly in HTML.
 */

import { instance, type Viz } from "@viz-js/viz";
import { escapeHtml } from "./escape.js";

// Compiling the WebAssembly module is the slow part: one instance serves every diagram of a run, until one fails.
let viz: Promise<Viz> | undefined;

// Defaults only: attributes set in the DOT win. A sans-serif face matches the page; no background, so the
// diagram sits on the page's card.
const RENDER_OPTIONS = {
  format: "svg",
  graphAttributes: { bgcolor: "transparent", fontname: "Helvetica" },
  nodeAttributes: { fontname: "Helvetica" },
  edgeAttributes: { fontname: "Helvetica" },
};

/** How far a diagram may shrink: the DOT's smallest text, 11 pt (14.7 px), stays at 12.5 px or more. */
const MIN_SCALE = 0.85;

/** Ids Graphviz gives its groups: the same on every diagram, so two diagrams on a page would clash. */
const GENERATED_ID = /\s+id="(?:a_)?(?:graph|node|edge|clust)\d+"/g;

/**
 * Graphviz DOT to an `<svg>` element's text, with `role="img"` and, when given, `title` as its accessible name.
 * Throws when the DOT does not parse or Graphviz fails to draw it.
 */
export async function dotToSvg(dot: string, options: { title?: string } = {}): Promise<string> {
  viz ??= instance();
  let svg: string;
  try {
    svg = (await viz).renderString(dot, RENDER_OPTIONS);
  } catch (error) {
    // A crash inside the WebAssembly (a trap) can leave its memory inconsistent: the next diagram gets a new one.
    viz = undefined;
    throw error;
  }
  return embeddable(svg, options.title);
}

function embeddable(svg: string, title: string | undefined): string {
  const start = svg.indexOf("<svg");
  const body = svg
    .slice(start)
    .replace(/<!--[\s\S]*?-->\n?/g, "")
    .replace(GENERATED_ID, "")
    // An `<svg>` in HTML gets its namespaces from the parser: the declarations are only URLs in the page.
    .replace(/\s+xmlns(?::xlink)?="[^"]*"/g, "")
    // Links stay inside the page: a fragment is kept (as SVG 2 `href`), any other target is dropped.
    .replace(/\s+xlink:href="(#[^"]*)"/g, ' href="$1"')
    .replace(/\s+xlink:(?:href|title)="[^"]*"/g, "")
    .trimEnd();
  const label = title === undefined ? "" : `<title>${escapeHtml(title)}</title>`;
  return body.replace(/^<svg\b([^>]*)>/, (_, attributes: string) => {
    // Shrunk to fit the page, the smallest text (11 pt) stays about 12 px: past that the card scrolls instead.
    const width = /\swidth="([\d.]+)pt"/.exec(attributes)?.[1];
    const least = width === undefined ? "" : ` style="min-width: ${Math.round(Number(width) * MIN_SCALE)}pt"`;
    return `<svg role="img"${attributes.replace(/\s+/g, " ")}${least}>${label}`;
  });
}
