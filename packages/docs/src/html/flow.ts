/*
 * "How files flow": the files diagram, then what each archive extraction and each reconcile does, in words.
 */

import { CHANNEL_CHOICE } from "../channels.js";
import type { BoxDocs, ServiceDocs } from "../model.js";
import { sentence } from "../words.js";
import { escapeHtml } from "./escape.js";
import { code, diagramOrNote, linkTo, list, type RenderedDiagram, type SectionId, section } from "./fragments.js";

export const FLOW_ID: SectionId = "flow";
const HEADING = "How files flow";

/** `files` is the files diagram, rendered. */
export function flowSection(service: ServiceDocs, files: RenderedDiagram): string {
  const line = (box: BoxDocs, words: string) => `${linkTo(box.anchor, code(box.name))}: ${escapeHtml(sentence(words))}`;
  const extractions = service.boxes.flatMap((box) => [
    ...(box.entries === null ? [] : [line(box, box.entries.words)]),
    ...(box.extraction === null ? [] : [line(box, box.extraction.words)]),
  ]);
  const reconciles = service.boxes.flatMap((box) => (box.reconcile === null ? [] : [line(box, box.reconcile.words)]));
  const body = [
    diagramOrNote(files, HEADING),
    service.channels.length > 1 ? `<p>${escapeHtml(CHANNEL_CHOICE)}</p>` : "",
    section(`${FLOW_ID}-extraction`, 3, "From archives", list(extractions, "No box takes its files from an archive.")),
    section(
      `${FLOW_ID}-reconcile`,
      3,
      "Attachments to main documents",
      list(reconciles, "No box is paired with the main documents."),
    ),
  ];
  return section(FLOW_ID, 2, HEADING, body.filter((part) => part !== "").join("\n"));
}
