import { describe, expect, it } from "vitest";
import {
  BASE_CODES,
  CATALOGUE,
  CONFIGURABLE_CODES,
  type CodeEntry,
  codeAnchor,
  diagnostic,
  diagnosticsTable,
  fillTemplate,
  message,
  SECTIONS,
  type Section,
} from "../src/index.js";

const entries = Object.entries(CATALOGUE) as [string, CodeEntry][];

describe("the diagnostic catalogue", () => {
  it("documents every code, in kebab-case, and lists every code in some section", () => {
    expect(BASE_CODES).toEqual([...BASE_CODES].sort());
    for (const [code, entry] of entries) {
      expect(code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(Object.keys(entry.docs).length, code).toBeGreaterThan(0);
      for (const text of Object.values(entry.docs)) expect(text, code).toMatch(/^[A-Z`].*\.$/);
    }
    for (const section of Object.keys(SECTIONS) as Section[]) {
      expect(diagnosticsTable(section).split("\n").length, section).toBeGreaterThan(2);
    }
  });

  it("derives the configurable codes and their default severity", () => {
    expect([...CONFIGURABLE_CODES]).toEqual([
      ["unknown-key", "warning"],
      ["unused-suppression", "warning"],
    ]);
  });

  it("anchors a code at the first section listing it", () => {
    expect(codeAnchor("unknown-key")).toBe("checking-against-the-model");
    expect(codeAnchor("too-large")).toBe("reading-the-yaml-dsl");
    expect(codeAnchor("cannot-write")).toBe("writing-files-and-build-outputs");
  });

  it("has well-formed message templates: one sentence with named placeholders", () => {
    for (const [code, entry] of entries) {
      for (const [id, template] of Object.entries(entry.messages)) {
        expect(id, code).toMatch(/^[a-z][A-Za-z0-9]*$/);
        // A "{{" left once the placeholders are gone is a malformed one; a lone "}}" may close literal JSON.
        expect(template.replace(/\{\{\w+\}\}/g, ""), `${code}/${id}`).not.toMatch(/\{\{/);
      }
    }
  });

  it("fills a message's placeholders, and throws on a missing one", () => {
    expect(message("unknown-rule", "unknownNear", { rule: "x", suggestion: "y" })).toBe(
      'Unknown rule "x"; expected the id of a rule (listed by mailroom explain). Did you mean "y"?',
    );
    expect(diagnostic("unused-suppression", "onLine", { code: "x", line: 3 }, { offset: 1, length: 2 })).toEqual({
      code: "unused-suppression",
      severity: "warning",
      message:
        'Found a suppression of "x" that silences nothing; expected a problem with the code "x" on line 3, or remove the comment.',
      span: { offset: 1, length: 2 },
    });
    // @ts-expect-error: the placeholder "suggestion" has no value.
    expect(() => message("unknown-rule", "unknownNear", { rule: "x" })).toThrow(/\{\{suggestion\}\}/);
    expect(() => fillTemplate("a {{b}} c", {})).toThrow(/No value for "\{\{b\}\}"/);
    expect(fillTemplate("no placeholder")).toBe("no placeholder");
  });
});
