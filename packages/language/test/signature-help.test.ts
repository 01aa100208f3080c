import { describe, expect, it } from "vitest";
import { parseDocument } from "../src/document.js";
import { signatureHelp } from "../src/signature-help.js";
import { marked } from "./marked.js";

function help(expression: string) {
  const { document, offset } = marked(
    "x.service.yaml",
    `boxes:\n  a:\n    type: pdf\n    metadata:\n      key: ${expression}\n`,
  );
  return signatureHelp(document, offset);
}

describe("signature help", () => {
  it("gives the parameters and the positional argument at the cursor", () => {
    const result = help("substring(meta.x, |");
    expect(result?.label).toBe("substring(text, begin, end?)");
    expect(result?.parameters.map((p) => p.label)).toEqual(["text", "begin", "end"]);
    expect(result?.activeParameter).toBe(1);
  });

  it("counts the piped value of a pipe step", () => {
    expect(help('meta.x | replace(/a/, |"b")')?.activeParameter).toBe(2);
  });

  it("follows named arguments and brackets inside arguments", () => {
    expect(help('now | formatDate("d", "UTC", locale=|)')?.activeParameter).toBe(3);
    expect(help("pdfText(1, [1, 2|, 3, 4])")?.activeParameter).toBe(1);
    expect(
      help("pdfText(1, [1, 2, 3, 4], box=a|)")?.parameters[
        help("pdfText(1, [1, 2, 3, 4], box=a|)")?.activeParameter ?? 0
      ]?.label,
    ).toBe("box");
  });

  it("answers the innermost call, and nothing outside calls", () => {
    expect(help("concat(upper(|), meta.x)")?.label).toBe("upper(text)");
    expect(help("meta.x|")).toBeUndefined();
    expect(help("unknownFn(|")).toBeUndefined();
  });
});

describe("signature help on broken text", () => {
  it("never throws, at any offset", () => {
    const text = "boxes:\n  a:\n    metadata:\n      x: concat(meta., pdfText(1, [\n      y: 'f(a=, ,)\n  - [\n";
    const doc = parseDocument("x.service.yaml", text);
    for (let offset = 0; offset <= text.length; offset++) expect(() => signatureHelp(doc, offset)).not.toThrow();
  });
});
