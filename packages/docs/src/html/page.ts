/*
 * A service's page: one self-contained HTML file (inline style and SVG, no script, no request), in the order of
 * the Markdown page: header, findings, how to call, how files flow, worked example, boxes, metadata, channels.
 */

import type { Diagram, ServiceDocs } from "../model.js";
import { BOXES_ID, boxesSection } from "./boxes.js";
import { CALL_ID, callSection } from "./call.js";
import { CHANNELS_ID, channelsSection } from "./channels.js";
import { htmlDocument } from "./document.js";
import { EXAMPLE_ID, exampleSection } from "./example.js";
import { FINDINGS_ID, findingsSection } from "./findings.js";
import { FLOW_ID, flowSection } from "./flow.js";
import { code, linkTo, type RenderedDiagram, type SectionId } from "./fragments.js";
import { header } from "./header.js";
import { lookup } from "./lookup.js";
import { METADATA_ID, metadataSection } from "./metadata.js";
import { dotToSvg } from "./svg.js";

export interface HtmlPageOptions {
  /** Where the index of all services is, relative to the page (e.g. `index.html`); no link when absent. */
  readonly indexHref?: string;
}

const CONTENTS_ID: SectionId = "contents";

export async function renderHtmlPage(service: ServiceDocs, options: HtmlPageOptions = {}): Promise<string> {
  const files = await render(service.diagrams.files);
  const metadata = await render(service.diagrams.metadata);
  const names = lookup(service);
  const main = [
    findingsSection(service),
    callSection(service, names),
    flowSection(service, files),
    exampleSection(service, names),
    boxesSection(service),
    metadataSection(service, names, metadata),
    channelsSection(service),
  ].filter((part) => part !== "");
  const title = `${service.name}: service documentation`;
  return htmlDocument(title, {
    header: header(service, options.indexHref),
    contents: contents(service),
    main: main.join("\n"),
  });
}

/**
 * A diagram with its SVG, or null when there is nothing to draw; one Graphviz fails to draw is left out with a note
 * saying so, never the page.
 */
async function render(diagram: Diagram): Promise<RenderedDiagram> {
  if (diagram.empty) return { ...diagram, svg: null };
  try {
    return { ...diagram, svg: await dotToSvg(diagram.dot, { title: diagram.title }) };
  } catch {
    const omitted = "Graphviz could not draw this diagram: it is left out, the lists below say the same.";
    return { ...diagram, empty: true, omitted, svg: null };
  }
}

/** The table of contents: every section, and every box under "Boxes". */
function contents(service: ServiceDocs): string {
  const item = (id: string, title: string, nested = "") => `<li>${linkTo(id, title)}${nested}</li>`;
  const boxes =
    service.boxes.length === 0
      ? ""
      : `\n<ol>\n${service.boxes.map((box) => item(box.anchor, code(box.name))).join("\n")}\n</ol>`;
  const items = [
    service.findings.length === 0 ? "" : item(FINDINGS_ID, "Findings"),
    item(CALL_ID, "How to call this service"),
    item(FLOW_ID, "How files flow"),
    service.workedExample === null ? "" : item(EXAMPLE_ID, "Worked example"),
    item(BOXES_ID, "Boxes", boxes),
    item(METADATA_ID, "Metadata"),
    item(CHANNELS_ID, "Channels"),
  ].filter((entry) => entry !== "");
  return `<nav class="toc" id="${CONTENTS_ID}" aria-label="Contents">\n<p class="toc-title">Contents</p>\n<ol>\n${items.join("\n")}\n</ol>\n</nav>`;
}
