import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import {
  type ArgumentNode,
  type Diagnostic,
  describeText,
  type ExpressionNode,
  type Fix,
  type IdentifierNode,
  nearest,
  RESERVED_WORDS,
  type Span,
} from "@mailroom/syntax";
import {
  FUNCTIONS,
  type FunctionName,
  type FunctionSpec,
  findFunction,
  formatSignature,
  NAMESPACES,
} from "./functions.js";
import { ExpressionPointers, PointerTrie } from "./pointers.js";

/** Where an expression sits: printing omits, and lowering restores, what this implies. */
export interface ExpressionContext {
  /**
   * The box whose configuration holds the expression. File and PDF expressions read it unless told otherwise:
   * a MAIN box as `"fromMain": true` in the JSON, any other as `"fromMain": false, "boxName": <name>`.
   */
  readonly box?: { readonly name: string; readonly main: boolean } | undefined;
}

export type ExpressionKind = "value" | "condition";

export interface LowerContext extends ExpressionContext {
  /** What the place of the expression requires: a value (`exv.*`) or a condition (`exb.*`). */
  readonly expect: ExpressionKind;
}

export interface LowerResult<T> {
  /**
   * Always a well-formed expression of the expected kind; a part that could not be lowered is replaced by an
   * empty text or `false` and reported in `diagnostics`, so later checks still see the rest.
   */
  readonly value: T;
  readonly diagnostics: Diagnostic[];
  /** JSON pointers relative to `value`, mapped to the spans of the text that produced them. */
  readonly pointers: ExpressionPointers;
}

export const UNKNOWN_FUNCTION = "unknown-function";
export const UNKNOWN_NAMESPACE = "unknown-namespace";
export const UNKNOWN_ARGUMENT = "unknown-argument";
export const WRONG_ARGUMENT = "wrong-argument";
export const EXPECTED_CONDITION = "expected-condition";
export const EXPECTED_VALUE = "expected-value";
export const MISSING_BOX_TARGET = "missing-box-target";

/** Turns a parsed expression into the JSON model, checking it is the kind the context expects. */
export function lowerExpression(
  ast: ExpressionNode,
  context: ExpressionContext & { readonly expect: "value" },
): LowerResult<ValueExpression>;
export function lowerExpression(
  ast: ExpressionNode,
  context: ExpressionContext & { readonly expect: "condition" },
): LowerResult<BooleanExpression>;
export function lowerExpression(
  ast: ExpressionNode,
  context: LowerContext,
): LowerResult<ValueExpression | BooleanExpression>;
export function lowerExpression(
  ast: ExpressionNode,
  context: LowerContext,
): LowerResult<ValueExpression | BooleanExpression> {
  const lowerer = new Lowerer(context);
  const root = new PointerTrie();
  const value = context.expect === "value" ? lowerer.value(ast, root) : lowerer.condition(ast, root);
  return { value, diagnostics: lowerer.diagnostics, pointers: new ExpressionPointers(root) };
}

type Lowered<K extends ExpressionKind> = K extends "value" ? ValueExpression : BooleanExpression;
type Target = { fromMain: boolean; boxName?: string | null };

/** An argument after binding: the node holding its value, and the whole argument (name included). */
interface Bound {
  readonly node: ExpressionNode;
  readonly span: Span;
  /** A flag written as its bare name. */
  readonly bare: boolean;
}

/** A call with its arguments bound to the parameters of its function. */
interface Call {
  readonly spec: FunctionSpec & { readonly name: FunctionName };
  readonly callee: IdentifierNode;
  readonly args: ReadonlyMap<string, Bound>;
  /** The `values` of concat and coalesce. */
  readonly rest: readonly ExpressionNode[];
  readonly at: PointerTrie;
}

const placeholderValue = (): ValueExpression => ({ "@type": "exv.Value", value: "" });
const placeholderCondition = (): BooleanExpression => ({ "@type": "exb.Boolean", value: false });
const placeholder = <K extends ExpressionKind>(kind: K) =>
  (kind === "value" ? placeholderValue() : placeholderCondition()) as Lowered<K>;

const COMPARISON_TYPES = {
  "==": "exb.ContentEqual",
  "<": "exb.LessThan",
  "<=": "exb.LessThanOrEqual",
  ">": "exb.LessThan",
  ">=": "exb.LessThanOrEqual",
} as const;

class Lowerer {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly context: ExpressionContext) {}

  value(node: ExpressionNode, at: PointerTrie): ValueExpression {
    if (node.kind === "paren") return this.value(node.expression, at);
    at.span = node.span;
    switch (node.kind) {
      case "string":
        at.child("value").span = node.span;
        return { "@type": "exv.Value", value: node.value };
      case "number":
        at.child("value").span = node.span;
        return { "@type": "exv.Value", value: node.text };
      case "reference":
        return this.#reference(node, at);
      case "identifier":
      case "call":
      case "pipe":
        return this.#application(node, "value", at);
      case "slice":
        return this.#slice(node, at);
      case "error":
        return placeholderValue();
      default:
        this.#mismatch(node, "value");
        return placeholderValue();
    }
  }

  /** A name, a call or a pipe step applies a function, whichever kind of expression is expected. */
  #application<K extends ExpressionKind>(
    node: Extract<ExpressionNode, { kind: "identifier" | "call" | "pipe" }>,
    expect: K,
    at: PointerTrie,
  ): Lowered<K> {
    if (node.kind === "identifier") return this.#apply(node, undefined, undefined, expect, at);
    if (node.kind === "call") return this.#apply(node.callee, node.args, undefined, expect, at);
    const step = node.step;
    return step.kind === "call"
      ? this.#apply(step.callee, step.args, node.input, expect, at)
      : this.#apply(step, undefined, node.input, expect, at);
  }

  condition(node: ExpressionNode, at: PointerTrie): BooleanExpression {
    if (node.kind === "paren") return this.condition(node.expression, at);
    at.span = node.span;
    switch (node.kind) {
      case "boolean":
        at.child("value").span = node.span;
        return { "@type": "exb.Boolean", value: node.value };
      case "not":
        return { "@type": "exb.NOT", expr: this.condition(node.operand, at.child("expr")) };
      case "binary": {
        if (node.operator === "and" || node.operator === "or") {
          return {
            "@type": node.operator === "and" ? "exb.AND" : "exb.OR",
            expr1: this.condition(node.left, at.child("expr1")),
            expr2: this.condition(node.right, at.child("expr2")),
          };
        }
        // `a > b` is `b < a`: the model has only "less than".
        const swap = node.operator === ">" || node.operator === ">=";
        const [first, second] = swap ? [node.right, node.left] : [node.left, node.right];
        return {
          "@type": COMPARISON_TYPES[node.operator],
          expr1: this.value(first, at.child("expr1")),
          expr2: this.value(second, at.child("expr2")),
        };
      }
      case "identifier":
      case "call":
      case "pipe":
        return this.#application(node, "condition", at);
      case "error":
        return placeholderCondition();
      default:
        this.#mismatch(node, "condition");
        return placeholderCondition();
    }
  }

  // ---- references, slices ----

  #reference(node: Extract<ExpressionNode, { kind: "reference" }>, at: PointerTrie): ValueExpression {
    const prefix = node.namespace.name;
    const known = NAMESPACES.find((ns) => ns.name === prefix);
    at.child("namespace").span = node.namespace.span;
    at.child("identifier").span = node.name.span;
    if (!known) {
      const names = NAMESPACES.map((ns) => ns.name);
      // The JSON spelling (METADATA, outputFile...) is a likelier slip than a typo, and too far for `nearest`.
      const squash = (text: string) => text.toLowerCase().replaceAll("_", "").replace(/s$/, "");
      const suggestion =
        NAMESPACES.find((ns) => squash(ns.namespace) === squash(prefix))?.name ?? nearest(prefix, names);
      this.#report(
        UNKNOWN_NAMESPACE,
        node.namespace.span,
        `Unknown namespace "${prefix}"; ${suggestion ? `did you mean "${suggestion}"?` : `expected ${list(names)}.`}`,
        suggestion ? replaceWith(node.namespace.span, suggestion) : undefined,
      );
      return placeholderValue();
    }
    return { "@type": "exv.Reference", namespace: known.namespace, identifier: node.name.value };
  }

  #slice(node: Extract<ExpressionNode, { kind: "slice" }>, at: PointerTrie): ValueExpression {
    const target = node.target;
    const begin = node.begin && this.#integerValue(node.begin, "the begin index of the slice");
    const end = node.end && this.#integerValue(node.end, "the end index of the slice");
    const isFileName =
      (target.kind === "identifier" && target.name === "fileName") ||
      (target.kind === "call" && target.callee.name === "fileName");
    if (isFileName) {
      const file = this.value(target, at);
      at.span = node.span;
      if (file["@type"] !== "exv.FileName") return file;
      if (node.begin) at.child("begin").span = node.begin.span;
      if (node.end) at.child("end").span = node.end.span;
      return { ...file, ...(begin !== undefined && { begin }), ...(end !== undefined && { end }) };
    }
    const expr = this.value(target, at.child("expr"));
    if (!node.begin) {
      const from = target.span.offset + target.span.length;
      const brackets = { offset: from, length: node.span.offset + node.span.length - from };
      this.#report(
        WRONG_ARGUMENT,
        brackets,
        `Expected a begin index in the slice but found none; only fileName may omit it (write [0:${node.end?.text ?? ""}]).`,
      );
    } else at.child("beginIndex").span = node.begin.span;
    if (node.end) at.child("endIndex").span = node.end.span;
    return { "@type": "exv.Substring", expr, beginIndex: begin ?? 0, ...(end !== undefined && { endIndex: end }) };
  }

  // ---- functions ----

  /** A function, keyword or pipe step; `args` is undefined for a bare name, `piped` the input of a pipe. */
  #apply<K extends ExpressionKind>(
    callee: IdentifierNode,
    args: readonly ArgumentNode[] | undefined,
    piped: ExpressionNode | undefined,
    expect: K,
    at: PointerTrie,
  ): Lowered<K> {
    const spec = findFunction(callee.name);
    if (!spec) {
      this.#unknownName(callee, args !== undefined || piped !== undefined);
      return placeholder(expect);
    }
    const first = spec.parameters[0];
    if (piped && (first === undefined || !first.positional || (first.kind !== "value" && first.kind !== "values"))) {
      this.#report(
        WRONG_ARGUMENT,
        callee.span,
        `Expected a function that takes a text after "|" but found "${callee.name}", whose first argument is not a text.`,
      );
      return placeholder(expect);
    }
    if (args && spec.form === "keyword") {
      this.#report(
        WRONG_ARGUMENT,
        callee.span,
        `Expected "${callee.name}" without parentheses but found a call; it takes no arguments.`,
      );
    } else if (!args && !piped && spec.form === "call") {
      this.#report(
        WRONG_ARGUMENT,
        callee.span,
        `Expected arguments for "${callee.name}" but found none; write ${formatSignature(spec)}.`,
      );
      return placeholder(expect);
    }
    // A function of the other kind is still lowered (into a detached tree) so its arguments get checked too.
    const mismatch = spec.kind !== expect;
    if (mismatch) this.#mismatch(callee, expect, spec);
    const call = this.#bind(
      spec,
      callee,
      spec.form === "keyword" ? [] : (args ?? []),
      piped,
      mismatch ? new PointerTrie() : at,
    );
    const result = BUILDERS[spec.name](this, call);
    return mismatch ? placeholder(expect) : (result as Lowered<K>);
  }

  #bind(
    spec: FunctionSpec & { readonly name: FunctionName },
    callee: IdentifierNode,
    args: readonly ArgumentNode[],
    piped: ExpressionNode | undefined,
    at: PointerTrie,
  ): Call {
    const bound = new Map<string, Bound>();
    const rest: ExpressionNode[] = [];
    const positional = spec.parameters.filter((p) => p.positional);
    const flags = spec.parameters.filter((p) => p.kind === "flag");
    const inputs: { node: ExpressionNode; span: Span; flagName?: string }[] = [];
    if (piped) inputs.push({ node: piped, span: piped.span });
    let named: IdentifierNode | undefined;
    for (const arg of args) {
      if (arg.name) {
        named ??= arg.name;
        continue;
      }
      const flagName = arg.value.kind === "identifier" ? arg.value.name : undefined;
      // Bare flags are names in effect, so they may follow named arguments; other positions may not.
      if (named && !flags.some((f) => f.name === flagName)) {
        this.#report(
          WRONG_ARGUMENT,
          narrowest(arg.value),
          `Expected positional arguments of "${spec.name}" before the named ones but found one after "${named.name}=".`,
        );
      } else inputs.push({ node: arg.value, span: arg.span, ...(flagName !== undefined && { flagName }) });
    }
    let next = 0;
    for (const input of inputs) {
      const flag = input.flagName !== undefined ? flags.find((f) => f.name === input.flagName) : undefined;
      if (flag) {
        this.#bindOnce(spec, bound, flag.name, { node: input.node, span: input.span, bare: true });
        continue;
      }
      const param = positional[next];
      if (param?.kind === "values") {
        rest.push(input.node);
      } else if (param) {
        bound.set(param.name, { node: input.node, span: input.span, bare: false });
        next++;
      } else if (input.flagName !== undefined && flags.length > 0) {
        this.#unknownArgument(spec, input.flagName, input.span, flags);
      } else {
        const most = positional.length;
        this.#report(
          WRONG_ARGUMENT,
          input.span,
          `Expected at most ${most} argument${most === 1 ? "" : "s"} for "${spec.name}"${piped ? " (the piped text counts as the first)" : ""} but found more.`,
        );
      }
    }
    for (const arg of args) {
      if (!arg.name) continue;
      const param = spec.parameters.find((p) => p.name === arg.name?.name);
      if (!param) this.#unknownArgument(spec, arg.name.name, arg.name.span, spec.parameters);
      else if (param.kind === "values") {
        this.#report(
          WRONG_ARGUMENT,
          arg.name.span,
          `Expected the values of "${spec.name}" by position but found them named.`,
        );
      } else this.#bindOnce(spec, bound, param.name, { node: arg.value, span: arg.span, bare: false });
    }
    for (const param of spec.parameters) {
      if (param.required && !bound.has(param.name)) {
        this.#report(
          WRONG_ARGUMENT,
          callee.span,
          `Expected the argument "${param.name}" of ${formatSignature(spec)} but found none.`,
        );
      }
    }
    return { spec, callee, args: bound, rest, at };
  }

  #bindOnce(spec: FunctionSpec, bound: Map<string, Bound>, name: string, arg: Bound): void {
    if (bound.has(name)) {
      this.#report(
        WRONG_ARGUMENT,
        arg.span,
        `Expected the argument "${name}" of "${spec.name}" once but found it twice.`,
      );
    } else bound.set(name, arg);
  }

  // ---- arguments, by kind; each returns undefined (after a diagnostic) when the argument is unusable ----

  expr(c: Call, param: string, field: string): ValueExpression {
    const arg = c.args.get(param);
    return arg ? this.value(arg.node, c.at.child(field)) : placeholderValue();
  }

  values(c: Call, field: string): ValueExpression[] {
    const at = c.at.child(field);
    return c.rest.map((node, i) => this.value(node, at.child(i)));
  }

  integer(c: Call, param: string, field: string): number | undefined {
    return this.#literal(c, param, field, (node) =>
      node.kind === "number"
        ? this.#integerValue(node, `"${param}" of "${c.spec.name}"`)
        : this.#wrong(c, param, node, "an integer"),
    );
  }

  string(c: Call, param: string, field: string): string | undefined {
    return this.#literal(c, param, field, (node) =>
      node.kind === "string" ? node.value : this.#wrong(c, param, node, "a string"),
    );
  }

  pattern(c: Call, param: string, field: string): string | undefined {
    return this.#literal(c, param, field, (node) => {
      if (node.kind === "regex") return node.pattern;
      return node.kind === "string"
        ? node.value
        : this.#wrong(c, param, node, "a regular expression /.../ or a string");
    });
  }

  /** A box name: a bare name (not a reserved word) or a string. */
  name(c: Call, param: string, field: string): string | undefined {
    return this.#literal(c, param, field, (node) => {
      if (node.kind === "identifier" && !RESERVED_WORDS.has(node.name)) return node.name;
      return node.kind === "string" ? node.value : this.#wrong(c, param, node, "a box name (a name or a string)");
    });
  }

  flag(c: Call, param: string, field: string): boolean | undefined {
    const arg = c.args.get(param);
    if (arg?.bare) {
      c.at.child(field).span = arg.span;
      return true;
    }
    return this.boolean(c, param, field);
  }

  boolean(c: Call, param: string, field: string): boolean | undefined {
    return this.#literal(c, param, field, (node) =>
      node.kind === "boolean" ? node.value : this.#wrong(c, param, node, "true or false"),
    );
  }

  area(c: Call, field: string): { left: number; top: number; width: number; height: number } | undefined {
    return this.#literal(c, "area", field, (node) => {
      const numbers = node.kind === "array" ? node.elements.map(unwrap) : [];
      if (numbers.length !== 4 || !numbers.every((n) => n.kind === "number")) {
        return this.#wrong(c, "area", node, "an array of four numbers [left, top, width, height]");
      }
      const at = c.at.child(field);
      const [left, top, width, height] = numbers.map((n, i) => {
        at.child(AREA_FIELDS[i] as string).span = n.span;
        return n.value;
      }) as [number, number, number, number];
      return { left, top, width, height };
    });
  }

  params(c: Call, field: string): Record<string, string> | undefined {
    return this.#literal(c, "params", field, (node) => {
      if (node.kind !== "object") return this.#wrong(c, "params", node, 'an object of texts {name="value"}');
      const at = c.at.child(field);
      const entries: [string, string][] = [];
      const seen = new Set<string>();
      for (const entry of node.entries) {
        const value = unwrap(entry.value);
        if (seen.has(entry.key.value)) {
          this.#report(
            WRONG_ARGUMENT,
            entry.key.span,
            `Expected the key "${entry.key.value}" once in "params" but found it twice.`,
          );
        } else if (value.kind !== "string") {
          this.#report(
            WRONG_ARGUMENT,
            value.span,
            `Expected a string for the parameter "${entry.key.value}" but found ${describeNode(value)}.`,
          );
        } else {
          seen.add(entry.key.value);
          at.child(entry.key.value).span = value.span;
          entries.push([entry.key.value, value.value]);
        }
      }
      // fromEntries defines own properties, so a key such as "__proto__" stays an ordinary key.
      return Object.fromEntries(entries);
    });
  }

  /**
   * The box an expression reads: `box=NAME`, `main`, the raw fields, or else the context's box. The JSON
   * fields come in the model's order, `fromMain` first.
   */
  target(c: Call): Target {
    const box = c.args.get("box");
    const main = c.args.get("main");
    const raw = c.args.get("fromMain") ?? c.args.get("boxName");
    if (box && main) {
      this.#report(WRONG_ARGUMENT, main.span, `Expected either "box" or "main" in "${c.spec.name}" but found both.`);
    }
    if ((box || main) && raw) {
      this.#report(
        WRONG_ARGUMENT,
        raw.span,
        `Expected either "box"/"main" or the raw fields "fromMain"/"boxName" in "${c.spec.name}" but found both.`,
      );
    }
    if (box) {
      c.at.child("fromMain").span = box.span;
      return { fromMain: false, boxName: this.name(c, "box", "boxName") ?? "" };
    }
    if (main) {
      if (this.flag(c, "main", "fromMain") === false) {
        this.#report(
          WRONG_ARGUMENT,
          main.span,
          'Expected "main" alone but found "main=false"; write "fromMain=false" for the raw field.',
        );
      }
      return { fromMain: true };
    }
    if (raw) {
      const target: Target = { fromMain: c.args.has("fromMain") && this.boolean(c, "fromMain", "fromMain") === true };
      if (c.args.has("boxName")) target.boxName = this.#nullableString(c);
      return target;
    }
    const current = this.context.box;
    if (!current) {
      this.#report(
        MISSING_BOX_TARGET,
        c.callee.span,
        `Expected "box=NAME" or "main" in "${c.spec.name}" but found neither; outside a box there is no current box to read.`,
      );
      return { fromMain: false };
    }
    c.at.child("fromMain").span = c.callee.span;
    if (current.main) return { fromMain: true };
    c.at.child("boxName").span = c.callee.span;
    return { fromMain: false, boxName: current.name };
  }

  #nullableString(c: Call): string | null {
    const value = this.#literal(c, "boxName", "boxName", (node) => {
      if (node.kind === "identifier" && node.name === "null") return null;
      return node.kind === "string" ? node.value : this.#wrong(c, "boxName", node, "a string or null");
    });
    return value === undefined ? "" : value;
  }

  /** Records the argument's span for the field and reads it; parentheses around a literal are allowed. */
  #literal<T>(c: Call, param: string, field: string, read: (node: ExpressionNode) => T | undefined): T | undefined {
    const arg = c.args.get(param);
    if (!arg) return undefined;
    const node = unwrap(arg.node);
    if (node.kind === "error") return undefined;
    c.at.child(field).span = node.span;
    return read(node);
  }

  #integerValue(node: Extract<ExpressionNode, { kind: "number" }>, what: string): number | undefined {
    if (Number.isInteger(node.value)) return node.value;
    this.#report(WRONG_ARGUMENT, node.span, `Expected an integer for ${what} but found the number ${node.text}.`);
    return undefined;
  }

  #wrong(c: Call, param: string, node: ExpressionNode, expected: string): undefined {
    this.#report(
      WRONG_ARGUMENT,
      narrowest(node),
      `Expected ${expected} for "${param}" of "${c.spec.name}" but found ${describeNode(node)}.`,
    );
    return undefined;
  }

  // ---- diagnostics ----

  #unknownName(callee: IdentifierNode, called: boolean): void {
    const name = callee.name;
    const namespace = NAMESPACES.find((ns) => ns.name === name);
    if (namespace && !called) {
      this.#report(
        UNKNOWN_FUNCTION,
        callee.span,
        `Expected a name after "${name}" but found none; write ${name}.NAME or ${name}["any text"].`,
      );
      return;
    }
    const candidates = called
      ? FUNCTIONS.filter((f) => f.form !== "keyword").map((f) => f.name)
      : [...FUNCTIONS.map((f) => f.name), ...NAMESPACES.map((ns) => ns.name)];
    const suggestion = nearest(name, candidates);
    const what = called ? "function" : "name";
    let message = `Unknown ${what} "${name}"; `;
    if (suggestion) message += `did you mean "${suggestion}"?`;
    else if (called) message += `expected one of ${list(candidates)}.`;
    else if (RESERVED_WORDS.has(name))
      message += `"${name}" is a reserved word; write "${name}" in quotes for the text.`;
    else message += `expected a keyword such as fileName, a string, or a reference such as meta.${name}.`;
    this.#report(UNKNOWN_FUNCTION, callee.span, message, suggestion ? replaceWith(callee.span, suggestion) : undefined);
  }

  #unknownArgument(spec: FunctionSpec, name: string, at: Span, candidates: readonly { name: string }[]): void {
    const names = candidates.filter((p) => p.name !== "values").map((p) => p.name);
    const suggestion = nearest(name, names);
    const expected = names.length === 0 ? `"${spec.name}" takes no named arguments` : `expected ${list(names)}`;
    this.#report(
      UNKNOWN_ARGUMENT,
      at,
      `Unknown argument "${name}" of "${spec.name}"; ${suggestion ? `did you mean "${suggestion}"?` : `${expected}.`}`,
      suggestion ? replaceWith(at, suggestion) : undefined,
    );
  }

  #mismatch(node: ExpressionNode, expected: ExpressionKind, spec?: FunctionSpec): void {
    const found = spec ? `the ${spec.kind} "${spec.name}"` : describeNode(node);
    let hint = "";
    if (expected === "condition") hint = '; compare it, for example with == "text"';
    else if (node.kind === "boolean") hint = `; write "${node.value}" in quotes for the text`;
    else if (node.kind === "regex") hint = "; a regular expression is only the pattern of replace or matches";
    else if (node.kind === "array") hint = "; an array is only the area of pdfText";
    else if (node.kind === "object") hint = "; an object is only the params of pdfText";
    this.#report(
      expected === "value" ? EXPECTED_VALUE : EXPECTED_CONDITION,
      narrowest(node),
      `Expected a ${expected} but found ${found}${hint}.`,
    );
  }

  #report(code: string, span: Span, message: string, fix?: Fix): void {
    this.diagnostics.push({ code, severity: "error", message, span, ...(fix && { fix }) });
  }
}

const AREA_FIELDS = ["left", "top", "width", "height"];

type Builder = (l: Lowerer, c: Call) => ValueExpression | BooleanExpression;

const caseChange =
  (toUpper: boolean | undefined): Builder =>
  (l, c) => {
    const expr = l.expr(c, "text", "expr");
    if (toUpper === undefined) return { "@type": "exv.StrNormalizeCase", expr };
    c.at.child("toUpper").span = c.callee.span;
    return { "@type": "exv.StrNormalizeCase", expr, toUpper };
  };

const replace =
  (firstOnly: true | undefined): Builder =>
  (l, c) => {
    const expr = l.expr(c, "text", "expr");
    const regExpPattern = l.pattern(c, "pattern", "regExpPattern") ?? "";
    const replacement = l.string(c, "replacement", "replacement") ?? "";
    const only = firstOnly ?? l.flag(c, "firstOnly", "firstOnly");
    if (firstOnly) c.at.child("firstOnly").span = c.callee.span;
    return {
      "@type": "exv.StrReplace",
      expr,
      regExpPattern,
      replacement,
      ...(only !== undefined && { firstOnly: only }),
    };
  };

const date =
  (type: "exv.DateParse" | "exv.DateFormat", first: string): Builder =>
  (l, c) => {
    const expr = l.expr(c, first, "expr");
    const pattern = l.string(c, "pattern", "pattern") ?? "";
    const timeZone = l.string(c, "timeZone", "timeZone") ?? "";
    const locale = l.string(c, "locale", "locale");
    return { "@type": type, expr, pattern, timeZone, ...(locale !== undefined && { locale }) };
  };

const compare =
  (
    type: "exb.StrContains" | "exb.StrStartsWith" | "exb.StrEndsWith" | "exb.NumericEqual",
    first: string,
    second: string,
  ): Builder =>
  (l, c) => ({ "@type": type, expr1: l.expr(c, first, "expr1"), expr2: l.expr(c, second, "expr2") });

/** How each function of the catalogue becomes JSON; keyed by name, so the compiler checks none is missing. */
const BUILDERS: { readonly [N in FunctionName]: Builder } = {
  fileName: (l, c) => ({ "@type": "exv.FileName", ...l.target(c) }),
  positionInBox: (l, c) => ({ "@type": "exv.PositionInBox", ...l.target(c) }),
  archivePath: () => ({ "@type": "exv.ArchiveFileRelativePathname" }),
  now: () => ({ "@type": "exv.CurrentDate" }),
  numSheets: () => ({ "@type": "exv.NumSheetsValue" }),
  concat: (l, c) => ({ "@type": "exv.Concat", operands: l.values(c, "operands") }),
  coalesce: (l, c) => ({ "@type": "exv.Coalesce", operands: l.values(c, "operands") }),
  substring: (l, c) => {
    const expr = l.expr(c, "text", "expr");
    const beginIndex = l.integer(c, "begin", "beginIndex") ?? 0;
    const endIndex = l.integer(c, "end", "endIndex");
    return { "@type": "exv.Substring", expr, beginIndex, ...(endIndex !== undefined && { endIndex }) };
  },
  clean: (l, c) => {
    const expr = l.expr(c, "text", "expr");
    const flags: Record<string, boolean> = {};
    // The model's field order, whatever order the flags were written in.
    for (const name of ["normalizeSpace", "removeDiacritics", "multiline", "trim"]) {
      const value = l.flag(c, name, name);
      if (value !== undefined) flags[name] = value;
    }
    return { "@type": "exv.StrClean", expr, ...flags };
  },
  upper: caseChange(true),
  lower: caseChange(false),
  normalizeCase: caseChange(undefined),
  replace: replace(undefined),
  replaceFirst: replace(true),
  pdfText: (l, c) => {
    const target = l.target(c);
    const page = l.integer(c, "page", "page") ?? 0;
    const area = l.area(c, "area") ?? { left: 0, top: 0, width: 0, height: 0 };
    const extractionParameters = l.params(c, "extractionParameters");
    return { "@type": "exv.PdfText", ...target, page, area, ...(extractionParameters && { extractionParameters }) };
  },
  pdfMeta: (l, c) => {
    const target = l.target(c);
    return { "@type": "exv.PdfMetadata", ...target, metadataName: l.string(c, "name", "metadataName") ?? "" };
  },
  parseDate: date("exv.DateParse", "text"),
  formatDate: date("exv.DateFormat", "date"),
  jobFileName: (l, c) => {
    const boxName = l.name(c, "box", "boxName") ?? "";
    const indexInBox = l.integer(c, "index", "indexInBox");
    const keepExtension = l.flag(c, "keepExtension", "keepExtension");
    return {
      "@type": "exv.JobFileNameValue",
      boxName,
      ...(indexInBox !== undefined && { indexInBox }),
      ...(keepExtension !== undefined && { keepExtension }),
    };
  },
  contains: compare("exb.StrContains", "text", "part"),
  startsWith: compare("exb.StrStartsWith", "text", "prefix"),
  endsWith: compare("exb.StrEndsWith", "text", "suffix"),
  numEqual: compare("exb.NumericEqual", "a", "b"),
  matches: (l, c) => {
    const expr = l.expr(c, "text", "expr");
    const regExpPattern = l.pattern(c, "pattern", "regExpPattern") ?? "";
    const matchWhole = l.flag(c, "whole", "matchWhole");
    return { "@type": "exb.StrMatches", expr, regExpPattern, ...(matchWhole !== undefined && { matchWhole }) };
  },
};

const unwrap = (node: ExpressionNode): ExpressionNode => {
  let inner = node;
  while (inner.kind === "paren") inner = inner.expression;
  return inner;
};

/** The token a diagnostic about this node should underline. */
function narrowest(node: ExpressionNode): Span {
  switch (node.kind) {
    case "binary":
    case "not":
      return node.operatorSpan;
    case "call":
      return node.callee.span;
    case "pipe":
      return node.step.kind === "call" ? node.step.callee.span : node.step.span;
    case "paren":
      return narrowest(unwrap(node));
    default:
      return node.span;
  }
}

function describeNode(node: ExpressionNode): string {
  switch (node.kind) {
    case "string":
      return `the string ${describeText(node.value)}`;
    case "number":
      return `the number ${node.text}`;
    case "regex":
      return "a regular expression";
    case "boolean":
      return `the condition "${node.value}"`;
    case "identifier":
      return `the name "${node.name}"`;
    case "reference":
      return `the reference ${node.namespace.name}.${node.name.value}`;
    case "call":
      return `the call of "${node.callee.name}"`;
    case "pipe":
      return `the pipe into "${node.step.kind === "call" ? node.step.callee.name : node.step.name}"`;
    case "slice":
      return "a slice";
    case "binary":
      return `a condition ("${node.operator}")`;
    case "not":
      return 'a condition ("not")';
    case "paren":
      return describeNode(unwrap(node));
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "error":
      return "an error";
  }
}

const list = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

const replaceWith = (span: Span, text: string): Fix => ({
  description: `Replace with "${text}"`,
  edits: [{ span, newText: text }],
});
