import { describe, expect, it } from "vitest";
import { invoicesService } from "../../compiler/test/service-text.js";
import { parseDocument } from "../src/document.js";
import { definition, references } from "../src/navigation.js";
import { cursorAt, lines, marked, texts } from "./marked.js";

/** A service without pipes, so that `|` only marks the cursor. */
const SERVICE = invoicesService(
  `    files: [{ id: 3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69, removable: false }]
    appositions:
      - { type: overlay, target: DOCUMENT, pageFilter: "1", file: 3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69 }
    metadata:
      invoiceNumber: { value: 'fileName[0:8]', persist: true }
      customer: { value: upper(meta.invoiceNumber), persist: true }
`,
  `    from:
      archive: bundle
      rank: 1
      match: endsWith(archivePath, ".pdf")
    metadata:
      annexKey: fileName[0:8]
      customer: jobFileName(invoices)
      source: fileName(box=invoices)
    reconcile:
      when: meta.annexKey == meta.invoiceNumber and meta.customer == "x"
`,
);

const at = (needle: string, n = 0, into = 1, text = SERVICE, file = "a.service.yaml") =>
  cursorAt(file, text, needle, into, n);

describe("definition", () => {
  it("goes from a metadata reference inside an expression to the metadata of the MAIN box", () => {
    const { document, offset } = at("meta.invoiceNumber and", 0, 8);
    const places = definition(document, offset);
    expect(texts(document, places)).toEqual(["invoiceNumber"]);
    expect(lines(document, places)).toEqual([13]);
    expect(places[0]?.file).toBe("a.service.yaml");
  });

  it("gives every metadata an ambiguous reference could read, as ambiguous-metadata does", () => {
    const { document, offset } = at("meta.customer ==", 0, 6);
    expect(lines(document, definition(document, offset))).toEqual([14, 27]);
  });

  it("goes from an archive parent to the archive box, and from a box argument to the box", () => {
    const parent = at("archive: bundle", 0, 10);
    expect(lines(parent.document, definition(parent.document, parent.offset))).toEqual([15]);
    const job = at("jobFileName(invoices)", 0, 14);
    expect(lines(job.document, definition(job.document, job.offset))).toEqual([5]);
    const box = at("box=invoices", 0, 5);
    expect(texts(box.document, definition(box.document, box.offset))).toEqual(["invoices"]);
  });

  it("goes from an apposition's file to the configured file that declares it", () => {
    const { document, offset } = at("file: 3f1c", 0, 8);
    expect(lines(document, definition(document, offset))).toEqual([9]);
  });

  it("finds nothing away from names, and nothing for a name nothing defines", () => {
    const keyword = at("archivePath", 0, 3);
    expect(definition(keyword.document, keyword.offset)).toEqual([]);
    const undefinedRef = at("meta.nothing and", 0, 8, SERVICE.replace("meta.invoiceNumber and", "meta.nothing and"));
    expect(definition(undefinedRef.document, undefinedRef.offset)).toEqual([]);
  });
});

describe("references", () => {
  it("lists every place a box is named, not the box targets the DSL implies", () => {
    const { document, offset } = at("  invoices:", 0, 4);
    const places = references(document, offset, true);
    expect(lines(document, places)).toEqual([5, 27, 28]);
    expect(texts(document, places)).toEqual(["invoices", "invoices", "invoices"]);
    expect(lines(document, references(document, offset, false))).toEqual([27, 28]);
    const annexes = at("  annexes:", 0, 4);
    expect(lines(annexes.document, references(annexes.document, annexes.offset, true))).toEqual([18]);
  });

  it("lists a metadata's references in its own box and in boxes that read the MAIN box", () => {
    const { document, offset } = at("invoiceNumber: {", 0, 2);
    const places = references(document, offset, true);
    expect(lines(document, places)).toEqual([13, 14, 30]);
    expect(texts(document, places)).toEqual(["invoiceNumber", "invoiceNumber", "invoiceNumber"]);
  });

  it("keeps a non-MAIN box's metadata to its own box", () => {
    const { document, offset } = at("annexKey:", 0, 2);
    expect(lines(document, references(document, offset, false))).toEqual([30]);
  });

  it("works in JSON, pointing inside the quotes", () => {
    const compiled = parseDocument("a.service.yaml", SERVICE).source.services[0]?.json;
    const json = JSON.stringify(compiled, null, 2);
    const { document, offset } = at('"identifier": "invoiceNumber"', 0, 17, json, "a.service.json");
    const places = references(document, offset, true);
    expect(texts(document, places)).toEqual(["invoiceNumber", "invoiceNumber", "invoiceNumber"]);
    const box = at('"boxName": "bundle"', 0, 14, json, "a.service.json");
    expect(texts(box.document, definition(box.document, box.offset))).toEqual(["bundle"]);
    expect(references(box.document, box.offset, true)).toHaveLength(2);
  });

  it("keeps navigating while another part of the file is wrong", () => {
    // A box half-typed at the end: the file no longer compiles, but its other names still lead somewhere.
    const broken = `${SERVICE}  extra:\n    type: pfd\n`;
    const { document, offset } = cursorAt("a.service.yaml", broken, "meta.invoiceNumber and", 8);
    expect(document.source.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(texts(document, definition(document, offset))).toEqual(["invoiceNumber"]);
    expect(references(document, offset, true).length).toBeGreaterThan(1);
  });

  it("answers nothing, without throwing, on broken or half-typed input", () => {
    for (const [file, text] of [
      ["a.service.yaml", "boxes:\n  invoices:\n    metadata:\n      x: meta.|"],
      ["a.service.yaml", `${SERVICE}  broken: [\n|`],
      ["a.service.json", '{"properties": {"boxes": [{"name": "a", "metadatas": 3}, 7]}}|'],
      ["a.service.json", '{"properties": {"boxes": [{"name": "|a", "metadatas": [{"name": 1}], "parent": "x"}]}}'],
    ] as const) {
      const { document, offset } = marked(file, text);
      expect(() => definition(document, offset)).not.toThrow();
      expect(() => references(document, offset, true)).not.toThrow();
    }
    const { document, offset } = marked(
      "a.service.json",
      '{"properties": {"boxes": [{"name": "|a"}, {"name": "b", "parent": {"boxName": "a"}}]}}',
    );
    expect(texts(document, references(document, offset, true))).toEqual(["a", "a"]);
  });
});
