import { applyEdits } from "@mailroom/checker";
import { describe, expect, it } from "vitest";
import { invoicesService } from "../../compiler/test/service-text.js";
import { parseDocument } from "../src/document.js";
import { prepareRename, rename } from "../src/rename.js";
import type { RenameResult } from "../src/types.js";
import { validate } from "../src/validate.js";
import { cursorAt } from "./marked.js";

const SERVICE = invoicesService(
  `    metadata:
      invoiceNumber: { value: 'fileName[0:8]', persist: true }
      customer: { value: upper(meta.invoiceNumber), persist: true }
`,
  `    from: { archive: bundle, rank: 1, match: 'endsWith(archivePath, ".pdf")' }
    metadata:
      annexKey: fileName[0:8]
      source: jobFileName(invoices)
      other: fileName(box=invoices)
      quoted: "concat(meta.annexKey, \\"-\\")"
    reconcile:
      when: >-
        meta.annexKey == meta.invoiceNumber
        and meta.source == "x"
`,
);

function applied(result: RenameResult, text: string, file: string): string {
  if (!result.ok) throw new Error(result.message);
  return applyEdits(text, result.edit.changes.get(file) ?? []);
}

/** The diagnostics of a text as code, line and message, with one name replaced by another in the messages. */
function lint(file: string, text: string, from?: string, to?: string) {
  const document = parseDocument(file, text);
  return validate(document).map((d) => ({
    code: d.code,
    line: document.lines.position(d.span.offset).line,
    message:
      from !== undefined && to !== undefined
        ? d.message.replaceAll(JSON.stringify(from), JSON.stringify(to))
        : d.message,
  }));
}

/** Renames at the cursor and checks the result compiles and lints exactly as before, modulo the name. */
function renameKeeps(file: string, text: string, needle: string, into: number, from: string, to: string): string {
  const { document, offset } = cursorAt(file, text, needle, into);
  const after = applied(rename(document, offset, to), document.text, file);
  expect(parseDocument(file, after).source.services).toHaveLength(1);
  expect(lint(file, after, to, from)).toEqual(lint(file, document.text));
  return after;
}

/** Renames the box "invoices" of `SERVICE` at its definition, as `renameKeeps` does. */
const renameInvoices = (to: string) => renameKeeps("a.service.yaml", SERVICE, "  invoices:", 3, "invoices", to);

describe("rename", () => {
  it("renames a box at its definition and wherever an expression or a parent names it", () => {
    const after = renameInvoices("factures");
    expect(after).toContain("  factures:\n");
    expect(after).toContain("jobFileName(factures)");
    expect(after).toContain("fileName(box=factures)");
    expect(after).not.toContain("invoices");
    const archive = renameKeeps("a.service.yaml", SERVICE, "archive: bundle", 11, "bundle", "zip");
    expect(archive).toContain("  zip:\n");
    expect(archive).toContain("{ archive: zip, rank: 1");
  });

  it("quotes a new name where YAML or the expression syntax needs it", () => {
    const after = renameInvoices("my box, #1");
    expect(after).toContain('  "my box, #1":\n');
    expect(after).toContain(`jobFileName("my box, #1")`);
    const reserved = renameInvoices("null");
    expect(reserved).toContain('  "null":\n');
    expect(reserved).toContain('box="null"');
  });

  it("renames a metadata and its references in every scalar style, quoting a plain scalar when needed", () => {
    const after = renameKeeps("a.service.yaml", SERVICE, "annexKey:", 2, "annexKey", "clé: annexe");
    expect(after).toContain('"clé: annexe": fileName[0:8]');
    expect(after).toContain('concat(meta[\\"clé: annexe\\"], \\"-\\")');
    expect(after).toContain('meta["clé: annexe"] == meta.invoiceNumber');
    const main = renameKeeps("a.service.yaml", SERVICE, "meta.invoiceNumber)", 7, "invoiceNumber", "n° [facture]");
    expect(main).toContain(`customer: { value: 'upper(meta["n° [facture]"])', persist: true }`);
    const plain = renameKeeps("a.service.yaml", SERVICE, "invoiceNumber:", 2, "invoiceNumber", "number");
    expect(plain).toContain("meta.annexKey == meta.number\n");
    expect(plain).toContain("upper(meta.number)");
  });

  it("renames in JSON with JSON escaping", () => {
    const json = JSON.stringify(parseDocument("a.service.yaml", SERVICE).source.services[0]?.json, null, 2);
    const after = renameKeeps("a.service.json", json, '"name": "invoices"', 10, "invoices", 'le "main"');
    expect(after).toContain('"name": "le \\"main\\""');
    expect(after).not.toContain('"invoices"');
    renameKeeps("a.service.json", json, '"identifier": "annexKey"', 17, "annexKey", "clé");
  });

  it("refuses names that clash or cannot be written, and what cannot be renamed", () => {
    const box = cursorAt("a.service.yaml", SERVICE, "  invoices:", 3);
    const clash = rename(box.document, box.offset, "bundle");
    expect(clash).toEqual({ ok: false, message: expect.stringContaining('Box "bundle" already exists') });
    expect(rename(box.document, box.offset, "")).toMatchObject({ ok: false });
    expect(rename(box.document, box.offset, "a\nb")).toMatchObject({ ok: false });
    const meta = cursorAt("a.service.yaml", SERVICE, "annexKey:", 2);
    expect(rename(meta.document, meta.offset, "source")).toMatchObject({
      ok: false,
      message: expect.stringContaining('already has a metadata named "source"'),
    });
    // A metadata of a MAIN box is visible from every box: the annexes' references would read it too.
    expect(rename(meta.document, meta.offset, "customer")).toMatchObject({ ok: false });
    const keyword = cursorAt("a.service.yaml", SERVICE, "archivePath", 2);
    expect(prepareRename(keyword.document, keyword.offset)).toBeUndefined();
    expect(rename(keyword.document, keyword.offset, "x")).toMatchObject({ ok: false });
  });

  it("prepares a rename on the name under the cursor, and explains what cannot be renamed", () => {
    const { document, offset } = cursorAt("a.service.yaml", SERVICE, "jobFileName(invoices)", 14);
    const prepared = prepareRename(document, offset);
    expect(prepared).toEqual({ span: { offset: expect.any(Number), length: 8 }, placeholder: "invoices" });
    const files = cursorAt(
      "a.service.yaml",
      SERVICE.replace(
        "    elements: 1\n",
        "    elements: 1\n    files: [{ id: 3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69, removable: false }]\n",
      ),
      "3f1c",
      2,
    );
    expect(prepareRename(files.document, files.offset)).toEqual({
      message: expect.stringContaining("cannot be renamed"),
    });
  });

  it("renames despite errors whose parts do not write the name", () => {
    const broken = SERVICE.replace(
      "      other: fileName(box=invoices)\n",
      "      other: fileName(box=invoices)\n      broken: concat(meta.annexKey,\n      unknown: fileNam(box=bundle)\n      missing: meta.nowhere\n",
    ).concat("  extra:\n    type: pfd\n");
    const codes = lint("a.service.yaml", broken).map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(["expression-syntax", "unknown-function", "unknown-type"]));
    expect(codes).toContain("undefined-metadata");
    const after = renameKeeps("a.service.yaml", broken, "  invoices:", 3, "invoices", "factures");
    expect(after).toContain("fileName(box=factures)");
    expect(after).not.toMatch(/\binvoices\b/);
    // A comment is no reference, even where an error may have cut the reading short: YAML that does not parse.
    const commented = cursorAt("a.service.yaml", `${SERVICE}# invoices again\n  - [\n`, "  invoices:", 3);
    expect(commented.document.source.wellFormed).toBe(false);
    expect(prepareRename(commented.document, commented.offset)).toMatchObject({ placeholder: "invoices" });
  });

  it("refuses where an error keeps a part that writes the name from being read, saying which and where", () => {
    const refusal = (text: string, needle: string, into: number) => {
      const { document, offset } = cursorAt("a.service.yaml", text, needle, into);
      const prepared = prepareRename(document, offset);
      expect(rename(document, offset, "renamed")).toEqual({
        ok: false,
        message: (prepared as { message: string }).message,
      });
      return (prepared as { message?: string }).message;
    };
    /** "line L, column C" (1-based) of the first `needle` in `text`. */
    const place = (text: string, needle: string) => {
      const before = text.slice(0, text.indexOf(needle)).split("\n");
      return `line ${before.length}, column ${(before.at(-1) as string).length + 1}`;
    };
    // An expression that does not parse.
    const unparsed = SERVICE.replace(
      "      other: fileName(box=invoices)\n",
      "      other: 'concat(\"a, jobFileName(invoices))'\n",
    );
    expect(refusal(unparsed, "  invoices:", 3)).toBe(
      `Found "invoices" on ${place(unparsed, "invoices))")}, in a part an error keeps from being read (expression-syntax on ${place(unparsed, '"a, job')}), so it may be a reference the rename would miss; expected that error fixed first.`,
    );
    // A call of an unknown function, whose arguments are not read.
    const unknown = SERVICE.replace("      other: fileName(box=invoices)\n", "      other: fileNam(box=invoices)\n");
    expect(refusal(unknown, "  invoices:", 3)).toMatch(/on line \d+, column 26, .*\(unknown-function on line/);
    // A metadata named in an expression cut short by a flow mapping's comma.
    const cut = SERVICE.replace(
      "      annexKey: fileName[0:8]\n",
      '      annexKey: fileName[0:8]\n      key: { value: concat("a", meta.annexKey) }\n',
    );
    expect(refusal(cut, "annexKey:", 2)).toMatch(/expression-in-flow-mapping/);
    // A misspelt key, which the report of the field it misses sits on: its value is not read.
    const misspelt = SERVICE.replace(
      "      other: fileName(box=invoices)\n",
      "      other: { vaule: jobFileName(invoices) }\n",
    );
    expect(refusal(misspelt, "  invoices:", 3)).toMatch(/\(missing-field on line/);
    // YAML that does not parse: whatever follows the error may have been read cut short.
    const yaml = `${SERVICE}      late: jobFileName(invoices)\n  - [\n`;
    expect(refusal(yaml, "  invoices:", 3)).toMatch(/\(syntax-error on line/);
  });

  it("never throws on broken input", () => {
    const { document, offset } = cursorAt("a.service.yaml", "boxes:\n  a: [\n", "a:", 1);
    expect(prepareRename(document, offset)).toBeUndefined();
    expect(rename(document, offset, "b")).toMatchObject({ ok: false });
  });
});
