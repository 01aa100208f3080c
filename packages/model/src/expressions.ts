import * as z from "zod";
import { Area, described, discriminatorValues, ExtractionParameters, int, named } from "./common.js";

/** Namespaces an `exv.Reference` can read from. */
export const REFERENCE_NAMESPACES = ["METADATA", "REQUIREMENT", "ORGANIZATIONAL_UNIT", "OUTPUT_FILE"] as const;
/** Identifiers the service accepts in the `ORGANIZATIONAL_UNIT` namespace. */
export const ORGANIZATIONAL_UNIT_IDENTIFIERS = [
  "EMAIL_ADDRESS",
  "SENDER_ADDRESS",
  "RETURN_ADDRESS",
  "SIRET",
  "NAME",
  "ID",
] as const;
/** Identifiers the service accepts in the `OUTPUT_FILE` namespace. */
export const OUTPUT_FILE_IDENTIFIERS = ["NUID"] as const;

interface Targeted {
  fromMain: boolean;
  boxName?: string | null | undefined;
}
interface AreaShape {
  left: number;
  top: number;
  width: number;
  height: number;
}
type Params = Record<string, string>;
type Clean = "normalizeSpace" | "removeDiacritics" | "multiline" | "trim";
type DateOp = { expr: ValueExpression; pattern: string; timeZone: string; locale?: string | undefined };

/**
 * The expression trees, declared by hand because TypeScript cannot print the inferred type of a recursive
 * schema; the `z.ZodType<...>` annotations below make the compiler check that each schema matches its type.
 */
export type ValueExpression =
  | { "@type": "exv.Value"; value: string }
  | { "@type": "exv.Reference"; namespace: (typeof REFERENCE_NAMESPACES)[number]; identifier: string }
  | ({ "@type": "exv.FileName"; begin?: number | undefined; end?: number | undefined } & Targeted)
  | ({ "@type": "exv.PdfText"; page: number; area: AreaShape; extractionParameters?: Params | undefined } & Targeted)
  | ({ "@type": "exv.PdfMetadata"; metadataName: string } & Targeted)
  | { "@type": "exv.Concat" | "exv.Coalesce"; operands: ValueExpression[] }
  | { "@type": "exv.Substring"; expr: ValueExpression; beginIndex: number; endIndex?: number | undefined }
  | ({ "@type": "exv.StrClean"; expr: ValueExpression } & { [K in Clean]?: boolean | undefined })
  | { "@type": "exv.StrNormalizeCase"; expr: ValueExpression; toUpper?: boolean | undefined }
  | {
      "@type": "exv.StrReplace";
      expr: ValueExpression;
      regExpPattern: string;
      replacement: string;
      firstOnly?: boolean | undefined;
    }
  | ({ "@type": "exv.PositionInBox" } & Targeted)
  | { "@type": "exv.NumSheetsValue" | "exv.CurrentDate" | "exv.ArchiveFileRelativePathname" }
  | ({ "@type": "exv.DateParse" | "exv.DateFormat" } & DateOp)
  | {
      "@type": "exv.JobFileNameValue";
      boxName: string;
      indexInBox?: number | undefined;
      keepExtension?: boolean | undefined;
    };

export type BooleanExpression =
  | { "@type": "exb.Boolean"; value: boolean }
  | { "@type": "exb.AND" | "exb.OR"; expr1: BooleanExpression; expr2: BooleanExpression }
  | { "@type": "exb.NOT"; expr: BooleanExpression }
  | { "@type": ComparisonType; expr1: ValueExpression; expr2: ValueExpression }
  | { "@type": "exb.StrMatches"; expr: ValueExpression; regExpPattern: string; matchWhole?: boolean | undefined };

type ComparisonType =
  | "exb.ContentEqual"
  | "exb.StrContains"
  | "exb.StrStartsWith"
  | "exb.StrEndsWith"
  | "exb.LessThan"
  | "exb.LessThanOrEqual"
  | "exb.NumericEqual";

const tag = <T extends string>(type: T, what: string) =>
  described(z.literal(type), `Discriminator: always "${type}" for ${what}.`);

const fromMain = () =>
  described(
    z.boolean(),
    "True when the expression reads the MAIN box; then `boxName` is ignored. Inside a box's metadata it must be true exactly when that box is a MAIN box.",
  );
const boxName = () =>
  described(
    z.string().nullable().optional(),
    "Name of the box the expression reads when `fromMain` is false; inside a box's metadata it must be that box's own name.",
  );

// Recursive members are getters: zod 4 resolves them lazily, and the JSON Schema generator turns them into $refs.
const valueExpr = (): z.ZodType<ValueExpression> => ValueExpressionUnion;
const boolExpr = (): z.ZodType<BooleanExpression> => BooleanExpressionUnion;

const ExvValue = z
  .strictObject({ "@type": tag("exv.Value", "a literal"), value: described(z.string(), "The literal text.") })
  .meta(named("exv.Value", "A predefined, literal text."));

const ExvReference = z
  .strictObject({
    "@type": tag("exv.Reference", "a reference"),
    namespace: described(z.enum(REFERENCE_NAMESPACES), "Where the referenced value lives."),
    identifier: described(
      z.string(),
      "Name of the value inside the namespace: a metadata name, a requirement name, one of EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID for the organizational unit, or NUID for the output file.",
    ),
  })
  .meta(
    named(
      "exv.Reference",
      "The value of a named item: metadata of the current or a MAIN box, a pack requirement, a property of the organizational unit, or the output file.",
    ),
  );

const ExvFileName = z
  .strictObject({
    "@type": tag("exv.FileName", "a file-name slice"),
    fromMain: fromMain(),
    boxName: boxName(),
    begin: described(int().optional(), "Index of the first character taken from the file name."),
    end: described(int().optional(), "Index just past the last character taken from the file name."),
  })
  .meta(named("exv.FileName", "A part of the name of the file in a box."));

const ExvPdfText = z
  .strictObject({
    "@type": tag("exv.PdfText", "text extracted from a PDF page"),
    fromMain: fromMain(),
    boxName: boxName(),
    page: described(
      int(),
      "Page to read: 1 is the first page, -1 the last, -2 the one before the last. Page 0 does not exist and always yields empty text.",
    ),
    area: Area.describe("Rectangle of the page whose text is extracted."),
    extractionParameters: described(
      ExtractionParameters.optional(),
      "Options for the text-extraction library used on the area.",
    ),
  })
  .meta(named("exv.PdfText", "The text found in a rectangle of one page of the PDF in a box."));

const ExvPdfMetadata = z
  .strictObject({
    "@type": tag("exv.PdfMetadata", "a PDF document property"),
    fromMain: fromMain(),
    boxName: boxName(),
    metadataName: described(z.string(), "Name of the PDF document property to read, such as Title or Author."),
  })
  .meta(named("exv.PdfMetadata", "A document property stored in the PDF in a box."));

const operands = (what: string) => described(z.array(valueExpr()), what);

const ExvConcat = z
  .strictObject({
    "@type": tag("exv.Concat", "a concatenation"),
    get operands(): z.ZodArray<z.ZodType<ValueExpression>> {
      return operands("Expressions whose results are joined, in order, with nothing between them.");
    },
  })
  .meta(named("exv.Concat", "The results of several expressions joined end to end."));

const ExvCoalesce = z
  .strictObject({
    "@type": tag("exv.Coalesce", "a coalesce"),
    get operands(): z.ZodArray<z.ZodType<ValueExpression>> {
      return operands("Expressions tried in order; the first non-empty result wins.");
    },
  })
  .meta(named("exv.Coalesce", "The first of several expressions whose result is not empty."));

const ExvSubstring = z
  .strictObject({
    "@type": tag("exv.Substring", "a substring"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is cut.");
    },
    beginIndex: described(int().min(0), "Index of the first character kept (inclusive), 0 or more."),
    endIndex: described(
      int().min(-1).optional(),
      "Index just past the last character kept (exclusive). 0 and -1 both mean 'to the end'; any other value must be greater than `beginIndex`.",
    ),
  })
  .meta(named("exv.Substring", "A slice of the result of another expression."));

const ExvStrClean = z
  .strictObject({
    "@type": tag("exv.StrClean", "a text clean-up"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is cleaned.");
    },
    normalizeSpace: described(
      z.boolean().optional(),
      "Turn every Unicode space into U+0020 and collapse runs of spaces into one.",
    ),
    removeDiacritics: described(z.boolean().optional(), "Strip accents and other diacritical marks."),
    multiline: described(
      z.boolean().optional(),
      "Treat the text as lines: line terminators become U+000A and repeat terminators collapse; trimming then applies per line and blank lines are dropped.",
    ),
    trim: described(z.boolean().optional(), "Remove characters at or below U+0020 from both ends."),
  })
  .meta(named("exv.StrClean", "The result of another expression, cleaned up."));

const ExvStrNormalizeCase = z
  .strictObject({
    "@type": tag("exv.StrNormalizeCase", "a case change"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result changes case.");
    },
    toUpper: described(z.boolean().optional(), "True for upper case; false or absent for lower case."),
  })
  .meta(named("exv.StrNormalizeCase", "The result of another expression in upper or lower case."));

const ExvStrReplace = z
  .strictObject({
    "@type": tag("exv.StrReplace", "a regular-expression replacement"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is searched.");
    },
    regExpPattern: described(z.string(), "Regular expression, in Java syntax, to search for."),
    replacement: described(
      z.string(),
      "Replacement text in Java syntax: $1, $2 insert groups, a backslash escapes the next character, so a literal dollar is written \\$.",
    ),
    firstOnly: described(z.boolean().optional(), "Replace only the first match; otherwise every match is replaced."),
  })
  .meta(named("exv.StrReplace", "The result of another expression with regular-expression matches replaced."));

const ExvPositionInBox = z
  .strictObject({
    "@type": tag("exv.PositionInBox", "a position in a box"),
    fromMain: fromMain(),
    boxName: boxName(),
  })
  .meta(
    named(
      "exv.PositionInBox",
      "The absolute position of the current chunk in its box, written 00001 for the first; useful to sort shipments in a packing service.",
    ),
  );

const ExvNumSheetsValue = z
  .strictObject({ "@type": tag("exv.NumSheetsValue", "a sheet count") })
  .meta(
    named(
      "exv.NumSheetsValue",
      "The number of sheets of the document; only meaningful in a channel-options condition.",
    ),
  );

const ExvCurrentDate = z
  .strictObject({ "@type": tag("exv.CurrentDate", "the current date") })
  .meta(named("exv.CurrentDate", "The current date and time, as milliseconds since the Unix epoch."));

const datePattern = () =>
  described(
    z.string(),
    "Date-time pattern in the syntax of Java's DateTimeFormatter, such as dd/MM/yyyy; it is trimmed.",
  );
const timeZone = (what: string) =>
  described(z.string(), `Time zone, as an IANA id (Europe/Paris) or an offset: ${what}.`);
const locale = () =>
  described(z.string().optional(), "Locale for month and day names, as a language tag such as fr-FR.");

const ExvDateParse = z
  .strictObject({
    "@type": tag("exv.DateParse", "a date parse"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is the text to parse.");
    },
    pattern: datePattern(),
    timeZone: timeZone("the zone assumed when the text carries none"),
    locale: locale(),
  })
  .meta(named("exv.DateParse", "A date read from text with a pattern, as milliseconds since the Unix epoch."));

const ExvDateFormat = z
  .strictObject({
    "@type": tag("exv.DateFormat", "a date format"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is a date in milliseconds since the Unix epoch.");
    },
    pattern: datePattern(),
    timeZone: timeZone("the zone in which the date is written"),
    locale: locale(),
  })
  .meta(named("exv.DateFormat", "A date (milliseconds since the Unix epoch) written as text with a pattern."));

const ExvJobFileNameValue = z
  .strictObject({
    "@type": tag("exv.JobFileNameValue", "the name of a job file"),
    boxName: described(z.string(), "Name of the box holding the file; the box must exist in the service."),
    indexInBox: described(
      int().optional(),
      "Which file of the box: 1 is the first (the default), -1 the last. 0 designates no file.",
    ),
    keepExtension: described(z.boolean().optional(), "Keep the file-name extension; by default it is removed."),
  })
  .meta(
    named(
      "exv.JobFileNameValue",
      "The name of a file uploaded into a box of the job; usable in a job-name expression.",
    ),
  );

const ExvArchiveFileRelativePathname = z
  .strictObject({ "@type": tag("exv.ArchiveFileRelativePathname", "an archive entry path") })
  .meta(
    named(
      "exv.ArchiveFileRelativePathname",
      "The path of the current entry inside the archive being extracted; meaningful in the file matcher of a box's `parent`.",
    ),
  );

const ValueExpressionUnion = z
  .discriminatedUnion("@type", [
    ExvValue,
    ExvReference,
    ExvFileName,
    ExvPdfText,
    ExvPdfMetadata,
    ExvConcat,
    ExvCoalesce,
    ExvSubstring,
    ExvStrClean,
    ExvStrNormalizeCase,
    ExvStrReplace,
    ExvPositionInBox,
    ExvNumSheetsValue,
    ExvCurrentDate,
    ExvDateParse,
    ExvDateFormat,
    ExvJobFileNameValue,
    ExvArchiveFileRelativePathname,
  ])
  .meta(
    named(
      "ValueExpression",
      "An expression that yields text (or a date as epoch milliseconds); its kind is given by `@type`.",
    ),
  );

const binaryMeta = (type: string, description: string) =>
  named(type, `${description[0]?.toUpperCase()}${description.slice(1)}.`);

const logical = <T extends "exb.AND" | "exb.OR">(type: T, description: string) =>
  z
    .strictObject({
      "@type": tag(type, description),
      get expr1(): z.ZodType<BooleanExpression> {
        return boolExpr().describe("Left condition.");
      },
      get expr2(): z.ZodType<BooleanExpression> {
        return boolExpr().describe("Right condition.");
      },
    })
    .meta(binaryMeta(type, description));

const comparison = <T extends ComparisonType>(type: T, description: string) =>
  z
    .strictObject({
      "@type": tag(type, description),
      get expr1(): z.ZodType<ValueExpression> {
        return valueExpr().describe("Left operand.");
      },
      get expr2(): z.ZodType<ValueExpression> {
        return valueExpr().describe("Right operand.");
      },
    })
    .meta(binaryMeta(type, description));

const ExbBoolean = z
  .strictObject({ "@type": tag("exb.Boolean", "a constant"), value: described(z.boolean(), "The constant.") })
  .meta(named("exb.Boolean", "A constant true or false."));

const ExbNot = z
  .strictObject({
    "@type": tag("exb.NOT", "a negation"),
    get expr(): z.ZodType<BooleanExpression> {
      return boolExpr().describe("Condition to negate.");
    },
  })
  .meta(named("exb.NOT", "True when the inner condition is false."));

const ExbStrMatches = z
  .strictObject({
    "@type": tag("exb.StrMatches", "a regular-expression match"),
    get expr(): z.ZodType<ValueExpression> {
      return valueExpr().describe("Expression whose result is tested.");
    },
    regExpPattern: described(z.string(), "Regular expression, in Java syntax."),
    matchWhole: described(
      z.boolean().optional(),
      "True: the pattern must match the whole value; otherwise a match anywhere in it is enough.",
    ),
  })
  .meta(named("exb.StrMatches", "True when the result of an expression matches a regular expression."));

const BooleanExpressionUnion = z
  .discriminatedUnion("@type", [
    ExbBoolean,
    logical("exb.AND", "true when both conditions are true"),
    logical("exb.OR", "true when at least one condition is true"),
    ExbNot,
    comparison("exb.ContentEqual", "true when both texts are equal"),
    comparison("exb.StrContains", "true when the first text contains the second"),
    comparison("exb.StrStartsWith", "true when the first text starts with the second"),
    comparison("exb.StrEndsWith", "true when the first text ends with the second"),
    comparison("exb.LessThan", "true when the first number is less than the second"),
    comparison("exb.LessThanOrEqual", "true when the first number is less than or equal to the second"),
    comparison("exb.NumericEqual", "true when both numbers are equal"),
    ExbStrMatches,
  ])
  .meta(named("BooleanExpression", "A condition; its kind is given by `@type`."));

export const ValueExpression: z.ZodType<ValueExpression> = ValueExpressionUnion;
export const BooleanExpression: z.ZodType<BooleanExpression> = BooleanExpressionUnion;

export const VALUE_EXPRESSION_TYPES = discriminatorValues(ValueExpressionUnion) as ValueExpression["@type"][];
export const BOOLEAN_EXPRESSION_TYPES = discriminatorValues(BooleanExpressionUnion) as BooleanExpression["@type"][];
export type ValueExpressionType = ValueExpression["@type"];
export type BooleanExpressionType = BooleanExpression["@type"];

/** Value expressions that read a file of a box and so carry a box target (`fromMain`/`boxName`). */
export type TargetedExpression = Extract<ValueExpression, { fromMain: boolean }>;
export const TARGETED_EXPRESSION_TYPES = [
  "exv.FileName",
  "exv.PdfText",
  "exv.PdfMetadata",
  "exv.PositionInBox",
] as const satisfies readonly TargetedExpression["@type"][];
