import { applyEdits } from "@mailroom/checker";
import { describe, expect, it } from "vitest";
import { mainPdfBox, serviceHead } from "../../compiler/test/service-text.js";
import { codeActions } from "../src/code-actions.js";
import { parseDocument } from "../src/document.js";
import { validate } from "../src/validate.js";
import { cursorAt } from "./marked.js";

const DSL = `${serviceHead("Letters")}${mainPdfBox("letters")}    metadata:
      ref: { value: 'fileName[0:8]', persist: true }
      name: { value: meta.rf, persist: true }
    reconcile:
      when: >-
        meta.name == "A"
        and meta.reff == "B"
`;

const at = (file: string, text: string, needle: string, into = 1) => {
  const { document, offset } = cursorAt(file, text, needle, into);
  return { document, span: { offset, length: 0 }, diagnostics: validate(document) };
};

describe("codeActions", () => {
  it("offers the diagnostic's fix, preferred when it is the only one, and disabling the rule on the line", () => {
    const { document, span, diagnostics } = at("a.service.yaml", DSL, "meta.rf", 6);
    const actions = codeActions(document, span, diagnostics);
    expect(actions.map((a) => [a.kind, a.title, a.preferred ?? false])).toEqual([
      ["quickfix", 'Change to "ref"', true],
      ["quickfix", "Disable undefined-metadata for this line", false],
      ["source.fixAll", "Fix all auto-fixable problems", false],
    ]);
    const fixed = applyEdits(document.text, actions[0]?.edits ?? []);
    expect(fixed).toContain("name: { value: meta.ref, persist: true }");
    const disabled = applyEdits(document.text, actions[1]?.edits ?? []);
    expect(disabled).toContain(
      "      # mailroom-disable-next-line undefined-metadata -- \n      name: { value: meta.rf, persist: true }",
    );
    // The comment silences the problem, and only it.
    const after = validate(parseDocument("a.service.yaml", disabled)).map((d) => d.code);
    expect(after.filter((c) => c === "undefined-metadata")).toHaveLength(1);
    expect(after).not.toContain("unused-suppression");
  });

  it("adds to a suppression comment already above the line", () => {
    const text = DSL.replace("      name:", "      # mailroom-disable-next-line unused-metadata -- why\n      name:");
    const { document, span, diagnostics } = at("a.service.yaml", text, "meta.rf", 6);
    const disable = codeActions(document, span, diagnostics).find((a) => a.title.startsWith("Disable"));
    expect(applyEdits(text, disable?.edits ?? [])).toContain(
      "# mailroom-disable-next-line unused-metadata, undefined-metadata -- why\n",
    );
  });

  it("fixes all that can be fixed together, and does not disable inside a multi-line scalar", () => {
    const { document, span, diagnostics } = at("a.service.yaml", DSL, "meta.reff", 6);
    const actions = codeActions(document, span, diagnostics);
    expect(actions.some((a) => a.title.startsWith("Disable"))).toBe(false);
    const all = actions.find((a) => a.kind === "source.fixAll");
    const fixed = applyEdits(DSL, all?.edits ?? []);
    expect(fixed).toContain("meta.ref, persist");
    expect(fixed).toContain('and meta.ref == "B"');
    expect(validate(parseDocument("a.service.yaml", fixed)).map((d) => d.code)).not.toContain("undefined-metadata");
  });

  it("offers no comment in JSON, which has none, but its fixes", () => {
    const json = JSON.stringify(parseDocument("a.service.yaml", DSL).source.services[0]?.json, null, 2);
    const { document, span, diagnostics } = at("a.service.json", json, '"rf"', 1);
    const actions = codeActions(document, span, diagnostics);
    expect(actions.map((a) => a.kind)).toEqual(["quickfix", "source.fixAll"]);
    expect(applyEdits(json, actions[0]?.edits ?? [])).toContain('"identifier": "ref"');
  });

  it("offers nothing away from diagnostics but fix-all, and nothing at all without fixes", () => {
    const { document, diagnostics } = at("a.service.yaml", DSL, "type: pdf", 2);
    expect(codeActions(document, { offset: 0, length: 0 }, diagnostics).map((a) => a.kind)).toEqual(["source.fixAll"]);
    expect(codeActions(document, { offset: 0, length: 0 }, [])).toEqual([]);
    const broken = parseDocument("a.service.yaml", "a: [\n");
    expect(() => codeActions(broken, { offset: 3, length: 0 }, validate(broken))).not.toThrow();
  });
});
