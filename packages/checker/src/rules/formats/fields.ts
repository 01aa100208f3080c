import type { ExpressionNode, Path, RuleContext, ValueFix } from "../../engine/rule.js";

export interface StringField {
  /** The text of the field. */
  readonly value: string;
  /** Its path in the service. */
  readonly path: Path;
  /** The expression that holds it. */
  readonly expression: ExpressionNode;
}

/** The string `field` of every expression whose `@type` is one of `types`, in document order. */
export function stringFields(context: RuleContext, types: readonly string[], field: string): StringField[] {
  const found: StringField[] = [];
  for (const expression of context.expressions) {
    const value = expression.node[field];
    if (types.includes(expression.node["@type"]) && typeof value === "string") {
      found.push({ value, path: [...expression.path, field], expression });
    }
  }
  return found;
}

/**
 * A fix that sets a string field of an expression. It replaces the whole expression node with the field
 * changed: the engine prints an expression node as DSL text, while a bare string at a path inside an
 * expression would be written as a YAML scalar, without the quotes the expression language needs.
 */
export function fieldFix(field: StringField, value: string): ValueFix {
  const key = field.path[field.path.length - 1] as string;
  return {
    description: `Write "${value}".`,
    path: field.expression.path,
    value: { ...field.expression.node, [key]: value },
  };
}
