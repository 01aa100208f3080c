import type { BooleanExpressionType, ValueExpressionType } from "@mailroom/model";

/**
 * What an argument must be written as:
 * - `value`: any value expression; `values`: any number of them (the rest of the positional arguments);
 * - `integer`, `string`: a literal of that kind; `pattern`: a regex literal `/.../` or a string;
 * - `name`: a bare name or a string (a box name); `nullableString`: a string or `null`;
 * - `flag`: the bare name alone means true, `name=true|false` sets it explicitly;
 * - `boolean`: `name=true|false`; `area`: `[left, top, width, height]`; `params`: `{key="text", ...}`.
 */
export type ParameterKind =
  | "value"
  | "values"
  | "integer"
  | "string"
  | "pattern"
  | "name"
  | "nullableString"
  | "flag"
  | "boolean"
  | "area"
  | "params";

export interface ParameterSpec {
  readonly name: string;
  readonly kind: ParameterKind;
  readonly required: boolean;
  /** Whether the argument may be given by position; flags and box targets are always given by name. */
  readonly positional: boolean;
  readonly doc: string;
}

/**
 * - `call`: written `name(args)`, or as a pipe step `x | name(args)` / `x | name`;
 * - `keyword`: written bare (`now`);
 * - `keyword-or-call`: bare, or called with named arguments (`fileName(box=annexes)`).
 */
export type FunctionForm = "call" | "keyword" | "keyword-or-call";

export interface FunctionSpec {
  readonly name: string;
  /** Whether it yields a value (`exv.*`) or a condition (`exb.*`). */
  readonly kind: "value" | "condition";
  readonly form: FunctionForm;
  readonly produces: ValueExpressionType | BooleanExpressionType;
  readonly parameters: readonly ParameterSpec[];
  readonly doc: string;
  /** LSP snippet inserted on completion. */
  readonly snippet: string;
}

/** An LSP snippet tab stop: `${1:placeholder}`. */
const tab = (index: number, placeholder: string) => `\${${index}:${placeholder}}`;

const text = (doc: string, name = "text"): ParameterSpec => ({
  name,
  kind: "value",
  required: true,
  positional: true,
  doc,
});
const optional = (name: string, kind: ParameterKind, doc: string): ParameterSpec => ({
  name,
  kind,
  required: false,
  positional: kind !== "flag",
  doc,
});
const required = (name: string, kind: ParameterKind, doc: string): ParameterSpec => ({
  name,
  kind,
  required: true,
  positional: true,
  doc,
});
const named = (name: string, kind: ParameterKind, doc: string): ParameterSpec => ({
  name,
  kind,
  required: false,
  positional: false,
  doc,
});

/** The box an expression reads; without one, the box whose metadata holds the expression. */
const TARGET: readonly ParameterSpec[] = [
  named(
    "box",
    "name",
    'Read the file of this box instead of the current one (JSON `"fromMain": false, "boxName": NAME`).',
  ),
  named("main", "flag", 'Read the file of the MAIN box (JSON `"fromMain": true`).'),
  named("fromMain", "boolean", "Raw `fromMain` field, for combinations the short forms do not cover."),
  named("boxName", "nullableString", "Raw `boxName` field (a string or `null`); `fromMain` is false unless given."),
];

const comparison = <N extends string>(
  name: N,
  produces: BooleanExpressionType,
  doc: string,
  second: string,
): FunctionSpec & { readonly name: N } => ({
  name,
  kind: "condition",
  form: "call",
  produces,
  parameters: [text("Text to test."), text(`The ${second}.`, second)],
  doc,
  snippet: `${name}(${tab(1, "text")}, ${tab(2, second)})`,
});

const dateFunction = <N extends string>(
  name: N,
  produces: ValueExpressionType,
  doc: string,
  first: string,
): FunctionSpec & { readonly name: N } => ({
  name,
  kind: "value",
  form: "call",
  produces,
  parameters: [
    text(first === "text" ? "Text holding a date." : "A date, in milliseconds since the Unix epoch.", first),
    required("pattern", "string", "Date-time pattern in Java's DateTimeFormatter syntax, such as dd/MM/yyyy."),
    required("timeZone", "string", "Time zone: an IANA id such as Europe/Paris, or an offset such as +01:00."),
    optional("locale", "string", "Language tag for month and day names, such as fr-FR."),
  ],
  doc,
  snippet: `${name}(${tab(1, first)}, "${tab(2, "dd/MM/yyyy")}", "${tab(3, "Europe/Paris")}")`,
});

/**
 * Every function and keyword of the expression language, in the order the reference presents them. Lowering,
 * printing and editor features (completion, hover, signature help) all read this one list.
 */
export const FUNCTIONS = [
  {
    name: "fileName",
    kind: "value",
    form: "keyword-or-call",
    produces: "exv.FileName",
    parameters: TARGET,
    doc: "The name of the file in the current box; slice it with `fileName[begin:end]`.",
    snippet: "fileName",
  },
  {
    name: "positionInBox",
    kind: "value",
    form: "keyword-or-call",
    produces: "exv.PositionInBox",
    parameters: TARGET,
    doc: "The position of the current chunk in its box, written 00001 for the first.",
    snippet: "positionInBox",
  },
  {
    name: "archivePath",
    kind: "value",
    form: "keyword",
    produces: "exv.ArchiveFileRelativePathname",
    parameters: [],
    doc: "The path of the current entry inside the archive being extracted (in a box's `from.match`).",
    snippet: "archivePath",
  },
  {
    name: "now",
    kind: "value",
    form: "keyword",
    produces: "exv.CurrentDate",
    parameters: [],
    doc: "The current date and time, in milliseconds since the Unix epoch.",
    snippet: "now",
  },
  {
    name: "numSheets",
    kind: "value",
    form: "keyword",
    produces: "exv.NumSheetsValue",
    parameters: [],
    doc: "The number of sheets of the document; only meaningful in a channel-options condition.",
    snippet: "numSheets",
  },
  {
    name: "concat",
    kind: "value",
    form: "call",
    produces: "exv.Concat",
    parameters: [
      { name: "values", kind: "values", required: false, positional: true, doc: "Texts to join, in order." },
    ],
    doc: "The texts joined end to end, with nothing between them.",
    snippet: `concat(${tab(1, "a")}, ${tab(2, "b")})`,
  },
  {
    name: "coalesce",
    kind: "value",
    form: "call",
    produces: "exv.Coalesce",
    parameters: [{ name: "values", kind: "values", required: false, positional: true, doc: "Texts to try, in order." }],
    doc: "The first of the texts that is not empty.",
    snippet: `coalesce(${tab(1, "a")}, ${tab(2, "b")})`,
  },
  {
    name: "substring",
    kind: "value",
    form: "call",
    produces: "exv.Substring",
    parameters: [
      text("Text to cut."),
      required("begin", "integer", "Index of the first character kept, from 0."),
      optional("end", "integer", "Index just past the last character kept; 0, -1 or absent: to the end."),
    ],
    doc: "A slice of a text; `x[begin:end]` is the short form.",
    snippet: `substring(${tab(1, "text")}, ${tab(2, "0")}, ${tab(3, "8")})`,
  },
  {
    name: "clean",
    kind: "value",
    form: "call",
    produces: "exv.StrClean",
    parameters: [
      text("Text to clean."),
      optional("trim", "flag", "Remove characters at or below U+0020 from both ends."),
      optional("normalizeSpace", "flag", "Turn Unicode spaces into U+0020 and collapse runs of spaces."),
      optional("removeDiacritics", "flag", "Strip accents and other diacritical marks."),
      optional("multiline", "flag", "Work line by line: trimming applies per line and blank lines are dropped."),
    ],
    doc: "A text cleaned up; each flag given bare turns that clean-up on.",
    snippet: `clean(${tab(1, "text")}, ${tab(2, "trim")})`,
  },
  {
    name: "upper",
    kind: "value",
    form: "call",
    produces: "exv.StrNormalizeCase",
    parameters: [text("Text to change.")],
    doc: 'A text in upper case (JSON `"toUpper": true`).',
    snippet: `upper(${tab(1, "text")})`,
  },
  {
    name: "lower",
    kind: "value",
    form: "call",
    produces: "exv.StrNormalizeCase",
    parameters: [text("Text to change.")],
    doc: 'A text in lower case (JSON `"toUpper": false`).',
    snippet: `lower(${tab(1, "text")})`,
  },
  {
    name: "normalizeCase",
    kind: "value",
    form: "call",
    produces: "exv.StrNormalizeCase",
    parameters: [text("Text to change.")],
    doc: "A text in lower case, written without `toUpper` in the JSON; `lower` is the usual spelling.",
    snippet: `normalizeCase(${tab(1, "text")})`,
  },
  {
    name: "replace",
    kind: "value",
    form: "call",
    produces: "exv.StrReplace",
    parameters: [
      text("Text to search."),
      required("pattern", "pattern", "Java regular expression, as /.../ or a string."),
      required("replacement", "string", "Replacement: $1, $2 insert groups; write \\$ for a dollar."),
      optional("firstOnly", "flag", "Replace only the first match."),
    ],
    doc: "A text with every match of a regular expression replaced.",
    snippet: `replace(${tab(1, "text")}, /${tab(2, "pattern")}/, "${tab(3, "replacement")}")`,
  },
  {
    name: "replaceFirst",
    kind: "value",
    form: "call",
    produces: "exv.StrReplace",
    parameters: [
      text("Text to search."),
      required("pattern", "pattern", "Java regular expression, as /.../ or a string."),
      required("replacement", "string", "Replacement: $1, $2 insert groups; write \\$ for a dollar."),
    ],
    doc: 'A text with the first match of a regular expression replaced (JSON `"firstOnly": true`).',
    snippet: `replaceFirst(${tab(1, "text")}, /${tab(2, "pattern")}/, "${tab(3, "replacement")}")`,
  },
  {
    name: "pdfText",
    kind: "value",
    form: "call",
    produces: "exv.PdfText",
    parameters: [
      required("page", "integer", "Page to read: 1 the first, -1 the last, -2 the one before."),
      required("area", "area", "Rectangle to read: [left, top, width, height]."),
      optional("params", "params", 'Options for the text-extraction library: {name="value"}.'),
      ...TARGET,
    ],
    doc: "The text in a rectangle of one page of the PDF in the current box.",
    snippet: `pdfText(${tab(1, "1")}, [${tab(2, "left")}, ${tab(3, "top")}, ${tab(4, "width")}, ${tab(5, "height")}])`,
  },
  {
    name: "pdfMeta",
    kind: "value",
    form: "call",
    produces: "exv.PdfMetadata",
    parameters: [required("name", "string", "Document property to read, such as Title or Author."), ...TARGET],
    doc: "A document property of the PDF in the current box.",
    snippet: `pdfMeta("${tab(1, "Title")}")`,
  },
  dateFunction("parseDate", "exv.DateParse", "A date read from a text with a pattern, as epoch milliseconds.", "text"),
  dateFunction("formatDate", "exv.DateFormat", "A date (epoch milliseconds) written as text with a pattern.", "date"),
  {
    name: "jobFileName",
    kind: "value",
    form: "call",
    produces: "exv.JobFileNameValue",
    parameters: [
      required("box", "name", "Box holding the file."),
      optional("index", "integer", "Which file of the box: 1 the first (default), -1 the last."),
      optional("keepExtension", "flag", "Keep the file-name extension."),
    ],
    doc: "The name of a file uploaded into a box of the job, without its extension unless asked.",
    snippet: `jobFileName(${tab(1, "box")})`,
  },
  comparison("contains", "exb.StrContains", "True when the text contains the part.", "part"),
  comparison("startsWith", "exb.StrStartsWith", "True when the text starts with the prefix.", "prefix"),
  comparison("endsWith", "exb.StrEndsWith", "True when the text ends with the suffix.", "suffix"),
  {
    name: "numEqual",
    kind: "condition",
    form: "call",
    produces: "exb.NumericEqual",
    parameters: [text("First number.", "a"), text("Second number.", "b")],
    doc: "True when both texts are equal as numbers (`==` compares them as texts).",
    snippet: `numEqual(${tab(1, "a")}, ${tab(2, "b")})`,
  },
  {
    name: "matches",
    kind: "condition",
    form: "call",
    produces: "exb.StrMatches",
    parameters: [
      text("Text to test."),
      required("pattern", "pattern", "Java regular expression, as /.../ or a string."),
      optional("whole", "flag", "The pattern must match the whole text, not just a part."),
    ],
    doc: "True when the text matches a regular expression somewhere (or wholly, with `whole`).",
    snippet: `matches(${tab(1, "text")}, /${tab(2, "pattern")}/)`,
  },
] as const satisfies readonly FunctionSpec[];

export type FunctionName = (typeof FUNCTIONS)[number]["name"];

const BY_NAME: ReadonlyMap<string, FunctionSpec & { readonly name: FunctionName }> = new Map(
  FUNCTIONS.map((spec) => [spec.name, spec]),
);

export function findFunction(name: string): (FunctionSpec & { readonly name: FunctionName }) | undefined {
  return BY_NAME.get(name);
}

/**
 * The label shown by hover and signature help: `replace(text, pattern, replacement, firstOnly?)`;
 * `values...` is any number of values, `name=…` an argument given only by name.
 */
export function formatSignature(spec: FunctionSpec): string {
  if (spec.form === "keyword") return spec.name;
  const params = spec.parameters.map((p) => {
    if (p.kind === "values") return `${p.name}...`;
    if (p.kind === "flag") return `${p.name}?`;
    if (!p.positional) return `${p.name}=…`;
    return p.required ? p.name : `${p.name}?`;
  });
  return `${spec.name}(${params.join(", ")})`;
}

/** Namespaces of `exv.Reference`, as written before the dot. */
export const NAMESPACES = [
  { name: "meta", namespace: "METADATA", doc: "A metadata of the current box or of a MAIN box." },
  { name: "req", namespace: "REQUIREMENT", doc: "A requirement of the pack." },
  {
    name: "ou",
    namespace: "ORGANIZATIONAL_UNIT",
    doc: "A property of the organizational unit: EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID.",
  },
  { name: "output", namespace: "OUTPUT_FILE", doc: "A property of the output file: NUID." },
] as const;
