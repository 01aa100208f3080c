import { describe, expect, it } from "vitest";
import { invoicesService, serviceHead } from "../../compiler/test/service-text.js";
import { complete } from "../src/completion.js";
import { parseDocument } from "../src/document.js";
import { marked } from "./marked.js";

function at(text: string, file = "x.service.yaml") {
  const { document, offset } = marked(file, text);
  return { doc: document, offset };
}
const labels = (text: string, file?: string) => {
  const { doc, offset } = at(text, file);
  return complete(doc, offset).items.map((i) => i.label);
};

const SERVICE = invoicesService(
  `    metadata:
      invoiceNumber: fileName[0:8]
      customer: upper(pdfText(1, [20, 40, 80, 10]))
`,
  `    from: { archive: bundle, rank: 1, match: endsWith(archivePath, ".pdf") }
    metadata:
      annexKey: fileName[0:8]
      other: fileName
`,
);

const insert = (marker: string, replacement: string) => SERVICE.replace(marker, replacement);

describe("completion in DSL keys", () => {
  it("offers the keys of a box not yet written, with descriptions and a key: insert", () => {
    const { doc, offset } = at(insert("    elements: 0..1\n", "    elements: 0..1\n    hi|\n"));
    const items = complete(doc, offset).items;
    const hidden = items.find((i) => i.label === "hidden");
    expect(hidden?.insertText).toBe("hidden: ");
    expect(hidden?.documentation).toContain("Hide the box");
    expect(hidden?.span).toEqual({ offset: offset - 2, length: 2 });
    expect(items.map((i) => i.label)).not.toContain("type");
    expect(items.map((i) => i.label)).not.toContain("elements");
    // An archive box has no metadata.
    expect(items.map((i) => i.label)).not.toContain("metadata");
  });

  it("offers the PDF keys in a pdf box, on a blank line", () => {
    const result = labels(insert("    main: true\n", "    main: true\n    |\n"));
    expect(result).toContain("split");
    expect(result).toContain("appositions");
    expect(result).not.toContain("main");
  });

  it("offers top-level keys missing from the service", () => {
    const result = labels(`name: x\n|\n`);
    expect(result).toEqual(expect.arrayContaining(["id", "type", "boxes", "channels"]));
    expect(result).not.toContain("name");
  });

  it("works in a list item and in a flow mapping", () => {
    const list = labels(
      insert("    elements: 0..5\n", "    elements: 0..5\n    appositions:\n      - type: image\n        ta|\n"),
    );
    expect(list).toContain("target");
    expect(list).not.toContain("type");
    const flow = labels(insert("    elements: 1\n", "    elements: 1\n    split: { area: [1, 2, 3, 4], pa| }\n"));
    expect(flow).toEqual(expect.arrayContaining(["page", "params", "value"]));
    expect(flow).not.toContain("area");
  });
});

describe("completion of DSL values", () => {
  it("offers the enum values of a key", () => {
    expect(labels("type: |\n")).toEqual([
      "SIMPLE_UNIQUE",
      "SIMPLE_MULTIPLE",
      "PREPROCESSING_UNIQUE",
      "PREPROCESSING",
      "ADVANCED",
    ]);
    expect(labels(insert("    type: archive\n", "    type: |\n"))).toEqual(["pdf", "data-file", "archive"]);
    expect(labels(insert("    main: true\n", "    main: |\n"))).toEqual(["true", "false"]);
  });

  it("offers only archive boxes as a parent", () => {
    expect(labels(insert("archive: bundle", "archive: b|"))).toEqual(["bundle"]);
    expect(labels(insert("archive: bundle", "archive: |"), "x.service.yaml")).toEqual(["bundle"]);
  });

  it("offers every value of an enum, replacing the whole value, so that it can be changed", () => {
    for (const written of ["type: |pdf", "type: p|df", "type: pdf|"]) {
      const { doc, offset } = at(insert("    type: pdf\n    elements: 0..5", `    ${written}\n    elements: 0..5`));
      const items = complete(doc, offset).items;
      expect(items.map((i) => i.label)).toEqual(["pdf", "data-file", "archive"]);
      for (const i of items) expect(doc.text.slice(i.span.offset, i.span.offset + i.span.length)).toBe("pdf");
    }
    const { doc, offset } = at(SERVICE.replace("type: ADVANCED", "type: SIMPLE_|UNIQUE"));
    const items = complete(doc, offset).items;
    expect(items.map((i) => i.label)).toContain("ADVANCED");
    expect(doc.text.slice(items[0]?.span.offset, (items[0]?.span.offset ?? 0) + (items[0]?.span.length ?? 0))).toBe(
      "SIMPLE_UNIQUE",
    );
    expect(labels(insert("    main: true\n", "    main: t|rue\n"))).toEqual(["true", "false"]);
  });
});

describe("completion in expressions", () => {
  it("offers functions with snippets and namespaces", () => {
    const { doc, offset } = at(insert("fileName[0:8]\n      other", "con|\n      other"));
    const items = complete(doc, offset).items;
    const concat = items.find((i) => i.label === "concat");
    expect(concat?.snippet).toBe(true);
    expect(concat?.insertText).toBe(`concat(\${1:a}, \${2:b})`);
    expect(concat?.detail).toBe("concat(values...)");
    expect(items.find((i) => i.label === "meta")?.insertText).toBe("meta.");
  });

  it("offers pipe steps without their piped argument", () => {
    const { doc, offset } = at(insert("upper(pdfText(1, [20, 40, 80, 10]))", "pdfText(1, [20, 40, 80, 10]) | repl|"));
    const replace = complete(doc, offset).items.find((i) => i.label === "replace");
    expect(replace?.insertText).toBe(`replace(/\${1:pattern}/, "\${2:replacement}")`);
    expect(complete(doc, offset).items.map((i) => i.label)).not.toContain("pdfText");
  });

  it("offers the metadata a reference may resolve to: its own box and MAIN boxes", () => {
    const result = labels(insert("      other: fileName", "      other: concat(meta.|"));
    expect(result).toEqual(["annexKey", "invoiceNumber", "customer"]);
    // In the MAIN box, an attachment's metadata is not visible, and a metadata does not reference itself.
    expect(labels(insert("upper(pdfText(1, [20, 40, 80, 10]))", "concat(meta.|)"))).toEqual(["invoiceNumber"]);
  });

  it("offers namespace identifiers", () => {
    expect(labels(insert("      other: fileName", "      other: ou.E|"))).toContain("EMAIL_ADDRESS");
    expect(labels(insert("      other: fileName", "      other: output.|"))).toEqual(["NUID"]);
  });

  it("offers box names for box arguments, and arguments not written yet", () => {
    expect(labels(insert("      other: fileName", "      other: fileName(box=|)"))).toEqual([
      "invoices",
      "bundle",
      "annexes",
    ]);
    expect(labels(insert("      other: fileName", "      other: jobFileName(|)"))).toContain("annexes");
    const clean = labels(insert("upper(pdfText(1, [20, 40, 80, 10]))", "clean(pdfText(1, [1, 1, 1, 1]), trim, |)"));
    expect(clean).toEqual(expect.arrayContaining(["normalizeSpace", "removeDiacritics"]));
    expect(clean).not.toContain("trim");
  });

  it("offers time zones and locales inside date strings", () => {
    const zone = labels(insert("      other: fileName", '      other: now | formatDate("yyyy", "Europe/P|")'));
    expect(zone).toContain("Europe/Paris");
    const locale = labels(insert("      other: fileName", '      other: now | formatDate("yyyy", "UTC", locale="|")'));
    expect(locale).toContain("fr-FR");
  });

  it("works in a quoted and a block scalar", () => {
    expect(labels(insert("      other: fileName", "      other: 'concat(meta.|'"))).toContain("annexKey");
    expect(
      labels(insert("      other: fileName", "      other: >-\n        concat(fileName,\n          ou.|)")),
    ).toContain("SIRET");
  });
});

describe("completion filtered by what the place accepts", () => {
  const other = (expression: string) => labels(insert("      other: fileName", `      other: ${expression}`));
  const when = (condition: string) =>
    labels(
      insert(
        "    metadata:\n      annexKey",
        `    reconcile:\n      when: ${condition}\n    metadata:\n      annexKey`,
      ),
    );
  const match = (condition: string) => labels(insert('endsWith(archivePath, ".pdf")', condition));
  const CONDITIONS = ["contains", "startsWith", "endsWith", "numEqual", "matches"];

  it("offers values, not conditions, in a value: an argument, a pipe step", () => {
    for (const result of [other("concat(|"), other("concat(fileName, u|"), other("fileName | |"), other("(|")]) {
      expect(result).toEqual(expect.arrayContaining(["upper", "replace"]));
      for (const condition of CONDITIONS) expect(result).not.toContain(condition);
    }
    expect(other("|")).toEqual(expect.arrayContaining(["concat", "fileName", "meta"]));
    expect(other("|")).not.toContain("startsWith");
  });

  it("offers conditions, and values to compare, in a condition; values only after a comparison", () => {
    for (const result of [when("|"), when('meta.annexKey == "x" and |'), when("not (|"), match("archivePath | |")]) {
      expect(result).toEqual(expect.arrayContaining(["startsWith", "matches", "upper"]));
    }
    expect(when("meta.annexKey == |")).toEqual(expect.arrayContaining(["upper", "meta"]));
    for (const result of [when("meta.annexKey == |"), when("fileName < meta.annexKey | |")]) {
      expect(result).toContain("upper");
      for (const condition of CONDITIONS) expect(result).not.toContain(condition);
    }
    // A value compared inside a condition's argument: the argument's parameter decides.
    expect(when("startsWith(|")).not.toContain("contains");
  });

  it("offers a function only at the sites where it means something", () => {
    expect(match("|")).toContain("archivePath");
    expect(when("|")).not.toContain("archivePath");
    expect(other("concat(|")).not.toContain("archivePath");
    // The sheet count belongs to channel conditions, which the DSL writes in raw JSON.
    expect(match("|")).not.toContain("numSheets");
  });

  it("offers only the flags and named arguments in an argument written as a literal", () => {
    const flags = ["trim", "normalizeSpace", "removeDiacritics", "multiline"];
    expect(other("fileName | clean(|")).toEqual(flags);
    expect(other("fileName | clean(trim, |")).toEqual(flags.slice(1));
    expect(other("clean(fileName, |")).toEqual(flags);
    const page = other("pdfText(|");
    expect(page).toEqual(expect.arrayContaining(["box=", "main"]));
    for (const name of ["upper", "meta", "invoices"]) expect(page).not.toContain(name);
    expect(other("fileName | replace(|")).not.toContain("upper");
  });

  it("offers the boxes of the types a box argument accepts", () => {
    const withDataFile = SERVICE.replace("  bundle:\n", "  ledger:\n    type: data-file\n    elements: 1\n  bundle:\n");
    const inAnnexes = (expression: string) =>
      labels(withDataFile.replace("      other: fileName", `      other: ${expression}`));
    expect(inAnnexes("pdfText(1, [1, 1, 1, 1], box=|)")).toEqual(["invoices", "annexes"]);
    expect(inAnnexes('pdfMeta("Title", box="|")')).toEqual(["invoices", "annexes"]);
    expect(inAnnexes('pdfMeta("Title", boxName="|")')).toEqual(["invoices", "annexes"]);
    expect(inAnnexes("fileName(box=|)")).toEqual(["invoices", "ledger", "bundle", "annexes"]);
    expect(inAnnexes("jobFileName(|)")).toEqual(expect.arrayContaining(["ledger", "bundle"]));
    expect(labels(withDataFile.replace("archive: bundle", "archive: |"))).toEqual(["bundle"]);
  });
});

describe("completion at any line of a large file", () => {
  /** A service of about `lines` lines: many small boxes, and a last one where the cursor is. */
  const large = (lines: number, last: string) => {
    const boxes = Array.from(
      { length: Math.ceil(lines / 5) },
      (_, i) => `  box${i}:\n    type: pdf\n    elements: 1\n    metadata:\n      m${i}: fileName\n`,
    );
    const archive = "  bundle:\n    type: archive\n    elements: 0..1\n";
    return `${serviceHead("Large")}${archive}${boxes.join("")}  last:\n    type: pdf\n${last}`;
  };

  for (const lines of [10_000, 50_000]) {
    it(`completes keys, values and expressions at the last line of a ${lines}-line service`, () => {
      const text = large(lines, "    ");
      expect(text.split("\n").length).toBeGreaterThan(lines);
      const keys = labels(`${text}|`);
      expect(keys).toEqual(expect.arrayContaining(["elements", "metadata", "reconcile"]));
      expect(keys).not.toContain("type");
      expect(labels(`${text}split: |`)).toContain("none");
      expect(labels(`${text}metadata:\n      own: fileName\n      x: concat(meta.|`)).toEqual(["own"]);
      expect(labels(`${text}metadata:\n      x: up|`)).toContain("upper");
      expect(labels(`${text}from:\n      archive: |`)).toEqual(["bundle"]);
    });
  }
});

describe("completion in JSON", () => {
  const JSON_SERVICE = `{
  "id": 1, "type": "ADVANCED", "name": "x",
  "properties": {
    "boxes": [
      { "@type": "box.PDF", "name": "invoices", "hidden": false, "minElements": 1, "maxElements": 1, "main": true,
        "parent": null, "reconcile": null, "configuredFiles": [],
        "metadatas": [
          { "name": "ref", "persist": false, "editable": false,
            "content": { "@type": "exv.Reference", "namespace": "METADATA", "identifier": "|" } }
        ] }
    ],
    "channels": []
  }
}`;

  it("offers metadata names in a METADATA reference", () => {
    expect(labels(JSON_SERVICE, "x.service.json")).toEqual(["ref"]);
  });

  it("offers @type names of the union at the place", () => {
    const text = JSON_SERVICE.replace('"@type": "exv.Reference"', '"@type": "exv.Con|"').replace(
      '"identifier": "|"',
      '"identifier": "a"',
    );
    const result = labels(text, "x.service.json");
    expect(result).toContain("exv.Concat");
    expect(result).not.toContain("exb.AND");
    expect(result).not.toContain("box.PDF");
  });

  it("offers keys of the model, quoted, and box names in boxName", () => {
    const { doc, offset } = at(
      '{ "id": 1, "properties": { "boxes": [ { "@type": "box.ARCHIVE", "n| } ] } }',
      "x.service.json",
    );
    const items = complete(doc, offset).items;
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(["name", "hidden", "minElements"]));
    expect(items.map((i) => i.label)).not.toContain("metadatas");
    expect(items.find((i) => i.label === "name")?.insertText).toBe('name": ');
  });

  it("offers the boxes of the types a boxName accepts: an archive for a parent, a PDF box for PDF text", () => {
    const withArchive = JSON_SERVICE.replace(
      '    ],\n    "channels"',
      '      , { "@type": "box.ARCHIVE", "name": "bundle", "main": false }\n    ],\n    "channels"',
    );
    const parent = withArchive
      .replace('"parent": null', '"parent": { "boxName": | }')
      .replace('"identifier": "|"', '"identifier": "a"');
    expect(labels(parent, "x.service.json")).toEqual(["bundle"]);
    const pdfText = withArchive.replace(
      '{ "@type": "exv.Reference", "namespace": "METADATA", "identifier": "|" }',
      '{ "@type": "exv.PdfText", "fromMain": false, "boxName": "|" }',
    );
    expect(labels(pdfText, "x.service.json")).toEqual(["invoices"]);
    const fileName = pdfText.replace("exv.PdfText", "exv.FileName");
    expect(labels(fileName, "x.service.json")).toEqual(["invoices", "bundle"]);
  });
});

describe("completion never throws", () => {
  it("answers on broken and half-typed text at every offset", () => {
    const texts = [
      SERVICE,
      "boxes:\n  a:\n    type: pdf\n    metadata:\n      x: concat(meta.\n      y: 'unterminated\n  - oops: [\n",
      '{ "properties": { "boxes": [ { "@type": "box.PDF", "metadatas": [ { "content": { "@type": ',
      "",
      "- - -\n: :\n{[}]\n",
    ];
    for (const [i, text] of texts.entries()) {
      const doc = parseDocument(i === 2 ? "x.service.json" : "x.service.yaml", text);
      for (let offset = 0; offset <= text.length; offset++) expect(() => complete(doc, offset)).not.toThrow();
    }
  });
});
