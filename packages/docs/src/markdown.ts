import { showControls } from "@mailroom/syntax";
import { CHANNEL_CHOICE } from "./channels.js";
import type {
  BoxDocs,
  Diagram,
  ExampleDocumentDocs,
  Explained,
  IndexDocs,
  MetadataDocs,
  OtherField,
  ServiceDocs,
  WorkedExampleDocs,
} from "./model.js";
import { sentence } from "./words.js";

/*
 * The Markdown view, for GitHub and GitLab: anchors as `<a id>` (their own heading ids differ), diagrams as
 * Mermaid blocks, expressions in code spans and blocks. Tables hold only short texts; expressions, which
 * are full of pipes, go in lists and blocks.
 */

export interface MarkdownOptions {
  /** Level of the page's title: 1 for a page of its own, 2 or more inside another document. */
  readonly level?: number;
  /** Put before every anchor, so that several services can share one document. */
  readonly anchorPrefix?: string;
  /** Where the index is, for a link back; none inside another document. */
  readonly indexHref?: string;
}

/**
 * Text as Markdown shows it, on one line: what could start a link, an emphasis, code, HTML, a table cell or an
 * entity is escaped, and so is a line start that would make a heading, a list or a quote; control characters are
 * shown (showControls). The rest stays as written, so that the Markdown reads well as text too
 * (`PURCHASE_ORDERS`: an underscore inside a word is never emphasis on GitHub).
 */
export const escapeMarkdown = (value: string): string =>
  showControls(value.replace(/\s*[\r\n]+\s*/g, " "), "\t")
    .replace(/[\\`*[\]<>|~]|&(?=#?\w+;)/g, "\\$&")
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
    .replace(/^[#+=-]/, "\\$&")
    .replace(/^(\d+)([.)])/, "$1\\$2");

/** A code span that holds any text: the fence is longer than the longest run of backticks inside. */
export function codeSpan(value: string): string {
  const runs = value.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = value.startsWith("`") || value.endsWith("`") || value === "" ? " " : "";
  return `${fence}${pad}${showControls(value.replace(/[\r\n]+/g, " "), "\t")}${pad}${fence}`;
}

/** A fenced code block that holds any text, its control characters shown but for tabs and line breaks. */
function codeBlock(value: string, language = ""): string {
  const runs = value.match(/`{3,}/g) ?? [];
  const fence = "`".repeat(Math.max(2, ...runs.map((r) => r.length)) + 1);
  return `${fence}${language}\n${showControls(value, "\t\n\r")}\n${fence}`;
}

const yesNo = (value: boolean | null): string => (value === null ? "not set" : value ? "yes" : "no");

/** One service's page. */
export function renderMarkdownPage(service: ServiceDocs, options: MarkdownOptions = {}): string {
  const level = options.level ?? 1;
  const prefix = options.anchorPrefix ?? "";
  const h = (depth: number, title: string, id?: string) =>
    `${id === undefined ? "" : `<a id="${prefix}${id}"></a>\n\n`}${"#".repeat(level + depth)} ${title}`;
  const link = (label: string, anchor: string | null) =>
    anchor === null ? escapeMarkdown(label) : `[${escapeMarkdown(label)}](#${prefix}${anchor})`;
  const out: string[] = [h(0, escapeMarkdown(service.name), "top")];

  if (service.errors > 0) {
    out.push(
      `> [!WARNING]\n> This service has ${plural(service.errors, "error")}` +
        `${service.warnings > 0 ? ` and ${plural(service.warnings, "warning")}` : ""}: ` +
        "what follows is a best effort. See [Findings](#" +
        `${prefix}findings).`,
    );
  }
  out.push(facts(service));
  if (service.description) out.push(escapeMarkdown(service.description));
  if (options.indexHref) out.push(`[All services](${options.indexHref})`);

  out.push(h(1, "Contents", "contents"), contents(service, link));
  if (service.findings.length > 0) out.push(h(1, "Findings", "findings"), findings(service));
  out.push(
    h(1, "How to call this service", "call"),
    call(service, link, (title) => h(2, title)),
  );
  out.push(h(1, "How files flow", "flow"), flow(service, link));
  if (service.workedExample)
    out.push(h(1, "Worked example", "example"), workedExample(service, service.workedExample, link));
  out.push(h(1, "Boxes", "boxes"));
  for (const box of service.boxes) out.push(h(2, escapeMarkdown(box.name), box.anchor), boxSection(box, link));
  out.push(h(1, "Metadata", "metadata"));
  if (service.metadata.length === 0) out.push("No box computes metadata.");
  else out.push(...diagramOrNote(service.diagrams.metadata));
  for (const m of service.metadata) {
    out.push(h(2, `${escapeMarkdown(m.box)}.${escapeMarkdown(m.name)}`, m.anchor), metadataSection(m, link));
  }
  out.push(h(1, "Channels", "channels"));
  if (service.channels.length === 0) out.push("The service has no channel.");
  for (const channel of service.channels) {
    const lines = [
      ...(channel.name === null ? [] : [`- **Name:** ${escapeMarkdown(channel.name)} (commands use the label)`]),
      `- **Output files:** ${channel.outputFiles.map(codeSpan).join(", ")}`,
      ...channel.options.map(
        (o) =>
          `- **Option** ${codeSpan(o.optionType)} = ${codeSpan(o.value)} on ${codeSpan(o.outputFile)}` +
          (o.condition ? `, when ${escapeMarkdown(o.condition.words)}: ${codeSpan(o.condition.expression)}` : ""),
      ),
      ...otherFieldLines(channel.otherFields),
    ];
    out.push(h(2, escapeMarkdown(channel.label), channel.anchor), lines.join("\n"));
  }
  return `${out.join("\n\n")}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function facts(service: ServiceDocs): string {
  const ou = service.organizationalUnit;
  const lines = [
    `- **Id:** ${service.id ?? "not set"}`,
    `- **Type:** ${service.type ?? "not set"}${service.typeWords === null ? "" : ` (${escapeMarkdown(service.typeWords)})`}`,
    ...(ou
      ? [`- **Organizational unit:** ${escapeMarkdown(ou.name ?? "")}${ou.id === null ? "" : ` (${ou.id})`}`]
      : []),
    ...(service.icon
      ? [
          `- **Icon:** ${[
            service.icon.name && codeSpan(service.icon.name),
            service.icon.color && codeSpan(service.icon.color),
          ]
            .filter(Boolean)
            .join(", ")}`,
        ]
      : []),
    `- **Source:** ${codeSpan(service.file)}`,
  ];
  return lines.join("\n");
}

type Link = (label: string, anchor: string | null) => string;

function contents(service: ServiceDocs, link: Link): string {
  const lines = [
    ...(service.findings.length > 0 ? [`- ${link("Findings", "findings")}`] : []),
    `- ${link("How to call this service", "call")}`,
    `- ${link("How files flow", "flow")}`,
    ...(service.workedExample ? [`- ${link("Worked example", "example")}`] : []),
    `- ${link("Boxes", "boxes")}`,
    ...service.boxes.map((box) => `  - ${link(box.name, box.anchor)}`),
    `- ${link("Metadata", "metadata")}`,
    `- ${link("Channels", "channels")}`,
  ];
  return lines.join("\n");
}

function findings(service: ServiceDocs): string {
  const rows = service.findings.map(
    (f) => `| ${f.severity} | ${codeSpan(f.code)} | ${f.line}:${f.column} | ${escapeMarkdown(f.message)} |`,
  );
  return ["| Severity | Code | Line:column | Message |", "|---|---|---|---|", ...rows].join("\n");
}

/** Model text with code in backticks: the code as code spans, the rest escaped. */
const withCode = (words: string): string =>
  words
    .split("`")
    .map((part, i) => (i % 2 === 1 ? codeSpan(part) : escapeMarkdown(part)))
    .join("");

/** How to call the service: the boxes, the part names, then each call of the API's flow as a shell command. */
function call(service: ServiceDocs, link: Link, heading: (title: string) => string): string {
  const c = service.call;
  const out: string[] = [];
  out.push(
    "A job is created by a multipart `POST /jobs` request: a `parameters` part and a part for each file, named from its box.",
    [
      "| Box | Files | Mandatory | Filled from |",
      "|---|---|---|---|",
      ...c.boxes.map(
        (b) =>
          `| ${link(b.box, b.anchor)} | ${b.files.words} | ${b.mandatory ? "yes" : "no"} | ${withCode(b.filledFrom)} |`,
      ),
    ].join("\n"),
  );
  out.push(
    c.editableSplits.length > 0
      ? `Splits a job may override (\`splitConfiguration\`): ${c.editableSplits.map(codeSpan).join(", ")}.`
      : "No split may be overridden at job creation.",
  );
  out.push(
    c.requirements.length > 0
      ? `Requirements the service reads (\`packRequirements\`): ${c.requirements.map(codeSpan).join(", ")}.`
      : "The service reads no requirement.",
  );
  out.push(
    `**Part names.** ${withCode(c.partNames.words)} The forms shown: ${c.partNames.forms.map(codeSpan).join(", ")}.`,
    `The commands read these shell variables:\n\n${c.variables.map((v) => `- ${codeSpan(v.name)}: ${withCode(v.words)}`).join("\n")}`,
  );
  c.steps.forEach((step, i) => {
    out.push(
      heading(`${i + 1}. ${escapeMarkdown(step.title)}`),
      step.words.map(withCode).join("\n\n"),
      codeBlock(step.command, "sh"),
    );
  });
  return out.join("\n\n");
}

function flow(service: ServiceDocs, link: Link): string {
  const out: string[] = [];
  out.push(...diagramOrNote(service.diagrams.files));
  const lines = service.boxes.flatMap((box) => [
    ...(box.entries ? [`- ${link(box.name, box.anchor)}: ${escapeMarkdown(sentence(box.entries.words))}`] : []),
    ...(box.extraction ? [`- ${link(box.name, box.anchor)}: ${escapeMarkdown(sentence(box.extraction.words))}`] : []),
    ...(box.reconcile ? [`- ${link(box.name, box.anchor)}: ${escapeMarkdown(sentence(box.reconcile.words))}`] : []),
  ]);
  out.push(lines.length > 0 ? lines.join("\n") : "No file is extracted from an archive or attached to another.");
  if (service.channels.length > 1) out.push(CHANNEL_CHOICE);
  return out.join("\n\n");
}

/**
 * The first test case simulated: what it gives, then each document with its pages, its metadata values (as JSON
 * strings, so that line breaks and spaces show) and, for an attachment, where it goes; then the archive entries
 * no box takes and the violations.
 */
function workedExample(service: ServiceDocs, example: WorkedExampleDocs, link: Link): string {
  const boxAnchor = new Map(service.boxes.map((b) => [b.name, b.anchor]));
  const box = (name: string) => link(name, boxAnchor.get(name) ?? null);
  const given = [
    ...example.files.map((f) => `- ${box(f.box)}: ${codeSpan(f.path)}`),
    ...(example.organizationalUnit === null
      ? []
      : [`- **Organizational unit:** ${codeSpan(example.organizationalUnit)}`]),
    ...(example.now === null ? [] : [`- **Now:** ${codeSpan(example.now)}`]),
    ...(example.nuid === null ? [] : [`- **NUID:** ${codeSpan(example.nuid)}`]),
    ...example.requirements.map((r) => `- **Requirement** ${codeSpan(r.name)}: ${codeSpan(JSON.stringify(r.value))}`),
  ];
  const out = [
    `The first case of ${codeSpan(example.testFile)}, “${escapeMarkdown(example.case)}”, as mailroom simulates the ` +
      "job (`mailroom test` checks what the case expects of it). The job is given:",
    given.join("\n"),
  ];
  if (example.problem !== null) {
    out.push(`It cannot be simulated: ${escapeMarkdown(example.problem)}.`);
    return out.join("\n\n");
  }
  const metadataAnchor = new Map(service.metadata.map((m) => [`${m.box}/${m.name}`, m.anchor]));
  out.push(
    example.documents.length === 0
      ? "It holds no document."
      : `It holds these documents:\n\n${example.documents.map((d) => exampleDocument(d, metadataAnchor, link)).join("\n")}`,
  );
  if (example.unmatched.length > 0) {
    out.push(
      `Archive entries no box takes:\n\n${example.unmatched.map((u) => `- ${codeSpan(u.entry)} in ${codeSpan(u.archive)}`).join("\n")}`,
    );
  } else if (example.documents.some((d) => d.archiveEntry !== null)) {
    out.push("Every archive entry goes to a box.");
  }
  const violation = (v: WorkedExampleDocs["violations"][number]) =>
    `- ${codeSpan(v.code)} on ${box(v.box)}: ${escapeMarkdown(v.message)}`;
  out.push(
    example.violations.length === 0
      ? "The job breaks no rule of the platform."
      : `Violations:\n\n${example.violations.map(violation).join("\n")}`,
  );
  return out.join("\n\n");
}

/** A document of the worked example, its metadata values nested under it. */
function exampleDocument(d: ExampleDocumentDocs, anchors: ReadonlyMap<string, string>, link: Link): string {
  const pages =
    d.pages === null
      ? ""
      : d.pages[0] === d.pages[1]
        ? `page ${d.pages[0]} of `
        : `pages ${d.pages[0]} to ${d.pages[1]} of `;
  const from = d.archiveEntry === null ? codeSpan(d.file) : `${codeSpan(d.archiveEntry)} in ${codeSpan(d.file)}`;
  const attached =
    d.attachedTo === null
      ? ""
      : d.attachedTo.length === 0
        ? ", attached to no MAIN document"
        : `, attached to ${d.attachedTo.map((r) => `**${escapeMarkdown(r)}**`).join(", ")}`;
  const values = d.metadata.map((m) => {
    const name = link(m.name, anchors.get(`${d.box}/${m.name}`) ?? null);
    const value =
      m.value === null ? `no value (${escapeMarkdown(m.problem ?? "")})` : codeSpan(JSON.stringify(m.value));
    return `  - ${name}: ${value}`;
  });
  return [`- **${escapeMarkdown(d.reference)}**: ${pages}${from}${attached}`, ...values].join("\n");
}

/** A diagram as a Mermaid block; when there is none, the reason it was left out, if it was. */
const diagramOrNote = (diagram: Diagram): string[] => {
  if (!diagram.empty) return [codeBlock(diagram.mermaid, "mermaid")];
  return diagram.omitted === null ? [] : [`_${escapeMarkdown(diagram.omitted)}_`];
};

const expressionLine = (label: string, e: Explained) =>
  `- **${label}:** ${codeSpan(e.expression)}  \n  ${escapeMarkdown(sentence(e.words))}`;

function boxSection(box: BoxDocs, link: Link): string {
  const lines = [
    `- **Kind:** ${box.role === "archive" ? box.kind : `${box.kind}, ${box.role === "main" ? "MAIN" : "ATTACHMENT"}`} (${codeSpan(box.type)})`,
    ...(box.label === null ? [] : [`- **Label:** ${escapeMarkdown(box.label)}`]),
    `- **Hidden:** ${yesNo(box.hidden)}`,
    `- **Files:** ${box.elements.words}`,
    ...(box.split ? [`- **Split:** ${escapeMarkdown(sentence(box.split.words))}`] : []),
    ...(box.hasAddressPage === null ? [] : [`- **Address page:** ${yesNo(box.hasAddressPage)}`]),
    ...(box.integrityPreservable === null ? [] : [`- **Integrity preservable:** ${yesNo(box.integrityPreservable)}`]),
    ...box.appositions.map((a) => `- **Apposition:** ${escapeMarkdown(sentence(a.words))}`),
    ...box.configuredFiles.map(
      (f) =>
        `- **Configured file:** ${f.serviceFileId === null ? "a new file" : codeSpan(f.serviceFileId)}, ${f.removable ? "removable" : "mandatory"}`,
    ),
  ];
  if (box.entries) lines.push(`- **Entries:** ${escapeMarkdown(sentence(box.entries.words))}`);
  if (box.extraction) {
    lines.push(
      `- **Extracted from:** ${link(box.extraction.archive, box.extraction.archiveAnchor)}, rank ${box.extraction.rank}`,
      expressionLine("File matcher", box.extraction.matcher),
    );
  }
  if (box.reconcile) {
    const r = box.reconcile;
    lines.push(
      expressionLine("Reconcile", r.condition),
      `- **Documents of this box in a job:** ${r.expected.words}; **per MAIN document:** ${r.matches.words}`,
    );
  }
  if (box.metadata.length > 0)
    lines.push(`- **Metadata:** ${box.metadata.map((m) => link(m.name, m.anchor)).join(", ")}`);
  lines.push(...otherFieldLines(box.otherFields));
  return lines.join("\n");
}

/** Fields the page does not read, each with its value as written. */
const otherFieldLines = (fields: readonly OtherField[]): string[] =>
  fields.length === 0
    ? []
    : [
        "- **Other fields** (not read by mailroom, as written):",
        ...fields.map((f) => `  - ${codeSpan(f.field)}: ${codeSpan(f.value)}`),
      ];

function metadataSection(m: MetadataDocs, link: Link): string {
  const out = [
    codeBlock(m.content.expression),
    escapeMarkdown(sentence(m.content.words)),
    [
      `- **Persist:** ${yesNo(m.persist)}; **editable:** ${yesNo(m.editable)}`,
      `- **Reads:** ${m.reads.length === 0 ? "nothing else" : m.reads.map((r) => link(r.words, r.anchor)).join(", ")}`,
      `- **Used by:** ${m.usedBy.length === 0 ? "nothing in the service" : m.usedBy.map((u) => link(u.words, u.anchor)).join(", ")}`,
    ].join("\n"),
  ];
  return out.join("\n\n");
}

/** The index page: every service, linking to its page. */
export function renderMarkdownIndex(index: IndexDocs, pageHref: (slug: string) => string): string {
  const rows = index.services.map(
    (s) =>
      `| [${escapeMarkdown(s.name)}](${pageHref(s.slug)}) | ${s.id ?? ""} | ${s.type ?? ""} | ` +
      `${s.errors + s.warnings === 0 ? "none" : `${plural(s.errors, "error")}, ${plural(s.warnings, "warning")}`} | ` +
      `${codeSpan(s.file)} |`,
  );
  return [
    "# Services",
    `${plural(index.services.length, "service")}, generated by mailroom from their definitions.`,
    ["| Service | Id | Type | Findings | Source |", "|---|---|---|---|---|", ...rows].join("\n"),
  ]
    .join("\n\n")
    .concat("\n");
}
