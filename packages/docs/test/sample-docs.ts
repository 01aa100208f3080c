/*
 * A docs model written by hand, with every part a page can show: an archive, a main PDF box with a split,
 * appositions and configured files, an attachment box extracted from the archive and reconciled, metadata that
 * read each other, channels with conditional options, and findings.
 */

import { DOCS_MODEL_VERSION, type IndexDocs, type ServiceDocs } from "@mailroom/docs";

const count = (min: number, max: number | null, words: string) => ({ min, max, words });

const FILES_DOT = `digraph "How files flow" {
  rankdir=LR;
  n0 [label="BUNDLE", shape=cylinder];
  n1 [label="INVOICES", shape=box, style="rounded"];
  n2 [label="ANNEXES", shape=box, style="rounded"];
  n0 -> n2 [label="rank 1"];
  n2 -> n1 [label="reconcile"];
}`;

const METADATA_DOT = `digraph "Metadata dependencies" {
  rankdir=LR;
  n0 [label="INVOICES.invoiceNo", shape=box];
  n1 [label="ANNEXES.annexKey", shape=box];
  n2 [label="reconcile ANNEXES", shape=hexagon];
  n0 -> n2;
  n1 -> n2;
}`;

const TERMS = { box: "INVOICES", part: "serviceFile__file_INVOICES_0", serviceFileId: "sf-terms", removable: false };

export function sampleDocs(overrides: Partial<ServiceDocs> = {}): ServiceDocs {
  return {
    version: DOCS_MODEL_VERSION,
    file: "examples/invoices.service.yaml",
    format: "dsl",
    slug: "invoices",
    id: 42,
    name: "Invoices with annexes",
    type: "svc.HYBRID",
    typeWords: "not one of the types the API lists",
    organizationalUnit: { id: 7, name: "Accounting" },
    description: "Invoices sent by post or e-mail.\n\nAnnexes come in a ZIP archive.",
    icon: { name: "invoice", color: "#3366cc" },
    findings: [
      { code: "unused-metadata", severity: "warning", message: 'Metadata "spare" is never read.', line: 12, column: 7 },
    ],
    errors: 0,
    warnings: 1,
    boxes: [
      {
        name: "BUNDLE",
        anchor: "box-bundle",
        type: "box.ARCHIVE",
        kind: "archive",
        role: "archive",
        label: null,
        hidden: true,
        elements: count(0, 1, "0 to 1"),
        split: null,
        hasAddressPage: null,
        integrityPreservable: null,
        appositions: [],
        configuredFiles: [],
        extraction: null,
        entries: {
          takers: [{ box: "ANNEXES", anchor: "box-annexes", rank: 1 }],
          words: "each entry of BUNDLE goes to the first box whose file matcher takes it: ANNEXES (rank 1)",
        },
        reconcile: null,
        metadata: [],
        otherFields: [{ field: "maxEntries", value: "500" }],
      },
      {
        name: "INVOICES",
        anchor: "box-invoices",
        type: "box.PDF",
        kind: "PDF",
        role: "main",
        label: "Invoices",
        hidden: false,
        elements: count(1, 50, "1 to 50"),
        split: {
          type: "bsc.PDF_AREA",
          editable: true,
          words:
            "a new document starts on each page whose text in the area starts with 'INVOICE'; a job may override it",
        },
        hasAddressPage: true,
        integrityPreservable: false,
        appositions: [
          {
            type: "bap.Image",
            id: "logo",
            target: "first page",
            pages: "1",
            background: false,
            editable: true,
            serviceFileId: "sf-logo",
            words: "the image sf-logo on page 1",
          },
        ],
        configuredFiles: [{ serviceFileId: "sf-terms", removable: false }],
        extraction: null,
        entries: null,
        reconcile: null,
        metadata: [{ name: "invoiceNo", anchor: "metadata-invoices-invoiceno" }],
        otherFields: [],
      },
      {
        name: "ANNEXES",
        anchor: "box-annexes",
        type: "box.PDF",
        kind: "PDF",
        role: "attachment",
        label: null,
        hidden: false,
        elements: count(0, null, "at least 0"),
        split: { type: "bsc.NONE", editable: false, words: "each file is one document" },
        hasAddressPage: false,
        integrityPreservable: null,
        appositions: [],
        configuredFiles: [],
        extraction: {
          archive: "BUNDLE",
          archiveAnchor: "box-bundle",
          rank: 1,
          matcher: { expression: 'lower(archivePath) | endsWith(".pdf")', words: "the entry's path ends with .pdf" },
          words: "files of the archive BUNDLE whose path ends with .pdf, tried first",
        },
        entries: null,
        reconcile: {
          condition: {
            expression: "meta.annexKey == meta.invoiceNo",
            words: "the annex key equals the invoice number",
          },
          expected: count(0, null, "any number"),
          matches: count(0, 1, "0 to 1"),
          mains: ["INVOICES"],
          words: "each invoice gets the annexes whose key equals its number",
        },
        metadata: [{ name: "annexKey", anchor: "metadata-annexes-annexkey" }],
        otherFields: [],
      },
    ],
    metadata: [
      {
        box: "INVOICES",
        name: "invoiceNo",
        anchor: "metadata-invoices-invoiceno",
        content: {
          expression: "pdfText(1, [120, 18, 80, 8]) | clean(trim, normalizeSpace) | upper",
          words: "the text on page 1 in the area 120, 18, 80 x 8, trimmed, in upper case",
        },
        persist: true,
        editable: false,
        reads: [
          { kind: "file", name: "INVOICES", box: "INVOICES", anchor: "box-invoices", words: "the PDF of INVOICES" },
        ],
        usedBy: [
          {
            kind: "reconcile",
            owner: "ANNEXES",
            name: null,
            anchor: "box-annexes",
            words: "the reconcile condition of ANNEXES",
          },
        ],
      },
      {
        box: "ANNEXES",
        name: "annexKey",
        anchor: "metadata-annexes-annexkey",
        content: { expression: "fileName[0:8]", words: "the first 8 characters of the file name" },
        persist: false,
        editable: true,
        reads: [
          { kind: "organizational-unit", name: "ID", box: null, anchor: null, words: "the organizational unit's ID" },
        ],
        usedBy: [],
      },
    ],
    channels: [
      {
        label: "Post",
        anchor: "channel-post",
        name: "postal",
        outputFiles: ["MAIN"],
        options: [
          {
            outputFile: "MAIN",
            optionType: "COLOR",
            value: "true",
            condition: { expression: 'meta.invoiceNo != ""', words: "the invoice number is not empty" },
          },
          { outputFile: "MAIN", optionType: "DUPLEX", value: "false", condition: null },
        ],
        otherFields: [{ field: "cutOffTime", value: "16:00" }],
      },
      {
        label: "E-mail",
        anchor: "channel-e-mail",
        name: null,
        outputFiles: ["MAIN", "COPY"],
        options: [],
        otherFields: [],
      },
    ],
    call: {
      boxes: [
        {
          box: "BUNDLE",
          anchor: "box-bundle",
          files: count(0, 1, "0 to 1"),
          mandatory: false,
          fromArchive: null,
          serviceFiles: [],
          filledFrom: "uploaded, each file as a part `file__file_BUNDLE_<n>` (`n` from 0)",
        },
        {
          box: "INVOICES",
          anchor: "box-invoices",
          files: count(1, 50, "1 to 50"),
          mandatory: true,
          fromArchive: null,
          serviceFiles: [TERMS],
          filledFrom: "the file `sf-terms` stored with the service, sent as the part `serviceFile__file_INVOICES_0`",
        },
        {
          box: "ANNEXES",
          anchor: "box-annexes",
          files: count(0, null, "any number"),
          mandatory: false,
          fromArchive: "BUNDLE",
          serviceFiles: [],
          filledFrom: "the entries of the archive `BUNDLE`",
        },
      ],
      configuredFiles: [TERMS],
      editableSplits: ["INVOICES"],
      requirements: ["PRIORITY"],
      partNames: {
        form: "file__file_<BoxID>_<n>",
        forms: ["file__file_<BoxID>_<n>", "file_main<BoxID>_<n>"],
        words: "The API shows several forms.",
      },
      variables: [{ name: "BASE_URL", words: "The API's base address (`{base_url}`)." }],
      jobCreation: { serviceId: 42, autocreateDeliveryCommand: true, packRequirements: { PRIORITY: "value" } },
      parts: [
        { part: "parameters", kind: "parameters", box: null, value: null },
        { part: "serviceFile__file_INVOICES_0", kind: "service-file", box: "INVOICES", value: "sf-terms" },
      ],
      deliveryCommand: { jobId: "<jobId>", serviceChannelOptions: { Post: { MAIN: ["2SIDE"] } } },
      steps: [
        {
          title: "Create the job",
          words: ["A <multipart> request & its `parameters`."],
          command: `curl "$BASE_URL/jobs" -F 'parameters=<-' <<'JSON'\n{"a": "<b>"}\nJSON`,
        },
      ],
    },
    diagrams: {
      files: { title: "How files flow", empty: false, omitted: null, mermaid: "flowchart LR", dot: FILES_DOT },
      metadata: {
        title: "Metadata dependencies",
        empty: false,
        omitted: null,
        mermaid: "flowchart LR",
        dot: METADATA_DOT,
      },
    },
    workedExample: {
      testFile: "examples/invoices.service.test.yaml",
      case: "a batch of two invoices",
      files: [
        { box: "INVOICES", path: "samples/INVOICES_2024.pdf" },
        { box: "BUNDLE", path: "samples/annexes.zip" },
      ],
      organizationalUnit: "ou.json",
      now: "2024-03-15T10:00:00Z",
      nuid: null,
      requirements: [{ name: "PRIORITY", value: "high" }],
      problem: null,
      documents: [
        {
          reference: "INVOICES#1",
          box: "INVOICES",
          file: "samples/INVOICES_2024.pdf",
          archiveEntry: null,
          pages: [1, 2],
          metadata: [{ name: "invoiceNo", value: "FA-1", problem: null }],
          attachedTo: null,
        },
        {
          reference: "ANNEXES#1",
          box: "ANNEXES",
          file: "samples/annexes.zip",
          archiveEntry: "annexes/FA-1.pdf",
          pages: [1, 1],
          metadata: [{ name: "annexKey", value: null, problem: "the area is empty" }],
          attachedTo: ["INVOICES#1"],
        },
      ],
      unmatched: [{ archive: "samples/annexes.zip", entry: "readme.txt" }],
      violations: [
        { code: "unattached", box: "ANNEXES", file: "samples/annexes.zip", message: "goes to no MAIN document" },
      ],
    },
    ...overrides,
  };
}

/** The same service with names, texts and diagram labels that would be markup if they were not escaped. */
export function hostileDocs(): ServiceDocs {
  const base = sampleDocs();
  const evil = `<script>alert("x")</script> & 'quoted' <img src=x onerror=alert(1)>`;
  return {
    ...base,
    name: evil,
    description: `${evil}\n\n<b>bold</b>`,
    icon: { name: evil, color: "red; background-image: url(//example.com/x.png)" },
    boxes: base.boxes.map((box) => ({ ...box, label: evil, otherFields: [{ field: evil, value: evil }] })),
    metadata: base.metadata.map((entry) => ({ ...entry, content: { expression: evil, words: evil } })),
    channels: base.channels.map((channel) => ({
      ...channel,
      label: evil,
      otherFields: [{ field: evil, value: evil }],
    })),
    findings: [{ code: "x", severity: "error", message: evil, line: 1, column: 1 }],
    errors: 1,
    warnings: 0,
    diagrams: {
      files: {
        ...base.diagrams.files,
        title: evil,
        dot: `digraph { a [label="<script>alert('x')</script> & \\"q\\""]; }`,
      },
      metadata: base.diagrams.metadata,
    },
    workedExample: base.workedExample && {
      ...base.workedExample,
      case: evil,
      files: [{ box: evil, path: evil }],
      documents: base.workedExample.documents.map((d) => ({
        ...d,
        reference: evil,
        file: evil,
        metadata: [{ name: evil, value: evil, problem: null }],
      })),
      unmatched: [{ archive: evil, entry: evil }],
      violations: [{ code: "unattached", box: evil, file: evil, message: evil }],
    },
  };
}

export function sampleIndex(): IndexDocs {
  return {
    version: DOCS_MODEL_VERSION,
    services: [
      {
        slug: "invoices",
        name: "Invoices with annexes",
        id: 42,
        type: "svc.HYBRID",
        file: "examples/invoices.service.yaml",
        description: "Invoices sent by post or e-mail.",
        errors: 0,
        warnings: 1,
      },
      {
        slug: "broken",
        name: `<script>alert("x")</script>`,
        id: null,
        type: null,
        file: "examples/broken.service.json",
        description: null,
        errors: 2,
        warnings: 0,
      },
    ],
  };
}
