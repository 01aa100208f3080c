import { describe, expect, it } from "vitest";
import { parseDocument } from "../src/document.js";
import { semanticTokens } from "../src/semantic-tokens.js";

const tokensOf = (metadata: string) => {
  const text = `boxes:\n  a:\n    type: pdf\n    main: true\n    metadata:\n${metadata}\n    reconcile:\n      when: not meta.k == "x"\n`;
  return semanticTokens(parseDocument("x.service.yaml", text)).map((t) => [
    text.slice(t.span.offset, t.span.offset + t.span.length),
    t.type,
  ]);
};

describe("semantic tokens", () => {
  it("classifies every kind of expression token, at its source text, sorted", () => {
    const tokens = tokensOf(`      k: replace(meta.ref, /\\d+/, "-", firstOnly=true) | clean(trim) | upper`);
    expect(tokens).toEqual([
      ["replace", "function"],
      ["meta", "namespace"],
      ["ref", "property"],
      ["/\\d+/", "regexp"],
      ['"-"', "string"],
      ["firstOnly", "parameter"],
      ["=", "operator"],
      ["true", "keyword"],
      ["|", "operator"],
      ["clean", "function"],
      ["trim", "parameter"],
      ["|", "operator"],
      ["upper", "function"],
      ["not", "keyword"],
      ["meta", "namespace"],
      ["k", "property"],
      ["==", "operator"],
      ['"x"', "string"],
    ]);
  });

  it("maps through YAML escapes and splits tokens of block scalars at line ends", () => {
    const quoted = tokensOf(`      k: "concat(\\"a\\", fileName[0:8])"`);
    expect(quoted.slice(0, 4)).toEqual([
      ["concat", "function"],
      ['\\"a\\"', "string"],
      ["fileName", "function"],
      ["0", "number"],
    ]);
    const block = tokensOf(`      k: |-\n        concat("one\n        two", ou.ID)`);
    expect(block.slice(0, 3)).toEqual([
      ["concat", "function"],
      ['"one', "string"],
      ['two"', "string"],
    ]);
  });

  it("gives nothing for JSON files or text without expressions, and never throws on broken text", () => {
    expect(semanticTokens(parseDocument("x.service.json", '{"id": 1}'))).toEqual([]);
    expect(() =>
      semanticTokens(parseDocument("x.service.yaml", "boxes:\n  a:\n    metadata:\n      x: 'concat(\n  - [")),
    ).not.toThrow();
  });
});
