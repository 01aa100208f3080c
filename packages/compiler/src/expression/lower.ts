import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import type { ArgumentNode, Diagnostic, ExpressionNode, Fix, IdentifierNode } from "@mailroom/syntax";
import { diagnostic, nearest, RESERVED_WORDS } from "@mailroom/syntax";
import { type FunctionDefinition, formatSignature } from "../functions/definition.js";
import { FUNCTIONS, findFunction } from "../functions/index.js";
import { bindArguments, integerOf, type Lowering, placeholderCondition, placeholderValue } from "./bind.js";
import { describeNode, list, narrowest, replaceWith } from "./describe.js";
import { NAMESPACES } from "./namespaces.js";
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
  const value = lowerer.lower(ast, context.expect, root);
  return { value, diagnostics: lowerer.diagnostics, pointers: new ExpressionPointers(root) };
}

type Lowered<K extends ExpressionKind> = K extends "value" ? ValueExpression : BooleanExpression;

const placeholder = <K extends ExpressionKind>(kind: K) =>
  (kind === "value" ? placeholderValue() : placeholderCondition()) as Lowered<K>;

const COMPARISON_TYPES = {
  "==": "exb.ContentEqual",
  "<": "exb.LessThan",
  "<=": "exb.LessThanOrEqual",
  ">": "exb.LessThan",
  ">=": "exb.LessThanOrEqual",
} as const;

/** The syntax of the language (literals, references, operators, slices) and the dispatch of function calls. */
class Lowerer implements Lowering {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly context: ExpressionContext) {}

  lower<K extends ExpressionKind>(node: ExpressionNode, expect: K, at: PointerTrie): Lowered<K> {
    if (node.kind === "paren") return this.lower(node.expression, expect, at);
    at.span = node.span;
    switch (node.kind) {
      case "identifier":
        return this.#apply(node, undefined, undefined, expect, at);
      case "call":
        return this.#apply(node.callee, node.args, undefined, expect, at);
      case "pipe": {
        // A name, a call or a pipe step applies a function, whichever kind of expression is expected.
        const step = node.step;
        return step.kind === "call"
          ? this.#apply(step.callee, step.args, node.input, expect, at)
          : this.#apply(step, undefined, node.input, expect, at);
      }
      case "error":
        return placeholder(expect);
    }
    const lowered = expect === "value" ? this.#valueSyntax(node, at) : this.#conditionSyntax(node, at);
    if (lowered) return lowered as Lowered<K>;
    this.#mismatch(node, expect);
    return placeholder(expect);
  }

  value(node: ExpressionNode, at: PointerTrie): ValueExpression {
    return this.lower(node, "value", at);
  }

  report(found: Diagnostic, fix?: Fix): void {
    this.diagnostics.push(fix ? { ...found, fix } : found);
  }

  #valueSyntax(node: ExpressionNode, at: PointerTrie): ValueExpression | undefined {
    switch (node.kind) {
      case "string":
      case "number":
        at.child("value").span = node.span;
        return { "@type": "exv.Value", value: node.kind === "string" ? node.value : node.text };
      case "reference":
        return this.#reference(node, at);
      case "slice":
        return this.#slice(node, at);
      default:
        return undefined;
    }
  }

  #conditionSyntax(node: ExpressionNode, at: PointerTrie): BooleanExpression | undefined {
    switch (node.kind) {
      case "boolean":
        at.child("value").span = node.span;
        return { "@type": "exb.Boolean", value: node.value };
      case "not":
        return { "@type": "exb.NOT", expr: this.lower(node.operand, "condition", at.child("expr")) };
      case "binary": {
        if (node.operator === "and" || node.operator === "or") {
          return {
            "@type": node.operator === "and" ? "exb.AND" : "exb.OR",
            expr1: this.lower(node.left, "condition", at.child("expr1")),
            expr2: this.lower(node.right, "condition", at.child("expr2")),
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
      default:
        return undefined;
    }
  }

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
      const span = node.namespace.span;
      if (suggestion) {
        this.report(
          diagnostic("unknown-namespace", "unknownNear", { name: prefix, suggestion }, span),
          replaceWith(span, suggestion),
        );
      } else this.report(diagnostic("unknown-namespace", "unknown", { name: prefix, namespaces: list(names) }, span));
      return placeholderValue();
    }
    return { "@type": "exv.Reference", namespace: known.namespace, identifier: node.name.value };
  }

  #slice(node: Extract<ExpressionNode, { kind: "slice" }>, at: PointerTrie): ValueExpression {
    const target = node.target;
    const begin = node.begin && integerOf(this, node.begin, "the begin index of the slice");
    const end = node.end && integerOf(this, node.end, "the end index of the slice");
    const callee = target.kind === "identifier" ? target : target.kind === "call" ? target.callee : undefined;
    const sliced = callee && findFunction(callee.name);
    if (sliced?.slices) {
      const whole = this.value(target, at);
      at.span = node.span;
      if (whole["@type"] !== sliced.produces) return whole;
      if (node.begin) at.child("begin").span = node.begin.span;
      if (node.end) at.child("end").span = node.end.span;
      return { ...whole, ...(begin !== undefined && { begin }), ...(end !== undefined && { end }) } as ValueExpression;
    }
    const expr = this.value(target, at.child("expr"));
    if (!node.begin) {
      const from = target.span.offset + target.span.length;
      const brackets = { offset: from, length: node.span.offset + node.span.length - from };
      this.report(diagnostic("wrong-argument", "sliceWithoutBegin", { end: node.end?.text ?? "" }, brackets));
    } else at.child("beginIndex").span = node.begin.span;
    if (node.end) at.child("endIndex").span = node.end.span;
    return { "@type": "exv.Substring", expr, beginIndex: begin ?? 0, ...(end !== undefined && { endIndex: end }) };
  }

  /** A function, keyword or pipe step; `args` is undefined for a bare name, `piped` the input of a pipe. */
  #apply<K extends ExpressionKind>(
    callee: IdentifierNode,
    args: readonly ArgumentNode[] | undefined,
    piped: ExpressionNode | undefined,
    expect: K,
    at: PointerTrie,
  ): Lowered<K> {
    const definition = findFunction(callee.name);
    if (!definition) {
      this.#unknownName(callee, args !== undefined || piped !== undefined);
      return placeholder(expect);
    }
    const first = definition.parameters[0];
    if (piped && (first === undefined || !first.positional || (first.kind !== "value" && first.kind !== "values"))) {
      this.report(diagnostic("wrong-argument", "pipedNotText", { function: callee.name }, callee.span));
      return placeholder(expect);
    }
    if (args && definition.form === "keyword") {
      this.report(diagnostic("wrong-argument", "keywordCalled", { function: callee.name }, callee.span));
    } else if (!args && !piped && definition.form === "call") {
      const signature = formatSignature(definition);
      this.report(diagnostic("wrong-argument", "noArguments", { function: callee.name, signature }, callee.span));
      return placeholder(expect);
    }
    // A function of the other kind is still lowered (into a detached tree) so its arguments get checked too.
    const mismatch = definition.kind !== expect;
    if (mismatch) this.#mismatch(callee, expect, definition);
    const written = definition.form === "keyword" ? [] : (args ?? []);
    const bound = bindArguments(this, definition, callee, written, piped, mismatch ? new PointerTrie() : at);
    const result = definition.lower(bound);
    return mismatch ? placeholder(expect) : (result as Lowered<K>);
  }

  #unknownName(callee: IdentifierNode, called: boolean): void {
    const name = callee.name;
    const namespace = NAMESPACES.find((ns) => ns.name === name);
    if (namespace && !called) {
      this.report(diagnostic("unknown-function", "bareNamespace", { name }, callee.span));
      return;
    }
    const functions = [...FUNCTIONS.values()];
    const candidates = called
      ? functions.filter((f) => f.form !== "keyword").map((f) => f.name)
      : [...functions.map((f) => f.name), ...NAMESPACES.map((ns) => ns.name)];
    const suggestion = nearest(name, candidates);
    const span = callee.span;
    if (suggestion) {
      const id = called ? "unknownFunctionNear" : "unknownNameNear";
      this.report(diagnostic("unknown-function", id, { name, suggestion }, span), replaceWith(span, suggestion));
    } else if (called) {
      this.report(diagnostic("unknown-function", "unknownFunction", { name, functions: list(candidates) }, span));
    } else {
      const id = RESERVED_WORDS.has(name) ? "reservedWord" : "unknownName";
      this.report(diagnostic("unknown-function", id, { name }, span));
    }
  }

  #mismatch(node: ExpressionNode, expected: ExpressionKind, definition?: FunctionDefinition): void {
    const found = definition ? `the ${definition.kind} "${definition.name}"` : describeNode(node);
    const span = narrowest(node);
    if (expected === "condition") this.report(diagnostic("expected-condition", "found", { found }, span));
    else if (node.kind === "boolean") {
      this.report(diagnostic("expected-value", "boolean", { found, boolean: String(node.value) }, span));
    } else if (node.kind === "regex" || node.kind === "array" || node.kind === "object") {
      this.report(diagnostic("expected-value", node.kind, { found }, span));
    } else this.report(diagnostic("expected-value", "found", { found }, span));
  }
}
