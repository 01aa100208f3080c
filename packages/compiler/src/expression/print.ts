import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import { isIdentifier, quoteString, RESERVED_WORDS, regexLiteral } from "@mailroom/syntax";
import { NAMESPACES } from "./functions.js";
import type { ExpressionContext } from "./lower.js";

type Expression = ValueExpression | BooleanExpression;

/** Binding strength of each printed form, loosest first; an operand printed looser than required gets parentheses. */
const OR = 0;
const AND = 1;
const NOT = 2;
const COMPARISON = 3;
const PIPE = 4;
const POSTFIX = 5;
const PRIMARY = 6;

/** Text to emit, or an operand to print where it must bind at least as tightly as `min`. */
type Part = string | { readonly expr: Expression; readonly min: number };

/**
 * The canonical text of a JSON expression, as it would be written where `context` holds: box targets the
 * context implies are left out. Deterministic, and `lowerExpression(parseExpression(text))` gives back the
 * same JSON for any expression the model accepts. Iterative (an explicit stack), so any depth prints.
 */
export function printExpression(expression: Expression, context: ExpressionContext = {}): string {
  const out: string[] = [];
  const stack: Part[] = [{ expr: expression, min: OR }];
  for (let part = stack.pop(); part !== undefined; part = stack.pop()) {
    if (typeof part === "string") {
      out.push(part);
      continue;
    }
    const [level, parts] = layout(part.expr, context);
    const wrap = level < part.min;
    if (wrap) stack.push(")");
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i] as Part);
    if (wrap) stack.push("(");
  }
  return out.join("");
}

/** One node's form: its binding strength, and its text with operands left to the caller's stack. */
function layout(e: Expression, context: ExpressionContext): [number, Part[]] {
  switch (e["@type"]) {
    case "exv.Value":
      return [PRIMARY, [/^-?(0|[1-9][0-9]*)$/.test(e.value) ? e.value : quoteString(e.value)]];
    case "exv.Reference": {
      const prefix = NAMESPACES.find((ns) => ns.namespace === e.namespace)?.name ?? e.namespace;
      const name = isIdentifier(e.identifier) ? `.${e.identifier}` : `[${quoteString(e.identifier)}]`;
      return [PRIMARY, [prefix + name]];
    }
    case "exv.FileName": {
      const base = keyword("fileName", targetArgument(e, context));
      if (e.begin === undefined && e.end === undefined) return [PRIMARY, [base]];
      return [POSTFIX, [`${base}[${optionalNumber(e.begin)}:${optionalNumber(e.end)}]`]];
    }
    case "exv.PositionInBox":
      return [PRIMARY, [keyword("positionInBox", targetArgument(e, context))]];
    case "exv.PdfText": {
      const { left, top, width, height } = e.area;
      const args = [number(e.page), `[${[left, top, width, height].map(number).join(", ")}]`];
      if (e.extractionParameters) args.push(`params=${object(e.extractionParameters)}`);
      return [PRIMARY, [call("pdfText", args, targetArgument(e, context))]];
    }
    case "exv.PdfMetadata":
      return [PRIMARY, [call("pdfMeta", [quoteString(e.metadataName)], targetArgument(e, context))]];
    case "exv.Concat":
    case "exv.Coalesce":
      return [PRIMARY, callParts(e["@type"] === "exv.Concat" ? "concat" : "coalesce", e.operands, [])];
    case "exv.Substring": {
      const end = e.endIndex === undefined ? [] : [number(e.endIndex)];
      // fileName[b:e] means the FileName's own begin/end, so a Substring of a FileName is written as a call.
      if (e.expr["@type"] === "exv.FileName")
        return [PRIMARY, callParts("substring", [e.expr], [number(e.beginIndex), ...end])];
      return [POSTFIX, [{ expr: e.expr, min: POSTFIX }, `[${number(e.beginIndex)}:${end.join("")}]`]];
    }
    case "exv.StrClean": {
      const flags = (["trim", "normalizeSpace", "removeDiacritics", "multiline"] as const).flatMap((name) =>
        flag(name, e[name]),
      );
      return pipe(e.expr, "clean", flags);
    }
    case "exv.StrNormalizeCase":
      return pipe(e.expr, e.toUpper === true ? "upper" : e.toUpper === false ? "lower" : "normalizeCase", []);
    case "exv.StrReplace": {
      const args = [pattern(e.regExpPattern), quoteString(e.replacement)];
      if (e.firstOnly === true) return pipe(e.expr, "replaceFirst", args);
      return pipe(e.expr, "replace", [...args, ...flag("firstOnly", e.firstOnly)]);
    }
    case "exv.NumSheetsValue":
      return [PRIMARY, ["numSheets"]];
    case "exv.CurrentDate":
      return [PRIMARY, ["now"]];
    case "exv.ArchiveFileRelativePathname":
      return [PRIMARY, ["archivePath"]];
    case "exv.DateParse":
    case "exv.DateFormat": {
      const args = [quoteString(e.pattern), quoteString(e.timeZone)];
      if (e.locale !== undefined) args.push(`locale=${quoteString(e.locale)}`);
      return pipe(e.expr, e["@type"] === "exv.DateParse" ? "parseDate" : "formatDate", args);
    }
    case "exv.JobFileNameValue": {
      // A box named like the flag would read as the flag.
      const box = e.boxName === "keepExtension" ? quoteString(e.boxName) : boxName(e.boxName);
      const index = e.indexInBox === undefined ? [] : [number(e.indexInBox)];
      return [PRIMARY, [call("jobFileName", [box, ...index, ...flag("keepExtension", e.keepExtension)])]];
    }
    case "exb.Boolean":
      return [PRIMARY, [String(e.value)]];
    case "exb.AND":
      return [AND, [{ expr: e.expr1, min: AND }, " and ", { expr: e.expr2, min: NOT }]];
    case "exb.OR":
      return [OR, [{ expr: e.expr1, min: OR }, " or ", { expr: e.expr2, min: AND }]];
    case "exb.NOT":
      return [NOT, ["not ", { expr: e.expr, min: NOT }]];
    case "exb.ContentEqual":
      return [COMPARISON, [{ expr: e.expr1, min: PIPE }, " == ", { expr: e.expr2, min: PIPE }]];
    case "exb.LessThan":
      return [COMPARISON, [{ expr: e.expr1, min: PIPE }, " < ", { expr: e.expr2, min: PIPE }]];
    case "exb.LessThanOrEqual":
      return [COMPARISON, [{ expr: e.expr1, min: PIPE }, " <= ", { expr: e.expr2, min: PIPE }]];
    case "exb.NumericEqual":
      return [PRIMARY, callParts("numEqual", [e.expr1, e.expr2], [])];
    case "exb.StrContains":
      return [PRIMARY, callParts("contains", [e.expr1, e.expr2], [])];
    case "exb.StrStartsWith":
      return [PRIMARY, callParts("startsWith", [e.expr1, e.expr2], [])];
    case "exb.StrEndsWith":
      return [PRIMARY, callParts("endsWith", [e.expr1, e.expr2], [])];
    case "exb.StrMatches":
      return [PRIMARY, callParts("matches", [e.expr], [pattern(e.regExpPattern), ...flag("whole", e.matchWhole)])];
  }
}

/** `f(operand, operand, text, text)`: operands printed by the caller's stack, then already printed arguments. */
function callParts(name: string, operands: readonly Expression[], rest: readonly string[]): Part[] {
  const parts: Part[] = [`${name}(`];
  for (const [i, expr] of operands.entries()) {
    if (i > 0) parts.push(", ");
    parts.push({ expr, min: OR });
  }
  if (rest.length > 0) parts.push(`${operands.length > 0 ? ", " : ""}${rest.join(", ")}`);
  parts.push(")");
  return parts;
}

/** `input | step(args)`, or `input | step` without arguments. */
function pipe(input: Expression, step: string, args: readonly string[]): [number, Part[]] {
  return [PIPE, [{ expr: input, min: PIPE }, ` | ${step}${args.length > 0 ? `(${args.join(", ")})` : ""}`]];
}

const call = (name: string, args: readonly string[], target?: string) =>
  `${name}(${[...args, ...(target === undefined ? [] : [target])].join(", ")})`;

const keyword = (name: string, target: string | undefined) => (target === undefined ? name : `${name}(${target})`);

/** A flag argument: the bare name for true, `name=false` for false, nothing when absent. */
const flag = (name: string, value: boolean | undefined): string[] =>
  value === undefined ? [] : [value ? name : `${name}=false`];

const pattern = (text: string) => regexLiteral(text) ?? quoteString(text);

/** `String(n)` is the shortest text that reads back to the same number; only -0 needs help. */
const number = (n: number) => (Object.is(n, -0) ? "-0" : String(n));

const optionalNumber = (n: number | undefined) => (n === undefined ? "" : number(n));

const boxName = (name: string) => (isIdentifier(name) && !RESERVED_WORDS.has(name) ? name : quoteString(name));

function object(record: Readonly<Record<string, string>>): string {
  const entries = Object.entries(record).map(([key, value]) => {
    return `${isIdentifier(key) ? key : quoteString(key)}=${quoteString(value)}`;
  });
  return `{${entries.join(", ")}}`;
}

/**
 * The shortest exact way to write a box target, or undefined when it is the one the context implies:
 * `main`, `box=NAME`, or the raw fields for any other combination.
 */
function targetArgument(t: { fromMain: boolean; boxName?: string | null | undefined }, context: ExpressionContext) {
  const current = context.box;
  const hasBoxName = t.boxName !== undefined;
  if (current && (current.main ? t.fromMain && !hasBoxName : !t.fromMain && t.boxName === current.name)) {
    return undefined;
  }
  if (t.fromMain && !hasBoxName) return "main";
  if (!t.fromMain && typeof t.boxName === "string") return `box=${boxName(t.boxName)}`;
  const raw = `fromMain=${t.fromMain}`;
  if (!hasBoxName) return raw;
  return `${raw}, boxName=${t.boxName === null ? "null" : quoteString(t.boxName as string)}`;
}
