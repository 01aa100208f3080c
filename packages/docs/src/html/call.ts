/*
 * "How to call this service": what an integrator needs to create a job and send its delivery command.
 */

import type { ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { bullets, code, jsonBlock, linkTo, type SectionId, section, table, yesNo } from "./fragments.js";
import type { Lookup } from "./lookup.js";

export const CALL_ID: SectionId = "call";

/** `intro` then `html` when there is something to show, else `none` in words. */
const unlessEmpty = (count: number, intro: string, html: () => string, none: string) =>
  count === 0 ? `<p class="muted">${escapeHtml(none)}</p>` : `<p>${intro}</p>\n${html()}`;

export function callSection(service: ServiceDocs, names: Lookup): string {
  const { call } = service;
  const boxLink = (box: string) => linkTo(names.boxAnchor(box), code(box));
  const boxes = table(
    ["Box", "Files", "Mandatory", "Files come from"],
    call.boxes.map((box) => [
      linkTo(box.anchor, code(box.box)),
      escapeHtml(box.files.words),
      yesNo(box.mandatory),
      box.fromArchive === null ? "uploaded" : `the archive ${boxLink(box.fromArchive)}`,
    ]),
  );
  const configured = unlessEmpty(
    call.configuredFiles.length,
    "Files stored with the service, each sent as a part carrying its id:",
    () =>
      table(
        ["Box", "Part", "Service file id", "Removable"],
        call.configuredFiles.map((file) => [
          boxLink(file.box),
          code(file.part),
          file.serviceFileId === null ? "" : code(file.serviceFileId),
          yesNo(file.removable),
        ]),
      ),
    "No file is stored with the service.",
  );
  const splits = unlessEmpty(
    call.editableSplits.length,
    "In <code>splitConfiguration</code>, by box:",
    () => bullets(call.editableSplits.map(boxLink)),
    "No split may be overridden at job creation.",
  );
  const requirements = unlessEmpty(
    call.requirements.length,
    "In <code>packRequirements</code>:",
    () => bullets(call.requirements.map(code)),
    "The service reads no requirement.",
  );
  const body = [
    "<p>Each file is a part of the <code>POST /jobs</code> request, named from its box; the <code>parameters</code> part says the rest.</p>",
    section(`${CALL_ID}-boxes`, 3, "Boxes to fill", boxes),
    section(`${CALL_ID}-configured-files`, 3, "Configured files", configured),
    section(`${CALL_ID}-editable-splits`, 3, "Splits a job may override", splits),
    section(`${CALL_ID}-requirements`, 3, "Requirements read", requirements),
    section(
      `${CALL_ID}-job-creation`,
      3,
      "Example job creation",
      `<p>The <code>parameters</code> part:</p>\n${jsonBlock(call.jobCreation)}`,
    ),
    section(
      `${CALL_ID}-delivery-command`,
      3,
      "Example delivery command",
      `<p>Sent to <code>POST /deliveries/commands</code>; channels by label, output files by name:</p>\n${jsonBlock(call.deliveryCommand)}`,
    ),
  ];
  return section(CALL_ID, 2, "How to call this service", body.join("\n"));
}
