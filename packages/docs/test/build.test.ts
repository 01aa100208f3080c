import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appositionWords, documentServices, renderJson, renderMarkdownPage, splitWords } from "@mailroom/docs";
import { DeliveryCommand, JobCreationParameters } from "@mailroom/model";
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers.js";
import { applyRandomEdits, randomEdit } from "../../../test/random-edits.js";
import { checked, documented, example, exampleFiles } from "./documented.js";

const schema = (name: string) => JSON.parse(readFileSync(join(repoRoot, "schemas", `${name}.schema.json`), "utf8"));

describe("the docs model of a service", () => {
  it("says what each box is and how files flow into it", () => {
    const docs = example("supplier-invoices");
    const byName = new Map(docs.boxes.map((box) => [box.name, box]));
    expect(docs.boxes.map((box) => [box.name, box.role, box.kind, box.elements.words])).toEqual([
      ["INVOICES", "main", "PDF", "exactly 1 file"],
      ["ANNEXES", "archive", "archive", "exactly 1 file"],
      ["PURCHASE_ORDERS", "attachment", "PDF", "up to 200 files"],
      ["DELIVERY_NOTES", "attachment", "PDF", "up to 500 files"],
      ["INVOICE_DATA", "attachment", "data file", "1 to 200 files"],
      ["GENERAL_TERMS", "attachment", "PDF", "exactly 1 file"],
    ]);
    const notes = byName.get("DELIVERY_NOTES");
    expect(notes?.extraction).toMatchObject({ archive: "ANNEXES", archiveAnchor: "box-annexes", rank: 2 });
    expect(notes?.extraction?.words).toMatch(/^files of the archive ANNEXES for which .+, tried second$/);
    expect(notes?.reconcile?.matches).toEqual({ min: 0, max: 5, words: "up to 5 documents" });
    expect(notes?.reconcile?.expected).toEqual({ min: 0, max: null, words: "any number of documents" });
    expect(byName.get("INVOICE_DATA")?.reconcile?.expected.words).toBe("at least 1 document");
    expect(byName.get("INVOICES")?.split).toEqual({
      type: "bsc.PDF_AREA",
      editable: true,
      words:
        'a new document starts on each page whose text in the area 120, 18, 80 x 8 (left, top, width, height) starts with "FACTURE N°", read with sortByPosition=true; a job may override it at creation',
    });
    expect(byName.get("GENERAL_TERMS")?.configuredFiles).toEqual([
      { serviceFileId: "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12", removable: false },
    ]);
  });

  it("links each metadata to what it reads and to where it is read", () => {
    const docs = example("supplier-invoices");
    const find = (box: string, name: string) => docs.metadata.find((m) => m.box === box && m.name === name);
    const account = find("INVOICES", "customerAccount");
    expect(account?.content.expression).toBe('concat(ou.ID, "-", meta.customerCode)');
    expect(account?.reads.map((r) => [r.kind, r.name, r.anchor])).toEqual([
      ["organizational-unit", "ID", null],
      ["metadata", "customerCode", "metadata-invoices-customercode"],
    ]);
    const order = find("INVOICES", "orderReference");
    expect(order?.usedBy.map((u) => u.words)).toEqual([
      "the reconcile condition of box PURCHASE_ORDERS",
      "the reconcile condition of box DELIVERY_NOTES",
    ]);
    const number = find("INVOICES", "invoiceNumber");
    expect(number?.usedBy.map((u) => [u.kind, u.words, u.anchor])).toEqual([
      ["metadata", "metadata deliveryLabel of box DELIVERY_NOTES", "metadata-delivery-notes-deliverylabel"],
      ["reconcile", "the reconcile condition of box INVOICE_DATA", "box-invoice-data"],
    ]);
    expect(number?.reads.map((r) => r.words)).toEqual(["the PDF in box INVOICES"]);
  });

  it("gives every anchor of a page once", () => {
    for (const docs of documentServices(exampleFiles()).services) {
      const anchors = [
        ...docs.boxes.map((b) => b.anchor),
        ...docs.metadata.map((m) => m.anchor),
        ...docs.channels.map((c) => c.anchor),
      ];
      expect(new Set(anchors).size, docs.slug).toBe(anchors.length);
      for (const m of docs.metadata) {
        for (const link of [...m.reads, ...m.usedBy]) if (link.anchor) expect(anchors).toContain(link.anchor);
      }
    }
  });

  it("names pages after their files, uniquely", () => {
    const text = readFileSync(join(repoRoot, "examples/payslips.service.yaml"), "utf8");
    const { services, index } = documentServices([
      checked("a/payslips.service.yaml", text),
      checked("b/payslips.service.yaml", text),
      checked("index.service.yaml", text),
    ]);
    expect(services.map((s) => s.slug)).toEqual(["payslips", "payslips-2", "index-2"]);
    expect(index.services.map((s) => s.file)).toEqual([
      "a/payslips.service.yaml",
      "b/payslips.service.yaml",
      "index.service.yaml",
    ]);
  });

  it("has every field described in docs/docs-generator.md", () => {
    const page = readFileSync(join(repoRoot, "docs/docs-generator.md"), "utf8");
    const keys = new Set<string>();
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) for (const item of value) walk(item, path);
      else if (typeof value === "object" && value !== null) {
        for (const [key, child] of Object.entries(value)) {
          keys.add(key);
          // The API's own objects (the examples of a call) are described by the model's schemas.
          if (!["call.jobCreation", "call.deliveryCommand"].includes(`${path}${key}`)) walk(child, `${path}${key}.`);
        }
      }
    };
    const { services, index } = documentServices(exampleFiles());
    for (const docs of services) walk(docs, "");
    walk(index, "");
    const named = new Set([...page.matchAll(/`([^`\n]+)`/g)].flatMap((m) => m[1]?.match(/[\w@-]+/g) ?? []));
    for (const key of keys) expect(named.has(key), key).toBe(true);
  });

  it("documents the same input the same way, byte for byte", () => {
    const once = documentServices(exampleFiles()).services.map(renderJson);
    const again = documentServices(exampleFiles()).services.map(renderJson);
    expect(again).toEqual(once);
  });
});

describe("how to call a service", () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const jobCreation = ajv.compile(schema("job-creation-parameters"));
  const deliveryCommand = ajv.compile(schema("delivery-command"));

  it("gives examples the model accepts, for every example service", () => {
    for (const docs of documentServices(exampleFiles()).services) {
      expect(JobCreationParameters.safeParse(docs.call.jobCreation).success, docs.slug).toBe(true);
      expect(jobCreation(docs.call.jobCreation), JSON.stringify(jobCreation.errors)).toBe(true);
      expect(DeliveryCommand.safeParse(docs.call.deliveryCommand).success, docs.slug).toBe(true);
      expect(deliveryCommand(docs.call.deliveryCommand), JSON.stringify(deliveryCommand.errors)).toBe(true);
    }
  });

  it("names channels by label, output files by name, and the splits and requirements a job may give", () => {
    const payslips = example("payslips");
    expect(payslips.call.requirements).toEqual(["POSTAL_ADDRESS_RECIPIENT"]);
    expect(payslips.call.editableSplits).toEqual(["ATTESTATIONS"]);
    expect(payslips.call.jobCreation).toEqual({
      jobName: "Bulletins de paie mensuels",
      serviceId: "3307",
      autocreateDeliveryCommand: false,
      packRequirements: { POSTAL_ADDRESS_RECIPIENT: { "@type": "exv.Value", value: "<POSTAL_ADDRESS_RECIPIENT>" } },
      splitConfiguration: { ATTESTATIONS: { "@type": "bsc.PAGE", editable: true, pages: 2 } },
    });
    // Its mail options depend on the sheet count: the service chooses them, a command leaves them out.
    expect(payslips.call.deliveryCommand).toEqual({ jobId: "<jobId returned by POST /jobs>" });
    const invoices = example("supplier-invoices");
    expect(invoices.call.boxes.map((b) => [b.box, b.mandatory, b.fromArchive])).toEqual([
      ["INVOICES", true, null],
      ["ANNEXES", true, null],
      ["PURCHASE_ORDERS", false, "ANNEXES"],
      ["DELIVERY_NOTES", false, "ANNEXES"],
      ["INVOICE_DATA", true, "ANNEXES"],
      ["GENERAL_TERMS", true, null],
    ]);
    expect(invoices.call.configuredFiles).toEqual([
      {
        box: "GENERAL_TERMS",
        part: "serviceFile__file_GENERAL_TERMS_0",
        serviceFileId: "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12",
        removable: false,
      },
    ]);
  });
});

describe("splits and appositions in words", () => {
  it("says what each split type does", () => {
    expect(splitWords({ "@type": "bsc.NONE", editable: false })).toBe(
      "each file is one document; jobs cannot change it",
    );
    expect(splitWords({ "@type": "bsc.PAGE", editable: true, pages: 3 })).toBe(
      "each file is cut into documents of 3 pages (its page count must be a multiple of 3); a job may override it at creation",
    );
    expect(splitWords({ "@type": "bsc.PAGE", editable: false, pages: 1 })).toBe(
      "each page is a document; jobs cannot change it",
    );
    const area = { left: 15, top: 270, width: 180, height: 12 };
    expect(splitWords({ "@type": "bsc.PDF_AREA", editable: false, area, value: "FIN", pages: -1 })).toBe(
      'a document ends on each page whose text in the area 15, 270, 180 x 12 (left, top, width, height) is "FIN"; jobs cannot change it',
    );
    expect(splitWords({ "@type": "bsc.PDF_AREA", editable: false, area, value: "^N°", pages: 2 })).toMatch(
      /^documents are cut at each page whose text .* starts with "N°" \(pages 2, which the API describes only as 1 or -1\)/,
    );
  });

  it("says what each apposition lays where", () => {
    const base = { id: "1", serializedPageFilter: "1-", editable: false };
    expect(
      appositionWords({
        ...base,
        "@type": "bap.Overlay",
        targetType: "DOCUMENT",
        background: true,
        serviceFileId: "f",
      }),
    ).toBe('an overlay (service file f) laid under the content of each document, pages "1-"; jobs cannot change it');
    expect(
      appositionWords({ ...base, "@type": "bap.Image", targetType: "ADDRESS_PAGE", background: false, editable: true }),
    ).toBe('an image laid over the content of the address page, pages "1-"; a job may change it');
    expect(
      appositionWords({ ...base, "@type": "bap.Overlay", targetType: "COMPOSED_DOCUMENT", background: false }),
    ).toBe('an overlay laid over the content of the composed document, pages "1-"; jobs cannot change it');
  });
});

describe("diagrams", () => {
  it("leaves out a diagram too large to read, and says so", () => {
    const metadata = Array.from({ length: 200 }, (_, i) => `      m${i}: meta.m${i + 1} | upper\n`).join("");
    const text = `id: 1\nname: Big\ntype: SIMPLE_UNIQUE\nboxes:\n  A:\n    type: pdf\n    main: true\n    elements: 1\n    metadata:\n${metadata}      m200: fileName\n`;
    const docs = documented(text);
    expect(docs.metadata).toHaveLength(201);
    expect(docs.diagrams.metadata).toMatchObject({ empty: true, mermaid: "", dot: "" });
    expect(docs.diagrams.metadata.omitted).toMatch(/^The diagram would have 202 nodes, more than 150: it is left out/);
    const page = renderMarkdownPage(docs);
    expect(page).toContain(`_${docs.diagrams.metadata.omitted}_`);
    expect(page.match(/```mermaid/g)).toHaveLength(1);
    expect(docs.diagrams.files.omitted).toBeNull();
  });

  it("escapes names in Mermaid and DOT labels", () => {
    const docs = documented(
      'id: 1\nname: x\ntype: SIMPLE_UNIQUE\nboxes:\n  "a\\"b#<c>&`d":\n    type: pdf\n    main: true\n    elements: 1\n',
    );
    expect(docs.diagrams.files.mermaid).toContain('n0["a#34;b#35;#60;c#62;#38;#96;d<br>PDF, main<br>exactly 1 file"]');
    // Graphviz reads `&...;` as an entity: `&` is written as one.
    expect(docs.diagrams.files.dot).toContain('n0 [label="a\\"b#<c>&amp;`d\\nPDF, main\\nexactly 1 file"');
  });

  it("writes control characters, lone surrogates and empty lines so that Graphviz draws them", () => {
    const docs = documented(
      'id: 1\nname: x\ntype: SIMPLE_UNIQUE\nboxes:\n  "":\n    type: pdf\n    main: true\n    elements: 1\n    metadata:\n      "a\\0b\\x7fc\\td\\ud800e\\\\N": { value: positionInBox }\n',
    );
    // A label whose first line is empty crashes viz.js: it is a space.
    expect(docs.diagrams.files.dot).toContain('n0 [label=" \\nPDF, main\\nexactly 1 file"');
    // NUL would end Graphviz's input, DEL is no XML: their Unicode pictures; a backslash is no escape.
    expect(docs.diagrams.metadata.dot).toContain('[label="a\u2400b\u2421c d\ufffde\\\\N"');
    expect(docs.diagrams.metadata.dot.split("\n").filter((line) => /\p{Cc}|\p{Cs}/u.test(line))).toEqual([]);
  });
});

describe("services with errors", () => {
  it("documents a service with errors, with its findings located", () => {
    const docs = documented("id: 1\nname: Broken\ntype: SIMPLE_UNIQUE\nboxes:\n  A:\n    type: pdff\n    main: true\n");
    expect(docs.errors).toBeGreaterThan(0);
    expect(docs.findings[0]).toMatchObject({ severity: "error", line: expect.any(Number), column: expect.any(Number) });
    expect(docs.name).toBe("Broken");
  });

  it("gives a page of findings for a file that holds no service", () => {
    const docs = documented("{ not json", "broken.service.json");
    expect(docs.slug).toBe("broken");
    expect(docs.boxes).toEqual([]);
    expect(docs.findings.length).toBeGreaterThan(0);
  });

  it("never fails on an edited example, in DSL or JSON", () => {
    const dsl = readFileSync(join(repoRoot, "examples/supplier-invoices.service.yaml"), "utf8");
    const json = readFileSync(join(repoRoot, "examples/supplier-invoices.service.json"), "utf8");
    const inserts = ["", "\n", "  ", ": ", "- ", "{", "]", '"', "null", "-1", "box.ARCHIVE", "exb.NOT", "@type"];
    fc.assert(
      fc.property(fc.boolean(), fc.array(randomEdit(inserts, 40), { minLength: 1, maxLength: 4 }), (useJson, edits) => {
        const text = applyRandomEdits(useJson ? json : dsl, edits);
        const docs = documented(text, useJson ? "x.service.json" : "x.service.yaml");
        expect(typeof renderJson(docs)).toBe("string");
      }),
      { numRuns: 150 },
    );
  });
});

describe("what a metadata reads", () => {
  it("lists every input of its expression, and says where an unreadable metadata is defined", () => {
    const docs = documented(
      [
        "id: 1",
        "name: Reads",
        "type: SIMPLE_UNIQUE",
        "boxes:",
        "  A:",
        "    type: pdf",
        "    main: true",
        "    elements: 1",
        "    metadata:",
        '      stamp: now | formatDate("yyyy", "UTC")',
        "      upload: jobFileName(B)",
        "      title: pdfText(1, [0, 0, 10, 10])",
        "      name: fileName[0:4]",
        "      borrowed: meta.inB",
        "      missing: meta.nowhere",
        '      constant: "x"',
        "  B:",
        "    type: pdf",
        "    elements: 1",
        "    metadata:",
        "      inB: fileName",
        "",
      ].join("\n"),
    );
    const reads = (name: string) =>
      docs.metadata.find((m) => m.box === "A" && m.name === name)?.reads.map((r) => [r.kind, r.words, r.anchor]);
    expect(reads("stamp")).toEqual([["clock", "the current date and time", null]]);
    expect(reads("upload")).toEqual([["job-file", "the job's files in box B", "box-b"]]);
    expect(reads("title")).toEqual([["pdf", "the PDF in box A", "box-a"]]);
    expect(reads("name")).toEqual([["file", "the file in box A", "box-a"]]);
    expect(reads("borrowed")).toEqual([
      ["metadata", "metadata inB of box B, defined in an attachment box, not readable here", "metadata-b-inb"],
    ]);
    expect(reads("missing")).toEqual([["metadata", "metadata nowhere (not defined)", null]]);
    expect(reads("constant")).toEqual([]);
    const page = renderMarkdownPage(docs);
    expect(page).toContain("- **Reads:** the current date and time\n");
    expect(page).toContain("- **Reads:** [the job's files in box B](#box-b)\n");
    expect(page).toContain(
      "- **Reads:** [metadata inB of box B, defined in an attachment box, not readable here](#metadata-b-inb)\n",
    );
    expect(page).toContain("- **Reads:** nothing else\n");
  });
});
