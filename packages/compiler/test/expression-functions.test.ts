import { readFileSync } from "node:fs";
import { BOOLEAN_EXPRESSION_TYPES, VALUE_EXPRESSION_TYPES } from "@mailroom/model";
import { parseExpression } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import {
  FUNCTIONS,
  type FunctionSpec,
  findFunction,
  formatSignature,
  lowerExpression,
  type ParameterKind,
  printExpression,
} from "../src/index.js";

/** A sample argument of each kind, valid in the main box "invoices". */
const SAMPLES: Record<ParameterKind, string | undefined> = {
  value: "meta.a",
  values: "meta.a",
  integer: "1",
  string: '"s"',
  pattern: "/p/",
  name: "annexes",
  nullableString: undefined,
  flag: undefined,
  boolean: undefined,
  area: "[1, 2, 3, 4]",
  params: undefined,
};

function sampleCall(spec: FunctionSpec): string {
  if (spec.form !== "call") return spec.name;
  const args = spec.parameters.filter((p) => p.required || p.kind === "values").map((p) => SAMPLES[p.kind]);
  return `${spec.name}(${args.join(", ")})`;
}

describe("function catalogue", () => {
  it("has unique names", () => {
    expect(new Set(FUNCTIONS.map((f) => f.name)).size).toBe(FUNCTIONS.length);
  });

  for (const spec of FUNCTIONS) {
    it(`${spec.name} lowers to ${spec.produces}`, () => {
      const text = sampleCall(spec);
      const parsed = parseExpression(text);
      expect(parsed.diagnostics).toEqual([]);
      const lowered = lowerExpression(parsed.ast, { box: { name: "invoices", main: true }, expect: spec.kind });
      expect(lowered.diagnostics).toEqual([]);
      expect(lowered.value["@type"]).toBe(spec.produces);
      expect(findFunction(spec.name)).toBe(spec);
    });

    it(`${spec.name} has examples that compile to ${spec.produces} and print back as written`, () => {
      expect(spec.examples.length).toBeGreaterThan(0);
      const context = { box: { name: "invoices", main: true } };
      for (const text of spec.examples) {
        const parsed = parseExpression(text);
        expect(parsed.diagnostics, text).toEqual([]);
        const lowered = lowerExpression(parsed.ast, { ...context, expect: spec.kind });
        expect(lowered.diagnostics, text).toEqual([]);
        expect(lowered.value["@type"], text).toBe(spec.produces);
        expect(printExpression(lowered.value, context)).toBe(text);
      }
    });

    it(`${spec.name} has a snippet that parses to a use of it`, () => {
      const text = spec.snippet.replace(/\$\{\d+:([^}]*)\}/g, "$1");
      const { ast, diagnostics } = parseExpression(text);
      expect(diagnostics).toEqual([]);
      expect(ast.kind === "call" ? ast.callee.name : ast.kind === "identifier" ? ast.name : undefined).toBe(spec.name);
    });
  }

  it("together with the operators and literals, produces all 30 JSON types", () => {
    const syntax = [
      "exv.Value",
      "exv.Reference",
      "exb.Boolean",
      "exb.AND",
      "exb.OR",
      "exb.NOT",
      "exb.ContentEqual",
      "exb.LessThan",
      "exb.LessThanOrEqual",
    ];
    const produced = new Set([...syntax, ...FUNCTIONS.map((f) => f.produces)]);
    expect([...produced].sort()).toEqual([...VALUE_EXPRESSION_TYPES, ...BOOLEAN_EXPRESSION_TYPES].sort());
  });

  it("formats signatures for hover and signature help", () => {
    const signature = (name: string) => formatSignature(findFunction(name) as FunctionSpec);
    expect(signature("replace")).toBe("replace(text, pattern, replacement, firstOnly?)");
    expect(signature("concat")).toBe("concat(values...)");
    expect(signature("fileName")).toBe("fileName(box=…, main?, fromMain=…, boxName=…)");
    expect(signature("now")).toBe("now");
    expect(signature("substring")).toBe("substring(text, begin, end?)");
  });

  it("is documented in docs/expressions.md", () => {
    const docs = readFileSync(new URL("../../../docs/expressions.md", import.meta.url), "utf8");
    for (const spec of FUNCTIONS) expect(docs, spec.name).toContain(`\`${spec.name}`);
    for (const type of [...VALUE_EXPRESSION_TYPES, ...BOOLEAN_EXPRESSION_TYPES]) expect(docs, type).toContain(type);
  });
});

describe("docs/expressions.md", () => {
  const docs = readFileSync(new URL("../../../docs/expressions.md", import.meta.url), "utf8");
  const table = docs.slice(docs.indexOf("<!-- examples:start -->"), docs.indexOf("<!-- examples:end -->"));
  const rows = [...table.matchAll(/^\| `(.+?)` \| `(\{.+\})` \|$/gm)].map(([, text, json]) => [
    (text as string).replaceAll("\\|", "|"),
    json as string,
  ]);

  it("has an example row for every JSON type", () => {
    const types = new Set(rows.map(([, json]) => JSON.parse(json as string)["@type"]));
    expect([...types].sort()).toEqual([...VALUE_EXPRESSION_TYPES, ...BOOLEAN_EXPRESSION_TYPES].sort());
  });

  for (const [text, json] of rows) {
    it(`compiles ${text} as documented`, () => {
      const expected = JSON.parse(json as string);
      const parsed = parseExpression(text as string);
      expect(parsed.diagnostics).toEqual([]);
      const kind = expected["@type"].startsWith("exv.") ? "value" : "condition";
      const lowered = lowerExpression(parsed.ast, { box: { name: "invoices", main: true }, expect: kind });
      expect(lowered.diagnostics).toEqual([]);
      expect(lowered.value).toEqual(expected);
    });
  }
});
