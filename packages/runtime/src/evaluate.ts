import { type EvaluationSources, type Evaluator, type Expression, functionsOf } from "@mailroom/compiler";
import { type Evaluated, type JavaDates, javaCompareNumbers } from "@mailroom/java";
import type { BooleanExpression, ValueExpression } from "@mailroom/model";
import type { PathSegment } from "@mailroom/syntax";

/** An expression's value, or why it has none and at which node (a JSON path from the expression). */
export type Evaluation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: string; readonly path: readonly PathSegment[] };

/** What a source throws when it has nothing to give: the evaluation fails at the node that read it. */
export class Unavailable extends Error {}

/** Thrown by `fail` and caught by `evaluateExpression`: an evaluation stops at its first failure. */
class Failure {
  constructor(
    readonly problem: string,
    readonly path: readonly PathSegment[],
  ) {}
}

/**
 * The value of an expression read with `sources`: a text for a value (`exv.*`), a truth for a condition
 * (`exb.*`). The language's own syntax (literals, references, `and`, `==`...) is evaluated here; every function
 * by its `evaluate` in the compiler's registry, with the Java semantics of `@mailroom/java`. An expression that
 * cannot be evaluated says why, at the node that could not, and gives no value. `dates` are Java's dates, as
 * `loadJavaDates` of `@mailroom/java` gives them, for an expression that reads or writes dates.
 */
export function evaluateExpression(
  expression: ValueExpression,
  sources: EvaluationSources,
  dates: JavaDates | undefined,
): Evaluation<string>;
export function evaluateExpression(
  expression: BooleanExpression,
  sources: EvaluationSources,
  dates: JavaDates | undefined,
): Evaluation<boolean>;
export function evaluateExpression(
  expression: Expression,
  sources: EvaluationSources,
  dates: JavaDates | undefined,
): Evaluation<string | boolean> {
  const evaluator = new ExpressionEvaluator(sources, dates);
  try {
    return { ok: true, value: evaluator.any(expression, []) };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, problem: error.problem, path: error.path };
    // The JavaScript stack ends before the service's nesting does.
    if (error instanceof RangeError) {
      return { ok: false, problem: "the expression is nested too deeply to be evaluated", path: [] };
    }
    throw error;
  }
}

class ExpressionEvaluator implements Evaluator {
  /** The nodes being evaluated, outermost first, with their paths: where a failure is reported. */
  readonly #nodes: Expression[] = [];
  readonly #paths: (readonly PathSegment[])[] = [];

  constructor(
    readonly sources: EvaluationSources,
    readonly dates: JavaDates | undefined,
  ) {}

  value(expression: ValueExpression): string {
    return this.any(expression, this.#childPath(expression)) as string;
  }

  condition(expression: BooleanExpression): boolean {
    return this.any(expression, this.#childPath(expression)) as boolean;
  }

  java<V>(result: Evaluated<V>): V {
    if (!result.ok) this.fail(result.problem);
    return result.value;
  }

  fail(reason: string): never {
    throw new Failure(reason, this.#paths.at(-1) ?? []);
  }

  any(expression: Expression, path: readonly PathSegment[]): string | boolean {
    this.#nodes.push(expression);
    this.#paths.push(path);
    try {
      return syntaxValue(expression, this) ?? this.#functionValue(expression);
    } catch (error) {
      if (error instanceof Unavailable) this.fail(error.message);
      throw error;
    } finally {
      this.#nodes.pop();
      this.#paths.pop();
    }
  }

  #functionValue(expression: Expression): string | boolean {
    for (const definition of functionsOf(expression["@type"])) {
      const value = definition.evaluate(expression, this);
      if (value !== undefined) return value;
    }
    return this.fail(`mailroom cannot evaluate an expression of type "${expression["@type"]}"`);
  }

  /** The path of a sub-expression of the node being evaluated: its field, and its index in a list. */
  #childPath(child: Expression): readonly PathSegment[] {
    const parent = this.#nodes.at(-1);
    const base = this.#paths.at(-1) ?? [];
    if (parent === undefined) return base;
    for (const [key, field] of Object.entries(parent)) {
      if (field === child) return [...base, key];
      if (Array.isArray(field)) {
        const index = field.indexOf(child);
        if (index >= 0) return [...base, key, index];
      }
    }
    return base;
  }
}

/** The language's own syntax: literals, references, `and`, `or`, `not` and the comparisons. */
function syntaxValue(e: Expression, evaluator: ExpressionEvaluator): string | boolean | undefined {
  switch (e["@type"]) {
    case "exv.Value":
      return e.value;
    case "exv.Reference":
      return evaluator.sources.reference(e.namespace, e.identifier);
    case "exb.Boolean":
      return e.value;
    // Java's && and || stop at the first operand that decides: a failure in the other one does not count.
    case "exb.AND":
      return evaluator.condition(e.expr1) && evaluator.condition(e.expr2);
    case "exb.OR":
      return evaluator.condition(e.expr1) || evaluator.condition(e.expr2);
    case "exb.NOT":
      return !evaluator.condition(e.expr);
    case "exb.ContentEqual":
      return evaluator.value(e.expr1) === evaluator.value(e.expr2);
    case "exb.LessThan":
      return evaluator.java(javaCompareNumbers(evaluator.value(e.expr1), evaluator.value(e.expr2))) < 0;
    case "exb.LessThanOrEqual":
      return evaluator.java(javaCompareNumbers(evaluator.value(e.expr1), evaluator.value(e.expr2))) <= 0;
    default:
      return undefined;
  }
}
