import { type EvaluationSources, lowerExpression } from "@mailroom/compiler";
import { loadJavaDates } from "@mailroom/java";
import {
  BOOLEAN_EXPRESSION_TYPES,
  type BooleanExpression,
  VALUE_EXPRESSION_TYPES,
  type ValueExpression,
} from "@mailroom/model";
import { evaluateExpression, Unavailable } from "@mailroom/runtime";
import { parseExpression } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";

const BOX = { name: "invoices", main: true } as const;

/** Sources of a fixed little world: one document of box invoices, named FACTURE_2024-03_0042.pdf. */
const sources: EvaluationSources = {
  fileName: (t) => {
    if (!t.fromMain && t.boxName !== "invoices") throw new Unavailable(`no document in box ${t.boxName}`);
    return "FACTURE_2024-03_0042.pdf";
  },
  positionInBox: () => 3,
  pdfText: (_, page, area, parameters) =>
    `text of page ${page} at ${area.left},${area.top},${area.width},${area.height}${parameters ? ` ${JSON.stringify(parameters)}` : ""}`,
  pdfMetadata: (_, name) => (name === "Title" ? "Factures de mars" : ""),
  reference(namespace, identifier) {
    const values: Record<string, string> = {
      "METADATA.amount": "1234.50",
      "METADATA.empty": "",
      "METADATA.date": "15/03/2024",
      "REQUIREMENT.POSTAL_ADDRESS_RECIPIENT": "Mme Durand\n3 rue Haute",
      "ORGANIZATIONAL_UNIT.NAME": "Distrilog",
      "OUTPUT_FILE.NUID": "N0042",
    };
    const value = values[`${namespace}.${identifier}`];
    if (value === undefined) throw new Unavailable(`no ${namespace.toLowerCase()} ${identifier}`);
    return value;
  },
  now: () => Date.UTC(2024, 2, 15, 10, 0, 0),
  numSheets: () => 2,
  archivePath: () => "annexes/BL_2024_0001.PDF",
  jobFileName: (box, index) => (box === "invoices" && (index === 1 || index === -1) ? "LOT 7.final.pdf" : "?"),
};

/** The JSON of an expression written in the DSL, in a MAIN box named invoices. */
function lowered(text: string, kind: "value" | "condition"): unknown {
  const parsed = parseExpression(text);
  const result = lowerExpression(parsed.ast, { expect: kind, box: BOX } as never);
  expect(parsed.diagnostics.concat(result.diagnostics), text).toEqual([]);
  return result.value;
}
const dates = await loadJavaDates();
const value = (text: string) => evaluateExpression(lowered(text, "value") as ValueExpression, sources, dates);
const condition = (text: string) => evaluateExpression(lowered(text, "condition") as BooleanExpression, sources, dates);

/** For each JSON type, texts and what they evaluate to (a value, or a failure's problem and where). */
const CASES: Record<string, readonly [text: string, expected: string | boolean][]> = {
  "exv.Value": [
    ['"abc"', "abc"],
    ["42", "42"],
  ],
  "exv.Reference": [
    ["meta.amount", "1234.50"],
    ["ou.NAME", "Distrilog"],
    ["output.NUID", "N0042"],
  ],
  "exv.FileName": [
    ["fileName", "FACTURE_2024-03_0042.pdf"],
    ["fileName[8:15]", "2024-03"],
    ["fileName[16:0]", "0042.pdf"],
  ],
  "exv.PdfText": [
    ["pdfText(1, [10, 20, 30, 4])", "text of page 1 at 10,20,30,4"],
    [
      'pdfText(-1, [0, 0, 5, 5], params={sortByPosition="true"})',
      'text of page -1 at 0,0,5,5 {"sortByPosition":"true"}',
    ],
  ],
  "exv.PdfMetadata": [['pdfMeta("Title")', "Factures de mars"]],
  "exv.Concat": [
    ['concat(meta.amount, " EUR")', "1234.50 EUR"],
    ["concat()", ""],
  ],
  "exv.Coalesce": [['coalesce(meta.empty, "fallback", meta.missing)', "fallback"]],
  "exv.Substring": [
    ["meta.amount[0:4]", "1234"],
    ["meta.amount[5:-1]", "50"],
  ],
  "exv.StrClean": [['"  a \u00a0 b  " | clean(trim, normalizeSpace)', "a b"]],
  "exv.StrNormalizeCase": [
    ['"Straße" | upper', "STRASSE"],
    ['"ÉTÉ" | lower', "été"],
    ['"ABC" | normalizeCase', "abc"],
  ],
  "exv.StrReplace": [
    ['"BC_2024-0001" | replace(/[-_]/, ".")', "BC.2024.0001"],
    ['"BC_2024_0001" | replaceFirst(/^(BC)_(\\d{4})/, "$1-$2")', "BC-2024_0001"],
  ],
  "exv.PositionInBox": [["positionInBox", "00003"]],
  "exv.NumSheetsValue": [["numSheets", "2"]],
  "exv.CurrentDate": [["now", "1710496800000"]],
  "exv.ArchiveFileRelativePathname": [["archivePath", "annexes/BL_2024_0001.PDF"]],
  "exv.DateParse": [['meta.date | parseDate("dd/MM/yyyy", "Europe/Paris")', "1710457200000"]],
  "exv.DateFormat": [['now | formatDate("d MMMM uuuu HH:mm", "Europe/Paris", locale="fr-FR")', "15 mars 2024 11:00"]],
  "exv.JobFileNameValue": [
    ["jobFileName(invoices)", "LOT 7.final"],
    ["jobFileName(invoices, -1, keepExtension)", "LOT 7.final.pdf"],
  ],
  "exb.Boolean": [
    ["true", true],
    ["false", false],
  ],
  "exb.AND": [
    ["true and false", false],
    ["true and true", true],
  ],
  "exb.OR": [
    ["false or true", true],
    ["false or false", false],
  ],
  "exb.NOT": [["not false", true]],
  "exb.ContentEqual": [
    ['meta.amount == "1234.50"', true],
    ["meta.amount == 1234.5", false],
  ],
  "exb.LessThan": [
    ["meta.amount < 1300", true],
    ["meta.amount < 1234.5", false],
  ],
  "exb.LessThanOrEqual": [
    ["meta.amount <= 1234.5", true],
    ["meta.amount <= 1000", false],
  ],
  "exb.NumericEqual": [
    ["numEqual(meta.amount, 1234.5)", true],
    ['numEqual("007", 7)', true],
  ],
  "exb.StrContains": [['contains(fileName, "2024")', true]],
  "exb.StrStartsWith": [['startsWith(fileName, "FACT")', true]],
  "exb.StrEndsWith": [['endsWith(fileName | lower, ".pdf")', true]],
  "exb.StrMatches": [
    ["matches(fileName, /\\d{4}-\\d{2}/)", true],
    ["matches(fileName, /\\d{4}-\\d{2}/, whole)", false],
  ],
};

describe("evaluating every expression type", () => {
  it("has cases for every type of the model", () => {
    expect(Object.keys(CASES).sort()).toEqual([...VALUE_EXPRESSION_TYPES, ...BOOLEAN_EXPRESSION_TYPES].sort());
  });

  for (const [type, cases] of Object.entries(CASES)) {
    it(type, () => {
      for (const [text, expected] of cases) {
        const result = typeof expected === "boolean" ? condition(text) : value(text);
        expect(result, text).toEqual({ ok: true, value: expected });
      }
    });
  }
});

describe("what cannot be evaluated", () => {
  it("says why, at the node that could not be evaluated", () => {
    expect(value('concat("a", meta.missing)')).toEqual({
      ok: false,
      problem: "no metadata missing",
      path: ["operands", 1],
    });
    expect(value('concat("a", "12" | formatDate("dd", "Nowhere/City"))')).toMatchObject({
      ok: false,
      path: ["operands", 1],
    });
    expect(condition("meta.amount < meta.date")).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"15/03/2024" is not a number'),
      path: [],
    });
    expect(value("fileName(box=annexes)")).toEqual({ ok: false, problem: "no document in box annexes", path: [] });
  });

  it("stops where Java stops: and, or and coalesce do not evaluate what they do not need", () => {
    expect(condition("false and meta.missing == 1")).toEqual({ ok: true, value: false });
    expect(condition("true or meta.missing == 1")).toEqual({ ok: true, value: true });
    expect(value('coalesce("x", meta.missing)')).toEqual({ ok: true, value: "x" });
  });

  it("says so when an evaluation of dates was started without Java's dates", () => {
    const expression = lowered('now | formatDate("dd", "UTC")', "value") as ValueExpression;
    expect(evaluateExpression(expression, sources, undefined)).toEqual({
      ok: false,
      problem: "Java's dates are not loaded for this evaluation",
      path: [],
    });
  });

  it("refuses a slice past the end of its text rather than guess", () => {
    expect(value('"abc"[1:9]')).toMatchObject({ ok: false, path: [] });
  });

  it("evaluates an expression nested as deep as the language allows", () => {
    const deep = `${"not ".repeat(200)}true`;
    expect(condition(deep)).toEqual({ ok: true, value: true });
  });
});
