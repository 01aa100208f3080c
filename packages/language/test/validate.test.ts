import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocument } from "@mailroom/checker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mainPdfBox, serviceHead } from "../../compiler/test/service-text.js";
import { edited, randomEdit } from "../../syntax/test/yaml-corpus.js";
import { type ParsedDocument, parseDocument } from "../src/document.js";
import { getLanguageService } from "../src/service.js";
import { validate } from "../src/validate.js";

const DSL = `${serviceHead("Letters")}${mainPdfBox("letters")}    metadata:
      ref: fileName[0:8]
      # mailroom-disable-next-line unused-metadata -- kept for the archive
      spare: fileName[0:2]
    reconcile:
      when: meta.refx == "A"
`;

describe("validate", () => {
  it("gives exactly what mailroom lint's check gives, suppressions included", () => {
    const document = parseDocument("a.service.yaml", DSL, 1);
    const diagnostics = validate(document);
    expect(diagnostics).toEqual(checkDocument(parseDocument("a.service.yaml", DSL).source));
    const codes = diagnostics.map((d) => d.code);
    expect(codes).toContain("undefined-metadata");
    expect(codes).not.toContain("unused-suppression");
    const undefinedRef = diagnostics.find((d) => d.code === "undefined-metadata");
    expect(
      DSL.slice(undefinedRef?.span.offset, (undefinedRef?.span.offset ?? 0) + (undefinedRef?.span.length ?? 0)),
    ).toBe("refx");
  });

  it("applies the rule settings given, and memoises per version and settings object", () => {
    const document = parseDocument("a.service.yaml", DSL, 1);
    const off = { rules: { "undefined-metadata": { severity: "off" as const } } };
    const first = validate(document, off);
    expect(first.map((d) => d.code)).not.toContain("undefined-metadata");
    expect(validate(document, off)).toBe(first);
    expect(validate(document)).not.toBe(first);
    expect(validate(document).map((d) => d.code)).toContain("undefined-metadata");
    // Another version is another document: computed again.
    expect(validate(parseDocument("a.service.yaml", DSL, 2), off)).not.toBe(first);
  });

  it("reports syntax errors of broken YAML and JSON without throwing", () => {
    const yaml = validate(parseDocument("a.service.yaml", "boxes:\n  letters: [\n", 1));
    expect(yaml.some((d) => d.severity === "error")).toBe(true);
    const json = validate(parseDocument("a.service.json", '{"id": 1, "name": ', 1));
    expect(json.map((d) => d.code)).toContain("syntax-error");
  });
});

describe("getLanguageService", () => {
  it("puts every feature behind one interface, each answering on the same parse", () => {
    const service = getLanguageService();
    const document = parseDocument("a.service.yaml", DSL, 1);
    expect(service.validate(document)).toBe(validate(document));
    const offset = DSL.indexOf("refx") + 1;
    expect(service.definition(document, offset)).toEqual([]);
    expect(service.documentSymbols(document).map((s) => s.name)).toEqual(["Letters"]);
    expect(service.codeActions(document, { offset, length: 0 }, service.validate(document)).length).toBeGreaterThan(0);
    for (const call of [
      () => service.complete(document, offset),
      () => service.hover(document, offset),
      () => service.signatureHelp(document, offset),
      () => service.semanticTokens(document),
      () => service.inlayHints(document, { offset: 0, length: DSL.length }),
      () => service.foldingRanges(document),
      () => service.format(document),
      () => service.prepareRename(document, offset),
      () => service.references(document, offset, true),
      () => service.rename(document, offset, "x"),
    ]) {
      expect(call).not.toThrow();
    }
  });
});

type Boxes = { properties?: { boxes?: unknown[] } };
const boxesOf = (document: ParsedDocument) =>
  (document.source.services[0]?.json as Boxes | undefined)?.properties?.boxes ?? [];

describe("checking each version of an edited document from its previous version", () => {
  const root = join(import.meta.dirname, "../../..");
  const yamlIn = (dir: string) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(".service.yaml"))
      .sort()
      .map((name) => readFileSync(join(root, dir, name), "utf8"));
  // Sound services, and services with every kind of finding: what one edit may keep or change.
  const texts = [...yamlIn("examples"), ...yamlIn("test/fixtures/dsl"), ...yamlIn("test/fixtures/rules")];

  it("gives what mailroom lint's check gives on the text, along random edits", () => {
    const edit = randomEdit(
      ["", "x", "1", " ", "\n", "_A", "meta.", " | upper", "(", '"', ":", "\n  B:\n    type: pdf\n"],
      4,
    );
    let reused = 0;
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 5 }), (i, edits) => {
        let text = texts[i] as string;
        let document = parseDocument("a.service.yaml", text, 1);
        validate(document);
        edits.forEach((step, version) => {
          text = edited(text, step);
          const next = parseDocument("a.service.yaml", text, version + 2, document);
          // Boxes taken over from the previous version: the path whose results are compared.
          const before = new Set(boxesOf(document));
          reused += boxesOf(next).filter((box) => before.has(box)).length;
          expect(validate(next)).toEqual(checkDocument(parseDocument("a.service.yaml", text).source));
          document = next;
        });
      }),
      { numRuns: 120, seed: 20261126 },
    );
    expect(reused).toBeGreaterThan(150);
  });
});
