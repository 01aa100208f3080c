import { BOOLEAN_EXPRESSION_TYPES, BooleanExpression, VALUE_EXPRESSION_TYPES, ValueExpression } from "@mailroom/model";
import { parseExpression, tokenize } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expressions } from "../../model/test/arbitraries.js";
import { type ExpressionContext, lowerExpression, printExpression } from "../src/expression/index.js";

type Expression = ValueExpression | BooleanExpression;

/** The contexts random expressions print in: none, a MAIN box, and other boxes, one with a blank, one named null. */
const CONTEXTS: readonly ExpressionContext[] = [
  {},
  { box: { name: "invoices", main: true } },
  { box: { name: "annexes", main: false } },
  { box: { name: "my box", main: false } },
  { box: { name: "null", main: false } },
];

/** Parses and lowers text that must be free of any diagnostic. */
function compile(text: string, context: ExpressionContext, expect_: "value" | "condition"): Expression {
  const parsed = parseExpression(text);
  expect(parsed.diagnostics, text).toEqual([]);
  const lowered = lowerExpression(parsed.ast, { ...context, expect: expect_ });
  expect(lowered.diagnostics, text).toEqual([]);
  return lowered.value;
}

/** toEqual ignores keys holding undefined; the JSON must not have any. */
function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(hasUndefined);
}

/** The text with each string and regex literal emptied to `""`: what is left is the expression's own syntax. */
function outsideLiterals(text: string): string {
  let out = "";
  let at = 0;
  for (const token of tokenize(text).tokens) {
    if (token.kind !== "string" && token.kind !== "regex") continue;
    out += `${text.slice(at, token.offset)}""`;
    at = token.offset + token.length;
  }
  return out + text.slice(at);
}

/** A ":" followed by a blank or the end, which would end a YAML plain scalar (or make it a key). */
const YAML_COLON = /:(\s|$)/;

function roundTrip(expression: Expression, context: ExpressionContext): void {
  const kind = expression["@type"].startsWith("exv.") ? "value" : "condition";
  const text = printExpression(expression, context);
  expect(outsideLiterals(text), text).not.toMatch(YAML_COLON);
  const back = compile(text, context, kind);
  expect(back, text).toEqual(expression);
  expect(hasUndefined(back)).toBe(false);
  expect(printExpression(back, context)).toBe(text);
}

describe("print then parse gives back the JSON", () => {
  const { value, condition } = expressions(undefined, 4, { negativeZero: true });

  /** Round-trips 4,000 random expressions that `schema` accepts, in every context, and checks all `types` came up. */
  function roundTripsEveryType(
    arbitrary: fc.Arbitrary<Expression>,
    schema: { safeParse(value: unknown): { success: boolean } },
    types: readonly string[],
  ) {
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbitrary, fc.constantFrom(...CONTEXTS), (expression, ctx) => {
        expect(schema.safeParse(expression).success).toBe(true);
        seen.add(expression["@type"]);
        roundTrip(expression, ctx);
      }),
      { numRuns: 4000 },
    );
    expect([...seen].sort()).toEqual([...types].sort());
  }

  it("for random value expressions of every type, in every context", () => {
    roundTripsEveryType(value, ValueExpression, VALUE_EXPRESSION_TYPES);
  });

  it("for random conditions of every type, in every context", () => {
    roundTripsEveryType(condition, BooleanExpression, BOOLEAN_EXPRESSION_TYPES);
  });
});

describe('printed text is a YAML plain scalar as far as ": " is concerned', () => {
  const { value, condition } = expressions(undefined, 4, { negativeZero: true });

  it("finds the colons that matter, and only outside literals", () => {
    expect(outsideLiterals("concat(\"a: b\", /c: d/, 'e:')[0:1]")).toBe('concat("", "", "")[0:1]');
    expect(outsideLiterals("f(a: 1)")).toMatch(YAML_COLON);
    expect(outsideLiterals("f(a:)")).not.toMatch(YAML_COLON);
    expect(outsideLiterals("x[2:]")).not.toMatch(YAML_COLON);
    expect("f(a:\t1)").toMatch(YAML_COLON);
    expect("x:").toMatch(YAML_COLON);
  });

  it("has no colon followed by a blank outside string and regex literals, for any expression and context", () => {
    fc.assert(
      fc.property(fc.oneof(value, condition), fc.constantFrom(...CONTEXTS), (expression, context) => {
        const text = printExpression(expression, context);
        expect(outsideLiterals(text), text).not.toMatch(YAML_COLON);
      }),
      { numRuns: 4000 },
    );
  });
});

describe("canonical text", () => {
  const main = { box: { name: "invoices", main: true } };
  const annexes = { box: { name: "annexes", main: false } };
  const v = (value: string): ValueExpression => ({ "@type": "exv.Value", value });
  const meta = (identifier: string): ValueExpression => ({
    "@type": "exv.Reference",
    namespace: "METADATA",
    identifier,
  });
  const t = (b: boolean): BooleanExpression => ({ "@type": "exb.Boolean", value: b });

  const cases: [string, Expression, ExpressionContext][] = [
    ["42", v("42"), {}],
    ["-0", v("-0"), {}],
    ['"007"', v("007"), {}],
    ['"12.5"', v("12.5"), {}],
    ['"a\\"b\\\\c\\n\\u0000é"', v('a"b\\c\n\u0000é'), {}],
    ['meta["n° client"]', meta("n° client"), {}],
    ["meta.and", meta("and"), {}],
    ["output.NUID", { "@type": "exv.Reference", namespace: "OUTPUT_FILE", identifier: "NUID" }, {}],
    ["fileName", { "@type": "exv.FileName", fromMain: true }, main],
    ["fileName(main)", { "@type": "exv.FileName", fromMain: true }, annexes],
    ["fileName[0:8]", { "@type": "exv.FileName", fromMain: false, boxName: "annexes", begin: 0, end: 8 }, annexes],
    ["fileName(box=annexes)[:8]", { "@type": "exv.FileName", fromMain: false, boxName: "annexes", end: 8 }, main],
    ['fileName(box="my box")[-3:]', { "@type": "exv.FileName", fromMain: false, boxName: "my box", begin: -3 }, {}],
    ['positionInBox(box="null")', { "@type": "exv.PositionInBox", fromMain: false, boxName: "null" }, main],
    ["positionInBox(fromMain=false)", { "@type": "exv.PositionInBox", fromMain: false }, annexes],
    [
      'pdfMeta("Title", fromMain=true, boxName="invoices")',
      { "@type": "exv.PdfMetadata", fromMain: true, boxName: "invoices", metadataName: "Title" },
      main,
    ],
    [
      'pdfMeta("Title", fromMain=false, boxName=null)',
      { "@type": "exv.PdfMetadata", fromMain: false, boxName: null, metadataName: "Title" },
      annexes,
    ],
    [
      'pdfText(-1, [0.1, 1e+21, 0, 12.5], params={dpi="300", "a b"=""})',
      {
        "@type": "exv.PdfText",
        fromMain: true,
        page: -1,
        area: { left: 0.1, top: 1e21, width: 0, height: 12.5 },
        extractionParameters: { dpi: "300", "a b": "" },
      },
      main,
    ],
    ["concat()", { "@type": "exv.Concat", operands: [] }, {}],
    ["coalesce(meta.a, 0)", { "@type": "exv.Coalesce", operands: [meta("a"), v("0")] }, {}],
    ["meta.a[0:4]", { "@type": "exv.Substring", expr: meta("a"), beginIndex: 0, endIndex: 4 }, {}],
    ["meta.a[2:]", { "@type": "exv.Substring", expr: meta("a"), beginIndex: 2 }, {}],
    ["meta.a[2:-1]", { "@type": "exv.Substring", expr: meta("a"), beginIndex: 2, endIndex: -1 }, {}],
    [
      "substring(fileName, 0, 8)",
      { "@type": "exv.Substring", expr: { "@type": "exv.FileName", fromMain: true }, beginIndex: 0, endIndex: 8 },
      main,
    ],
    [
      "substring(fileName[1:9], 0)",
      { "@type": "exv.Substring", expr: { "@type": "exv.FileName", fromMain: true, begin: 1, end: 9 }, beginIndex: 0 },
      main,
    ],
    [
      "(meta.a | upper)[0:4]",
      {
        "@type": "exv.Substring",
        expr: { "@type": "exv.StrNormalizeCase", expr: meta("a"), toUpper: true },
        beginIndex: 0,
        endIndex: 4,
      },
      {},
    ],
    [
      "meta.a | clean(trim, normalizeSpace, removeDiacritics=false)",
      { "@type": "exv.StrClean", expr: meta("a"), trim: true, normalizeSpace: true, removeDiacritics: false },
      {},
    ],
    ["meta.a | clean", { "@type": "exv.StrClean", expr: meta("a") }, {}],
    ["meta.a | lower", { "@type": "exv.StrNormalizeCase", expr: meta("a"), toUpper: false }, {}],
    ["meta.a | normalizeCase", { "@type": "exv.StrNormalizeCase", expr: meta("a") }, {}],
    [
      'meta.a | replace(/\\d+/, "\\\\$1")',
      { "@type": "exv.StrReplace", expr: meta("a"), regExpPattern: "\\d+", replacement: "\\$1" },
      {},
    ],
    [
      'meta.a | replaceFirst(/a\\/b/, "")',
      { "@type": "exv.StrReplace", expr: meta("a"), regExpPattern: "a/b", replacement: "", firstOnly: true },
      {},
    ],
    [
      'meta.a | replace("a\\\\/b", "", firstOnly=false)',
      { "@type": "exv.StrReplace", expr: meta("a"), regExpPattern: "a\\/b", replacement: "", firstOnly: false },
      {},
    ],
    [
      'meta.d | parseDate("dd/MM/yyyy", "Europe/Paris", locale="fr-FR") | formatDate("yyyy", "UTC")',
      {
        "@type": "exv.DateFormat",
        expr: {
          "@type": "exv.DateParse",
          expr: meta("d"),
          pattern: "dd/MM/yyyy",
          timeZone: "Europe/Paris",
          locale: "fr-FR",
        },
        pattern: "yyyy",
        timeZone: "UTC",
      },
      {},
    ],
    ["now", { "@type": "exv.CurrentDate" }, {}],
    ["numSheets", { "@type": "exv.NumSheetsValue" }, {}],
    ["archivePath", { "@type": "exv.ArchiveFileRelativePathname" }, {}],
    [
      "jobFileName(annexes, -1, keepExtension)",
      { "@type": "exv.JobFileNameValue", boxName: "annexes", indexInBox: -1, keepExtension: true },
      {},
    ],
    [
      'jobFileName("keepExtension", keepExtension=false)',
      { "@type": "exv.JobFileNameValue", boxName: "keepExtension", keepExtension: false },
      {},
    ],
    ['jobFileName("true")', { "@type": "exv.JobFileNameValue", boxName: "true" }, {}],
    ["true", t(true), {}],
    [
      "true and (false and true)",
      { "@type": "exb.AND", expr1: t(true), expr2: { "@type": "exb.AND", expr1: t(false), expr2: t(true) } },
      {},
    ],
    [
      "true and false and true",
      { "@type": "exb.AND", expr1: { "@type": "exb.AND", expr1: t(true), expr2: t(false) }, expr2: t(true) },
      {},
    ],
    [
      "(true or false) and true",
      { "@type": "exb.AND", expr1: { "@type": "exb.OR", expr1: t(true), expr2: t(false) }, expr2: t(true) },
      {},
    ],
    [
      "true or false and true",
      { "@type": "exb.OR", expr1: t(true), expr2: { "@type": "exb.AND", expr1: t(false), expr2: t(true) } },
      {},
    ],
    ["not (true and false)", { "@type": "exb.NOT", expr: { "@type": "exb.AND", expr1: t(true), expr2: t(false) } }, {}],
    ["not not true", { "@type": "exb.NOT", expr: { "@type": "exb.NOT", expr: t(true) } }, {}],
    [
      "not meta.a == 1",
      { "@type": "exb.NOT", expr: { "@type": "exb.ContentEqual", expr1: meta("a"), expr2: v("1") } },
      {},
    ],
    [
      "meta.a | upper < 1000",
      {
        "@type": "exb.LessThan",
        expr1: { "@type": "exv.StrNormalizeCase", expr: meta("a"), toUpper: true },
        expr2: v("1000"),
      },
      {},
    ],
    ["1 <= meta.a", { "@type": "exb.LessThanOrEqual", expr1: v("1"), expr2: meta("a") }, {}],
    ["numEqual(meta.a, 1)", { "@type": "exb.NumericEqual", expr1: meta("a"), expr2: v("1") }, {}],
    ['contains(meta.a, "x")', { "@type": "exb.StrContains", expr1: meta("a"), expr2: v("x") }, {}],
    ['startsWith(meta.a, "x")', { "@type": "exb.StrStartsWith", expr1: meta("a"), expr2: v("x") }, {}],
    ['endsWith(meta.a, "x")', { "@type": "exb.StrEndsWith", expr1: meta("a"), expr2: v("x") }, {}],
    [
      "matches(meta.a, /^TMP/, whole)",
      { "@type": "exb.StrMatches", expr: meta("a"), regExpPattern: "^TMP", matchWhole: true },
      {},
    ],
    [
      'matches(meta.a, "", whole=false)',
      { "@type": "exb.StrMatches", expr: meta("a"), regExpPattern: "", matchWhole: false },
      {},
    ],
  ];

  for (const [text, expression, context] of cases) {
    it(`prints ${text}`, () => {
      expect(printExpression(expression, context)).toBe(text);
      roundTrip(expression, context);
    });
  }
});

describe("printing normalises any accepted spelling", () => {
  const main = { box: { name: "invoices", main: true } };
  const cases: [string, string, "value" | "condition"][] = [
    ["upper( meta.a )", "meta.a | upper", "value"],
    ["clean(meta.a, normalizeSpace, trim=true)", "meta.a | clean(trim, normalizeSpace)", "value"],
    ["'single \\d'", '"single \\\\d"', "value"],
    ["replace(meta.a, 'x', \"y\", firstOnly=true)", 'meta.a | replaceFirst(/x/, "y")', "value"],
    ["substring(meta.a, 1, 3)", "meta.a[1:3]", "value"],
    ["fileName(box=invoices, )", "fileName(box=invoices)", "value"],
    ["fileName(fromMain=true)", "fileName", "value"],
    ["((meta.a))", "meta.a", "value"],
    ["pdfText(area=[1, 2, 3, 4], page=2, main)", "pdfText(2, [1, 2, 3, 4])", "value"],
    ["parseDate(meta.d, 'd', timeZone='z', locale='fr')", 'meta.d | parseDate("d", "z", locale="fr")', "value"],
    ["jobFileName(box=a, index=2)", "jobFileName(a, 2)", "value"],
    ["meta.a > 1", "1 < meta.a", "condition"],
    ["meta.a >= meta.b", "meta.b <= meta.a", "condition"],
    ["(meta.a == 1)", "meta.a == 1", "condition"],
    ["lower(archivePath) | endsWith('.pdf')", 'endsWith(archivePath | lower, ".pdf")', "condition"],
    ["meta.a | matches(/x/, whole=true)", "matches(meta.a, /x/, whole)", "condition"],
    ["not(true)", "not true", "condition"],
  ];
  for (const [input, canonical, kind] of cases) {
    it(`${input} -> ${canonical}`, () => {
      const printed = printExpression(compile(input, main, kind), main);
      expect(printed).toBe(canonical);
      expect(printExpression(compile(printed, main, kind), main)).toBe(printed);
    });
  }
});

describe("size", () => {
  // How the time grows with the operands (linearly) is measured in bench/hostile.js.
  it("prints, parses and lowers a megabyte expression", () => {
    const operands: ValueExpression[] = Array.from({ length: 60_000 }, (_, i) => ({
      "@type": "exv.Substring",
      expr: { "@type": "exv.Reference", namespace: "METADATA", identifier: `m${i}` },
      beginIndex: i,
    }));
    const expression: ValueExpression = { "@type": "exv.Concat", operands };
    const text = printExpression(expression, {});
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(compile(text, {}, "value")).toEqual(expression);
  });

  it("prints JSON of any depth without exhausting the stack", () => {
    let deep: BooleanExpression = { "@type": "exb.Boolean", value: true };
    for (let i = 0; i < 100_000; i++) deep = { "@type": "exb.NOT", expr: deep };
    const text = printExpression(deep, {});
    expect(text).toBe(`${"not ".repeat(100_000)}true`);
    let right: BooleanExpression = { "@type": "exb.Boolean", value: true };
    for (let i = 0; i < 10_000; i++)
      right = { "@type": "exb.OR", expr1: { "@type": "exb.Boolean", value: false }, expr2: right };
    expect(printExpression(right, {})).toMatch(/^false or \(false or \(/);
  });
});
