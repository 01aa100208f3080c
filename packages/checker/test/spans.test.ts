import { readDocument } from "@mailroom/compiler";
import { type Diagnostic, wholeCharacters } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { checkDocument } from "../src/check.js";

const check = (file: string, text: string) => checkDocument(readDocument(file, text));

/** The ends of a diagnostic's spans that fall inside a character (a surrogate pair or a CRLF). */
const cuts = (text: string, diagnostics: readonly Diagnostic[]) =>
  diagnostics.flatMap((d) =>
    [d.span, ...(d.related ?? []).map((r) => r.span)]
      .filter((s) => wholeCharacters(text, s) !== s)
      .map((s) => `${d.code} ${s.offset}+${s.length}`),
  );

const findings = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code}: ${d.message}`);

describe("diagnostic spans", () => {
  it("are widened to whole characters", () => {
    const text = "a\u{1F4EE}b\r\nc";
    expect(wholeCharacters(text, { offset: 1, length: 1 })).toEqual({ offset: 1, length: 2 });
    expect(wholeCharacters(text, { offset: 2, length: 2 })).toEqual({ offset: 1, length: 3 });
    expect(wholeCharacters(text, { offset: 5, length: 0 })).toEqual({ offset: 4, length: 2 });
    const whole = { offset: 1, length: 3 };
    expect(wholeCharacters(text, whole)).toBe(whole);
  });

  it("never cut an emoji that starts an object without a key", () => {
    for (const [file, text] of [
      ["a.service.yaml", "\u{1F4EE}: 1\nname: x\n"],
      ["b.service.yaml", "id: 1\nname: x\ntype: SIMPLE_UNIQUE\nboxes:\n  - \u{1F4EE}:\n    type: pdf\n"],
      ["c.service.json", '{"\u{1F4EE}": 1}'],
    ] as const) {
      const found = check(file, text);
      expect(
        found.map((d) => d.code),
        file,
      ).toContain("missing-field");
      expect(cuts(text, found), file).toEqual([]);
    }
  });

  it("keep a one-character key's finding beside the missing fields of its object, quoted or not", () => {
    const service = (key: string) =>
      `id: 1\nname: F\ntype: SIMPLE_UNIQUE\nboxes:\n  - ${key}:\n    type: pdf\n    main: true\nchannels:\n  Post:\n    name: MAIL\n`;
    const plain = check("a.service.yaml", service("5"));
    expect(findings(plain)).toContainEqual(expect.stringMatching(/^unknown-key: Unknown key "5"/));
    expect(findings(plain)).toEqual(findings(check("a.service.yaml", service('"5"'))));
  });
});
