import { isIdentifier, quoteString, RESERVED_WORDS, regexLiteral } from "@mailroom/syntax";
import type { BoxTarget, Expression } from "../functions/definition.js";
import type { ExpressionContext } from "./lower.js";

/** Binding strength of each printed form, loosest first; an operand printed looser than required gets parentheses. */
export const [OR, AND, NOT, COMPARISON, PIPE, POSTFIX, PRIMARY] = [0, 1, 2, 3, 4, 5, 6] as const;

/** Text to emit, or an operand to print where it must bind at least as tightly as `min`. */
export type Part = string | { readonly expr: Expression; readonly min: number };

/** One node's printed form: its binding strength, and its text with operands left to the printer's stack. */
export type Layout = readonly [number, readonly Part[]];

/** `f(operand, operand, text, text)`: operands printed by the printer's stack, then already printed arguments. */
export function callOf(name: string, operands: readonly Expression[], rest: readonly string[] = []): Layout {
  const parts: Part[] = [`${name}(`];
  for (const [i, expr] of operands.entries()) {
    if (i > 0) parts.push(", ");
    parts.push({ expr, min: OR });
  }
  if (rest.length > 0) parts.push(`${operands.length > 0 ? ", " : ""}${rest.join(", ")}`);
  parts.push(")");
  return [PRIMARY, parts];
}

/** `input | step(args)`, or `input | step` without arguments. */
export function pipe(input: Expression, step: string, args: readonly string[] = []): Layout {
  return [PIPE, [{ expr: input, min: PIPE }, ` | ${step}${args.length > 0 ? `(${args.join(", ")})` : ""}`]];
}

/** A call whose arguments are all printed already, the box target last. */
export const call = (name: string, args: readonly string[], target?: string) =>
  `${name}(${[...args, ...(target === undefined ? [] : [target])].join(", ")})`;

export const keyword = (name: string, target?: string) => (target === undefined ? name : `${name}(${target})`);

/** A flag argument: the bare name for true, `name=false` for false, nothing when absent. */
export const flag = (name: string, value: boolean | undefined): string[] =>
  value === undefined ? [] : [value ? name : `${name}=false`];

export const pattern = (text: string) => regexLiteral(text) ?? quoteString(text);

/** A literal text that the language writes as a number: `3`, `-12` (not `03`, `1.5` or `+1`). */
export const isNumberText = (value: string) => /^-?(0|[1-9][0-9]*)$/.test(value);

/** `String(n)` is the shortest text that reads back to the same number; only -0 needs help. */
export const number = (n: number) => (Object.is(n, -0) ? "-0" : String(n));

export const optionalNumber = (n: number | undefined) => (n === undefined ? "" : number(n));

export const boxName = (name: string) => (isIdentifier(name) && !RESERVED_WORDS.has(name) ? name : quoteString(name));

export function object(record: Readonly<Record<string, string>>): string {
  const entries = Object.entries(record).map(([key, value]) => {
    return `${isIdentifier(key) ? key : quoteString(key)}=${quoteString(value)}`;
  });
  return `{${entries.join(", ")}}`;
}

/**
 * The shortest exact way to write a box target, or undefined when it is the one the context implies:
 * `main`, `box=NAME`, or the raw fields for any other combination.
 */
export function targetArgument(
  t: { fromMain: boolean; boxName?: BoxTarget["boxName"] | undefined },
  context: ExpressionContext,
) {
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
