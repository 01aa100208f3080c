/*
 * "Metadata": the dependency diagram, then one entry per metadata with its expression in words, what it reads
 * and what reads it.
 */

import type { MetadataDocs, ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import {
  code,
  diagramOrNote,
  explained,
  facts,
  linkTo,
  list,
  type RenderedDiagram,
  type SectionId,
  section,
  yesNo,
} from "./fragments.js";
import type { Lookup } from "./lookup.js";

export const METADATA_ID: SectionId = "metadata";
const HEADING = "Metadata";

/** `metadata` is the dependency diagram, rendered. */
export function metadataSection(service: ServiceDocs, names: Lookup, metadata: RenderedDiagram): string {
  const body =
    service.metadata.length === 0
      ? [`<p class="muted">No box computes metadata.</p>`]
      : [diagramOrNote(metadata, HEADING), ...service.metadata.map((entry) => metadataEntry(entry, names))];
  return section(METADATA_ID, 2, HEADING, body.filter((part) => part !== "").join("\n"));
}

function metadataEntry(entry: MetadataDocs, names: Lookup): string {
  const title = `${code(entry.name)} <span class="muted">in ${escapeHtml(entry.box)}</span>`;
  const item = (kind: string, anchor: string | null, words: string) =>
    `<span class="kind">${escapeHtml(kind)}</span> ${linkTo(anchor, escapeHtml(words))}`;
  const body = [
    explained(entry.content),
    facts([
      ["Box", linkTo(names.boxAnchor(entry.box), code(entry.box))],
      ["Persisted", yesNo(entry.persist)],
      ["Editable", yesNo(entry.editable)],
    ]),
    `<h4>Reads</h4>\n${list(
      entry.reads.map((read) => item(read.kind, read.anchor, read.words)),
      "Nothing else.",
    )}`,
    `<h4>Used by</h4>\n${list(
      entry.usedBy.map((use) => item(use.kind, use.anchor, use.words)),
      "Nothing in the service.",
    )}`,
  ];
  return section(entry.anchor, 3, title, body.join("\n"), "card");
}
