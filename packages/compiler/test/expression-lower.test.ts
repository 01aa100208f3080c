import { parseExpression } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExpressionContext, type ExpressionKind, lowerExpression } from "../src/expression/index.js";

const main = { box: { name: "invoices", main: true } };
const annexes = { box: { name: "annexes", main: false } };
const s = (offset: number, length: number) => ({ offset, length });

function lower(text: string, kind: ExpressionKind = "value", context: ExpressionContext = main) {
  const parsed = parseExpression(text);
  return { ...lowerExpression(parsed.ast, { ...context, expect: kind }), syntax: parsed.diagnostics };
}

/** The lowering diagnostics of a text as [code, message, offset, length]. */
function problems(text: string, kind: ExpressionKind = "value", context: ExpressionContext = main) {
  const result = lower(text, kind, context);
  expect(result.syntax).toEqual([]);
  return result.diagnostics.map((d) => [d.code, d.message, d.span.offset, d.span.length]);
}

describe("box targets", () => {
  it("reads the current box by default", () => {
    expect(lower("fileName").value).toEqual({ "@type": "exv.FileName", fromMain: true });
    expect(lower("fileName", "value", annexes).value).toEqual({
      "@type": "exv.FileName",
      fromMain: false,
      boxName: "annexes",
    });
    expect(lower('pdfMeta("Title")', "value", annexes).value).toEqual({
      "@type": "exv.PdfMetadata",
      fromMain: false,
      boxName: "annexes",
      metadataName: "Title",
    });
  });

  it("writes each explicit form exactly", () => {
    expect(lower("positionInBox(box=terms)").value).toEqual({
      "@type": "exv.PositionInBox",
      fromMain: false,
      boxName: "terms",
    });
    expect(lower("positionInBox(main)", "value", annexes).value).toEqual({
      "@type": "exv.PositionInBox",
      fromMain: true,
    });
    expect(lower('fileName(boxName="x")').value).toEqual({ "@type": "exv.FileName", fromMain: false, boxName: "x" });
    expect(lower("fileName(fromMain=true, boxName=null)").value).toEqual({
      "@type": "exv.FileName",
      fromMain: true,
      boxName: null,
    });
  });

  it("reports a missing target outside any box, and goes on", () => {
    const result = lower("concat(fileName, pdfText(1, [0, 0, 1, 1]))", "value", {});
    expect(result.diagnostics.map((d) => [d.code, d.message, d.span])).toEqual([
      [
        "missing-box-target",
        'Expected "box=NAME" or "main" in "fileName" but found neither; outside a box there is no current box to read.',
        s(7, 8),
      ],
      [
        "missing-box-target",
        'Expected "box=NAME" or "main" in "pdfText" but found neither; outside a box there is no current box to read.',
        s(17, 7),
      ],
    ]);
    expect(result.value).toMatchObject({
      operands: [{ "@type": "exv.FileName", fromMain: false }, { "@type": "exv.PdfText" }],
    });
    expect(problems("fileName(main)", "value", {})).toEqual([]);
  });

  it("refuses conflicting targets", () => {
    expect(problems("fileName(box=a, main)")).toEqual([
      ["wrong-argument", 'Expected either "box" or "main" in "fileName" but found both.', 16, 4],
    ]);
    expect(problems("fileName(box=a, fromMain=true)")).toEqual([
      [
        "wrong-argument",
        'Expected either "box"/"main" or the raw fields "fromMain"/"boxName" in "fileName" but found both.',
        16,
        13,
      ],
    ]);
    expect(problems("fileName(main=false)")).toEqual([
      [
        "wrong-argument",
        'Expected "main" alone but found "main=false"; write "fromMain=false" for the raw field.',
        9,
        10,
      ],
    ]);
    expect(problems("fileName(box=true)")).toEqual([
      [
        "wrong-argument",
        'Expected a box name (a name or a string) for "box" of "fileName" but found the condition "true".',
        13,
        4,
      ],
    ]);
  });
});

describe("the old spelling name: value", () => {
  it("is one syntax error per colon, each with a fix, and lowers as if = were written", () => {
    const old = lower('pdfText(1, [1, 2, 3, 4], params: {dpi: "300"}, box: annexes) | clean(trim: false)');
    expect(old.syntax.map((d) => [d.code, d.span.offset, d.span.length, d.fix?.edits])).toEqual(
      [31, 37, 50, 73].map((at) => ["expression-syntax", at, 1, [{ span: s(at, 2), newText: "=" }]]),
    );
    expect(old.diagnostics).toEqual([]);
    const current = lower('pdfText(1, [1, 2, 3, 4], params={dpi="300"}, box=annexes) | clean(trim=false)');
    expect(current.syntax).toEqual([]);
    expect(old.value).toEqual(current.value);
    expect(old.value).toEqual({
      "@type": "exv.StrClean",
      expr: {
        "@type": "exv.PdfText",
        fromMain: false,
        boxName: "annexes",
        page: 1,
        area: { left: 1, top: 2, width: 3, height: 4 },
        extractionParameters: { dpi: "300" },
      },
      trim: false,
    });
  });

  it("reads a = b inside a call as a named argument, which lowering then checks", () => {
    expect(problems('contains(text = meta.a, part = "x")', "condition")).toEqual([]);
    expect(problems('contains(meta.a, "x", a = "y")', "condition")).toEqual([
      ["unknown-argument", 'Unknown argument "a" of "contains"; expected text or part.', 22, 1],
    ]);
  });
});

describe("kinds", () => {
  it("reports a condition where a value is expected, at the operator or name", () => {
    expect(problems("meta.a == meta.b")).toEqual([
      ["expected-value", 'Expected a value but found a condition ("==").', 7, 2],
    ]);
    expect(problems("concat(not meta.a)")).toEqual([
      ["expected-value", 'Expected a value but found a condition ("not").', 7, 3],
    ]);
    expect(problems('contains(meta.a, "x")')).toEqual([
      ["expected-value", 'Expected a value but found the condition "contains".', 0, 8],
    ]);
    expect(problems("true")).toEqual([
      ["expected-value", 'Expected a value but found the condition "true"; write "true" in quotes for the text.', 0, 4],
    ]);
  });

  it("says where regexes, arrays and objects belong", () => {
    expect(problems("/x/")).toEqual([
      [
        "expected-value",
        "Expected a value but found a regular expression; a regular expression is only the pattern of replace or matches.",
        0,
        3,
      ],
    ]);
    expect(problems("[1, 2]")).toEqual([
      ["expected-value", "Expected a value but found an array; an array is only the area of pdfText.", 0, 6],
    ]);
    expect(problems("{a='b'}")).toEqual([
      ["expected-value", "Expected a value but found an object; an object is only the params of pdfText.", 0, 7],
    ]);
  });

  it("reports a value where a condition is expected", () => {
    expect(problems("meta.a", "condition")).toEqual([
      [
        "expected-condition",
        'Expected a condition but found the reference meta.a; compare it, for example with == "text".',
        0,
        6,
      ],
    ]);
    expect(problems("true and upper(meta.a)", "condition")).toEqual([
      [
        "expected-condition",
        'Expected a condition but found the value "upper"; compare it, for example with == "text".',
        9,
        5,
      ],
    ]);
  });

  it("still checks the arguments of a function of the wrong kind", () => {
    expect(problems('contains(uper(meta.a), "x")').map((p) => p[0])).toEqual(["expected-value", "unknown-function"]);
  });

  it("lowers every comparison, turning > and >= around", () => {
    const a = { "@type": "exv.Reference", namespace: "METADATA", identifier: "a" };
    const one = { "@type": "exv.Value", value: "1" };
    expect(lower("meta.a > 1", "condition").value).toEqual({ "@type": "exb.LessThan", expr1: one, expr2: a });
    expect(lower("meta.a >= 1", "condition").value).toEqual({ "@type": "exb.LessThanOrEqual", expr1: one, expr2: a });
    expect(lower("meta.a <= 1", "condition").value).toEqual({ "@type": "exb.LessThanOrEqual", expr1: a, expr2: one });
  });
});

describe("names", () => {
  it("suggests the nearest function, with a fix", () => {
    const [diagnostic] = lower("uper(meta.a)").diagnostics;
    expect(diagnostic).toEqual({
      code: "unknown-function",
      severity: "error",
      message: 'Unknown function "uper"; did you mean "upper"?',
      span: s(0, 4),
      fix: { description: 'Replace with "upper"', edits: [{ span: s(0, 4), newText: "upper" }] },
    });
    expect(problems("filename")[0]?.[1]).toBe('Unknown name "filename"; did you mean "fileName"?');
  });

  it("lists the functions when none is near", () => {
    expect(problems("frobnicate(meta.a)")[0]?.[1]).toBe(
      'Unknown function "frobnicate"; expected one of fileName, positionInBox, concat, coalesce, substring, clean, upper, lower, normalizeCase, replace, replaceFirst, pdfText, pdfMeta, parseDate, formatDate, jobFileName, contains, startsWith, endsWith, numEqual or matches.',
    );
  });

  it("explains bare names", () => {
    expect(problems("invoiceNumber")).toEqual([
      [
        "unknown-function",
        'Unknown name "invoiceNumber"; expected a keyword such as fileName, a string, or a reference such as meta.invoiceNumber.',
        0,
        13,
      ],
    ]);
    expect(problems("meta")).toEqual([
      ["unknown-function", 'Expected a name after "meta" but found none; write meta.NAME or meta["any text"].', 0, 4],
    ]);
    expect(problems("concat(null)")[0]?.[1]).toBe(
      'Unknown name "null"; "null" is a reserved word; write "null" in quotes for the text.',
    );
  });

  it("checks namespaces", () => {
    expect(problems("metadata.a")).toEqual([
      ["unknown-namespace", 'Unknown namespace "metadata"; did you mean "meta"?', 0, 8],
    ]);
    expect(problems("OUTPUT_FILE.NUID")[0]?.[1]).toBe('Unknown namespace "OUTPUT_FILE"; did you mean "output"?');
    expect(problems("requirements.a")[0]?.[1]).toBe('Unknown namespace "requirements"; did you mean "req"?');
    expect(problems("mta.a")[0]?.[1]).toBe('Unknown namespace "mta"; did you mean "meta"?');
    expect(problems("x.a")).toEqual([
      ["unknown-namespace", 'Unknown namespace "x"; expected meta, req, ou or output.', 0, 1],
    ]);
    expect(lower('ou["NAME"]').value).toEqual({
      "@type": "exv.Reference",
      namespace: "ORGANIZATIONAL_UNIT",
      identifier: "NAME",
    });
  });
});

describe("arguments", () => {
  const cases: [string, (string | number)[]][] = [
    ["clean(meta.a, trimm)", ["unknown-argument", 'Unknown argument "trimm" of "clean"; did you mean "trim"?', 14, 5]],
    [
      "clean(meta.a, zz=true)",
      [
        "unknown-argument",
        'Unknown argument "zz" of "clean"; expected text, trim, normalizeSpace, removeDiacritics or multiline.',
        14,
        2,
      ],
    ],
    ["upper(meta.a, meta.b)", ["wrong-argument", 'Expected at most 1 argument for "upper" but found more.', 14, 6]],
    [
      "meta.a | upper(meta.b)",
      [
        "wrong-argument",
        'Expected at most 1 argument for "upper" (the piped text counts as the first) but found more.',
        15,
        6,
      ],
    ],
    [
      "replace(meta.a, /x/)",
      [
        "wrong-argument",
        'Expected the argument "replacement" of replace(text, pattern, replacement, firstOnly?) but found none.',
        0,
        7,
      ],
    ],
    [
      "substring(meta.a, 1.5)",
      ["wrong-argument", 'Expected an integer for "begin" of "substring" but found the number 1.5.', 18, 3],
    ],
    [
      'substring(meta.a, "1")',
      ["wrong-argument", 'Expected an integer for "begin" of "substring" but found the string "1".', 18, 3],
    ],
    [
      "clean(meta.a, trim, trim)",
      ["wrong-argument", 'Expected the argument "trim" of "clean" once but found it twice.', 20, 4],
    ],
    [
      "clean(meta.a, trim=1)",
      ["wrong-argument", 'Expected true or false for "trim" of "clean" but found the number 1.', 19, 1],
    ],
    [
      "pdfText(1, [1, 2, 3])",
      [
        "wrong-argument",
        'Expected an array of four numbers [left, top, width, height] for "area" of "pdfText" but found an array.',
        11,
        9,
      ],
    ],
    [
      "pdfText(1, [1, 2, 3, 4], params={a=1})",
      ["wrong-argument", 'Expected a string for the parameter "a" but found the number 1.', 35, 1],
    ],
    [
      "pdfText(1, [1, 2, 3, 4], params={a='x', a='y'})",
      ["wrong-argument", 'Expected the key "a" once in "params" but found it twice.', 40, 1],
    ],
    [
      "pdfText(1, [1, 2, 3, 4], params=[1])",
      [
        "wrong-argument",
        'Expected an object of texts {name="value"} for "params" of "pdfText" but found an array.',
        32,
        3,
      ],
    ],
    ["now()", ["wrong-argument", 'Expected "now" without parentheses but found a call; it takes no arguments.', 0, 3]],
    ["upper", ["wrong-argument", 'Expected arguments for "upper" but found none; write upper(text).', 0, 5]],
    [
      "meta.a | pdfText(1, [1, 2, 3, 4])",
      [
        "wrong-argument",
        'Expected a function that takes a text after "|" but found "pdfText", whose first argument is not a text.',
        9,
        7,
      ],
    ],
    [
      "concat(values=meta.a)",
      ["wrong-argument", 'Expected the values of "concat" by position but found them named.', 7, 6],
    ],
    [
      "parseDate(meta.d, 'd', timeZone='z', 'fr')",
      [
        "wrong-argument",
        'Expected positional arguments of "parseDate" before the named ones but found one after "timeZone=".',
        37,
        4,
      ],
    ],
    [
      "meta.a[:3]",
      [
        "wrong-argument",
        "Expected a begin index in the slice but found none; only fileName may omit it (write [0:3]).",
        6,
        4,
      ],
    ],
    [
      "meta.a[1.5:]",
      ["wrong-argument", "Expected an integer for the begin index of the slice but found the number 1.5.", 7, 3],
    ],
    [
      "matches(meta.a, 1)",
      [
        "wrong-argument",
        'Expected a regular expression /.../ or a string for "pattern" of "matches" but found the number 1.',
        16,
        1,
      ],
    ],
  ];
  for (const [text, diagnostic] of cases) {
    it(text, () => {
      expect(problems(text, text.startsWith("matches") ? "condition" : "value")).toEqual([diagnostic]);
    });
  }

  it("accepts bare flags after named arguments", () => {
    expect(lower("clean(meta.a, trim=false, normalizeSpace)").value).toMatchObject({
      trim: false,
      normalizeSpace: true,
    });
  });

  it("unwraps parentheses around literal arguments", () => {
    expect(problems("substring(meta.a, (1), ((2)))")).toEqual([]);
  });

  it("keeps a parameter key such as __proto__ as an ordinary key", () => {
    const value = lower('pdfText(1, [1, 2, 3, 4], params={"__proto__"="x"})').value;
    expect(Object.keys((value as { extractionParameters: object }).extractionParameters)).toEqual(["__proto__"]);
  });
});

describe("pointers", () => {
  it("map every JSON position to the text that produced it", () => {
    const text = 'concat(meta.a, fileName[0:8] | replace(/x/, "y"))';
    const { pointers } = lower(text, "value", annexes);
    const at = (pointer: string) => {
      const span = pointers.get(pointer);
      return span && text.slice(span.offset, span.offset + span.length);
    };
    expect([...pointers.keys()]).toEqual([
      "",
      "/operands/0",
      "/operands/0/namespace",
      "/operands/0/identifier",
      "/operands/1",
      "/operands/1/expr",
      "/operands/1/expr/fromMain",
      "/operands/1/expr/boxName",
      "/operands/1/expr/begin",
      "/operands/1/expr/end",
      "/operands/1/regExpPattern",
      "/operands/1/replacement",
    ]);
    expect(pointers.size).toBe(12);
    expect(at("")).toBe(text);
    expect(at("/operands/0/identifier")).toBe("a");
    expect(at("/operands/1")).toBe('fileName[0:8] | replace(/x/, "y")');
    expect(at("/operands/1/expr")).toBe("fileName[0:8]");
    expect(at("/operands/1/expr/boxName")).toBe("fileName");
    expect(at("/operands/1/expr/end")).toBe("8");
    expect(at("/operands/1/regExpPattern")).toBe("/x/");
    expect(pointers.has("/operands/2")).toBe(false);
    expect(pointers.get("operands")).toBeUndefined();
  });

  it("follow the swapped operands of > and escape keys as RFC 6901 says", () => {
    const { pointers } = lower("meta.a > meta.bb", "condition");
    expect(pointers.get("/expr1")).toEqual(s(9, 7));
    expect(pointers.get("/expr2")).toEqual(s(0, 6));
    const params = lower('pdfText(1, [1, 2, 3, 4], params={"a/b~c"="v"})').pointers;
    expect(params.get("/extractionParameters/a~1b~0c")).toEqual(s(41, 3));
    expect([...params.keys()]).toContain("/extractionParameters/a~1b~0c");
  });

  it("locate the deepest written position along a path", () => {
    const { pointers } = lower("substring(meta.a, 2)");
    expect(pointers.locate(["expr", "identifier"])).toEqual({ span: s(15, 1), depth: 2 });
    expect(pointers.locate(["endIndex"])).toEqual({ span: s(0, 20), depth: 0 });
  });
});

describe("robustness", () => {
  const names = ["meta.a", "fileName", "concat", "clean", "trim", "box", "main", "pdfText", "matches", "true", "null"];
  const pieces = [..."()[]{},:.|<>/\"'# -019", "==", "=", "and ", " or ", "not ", ...names];
  it("lowers any text without throwing, always yielding the expected kind", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.constantFrom<ExpressionKind>("value", "condition"),
        fc.constantFrom<ExpressionContext>({}, main, annexes),
        (parts, kind, context) => {
          const text = parts.join("");
          const result = lower(text, kind, context);
          expect(result.value["@type"].startsWith(kind === "value" ? "exv." : "exb.")).toBe(true);
          for (const d of result.diagnostics) expect(d.span.offset + d.span.length).toBeLessThanOrEqual(text.length);
          for (const [, span] of result.pointers) expect(span.offset + span.length).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("lowers the deepest tree the parser accepts", () => {
    const text = `${"concat(".repeat(255)}fileName${")".repeat(255)}`;
    const result = lower(text);
    expect([...result.syntax, ...result.diagnostics]).toEqual([]);
    expect(result.pointers.size).toBe(257);
  });
});
