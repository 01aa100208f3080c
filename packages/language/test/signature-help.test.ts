import { FUNCTIONS } from "@mailroom/compiler";
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

describe("signature help's active parameter, for every function of the registry", () => {
  const calls = FUNCTIONS.filter((f) => f.form !== "keyword");
  const active = (expression: string) => {
    const result = help(expression);
    return result && result.activeParameter !== null ? result.parameters[result.activeParameter]?.label : null;
  };

  it.each(calls.map((f) => [f.name, f] as const))("%s: positional, named and flag arguments", (name, f) => {
    const positional = f.parameters.filter((p) => p.positional);
    const flags = f.parameters.filter((p) => p.kind === "flag");
    const rest = positional.find((p) => p.kind === "values");
    // Each positional argument, the cursor in it.
    positional.forEach((p, i) => {
      const before = Array.from({ length: i }, () => "x, ").join("");
      expect(active(`${name}(${before}x|)`), `${name} argument ${i + 1}`).toBe(p.name);
    });
    // Each parameter by name.
    for (const p of f.parameters) expect(active(`${name}(${p.name}=|)`), `${name}(${p.name}=)`).toBe(p.name);
    // Past the positional arguments: the flag typed, whole or begun, else the first flag not yet given.
    const all = positional.map(() => "x, ").join("");
    for (const flag of flags) {
      expect(active(`${name}(${all}${flag.name}|)`), `${name}(..., ${flag.name})`).toBe(flag.name);
      const begun = flag.name.slice(0, 2);
      const first = flags.find((g) => g.name.startsWith(begun));
      expect(active(`${name}(${all}${begun}|)`), `${name}(..., ${begun})`).toBe(first?.name);
    }
    expect(active(`${name}(${all}|)`), `${name}(..., |)`).toBe(rest?.name ?? flags[0]?.name ?? null);
    if (flags.length > 1) {
      const [given, next] = flags as [(typeof flags)[number], (typeof flags)[number]];
      expect(active(`${name}(${all}${given.name}, |)`), `${name}(..., ${given.name}, |)`).toBe(rest?.name ?? next.name);
    }
    // As a pipe step, the piped value is the first positional argument.
    if (positional.length > 0) {
      const second = positional[1] ?? rest;
      expect(active(`meta.x | ${name}(|)`), `meta.x | ${name}(|)`).toBe(second?.name ?? flags[0]?.name ?? null);
    }
  });

  it("highlights the flags of the calls that used to show the text", () => {
    expect(active("clean(meta.a, |)")).toBe("trim");
    expect(active('replace(meta.a, /x/, "y", |)')).toBe("firstOnly");
    expect(active("matches(meta.a, /r/, wh|)")).toBe("whole");
  });
});
