/*
 * "Worked example": the first case of the service's test file as the simulation runs it: what the job is given,
 * a card per document (its pages, its metadata values, where an attachment goes), the archive entries no box
 * takes and the violations.
 */

import type { ExampleDocumentDocs, ServiceDocs, WorkedExampleDocs } from "../model.js";
import { escapeHtml } from "./escape.js";
import { code, facts, linkTo, list, type SectionId, section, table } from "./fragments.js";
import type { Lookup } from "./lookup.js";

export const EXAMPLE_ID: SectionId = "example";

export function exampleSection(service: ServiceDocs, names: Lookup): string {
  const example = service.workedExample;
  if (example === null) return "";
  const box = (name: string) => linkTo(names.boxAnchor(name), code(name));
  const given = facts([
    ...example.files.map((f) => [f.box, `${box(f.box)} ${code(f.path)}`] as const),
    ["Organizational unit", example.organizationalUnit === null ? null : code(example.organizationalUnit)],
    ["Now", example.now === null ? null : code(example.now)],
    ["NUID", example.nuid === null ? null : code(example.nuid)],
    ...example.requirements.map((r) => [`Requirement ${r.name}`, code(JSON.stringify(r.value))] as const),
  ]);
  const intro =
    `<p>The first case of ${code(example.testFile)}, “${escapeHtml(example.case)}”, as mailroom simulates the job ` +
    `(${code("mailroom test")} checks what the case expects of it).</p>`;
  const body = [intro, given, ...outcome(service, example, box)];
  return section(EXAMPLE_ID, 2, "Worked example", body.join("\n"));
}

function outcome(service: ServiceDocs, example: WorkedExampleDocs, box: (name: string) => string): string[] {
  if (example.problem !== null) {
    return [`<p>The job cannot be simulated: ${escapeHtml(example.problem)}.</p>`];
  }
  const anchors = new Map(service.metadata.map((m) => [`${m.box}/${m.name}`, m.anchor]));
  const documents =
    example.documents.length === 0
      ? `<p class="muted">The job has no document.</p>`
      : example.documents.map((d) => documentCard(d, box, anchors)).join("\n");
  const violations = list(
    example.violations.map((v) => `${code(v.code)} on ${box(v.box)}: ${escapeHtml(v.message)}`),
    "The job breaks no rule of the platform.",
  );
  // Entries no box takes are worth a word only where an archive was given.
  const archived = example.unmatched.length > 0 || example.documents.some((d) => d.archiveEntry !== null);
  const unmatched = list(
    example.unmatched.map((u) => `${code(u.entry)} in ${code(u.archive)}`),
    "Every archive entry goes to a box.",
  );
  return [
    documents,
    ...(archived ? [section(`${EXAMPLE_ID}-unmatched`, 3, "Archive entries no box takes", unmatched)] : []),
    section(`${EXAMPLE_ID}-violations`, 3, "Violations", violations),
  ];
}

function documentCard(
  d: ExampleDocumentDocs,
  box: (name: string) => string,
  anchors: ReadonlyMap<string, string>,
): string {
  const attached =
    d.attachedTo === null
      ? null
      : d.attachedTo.length === 0
        ? `<span class="muted">no MAIN document</span>`
        : d.attachedTo.map(code).join(", ");
  const values = d.metadata.map((m) => [
    linkTo(anchors.get(`${d.box}/${m.name}`) ?? null, code(m.name)),
    m.value === null
      ? `<span class="muted">no value: ${escapeHtml(m.problem ?? "")}</span>`
      : code(JSON.stringify(m.value)),
  ]);
  const parts = [
    facts([
      ["Box", box(d.box)],
      ["File", code(d.file)],
      ["Archive entry", d.archiveEntry === null ? null : code(d.archiveEntry)],
      [
        "Pages",
        d.pages === null ? null : d.pages[0] === d.pages[1] ? `${d.pages[0]}` : `${d.pages[0]} to ${d.pages[1]}`,
      ],
      ["Attached to", attached],
    ]),
    ...(values.length === 0 ? [] : [table(["Metadata", "Value"], values)]),
  ];
  return `<article class="card">\n<h3>${code(d.reference)}</h3>\n${parts.join("\n")}\n</article>`;
}
