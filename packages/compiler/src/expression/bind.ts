import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import type { ArgumentNode, Diagnostic, ExpressionNode, Fix, IdentifierNode, Span } from "@mailroom/syntax";
import { diagnostic, nearest, RESERVED_WORDS } from "@mailroom/syntax";
import { type Arguments, type BoxTarget, type FunctionSpec, formatSignature } from "../functions/definition.js";
import type { ParameterSpec } from "../functions/parameters.js";
import { describeNode, list, narrowest, replaceWith, unwrap } from "./describe.js";
import type { ExpressionContext } from "./lower.js";
import type { PointerTrie } from "./pointers.js";

/** What binding needs of the lowering around it. */
export interface Lowering {
  readonly context: ExpressionContext;
  value(node: ExpressionNode, at: PointerTrie): ValueExpression;
  report(found: Diagnostic, fix?: Fix): void;
}

/** What stands for a part that could not be lowered, so that the result stays well formed. */
export const placeholderValue = (): ValueExpression => ({ "@type": "exv.Value", value: "" });
export const placeholderCondition = (): BooleanExpression => ({ "@type": "exb.Boolean", value: false });

/** The number as an integer, or undefined after reporting that `what` must be one. */
export function integerOf(
  lowering: Lowering,
  node: Extract<ExpressionNode, { kind: "number" }>,
  what: string,
): number | undefined {
  if (Number.isInteger(node.value)) return node.value;
  lowering.report(diagnostic("wrong-argument", "notInteger", { what, number: node.text }, node.span));
  return undefined;
}

/** An argument after binding: the node holding its value, and the whole argument (name included). */
interface Bound {
  readonly node: ExpressionNode;
  readonly span: Span;
  /** A flag written as its bare name. */
  readonly bare: boolean;
}

/** A function's positional parameters and flags, in order: the same for every call, so found once per function. */
const parameterKinds = new WeakMap<FunctionSpec, { positional: ParameterSpec[]; flags: ParameterSpec[] }>();

function kindsOf(spec: FunctionSpec): { positional: ParameterSpec[]; flags: ParameterSpec[] } {
  let kinds = parameterKinds.get(spec);
  if (kinds === undefined) {
    kinds = {
      positional: spec.parameters.filter((p) => p.positional),
      flags: spec.parameters.filter((p) => p.kind === "flag"),
    };
    parameterKinds.set(spec, kinds);
  }
  return kinds;
}

/**
 * Binds the arguments of a call (and the piped text, first) to the parameters of its function: positional
 * ones in order, bare flags and named ones by name; reports what is extra, repeated, misplaced or missing.
 * It runs for every call of every expression, so it allocates only what the result keeps.
 */
export function bindArguments(
  lowering: Lowering,
  spec: FunctionSpec,
  callee: IdentifierNode,
  args: readonly ArgumentNode[],
  piped: ExpressionNode | undefined,
  at: PointerTrie,
): Arguments {
  // By parameter name (the spec's names, never the text's): a plain object, lighter than a Map for a handful.
  const bound: Record<string, Bound> = {};
  const rest: ExpressionNode[] = [];
  const { positional, flags } = kindsOf(spec);
  let next = 0;
  /** Binds an argument written without a name (the piped text is one): a bare flag, else the next position. */
  const take = (node: ExpressionNode, span: Span, flagName: string | undefined) => {
    const flag = flagName !== undefined ? flags.find((f) => f.name === flagName) : undefined;
    if (flag) {
      bindOnce(lowering, spec, bound, flag.name, { node, span, bare: true });
      return;
    }
    const param = positional[next];
    if (param?.kind === "values") {
      rest.push(node);
    } else if (param) {
      bound[param.name] = { node, span, bare: false };
      next++;
    } else if (flagName !== undefined && flags.length > 0) {
      unknownArgument(lowering, spec, flagName, span, flags);
    } else {
      const most = positional.length;
      const data = { most, arguments: most === 1 ? "argument" : "arguments", function: spec.name };
      lowering.report(diagnostic("wrong-argument", piped ? "tooManyPiped" : "tooMany", data, span));
    }
  };
  if (piped) take(piped, piped.span, undefined);
  let named: IdentifierNode | undefined;
  for (const arg of args) {
    if (arg.name) {
      named ??= arg.name;
      continue;
    }
    const flagName = arg.value.kind === "identifier" ? arg.value.name : undefined;
    // Bare flags are names in effect, so they may follow named arguments; other positions may not.
    if (named && !flags.some((f) => f.name === flagName)) {
      const data = { function: spec.name, named: named.name };
      lowering.report(diagnostic("wrong-argument", "positionalAfterNamed", data, narrowest(arg.value)));
    } else take(arg.value, arg.span, flagName);
  }
  for (const arg of args) {
    if (!arg.name) continue;
    const param = spec.parameters.find((p) => p.name === arg.name?.name);
    if (!param) unknownArgument(lowering, spec, arg.name.name, arg.name.span, spec.parameters);
    else if (param.kind === "values") {
      lowering.report(diagnostic("wrong-argument", "valuesNamed", { function: spec.name }, arg.name.span));
    } else bindOnce(lowering, spec, bound, param.name, { node: arg.value, span: arg.span, bare: false });
  }
  for (const param of spec.parameters) {
    if (param.required && bound[param.name] === undefined) {
      const data = { argument: param.name, signature: formatSignature(spec) };
      lowering.report(diagnostic("wrong-argument", "missing", data, callee.span));
    }
  }
  return new BoundArguments(lowering, spec, callee, bound, rest, at);
}

/** Binds an argument to a parameter by name, or reports it repeated. */
function bindOnce(
  lowering: Lowering,
  spec: FunctionSpec,
  bound: Record<string, Bound>,
  name: string,
  arg: Bound,
): void {
  if (bound[name] !== undefined) {
    lowering.report(diagnostic("wrong-argument", "repeated", { argument: name, function: spec.name }, arg.span));
  } else bound[name] = arg;
}

function unknownArgument(
  lowering: Lowering,
  spec: FunctionSpec,
  name: string,
  at: Span,
  candidates: readonly { name: string }[],
): void {
  const names = candidates.filter((p) => p.name !== "values").map((p) => p.name);
  const suggestion = nearest(name, names);
  const data = { argument: name, function: spec.name };
  if (suggestion) {
    lowering.report(
      diagnostic("unknown-argument", "unknownNear", { ...data, suggestion }, at),
      replaceWith(at, suggestion),
    );
  } else if (names.length === 0) lowering.report(diagnostic("unknown-argument", "noNamed", data, at));
  else lowering.report(diagnostic("unknown-argument", "unknown", { ...data, arguments: list(names) }, at));
}

const AREA_FIELDS = ["left", "top", "width", "height"];

/** Reads bound arguments by the kind of their parameter; each returns undefined (after a diagnostic) when unusable. */
class BoundArguments implements Arguments {
  constructor(
    private readonly lowering: Lowering,
    private readonly spec: FunctionSpec,
    private readonly callee: IdentifierNode,
    private readonly args: Readonly<Record<string, Bound | undefined>>,
    /** The `values` of concat and coalesce. */
    private readonly rest: readonly ExpressionNode[],
    private readonly at: PointerTrie,
  ) {}

  value(param: string): ValueExpression {
    const arg = this.args[param];
    return arg ? this.lowering.value(arg.node, this.at.child(this.#field(param))) : placeholderValue();
  }

  values(param: string): ValueExpression[] {
    const at = this.at.child(this.#field(param));
    return this.rest.map((node, i) => this.lowering.value(node, at.child(i)));
  }

  integer(param: string): number | undefined {
    return this.#literal(param, (node) =>
      node.kind === "number"
        ? integerOf(this.lowering, node, `"${param}" of "${this.spec.name}"`)
        : this.#wrong(param, node, "an integer"),
    );
  }

  string(param: string): string | undefined {
    return this.#literal(param, (node) => (node.kind === "string" ? node.value : this.#wrong(param, node, "a string")));
  }

  pattern(param: string): string | undefined {
    return this.#literal(param, (node) => {
      if (node.kind === "regex") return node.pattern;
      return node.kind === "string" ? node.value : this.#wrong(param, node, "a regular expression /.../ or a string");
    });
  }

  /** A box name: a bare name (not a reserved word) or a string. */
  name(param: string): string | undefined {
    return this.#literal(param, (node) => {
      if (node.kind === "identifier" && !RESERVED_WORDS.has(node.name)) return node.name;
      return node.kind === "string" ? node.value : this.#wrong(param, node, "a box name (a name or a string)");
    });
  }

  flag(param: string): boolean | undefined {
    const arg = this.args[param];
    if (arg?.bare) {
      this.at.child(this.#field(param)).span = arg.span;
      return true;
    }
    return this.#boolean(param);
  }

  area(param: string): { left: number; top: number; width: number; height: number } | undefined {
    return this.#literal(param, (node) => {
      const numbers = node.kind === "array" ? node.elements.map(unwrap) : [];
      if (numbers.length !== 4 || !numbers.every((n) => n.kind === "number")) {
        return this.#wrong(param, node, "an array of four numbers [left, top, width, height]");
      }
      const at = this.at.child(this.#field(param));
      const [left, top, width, height] = numbers.map((n, i) => {
        at.child(AREA_FIELDS[i] as string).span = n.span;
        return n.value;
      }) as [number, number, number, number];
      return { left, top, width, height };
    });
  }

  params(param: string): Record<string, string> | undefined {
    return this.#literal(param, (node) => {
      if (node.kind !== "object") return this.#wrong(param, node, 'an object of texts {name="value"}');
      const at = this.at.child(this.#field(param));
      const entries: [string, string][] = [];
      const seen = new Set<string>();
      for (const entry of node.entries) {
        const value = unwrap(entry.value);
        if (seen.has(entry.key.value)) {
          const data = { key: entry.key.value };
          this.lowering.report(diagnostic("wrong-argument", "paramsKeyRepeated", data, entry.key.span));
        } else if (value.kind !== "string") {
          const data = { key: entry.key.value, found: describeNode(value) };
          this.lowering.report(diagnostic("wrong-argument", "paramsNotString", data, value.span));
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

  /** The JSON fields come in the model's order, `fromMain` first. */
  target(): BoxTarget {
    const box = this.args.box;
    const main = this.args.main;
    const raw = this.args.fromMain ?? this.args.boxName;
    const name = this.spec.name;
    if (box && main) {
      this.lowering.report(diagnostic("wrong-argument", "boxAndMain", { function: name }, main.span));
    }
    if ((box || main) && raw) {
      this.lowering.report(diagnostic("wrong-argument", "targetAndRaw", { function: name }, raw.span));
    }
    if (box) {
      this.at.child("fromMain").span = box.span;
      return { fromMain: false, boxName: this.name("box") ?? "" };
    }
    if (main) {
      if (this.flag("main") === false) {
        this.lowering.report(diagnostic("wrong-argument", "mainFalse", {}, main.span));
      }
      return { fromMain: true };
    }
    if (raw) {
      const target: BoxTarget = { fromMain: this.args.fromMain !== undefined && this.#boolean("fromMain") === true };
      if (this.args.boxName !== undefined) target.boxName = this.#nullableString("boxName");
      return target;
    }
    const current = this.lowering.context.box;
    if (!current) {
      this.lowering.report(diagnostic("missing-box-target", "noBox", { function: name }, this.callee.span));
      return { fromMain: false };
    }
    this.at.child("fromMain").span = this.callee.span;
    if (current.main) return { fromMain: true };
    this.at.child("boxName").span = this.callee.span;
    return { fromMain: false, boxName: current.name };
  }

  implied(field: string): void {
    this.at.child(field).span = this.callee.span;
  }

  #boolean(param: string): boolean | undefined {
    return this.#literal(param, (node) =>
      node.kind === "boolean" ? node.value : this.#wrong(param, node, "true or false"),
    );
  }

  #nullableString(param: string): string | null {
    const value = this.#literal(param, (node) => {
      if (node.kind === "identifier" && node.name === "null") return null;
      return node.kind === "string" ? node.value : this.#wrong(param, node, "a string or null");
    });
    return value === undefined ? "" : value;
  }

  /** The JSON field an argument fills. */
  #field(param: string): string {
    return this.spec.parameters.find((p) => p.name === param)?.field ?? param;
  }

  /** Records the argument's span at its field and reads it; parentheses around a literal are allowed. */
  #literal<T>(param: string, read: (node: ExpressionNode) => T | undefined): T | undefined {
    const arg = this.args[param];
    if (!arg) return undefined;
    const node = unwrap(arg.node);
    if (node.kind === "error") return undefined;
    this.at.child(this.#field(param)).span = node.span;
    return read(node);
  }

  #wrong(param: string, node: ExpressionNode, expected: string): undefined {
    const data = { expected, argument: param, function: this.spec.name, found: describeNode(node) };
    this.lowering.report(diagnostic("wrong-argument", "wrongKind", data, narrowest(node)));
    return undefined;
  }
}
