import type { Evaluated, JavaDates } from "@mailroom/java";
import type { BooleanExpression, BooleanExpressionType, ValueExpression, ValueExpressionType } from "@mailroom/model";
import type { Layout } from "../expression/layout.js";
import type { ExpressionContext } from "../expression/lower.js";
import { type ParameterSpec, TARGET_PARAMETERS } from "./parameters.js";

export type Expression = ValueExpression | BooleanExpression;
export type ExpressionType = ValueExpressionType | BooleanExpressionType;

/** The JSON expression of one `@type` (of several, for a union). */
export type ExpressionOf<T extends ExpressionType> = Expression extends infer E
  ? E extends { "@type": infer U }
    ? T extends U
      ? E & { "@type": T }
      : never
    : never
  : never;

/**
 * - `call`: written `name(args)`, or as a pipe step `x | name(args)` / `x | name`;
 * - `keyword`: written bare (`now`);
 * - `keyword-or-call`: bare, or called with named arguments (`fileName(box=annexes)`).
 */
export type FunctionForm = "call" | "keyword" | "keyword-or-call";

/** A function as editors and the reference present it: its signature and documentation. */
export interface FunctionSpec {
  readonly name: string;
  /** Whether it yields a value (`exv.*`) or a condition (`exb.*`). */
  readonly kind: "value" | "condition";
  readonly form: FunctionForm;
  readonly produces: ExpressionType;
  readonly parameters: readonly ParameterSpec[];
  readonly doc: string;
  /** What the reference adds to `doc`. */
  readonly notes?: string;
  /** The only sites where it means something; anywhere when absent. */
  readonly sites?: readonly SiteKind[];
  /** Canonical uses, each printed back as written; the reference shows the JSON of each. */
  readonly examples: readonly string[];
  /**
   * Uses that read the MAIN box from the reconcile condition of another box, the one place the spec lets an
   * expression read a box other than its own (see `box-target`); shown as written in box `annexes`.
   */
  readonly reconcileExamples?: readonly string[];
  /** LSP snippet inserted on completion. */
  readonly snippet: string;
}

/** Where in the service an expression sits, which decides what it may contain and which box it reads. */
export type SiteKind = "metadata" | "reconcile" | "file-matcher" | "channel";

const SITES: Readonly<Record<SiteKind, string>> = {
  metadata: "the metadata of a box",
  reconcile: "a reconcile condition",
  "file-matcher": "the file matcher of a box (`from.match`)",
  channel: "a channel-options condition",
};

/** What a function gives, and where it means something: its description in editors and in the reference. */
export function describeFunction(spec: FunctionSpec): string {
  const sites = spec.sites?.map((site) => SITES[site]).join(" or ");
  return sites ? `${spec.doc} Only meaningful in ${sites}.` : spec.doc;
}

/** The box target of a file or PDF expression, in the JSON's field order. */
export interface BoxTarget {
  fromMain: boolean;
  boxName?: string | null;
}

/**
 * A call's arguments, bound to the function's parameters by the generic binder. Each read checks the argument
 * against its parameter's kind, reports what does not fit, and records the argument's span at its JSON field
 * (the parameter's `field`, else its name); an absent or unusable argument reads as undefined.
 */
export interface Arguments {
  /** A value argument, lowered; an empty text when absent. */
  value(parameter: string): ValueExpression;
  values(parameter: string): ValueExpression[];
  integer(parameter: string): number | undefined;
  string(parameter: string): string | undefined;
  pattern(parameter: string): string | undefined;
  name(parameter: string): string | undefined;
  flag(parameter: string): boolean | undefined;
  area(parameter: string): { left: number; top: number; width: number; height: number } | undefined;
  params(parameter: string): Record<string, string> | undefined;
  /** The box read: `box=NAME`, `main`, the raw fields, or else the current box. */
  target(): BoxTarget;
  /** Records the function's name as the source of a field it implies (`upper` sets `toUpper`). */
  implied(field: string): void;
}

/**
 * An expression in words. A plain string stands on its own; otherwise what the words around it must know to keep
 * the reading unambiguous: `open` words end in a clause that would run on into what follows ("metadata a,
 * trimmed"), and words that `join` several parts ("a followed by b", "a and b") blur inside another list.
 */
export type Phrase =
  | string
  | {
      readonly text: string;
      readonly open?: boolean;
      readonly joins?: "values" | "and" | "or";
      /** For a condition, its opposite in plain words ("differs from" for "equals"), which `not` reads. */
      readonly negated?: Phrase;
    };

/** A condition's verb, or the verb and its negation: `["contains", "does not contain"]`. */
export type Verb = string | readonly [yes: string, no: string];

/** What a function's `explain` builds its sentence from: the words of its sub-expressions and of its box. */
export interface Words {
  /** The words of a sub-expression where more words may follow, in brackets when they would run on or blur. */
  of(expression: Expression): string;
  /** The words of a sub-expression as they are, for a function that gives them back unchanged. */
  phrase(expression: Expression): Phrase;
  /**
   * A step applied to a value, after its words: `metadata a, in upper case`. With `glue` " ", a value whose words
   * stand on their own is followed by the step without a comma: `the current date and time written as ...`.
   */
  step(input: ValueExpression, clause: string, glue?: ", " | " "): Phrase;
  /**
   * A condition on a value: `subject verb object tail` ("metadata a is less than 3 (as numbers)"); given the
   * negative verb too, `not` reads it ("metadata a is at least 3 (as numbers)").
   */
  clause(subject: ValueExpression, verb: Verb, object?: ValueExpression | string, tail?: string): Phrase;
  /** A condition in words with its opposite, which `not` reads: `negatable("x is empty", "x is not empty")`. */
  negatable(yes: string, no: string): Phrase;
  /** The box a file or PDF expression reads ("box annexes", "the MAIN box"); undefined for the box holding it. */
  target(target: BoxTarget): string | undefined;
}

/** An area of a PDF page, as the model writes it. */
export interface PageArea {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * What expressions read beyond themselves: the files of the job, the organizational unit, requirements, the
 * output file and the clock. Each stops the evaluation (through `Evaluator.fail`) when it has nothing to give,
 * saying why.
 */
export interface EvaluationSources {
  /** The name of the file of the document read in the target box. */
  fileName(target: BoxTarget): string;
  /** The 1-based position of the document read in the target box. */
  positionInBox(target: BoxTarget): number;
  /** The text of an area of a page of the PDF read in the target box, the page counted as the model counts it. */
  pdfText(
    target: BoxTarget,
    page: number,
    area: PageArea,
    parameters: Readonly<Record<string, string>> | undefined,
  ): string;
  /** A value of the document information of the PDF read in the target box. */
  pdfMetadata(target: BoxTarget, name: string): string;
  /** The value of a reference: a metadata, a requirement, a property of the unit or of the output file. */
  reference(namespace: string, identifier: string): string;
  /** The clock, in milliseconds since the Unix epoch. */
  now(): number;
  /** The number of sheets, in a channel-options condition. */
  numSheets(): number;
  /** The path of the archive entry a file matcher is tried on. */
  archivePath(): string;
  /** The name of a file uploaded into a box of the job, `index` 1 the first and -1 the last. */
  jobFileName(boxName: string, index: number): string;
}

/** What a function's `evaluate` computes its value from: the values of its sub-expressions, and the sources. */
export interface Evaluator {
  /** The value of a sub-expression; an evaluation that fails stops the whole one, with its reason. */
  value(expression: ValueExpression): string;
  condition(expression: BooleanExpression): boolean;
  /** The value of a Java semantic of `@mailroom/java`; when it has a problem instead, the evaluation stops with it. */
  java<V>(result: Evaluated<V>): V;
  /** Stops the evaluation: the expression cannot be evaluated, for this reason (never a wrong value). */
  fail(reason: string): never;
  readonly sources: EvaluationSources;
  /**
   * Java's dates (`loadJavaDates` of `@mailroom/java`), loaded before an evaluation that reads or writes dates
   * (they are slow to load); undefined otherwise.
   */
  readonly dates: JavaDates | undefined;
}

/** One function of the expression language: signature, documentation, lowering, printing, and its place. */
export interface FunctionDefinition<T extends ExpressionType = ExpressionType> extends FunctionSpec {
  readonly produces: T;
  /** The file it reads through `fromMain`/`boxName`: any box's, or the PDF of a `box.PDF` box. */
  readonly target?: "file" | "pdf";
  /** A slice on the bare function sets its own `begin` and `end` instead of wrapping it in `exv.Substring`. */
  readonly slices?: true;
  /** The JSON of a call whose arguments are bound. */
  lower(args: Arguments): ExpressionOf<T>;
  /** The text of a JSON expression, or undefined when another function producing the same type spells it. */
  print(expression: ExpressionOf<T>, context: ExpressionContext): Layout | undefined;
  /**
   * The expression in words: a noun phrase for a value, a clause for a condition, no capital and no final
   * period; undefined when another function producing the same type words it (as for `print`).
   */
  explain(expression: ExpressionOf<T>, words: Words): Phrase | undefined;
  /**
   * The expression's value, with the Java runtime's semantics (those of `@mailroom/java`); undefined when another
   * function producing the same type evaluates it (as for `print`).
   */
  evaluate(
    expression: ExpressionOf<T>,
    evaluator: Evaluator,
  ): (T extends ValueExpressionType ? string : boolean) | undefined;
}

/** A function definition with its kind read from its type and, for a box target, the target's parameters. */
export function defineFunction<const N extends string, T extends ExpressionType>(
  definition: Omit<FunctionDefinition<T>, "kind" | "name" | "parameters"> & {
    readonly name: N;
    readonly parameters?: readonly ParameterSpec[];
  },
): FunctionDefinition<T> & { readonly name: N } {
  const parameters = [...(definition.parameters ?? []), ...(definition.target ? TARGET_PARAMETERS : [])];
  return { ...definition, kind: definition.produces.startsWith("exv.") ? "value" : "condition", parameters };
}

/**
 * The label shown by hover and signature help: `replace(text, pattern, replacement, firstOnly?)`;
 * `values...` is any number of values, `name=…` an argument given only by name.
 */
export function formatSignature(spec: FunctionSpec): string {
  if (spec.form === "keyword") return spec.name;
  return `${spec.name}(${spec.parameters.map(formatParameter).join(", ")})`;
}

/** A parameter as the signature shows it: `text`, `end?`, `values...`, `box=…`. */
export function formatParameter(p: ParameterSpec): string {
  if (p.kind === "values") return `${p.name}...`;
  if (p.kind === "flag") return `${p.name}?`;
  if (!p.positional) return `${p.name}=…`;
  return p.required ? p.name : `${p.name}?`;
}
