import {
  defineRule,
  type ExpressionNode,
  type Path,
  type Rule,
  type RuleContext,
  type RuleDefinition,
  type ValueFix,
} from "../../engine/rule.js";
import { kept } from "./kept.js";

export interface StringField {
  /** The text of the field. */
  readonly value: string;
  /** Its path in the service. */
  readonly path: Path;
  /** The expression that holds it. */
  readonly expression: ExpressionNode;
}

/** A field whose path is built only when asked for: a report needs it, a valid field (the usual case) does not. */
class Field implements StringField {
  constructor(
    readonly value: string,
    readonly expression: ExpressionNode,
    private readonly key: string,
  ) {}

  get path(): Path {
    return [...this.expression.path, this.key];
  }
}

/** The expressions whose `regExpPattern` is a Java regular expression. */
export const PATTERN_TYPES: readonly string[] = ["exv.StrReplace", "exb.StrMatches"];

/** The string `field` of every expression whose `@type` is one of `types`, in `ofType`'s order. */
export function stringFields(context: RuleContext, types: readonly string[], field: string): StringField[] {
  const found: StringField[] = [];
  for (const expression of context.ofType(types)) {
    const value = expression.node[field];
    if (typeof value === "string") found.push(new Field(value, expression, field));
  }
  return found;
}

/**
 * The messages of a rule made by `stringFieldRule`: the validator words what it finds (as the Java library
 * does), the rule passes it on; the fix writes the validator's replacement.
 */
const FIELD_MESSAGES = { invalid: "{{problem}}", write: 'Write "{{value}}".' } as const;

/**
 * A fix that sets a string field of an expression. It replaces the whole expression node with the field
 * changed: the engine prints an expression node as DSL text, while a bare string at a path inside an
 * expression would be written as a YAML scalar, without the quotes the expression language needs.
 */
function fieldFix(field: StringField, value: string): ValueFix {
  const key = field.path[field.path.length - 1] as string;
  return {
    messageId: "write",
    data: { value },
    path: field.expression.path,
    value: { ...field.expression.node, [key]: value },
  };
}

/** What a validator of one string found wrong: the message, where inside the string, and a replacement. */
export interface FieldProblem {
  readonly message: string;
  readonly span?: { readonly offset: number; readonly length: number };
  readonly fix?: string;
}

/**
 * A rule that checks one string field of some expression types with a validator: the shape shared by the
 * rules on date patterns, time zones and locales. The validator must be pure: each distinct value is checked once,
 * and its result kept from check to check (`kept`).
 */
export function stringFieldRule(
  meta: Omit<RuleDefinition["meta"], "messages">,
  types: readonly string[],
  field: string,
  validate: (value: string) => FieldProblem | undefined,
): Rule {
  const check = kept(validate);
  return defineRule({
    meta: { ...meta, messages: FIELD_MESSAGES },
    check(context) {
      for (const found of stringFields(context, types, field)) {
        const problem = context.memo(check, found.value);
        if (!problem) continue;
        context.report({
          path: found.path,
          messageId: "invalid",
          data: { problem: problem.message },
          ...(problem.span ? { within: problem.span } : {}),
          ...(problem.fix ? { fix: fieldFix(found, problem.fix) } : {}),
        });
      }
    },
  });
}
