/*
 * "Boxes": one section per box, with everything the service configures on it.
 */

import type { BoxDocs, ServiceDocs } from "../model.js";
import { sentence } from "../words.js";
import { escapeHtml } from "./escape.js";
import {
  code,
  explained,
  facts,
  linkTo,
  list,
  otherFields,
  type SectionId,
  section,
  table,
  yesNo,
} from "./fragments.js";

export const BOXES_ID: SectionId = "boxes";

const ROLES: Readonly<Record<BoxDocs["role"], string>> = {
  main: "main document",
  attachment: "attachment",
  archive: "archive",
};

export function boxesSection(service: ServiceDocs): string {
  const body =
    service.boxes.length === 0
      ? `<p class="muted">The service has no box.</p>`
      : service.boxes.map(boxSection).join("\n");
  return section(BOXES_ID, 2, "Boxes", body);
}

function boxSection(box: BoxDocs): string {
  const title = `${code(box.name)} <span class="badge">${ROLES[box.role]}</span>`;
  const parts = [
    facts([
      ["Kind", `${escapeHtml(box.kind)} <span class="muted">(${code(box.type)})</span>`],
      ["Label", box.label === null ? null : escapeHtml(box.label)],
      ["Hidden", yesNo(box.hidden)],
      ["Files", escapeHtml(box.elements.words)],
      [
        "Split",
        box.split === null
          ? null
          : `${escapeHtml(sentence(box.split.words))} <span class="muted">(${code(box.split.type)})</span>`,
      ],
      ["Address page", box.hasAddressPage === null ? null : yesNo(box.hasAddressPage)],
      ["Integrity preservable", box.integrityPreservable === null ? null : yesNo(box.integrityPreservable)],
    ]),
  ];
  if (box.appositions.length > 0) {
    const rows = box.appositions.map((apposition) => [
      code(apposition.type),
      apposition.id === null ? "" : code(apposition.id),
      escapeHtml(apposition.target),
      escapeHtml(apposition.pages),
      yesNo(apposition.background),
      yesNo(apposition.editable),
      apposition.serviceFileId === null ? "" : code(apposition.serviceFileId),
      escapeHtml(sentence(apposition.words)),
    ]);
    const headers = ["Type", "Id", "Target", "Pages", "Background", "Editable", "Service file", "What it does"];
    parts.push(`<h4>Appositions</h4>\n${table(headers, rows)}`);
  }
  if (box.configuredFiles.length > 0) {
    const rows = box.configuredFiles.map((file) => [
      file.serviceFileId === null ? "" : code(file.serviceFileId),
      yesNo(file.removable),
    ]);
    parts.push(`<h4>Configured files</h4>\n${table(["Service file id", "Removable"], rows)}`);
  }
  if (box.entries !== null) parts.push(`<h4>Entries</h4>\n<p>${escapeHtml(sentence(box.entries.words))}</p>`);
  if (box.extraction !== null) {
    const { extraction } = box;
    parts.push(
      `<h4>Extraction</h4>\n<p>${escapeHtml(sentence(extraction.words))}</p>\n${facts([
        ["Archive", linkTo(extraction.archiveAnchor, code(extraction.archive))],
        ["Rank", escapeHtml(String(extraction.rank))],
        ["Matcher", explained(extraction.matcher)],
      ])}`,
    );
  }
  if (box.reconcile !== null) {
    const { reconcile } = box;
    parts.push(
      `<h4>Reconcile</h4>\n<p>${escapeHtml(sentence(reconcile.words))}</p>\n${facts([
        ["Condition", explained(reconcile.condition)],
        ["Documents in a job", escapeHtml(reconcile.expected.words)],
        ["Per main document", escapeHtml(reconcile.matches.words)],
      ])}`,
    );
  }
  const metadata = box.metadata.map((entry) => linkTo(entry.anchor, code(entry.name)));
  parts.push(`<h4>Metadata</h4>\n${list(metadata, "The box has no metadata.")}`);
  if (box.otherFields.length > 0) parts.push(otherFields(box.otherFields));
  return section(box.anchor, 3, title, parts.join("\n"), "card");
}
