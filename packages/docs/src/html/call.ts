/*
 * "How to call this service": what an integrator needs to create a job, follow it and send its delivery command.
 */

import type { ServiceDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { bullets, code, linkTo, type SectionId, section, table, yesNo } from "./fragments.js";
import type { Lookup } from "./lookup.js";

export const CALL_ID: SectionId = "call";

/** `intro` then `html` when there is something to show, else `none` in words. */
const unlessEmpty = (count: number, intro: string, html: () => string, none: string) =>
  count === 0 ? `<p class="muted">${escapeHtml(none)}</p>` : `<p>${intro}</p>\n${html()}`;

/** Model text with code in backticks, as markup. */
const withCode = (words: string): string =>
  words
    .split("`")
    .map((part, i) => (i % 2 === 1 ? code(part) : escapeHtml(part)))
    .join("");

export function callSection(service: ServiceDocs, names: Lookup): string {
  const { call } = service;
  const boxLink = (box: string) => linkTo(names.boxAnchor(box), code(box));
  const boxes = table(
    ["Box", "Files", "Mandatory", "Filled from"],
    call.boxes.map((box) => [
      linkTo(box.anchor, code(box.box)),
      escapeHtml(box.files.words),
      yesNo(box.mandatory),
      withCode(box.filledFrom),
    ]),
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
  const partNames = [
    `<p>${withCode(call.partNames.words)}</p>`,
    `<p>The forms shown: ${call.partNames.forms.map(code).join(", ")}.</p>`,
    "<p>The commands read these shell variables:</p>",
    bullets(call.variables.map((v) => `${code(v.name)}: ${withCode(v.words)}`)),
  ].join("\n");
  const steps = call.steps.map((step, i) =>
    section(
      `${CALL_ID}-step-${i + 1}`,
      3,
      `${i + 1}. ${escapeHtml(step.title)}`,
      [
        ...step.words.map((words) => `<p>${withCode(words)}</p>`),
        `<pre><code>${escapeHtml(step.command)}</code></pre>`,
      ].join("\n"),
    ),
  );
  const body = [
    "<p>A job is created by a multipart <code>POST /jobs</code> request: a <code>parameters</code> part and a part for each file, named from its box.</p>",
    section(`${CALL_ID}-boxes`, 3, "Boxes to fill", boxes),
    section(`${CALL_ID}-editable-splits`, 3, "Splits a job may override", splits),
    section(`${CALL_ID}-requirements`, 3, "Requirements read", requirements),
    section(`${CALL_ID}-part-names`, 3, "Part names", partNames),
    ...steps,
  ];
  return section(CALL_ID, 2, "How to call this service", body.join("\n"));
}
