import fc from "fast-check";
import {
  BOOLEAN_EXPRESSION_TYPES,
  type BooleanExpression,
  REFERENCE_NAMESPACES,
  type ValueExpression,
} from "../src/index.js";

/**
 * Random expressions of the model, and the texts, names and numbers inside them, shared by every property test
 * that needs them (the compiler's print/parse round trip, the formatter's expression lines and decompiler).
 *
 * Why here: the generators produce model values and need only @mailroom/model and fast-check, and the model is
 * the lowest layer, so any package's tests may import this file without reaching upward (test/layering.test.ts
 * checks only packages/<name>/src, and no package's code depends on this file).
 *
 * The edge cases are the union of what each test needed: names that matter to the printer (context boxes,
 * reserved words, flag names, non-identifiers), texts that matter to YAML, binary strings with lone surrogates,
 * numbers as text up to 10^30, integers of any size, coordinates from 5e-324 to Number.MAX_VALUE (1e21, and
 * -0 on request), null box names, and every expression type of the model.
 */

/** Names that matter to the printer: context boxes, reserved words, flag names, non-identifiers, the empty name. */
const NAMES = [
  "invoices",
  "annexes",
  "bundle",
  "data",
  "INVOICE_DATA",
  "my box",
  "null",
  "true",
  "and",
  "main",
  "keepExtension",
  "trim",
  "fileName",
  "x",
  "_1",
  "",
];

/** Texts that matter to YAML and to the DSL: indicators, reserved words, numbers, quotes, blanks, line breaks. */
const TRICKY = [
  " ",
  "a b",
  "  two  spaces  ",
  "key: value",
  "# not a comment",
  "a #b",
  "False",
  "~",
  "007",
  "-0",
  "-1",
  "-7",
  "42",
  "12.5",
  "1e3",
  ".inf",
  "0x1F",
  "- item",
  "[flow]",
  "{flow}",
  "a, b",
  "@at",
  "`tick",
  "'single'",
  '"double"',
  "a\"b'c\\d",
  "back\\slash",
  "line\nbreak",
  "trailing\n",
  "\ttab",
  "---",
  "...",
  "é😀",
  "\ud800",
  "\u2028",
  "\u0085",
  "%percent",
  "&anchor",
  "*alias",
  "!tag",
  "|pipe",
  ">fold",
  "?q",
  ":colon",
  "x:",
];

/** Text long enough to fold. */
const long = fc
  .array(fc.constantFrom("Lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "é", "n°", "—"), {
    minLength: 15,
    maxLength: 30,
  })
  .map((words) => words.join(" "));

export const text = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_ -]{0,12}$/) },
  { weight: 3, arbitrary: fc.constantFrom(...NAMES, ...TRICKY) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: "binary" }) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.integer().map(String), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String)),
  },
  { weight: 1, arbitrary: long },
);

/** A regular expression's source: any text, or the characters that matter inside a regex literal. */
const pattern = fc.oneof(
  text,
  fc.string({ unit: fc.constantFrom("a", "/", "\\", "d", "^", "$", ".", "*", "(", "\n", "é") }),
);

/** A box, metadata or parameter name: mostly one that matters, sometimes any text. */
export const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: text });

const integer = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.maxSafeInteger(),
);

/** PDF coordinates: small ones, any size up to Number.MAX_VALUE, and the ones that print oddly, with `extra`. */
const coordinates = (...extra: number[]) =>
  fc.oneof(
    fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, 0.1, 1e21, 5e-324, 12.5, Number.MAX_VALUE, ...extra),
  );
const areaOf = (side: fc.Arbitrary<number>) => fc.record({ left: side, top: side, width: side, height: side });

/** A PDF area as JSON text holds it: no -0, which JSON.stringify writes 0. */
export const area = areaOf(coordinates());
/** An area that may hold -0, which the expression printer keeps. */
const areaWithNegativeZero = areaOf(coordinates(-0));

const flag = fc.boolean();

/** The model's comparisons: every condition but these, each of which has its own shape. */
const COMPARISONS = BOOLEAN_EXPRESSION_TYPES.filter(
  (type) => !["exb.Boolean", "exb.AND", "exb.OR", "exb.NOT", "exb.StrMatches"].includes(type),
);

/** The box whose configuration holds an expression. */
interface Box {
  readonly name: string;
  readonly main: boolean;
}

/** A box target: mostly what `box` implies when there is one, sometimes another box, sometimes raw combinations. */
function target(box: Box | undefined) {
  const others = [
    { weight: 1, arbitrary: fc.constant({ fromMain: true }) },
    { weight: 1, arbitrary: name.map((boxName) => ({ fromMain: false, boxName })) },
    {
      weight: 1,
      arbitrary: fc.record(
        { fromMain: flag, boxName: fc.oneof(fc.constant(null), name) },
        { requiredKeys: ["fromMain"] },
      ),
    },
  ];
  if (!box) return fc.oneof(...others);
  const implied = box.main ? { fromMain: true } : { fromMain: false, boxName: box.name };
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<{ fromMain: boolean; boxName?: string | null }>(implied) },
    ...others,
  );
}

/**
 * Random value expressions and conditions of every type of the model, with random optional fields, nesting at
 * most `maxDepth`; their targets mostly name `box` when there is one, and are random without one. Coordinates
 * are -0 only when asked: printing keeps -0, but JSON text (the compiled service) writes it 0.
 */
export function expressions(box?: Box, maxDepth = 3, { negativeZero = false } = {}) {
  const boxTarget = target(box);
  return fc.letrec<{ value: ValueExpression; condition: BooleanExpression }>((tie) => {
    const value = tie("value");
    const condition = tie("condition");
    const withExpr = <T extends object>(type: string, fields: fc.Arbitrary<T>) =>
      fc.tuple(value, fields).map(([expr, rest]) => ({ "@type": type, expr, ...rest }) as ValueExpression);
    const targeted = <T extends object>(type: string, fields: fc.Arbitrary<T>) =>
      fc.tuple(boxTarget, fields).map(([t, rest]) => ({ "@type": type, ...t, ...rest }) as ValueExpression);
    const comparison = (type: string) =>
      fc.tuple(value, value).map(([expr1, expr2]) => ({ "@type": type, expr1, expr2 }) as BooleanExpression);
    return {
      value: fc.oneof(
        { depthSize: "small", maxDepth },
        fc.record({ "@type": fc.constant("exv.Value"), value: text }),
        fc.record({
          "@type": fc.constant("exv.Reference"),
          namespace: fc.constantFrom(...REFERENCE_NAMESPACES),
          identifier: name,
        }),
        targeted("exv.FileName", fc.record({ begin: integer, end: integer }, { requiredKeys: [] })),
        targeted(
          "exv.PdfText",
          fc.record(
            {
              page: integer,
              area: negativeZero ? areaWithNegativeZero : area,
              extractionParameters: fc.dictionary(name, text, { maxKeys: 3 }),
            },
            { requiredKeys: ["page", "area"] },
          ),
        ),
        targeted("exv.PdfMetadata", fc.record({ metadataName: text })),
        targeted("exv.PositionInBox", fc.constant({})),
        fc.constantFrom<ValueExpression>(
          { "@type": "exv.NumSheetsValue" },
          { "@type": "exv.CurrentDate" },
          { "@type": "exv.ArchiveFileRelativePathname" },
        ),
        fc
          .record({
            "@type": fc.constantFrom("exv.Concat", "exv.Coalesce"),
            operands: fc.array(value, { maxLength: 3 }),
          })
          .map((e) => e as ValueExpression),
        withExpr(
          "exv.Substring",
          fc.record(
            {
              beginIndex: fc.oneof(fc.nat(50), fc.nat()),
              endIndex: fc.oneof(fc.integer({ min: -1, max: 50 }), fc.integer({ min: -1 })),
            },
            { requiredKeys: ["beginIndex"] },
          ),
        ),
        withExpr(
          "exv.StrClean",
          fc.record(
            { normalizeSpace: flag, removeDiacritics: flag, multiline: flag, trim: flag },
            { requiredKeys: [] },
          ),
        ),
        withExpr("exv.StrNormalizeCase", fc.record({ toUpper: flag }, { requiredKeys: [] })),
        withExpr(
          "exv.StrReplace",
          fc.record(
            { regExpPattern: pattern, replacement: text, firstOnly: flag },
            { requiredKeys: ["regExpPattern", "replacement"] },
          ),
        ),
        fc
          .tuple(
            value,
            fc.record(
              {
                "@type": fc.constantFrom("exv.DateParse", "exv.DateFormat"),
                pattern: text,
                timeZone: text,
                locale: text,
              },
              { requiredKeys: ["@type", "pattern", "timeZone"] },
            ),
          )
          .map(([expr, rest]) => ({ expr, ...rest }) as ValueExpression),
        fc
          .record({ boxName: name, indexInBox: integer, keepExtension: flag }, { requiredKeys: ["boxName"] })
          .map((e) => ({ "@type": "exv.JobFileNameValue", ...e }) as ValueExpression),
      ),
      condition: fc.oneof(
        { depthSize: "small", maxDepth },
        fc.record({ "@type": fc.constant("exb.Boolean"), value: flag }),
        fc
          .tuple(fc.constantFrom("exb.AND", "exb.OR"), condition, condition)
          .map(([type, expr1, expr2]) => ({ "@type": type, expr1, expr2 }) as BooleanExpression),
        condition.map((expr) => ({ "@type": "exb.NOT", expr }) as BooleanExpression),
        ...COMPARISONS.map(comparison),
        fc
          .tuple(value, fc.record({ regExpPattern: pattern, matchWhole: flag }, { requiredKeys: ["regExpPattern"] }))
          .map(([expr, rest]) => ({ "@type": "exb.StrMatches", expr, ...rest }) as BooleanExpression),
      ),
    };
  });
}
