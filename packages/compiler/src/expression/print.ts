import { isIdentifier, quoteString } from "@mailroom/syntax";
import type { Expression } from "../functions/definition.js";
import { functionsOf } from "../functions/index.js";
import { AND, COMPARISON, isNumberText, type Layout, NOT, OR, type Part, PIPE, PRIMARY } from "./layout.js";
import type { ExpressionContext } from "./lower.js";
import { NAMESPACES } from "./namespaces.js";

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

/** One node's form: the language's own syntax, or else the function that spells it. */
function layout(e: Expression, context: ExpressionContext): Layout {
  const syntax = syntaxLayout(e);
  if (syntax) return syntax;
  for (const definition of functionsOf(e["@type"])) {
    const printed = definition.print(e, context);
    if (printed) return printed;
  }
  throw new Error(`no function prints ${e["@type"]}`);
}

function syntaxLayout(e: Expression): Layout | undefined {
  switch (e["@type"]) {
    case "exv.Value":
      return [PRIMARY, [isNumberText(e.value) ? e.value : quoteString(e.value)]];
    case "exv.Reference": {
      const prefix = NAMESPACES.find((ns) => ns.namespace === e.namespace)?.name ?? e.namespace;
      const name = isIdentifier(e.identifier) ? `.${e.identifier}` : `[${quoteString(e.identifier)}]`;
      return [PRIMARY, [prefix + name]];
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
    default:
      return undefined;
  }
}
