import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import fc from "fast-check";

/**
 * Random services as the API returns them, built from the model: every box type, every field (optional ones
 * sometimes left out), every expression type with random optional fields and box targets (right and wrong),
 * splits, appositions, duplicate names, and pass-through fields on data-file and archive boxes and on channels.
 * Reconcile counts are always present, as the API returns them (see the decompiler's one normalisation).
 */

/**
 * How many runs a property makes: `count` times MAILROOM_PROPERTY_RUNS (default 1), so that a deeper search
 * (MAILROOM_PROPERTY_RUNS=20 npx vitest run packages/format) needs no change to the tests.
 */
const SCALE = Number(process.env.MAILROOM_PROPERTY_RUNS ?? 1);
export const runs = (count: number): number => Math.round(count * SCALE);

/** The time a property test may take: vitest's default, times the scale of `runs`. */
export const PROPERTY_TIMEOUT = 30_000 * Math.max(1, SCALE);

/** Texts that matter to YAML and to the DSL: indicators, reserved words, numbers, blanks, line breaks. */
const TRICKY = [
  "",
  " ",
  "a b",
  "  two  spaces  ",
  "key: value",
  "# not a comment",
  "a #b",
  "true",
  "False",
  "null",
  "~",
  "007",
  "-1",
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
  "back\\slash",
  "line\nbreak",
  "trailing\n",
  "\ttab",
  "---",
  "...",
  "é😀",
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
  "main",
  "and",
  "keepExtension",
];

const long = fc
  .array(fc.constantFrom("Lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "é", "n°", "—"), {
    minLength: 15,
    maxLength: 30,
  })
  .map((words) => words.join(" "));

export const text = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ -]{0,12}$/) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: long },
);

const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("invoices", "annexes", "bundle", "data", "my box", "INVOICE_DATA") },
  { weight: 1, arbitrary: text },
);

const integer = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0, -1, 1, Number.MAX_SAFE_INTEGER));
const coordinate = fc.oneof(
  fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.constantFrom(0, 0.1, 1e21, 5e-324, 12.5),
);
const uuid = fc.uuid();
const flag = fc.boolean();

/**
 * JSON values for pass-through fields, as JSON text holds them (so no -0, which JSON.stringify writes 0), without a
 * "__proto__" key, which a JavaScript object cannot hold as data.
 */
export const json = fc
  .jsonValue({ maxDepth: 2 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
  .filter((value) => !JSON.stringify(value).includes('"__proto__"'));

/** A box target: mostly what the box implies, sometimes another box, sometimes raw combinations. */
function target(box: { name: string; main: boolean }) {
  const implied = box.main ? { fromMain: true } : { fromMain: false, boxName: box.name };
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(implied) },
    { weight: 1, arbitrary: fc.constant({ fromMain: true }) },
    { weight: 1, arbitrary: name.map((boxName) => ({ fromMain: false, boxName })) },
    {
      weight: 1,
      arbitrary: fc.record(
        { fromMain: flag, boxName: fc.oneof(fc.constant(null), name) },
        { requiredKeys: ["fromMain"] },
      ),
    },
  );
}

export function expressions(box: { name: string; main: boolean }, maxDepth = 3) {
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
          namespace: fc.constantFrom("METADATA", "REQUIREMENT", "ORGANIZATIONAL_UNIT", "OUTPUT_FILE"),
          identifier: name,
        }),
        targeted("exv.FileName", fc.record({ begin: integer, end: integer }, { requiredKeys: [] })),
        targeted(
          "exv.PdfText",
          fc.record(
            {
              page: integer,
              area: fc.record({ left: coordinate, top: coordinate, width: coordinate, height: coordinate }),
              extractionParameters: fc.dictionary(name, text, { maxKeys: 2 }),
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
            { beginIndex: fc.nat(50), endIndex: fc.integer({ min: -1, max: 50 }) },
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
            { regExpPattern: text, replacement: text, firstOnly: flag },
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
        ...[
          "exb.ContentEqual",
          "exb.StrContains",
          "exb.StrStartsWith",
          "exb.StrEndsWith",
          "exb.LessThan",
          "exb.LessThanOrEqual",
          "exb.NumericEqual",
        ].map(comparison),
        fc
          .tuple(value, fc.record({ regExpPattern: text, matchWhole: flag }, { requiredKeys: ["regExpPattern"] }))
          .map(([expr, rest]) => ({ "@type": "exb.StrMatches", expr, ...rest }) as BooleanExpression),
      ),
    };
  });
}

/** Counts: at least 0, or for an upper bound more than 0 or -1 (no limit). */
const lower = fc.oneof(fc.constant(0), fc.nat(20));
const upper = fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 20 }));

const split = fc.oneof(
  fc.record({ "@type": fc.constant("bsc.NONE"), editable: flag }),
  fc.record({ "@type": fc.constant("bsc.PAGE"), editable: flag, pages: fc.integer({ min: 1, max: 10 }) }),
  fc.record(
    {
      "@type": fc.constant("bsc.PDF_AREA"),
      editable: flag,
      area: fc.record({ left: coordinate, top: coordinate, width: coordinate, height: coordinate }),
      value: text.filter((t) => t.length > 0),
      pages: fc.constantFrom(1, -1),
      extractionParameters: fc.dictionary(name, text, { maxKeys: 2 }),
    },
    { requiredKeys: ["@type", "editable", "area", "value", "pages"] },
  ),
);

const apposition = fc.record(
  {
    "@type": fc.constantFrom("bap.Overlay", "bap.Image"),
    id: fc.oneof(fc.constant(null), fc.nat().map(String), fc.constantFrom("007", "0"), uuid),
    targetType: fc.constantFrom("ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"),
    serializedPageFilter: fc.oneof(fc.constantFrom("1", "1-", "2-", "1,3-5", "-1"), text),
    background: flag,
    editable: flag,
    serviceFileId: uuid,
  },
  { requiredKeys: ["@type", "id", "targetType", "serializedPageFilter", "background", "editable"] },
);

/** Extra fields the spec does not show, passed through on data-file and archive boxes and on channels. */
const extras = (keys: readonly string[]) => fc.dictionary(fc.constantFrom(...keys), json, { maxKeys: 3 });

/** Names for a collection: usually distinct, sometimes with a duplicate (which the DSL writes in the list form). */
const names = (count: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.uniqueArray(name, { minLength: count, maxLength: count }) },
    { weight: 1, arbitrary: fc.array(name, { minLength: count, maxLength: count }) },
  );

/** How big the services are: small ones for many runs, larger ones for fewer. */
interface Size {
  readonly boxes: number;
  readonly metadata: number;
  readonly depth: number;
}

function box(boxName: string, type: string, size: Size) {
  const main = fc.boolean();
  const common = {
    "@type": fc.constant(type),
    name: fc.constant(boxName),
    hidden: flag,
    minElements: fc.nat(10),
    maxElements: fc.nat(10),
    label: text,
  };
  if (type === "box.ARCHIVE") {
    return fc
      .tuple(
        fc.record(common, { requiredKeys: ["@type", "name", "hidden", "minElements", "maxElements"] }),
        extras(["format", "maxEntries", "main", "metadatas", "x-custom"]),
      )
      .map(([fields, extra]) => ({ ...extra, ...fields }));
  }
  return main.chain((isMain) => {
    const { value, condition } = expressions({ name: boxName, main: isMain }, size.depth);
    const metadataCount = fc.nat(size.metadata);
    const metadatas = metadataCount.chain((count) =>
      names(count).chain((metaNames) =>
        fc.tuple(
          ...metaNames.map((metaName) =>
            fc.record({ name: fc.constant(metaName), persist: flag, editable: flag, content: value }),
          ),
        ),
      ),
    );
    const inflated = {
      ...common,
      main: fc.constant(isMain),
      parent: fc.oneof(
        fc.constant(null),
        fc.record({ boxName: name, fileMatcher: condition, rank: fc.integer({ min: 1, max: 5 }) }),
      ),
      metadatas,
      reconcile: fc.oneof(
        fc.constant(null),
        fc.record({ condition, minExpected: lower, maxExpected: upper, minMatches: lower, maxMatches: upper }),
      ),
      configuredFiles: fc.array(fc.record({ serviceFileId: fc.oneof(fc.constant(null), uuid), removable: flag }), {
        maxLength: 2,
      }),
    };
    const required = [
      "@type",
      "name",
      "hidden",
      "minElements",
      "maxElements",
      "main",
      "parent",
      "metadatas",
      "reconcile",
      "configuredFiles",
    ] as const;
    if (type === "box.PDF") {
      return fc.record(
        {
          ...inflated,
          integrityPreservable: flag,
          splitConfig: split,
          hasAddressPage: flag,
          appositions: fc.array(apposition, { maxLength: 2 }),
        },
        { requiredKeys: [...required] },
      );
    }
    return fc
      .tuple(
        fc.record(inflated, { requiredKeys: [...required] }),
        extras(["encoding", "separator", "x-custom", "weird key: #"]),
      )
      .map(([fields, extra]) => ({ ...extra, ...fields }));
  });
}

const outputFile = fc
  .tuple(
    fc.record({ name: fc.oneof(fc.constantFrom("MAIN", "COPY"), text) }, { requiredKeys: [] }),
    extras(["preserveIntegrity", "sourceBox"]),
  )
  .map(([fields, extra]) => ({ ...extra, ...fields }));

const channels = fc.nat(2).chain((count) =>
  names(count).chain((labels) =>
    fc.tuple(
      ...labels.map((label) =>
        fc
          .tuple(
            fc.record({
              label: fc.constant(label),
              outputFilesConfig: fc.oneof(fc.constant([{ name: "MAIN" }]), fc.array(outputFile, { maxLength: 3 })),
            }),
            extras(["name", "options", "x-custom"]),
          )
          .map(([fields, extra]) => ({ ...extra, ...fields })),
      ),
    ),
  ),
);

/** A random service, valid for the model; `small` ones have fewer boxes, metadata and nesting. */
export function serviceOf(size: "small" | "full") {
  const limits: Size = size === "small" ? { boxes: 1, metadata: 2, depth: 2 } : { boxes: 3, metadata: 2, depth: 3 };
  const boxes = fc
    .integer({ min: 0, max: limits.boxes })
    .chain((count) =>
      names(count).chain((boxNames) =>
        fc.tuple(
          ...boxNames.map((boxName) =>
            fc.constantFrom("box.PDF", "box.DATA_FILE", "box.ARCHIVE").chain((type) => box(boxName, type, limits)),
          ),
        ),
      ),
    );
  return fc.record(
    {
      id: fc.integer({ min: 1, max: 1_000_000 }),
      type: fc.constantFrom("SIMPLE_UNIQUE", "SIMPLE_MULTIPLE", "PREPROCESSING_UNIQUE", "PREPROCESSING", "ADVANCED"),
      name: text,
      organizationalUnit: fc.record({ id: fc.nat(), name: text }),
      properties: fc.record(
        {
          description: text,
          iconColor: fc.record({
            r: fc.integer({ min: 0, max: 255 }),
            g: fc.integer({ min: 0, max: 255 }),
            b: fc.integer({ min: 0, max: 255 }),
            a: fc.oneof(
              fc.constantFrom(1, 0, 0.8, 0.5),
              fc.double({ min: 0, max: 1, noNaN: true }).filter((n) => !Object.is(n, -0)),
            ),
          }),
          iconName: text,
          boxes,
          channels,
        },
        { requiredKeys: ["boxes", "channels"] },
      ),
    },
    { requiredKeys: ["id", "type", "name", "properties"] },
  );
}

export const service = serviceOf("full");
