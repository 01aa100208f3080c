import type { BooleanExpression, ORGANIZATIONAL_UNIT_IDENTIFIERS, ValueExpression } from "@mailroom/model";
import { isIdentifier, quoteString } from "@mailroom/syntax";
import type { BoxTarget, Expression, Phrase, Words } from "../functions/definition.js";
import { functionsOf } from "../functions/index.js";
import { boxName, isNumberText } from "./layout.js";
import type { ExpressionContext } from "./lower.js";

/**
 * The expression in words: a noun phrase for a value, a clause for a condition; no capital, no final period.
 * File and PDF expressions that read the box of `context` (the box whose configuration holds the expression)
 * need no words for their box; others say which box they read. Sub-expressions are worded first, from the
 * leaves up without recursion, so any depth is explained.
 */
export function explainExpression(expression: Expression, context: ExpressionContext = {}): string {
  const words = new Explainer(context);
  for (const node of leavesFirst(expression)) words.phrase(node);
  return textOf(words.phrase(expression));
}

const textOf = (phrase: Phrase) => (typeof phrase === "string" ? phrase : phrase.text);

/** The sub-expressions of an expression, whatever its type: the values of its fields that are expressions. */
function children(expression: Expression): Expression[] {
  const out: Expression[] = [];
  for (const value of Object.values(expression)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "object" && item !== null && typeof item["@type"] === "string") out.push(item);
    }
  }
  return out;
}

/** Every node of the tree, each after all its sub-expressions. */
function leavesFirst(root: Expression): Expression[] {
  const order: Expression[] = [];
  const stack = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    order.push(node);
    stack.push(...children(node));
  }
  return order.reverse();
}

/** The properties of the organizational unit a reference may read, in words. */
const UNIT_PROPERTIES: Readonly<Record<(typeof ORGANIZATIONAL_UNIT_IDENTIFIERS)[number], string>> = {
  EMAIL_ADDRESS: "e-mail address",
  SENDER_ADDRESS: "sender address",
  RETURN_ADDRESS: "return address",
  SIRET: "SIRET number",
  NAME: "name",
  ID: "id",
};

const written = (identifier: string) => (isIdentifier(identifier) ? identifier : quoteString(identifier));

class Explainer implements Words {
  readonly #phrases = new Map<Expression, Phrase>();

  constructor(readonly context: ExpressionContext) {}

  /** Words one node, its sub-expressions being worded already (or worded now, when they are not). */
  phrase(expression: Expression): Phrase {
    const known = this.#phrases.get(expression);
    if (known !== undefined) return known;
    const phrase = syntaxWords(expression, this) ?? this.#functionWords(expression);
    this.#phrases.set(expression, phrase);
    return phrase;
  }

  #functionWords(expression: Expression): Phrase {
    for (const definition of functionsOf(expression["@type"])) {
      const phrase = definition.explain(expression, this);
      if (phrase !== undefined) return phrase;
    }
    return `an expression of unknown type ${quoteString(String(expression["@type"]))}`;
  }

  of(expression: Expression): string {
    const phrase = this.phrase(expression);
    if (typeof phrase === "string") return phrase;
    return phrase.open || phrase.joins ? `(${phrase.text})` : phrase.text;
  }

  step(input: ValueExpression, clause: string, glue: ", " | " " = ", "): Phrase {
    const phrase = this.phrase(input);
    const closed = typeof phrase === "string";
    return { text: `${textOf(phrase)}${closed ? glue : ", "}${clause}`, open: true };
  }

  clause(subject: ValueExpression, verb: string, object?: ValueExpression | string, tail?: string): Phrase {
    const first = this.phrase(subject);
    // An open subject is closed by a comma before the verb; a list is bracketed, its "and" would read as a condition's.
    const start =
      typeof first === "string" ? first : first.joins ? `(${first.text})` : `${first.text}${first.open ? "," : ""}`;
    let text = `${start} ${verb}`;
    let open = false;
    if (object !== undefined) {
      const second = typeof object === "string" ? object : this.phrase(object);
      const bracket = typeof second !== "string" && (second.joins !== undefined || (second.open && tail !== undefined));
      text += ` ${bracket ? `(${textOf(second)})` : textOf(second)}`;
      open = !bracket && typeof second !== "string" && second.open === true;
    }
    if (tail !== undefined) text += ` ${tail}`;
    return open ? { text, open } : text;
  }

  target(target: BoxTarget): string | undefined {
    const current = this.context.box;
    if (current && (target.fromMain ? current.main : target.boxName === current.name)) return undefined;
    if (target.fromMain) return "the MAIN box";
    return typeof target.boxName === "string" ? `box ${boxName(target.boxName)}` : "an unnamed box";
  }
}

/** The words of the language's own syntax: literals, references, `and`, `or`, `not` and comparisons. */
function syntaxWords(e: Expression, words: Explainer): Phrase | undefined {
  switch (e["@type"]) {
    case "exv.Value":
      if (e.value === "") return "an empty text";
      return isNumberText(e.value) ? e.value : `the text ${quoteString(e.value)}`;
    case "exv.Reference":
      return referenceWords(e);
    case "exb.Boolean":
      return e.value ? "always" : "never";
    case "exb.AND":
    case "exb.OR":
      return chain(e, words);
    case "exb.NOT":
      return `not (${textOf(words.phrase(e.expr))})`;
    case "exb.ContentEqual":
      return words.clause(e.expr1, "equals", e.expr2);
    case "exb.LessThan":
      return words.clause(e.expr1, "is less than", e.expr2, "(as numbers)");
    case "exb.LessThanOrEqual":
      return words.clause(e.expr1, "is at most", e.expr2, "(as numbers)");
    default:
      return undefined;
  }
}

function referenceWords(e: Extract<ValueExpression, { "@type": "exv.Reference" }>): string {
  switch (e.namespace) {
    case "METADATA":
      return `metadata ${written(e.identifier)}`;
    case "REQUIREMENT":
      return `requirement ${written(e.identifier)}`;
    case "ORGANIZATIONAL_UNIT": {
      const property = Object.hasOwn(UNIT_PROPERTIES, e.identifier)
        ? UNIT_PROPERTIES[e.identifier as keyof typeof UNIT_PROPERTIES]
        : undefined;
      return `the organizational unit's ${property ?? `property ${written(e.identifier)}`}`;
    }
    case "OUTPUT_FILE":
      return `the output file's ${e.identifier === "NUID" ? "NUID" : `property ${written(e.identifier)}`}`;
    default:
      return `${written(String(e.namespace))} ${written(e.identifier)}`;
  }
}

/**
 * `a and b`, `a or b`: the other conjunction inside is bracketed, so `a and (b or c)` never reads as
 * `(a and b) or c`; the same one is not (both are associative). An open clause is closed by a comma.
 */
function chain(e: Extract<BooleanExpression, { "@type": "exb.AND" | "exb.OR" }>, words: Explainer): Phrase {
  const joins = e["@type"] === "exb.AND" ? "and" : "or";
  const side = (operand: BooleanExpression, last: boolean) => {
    const phrase = words.phrase(operand);
    if (typeof phrase === "string") return phrase;
    if (phrase.joins !== undefined && phrase.joins !== joins) return `(${phrase.text})`;
    return phrase.open && !last ? `${phrase.text},` : phrase.text;
  };
  const right = words.phrase(e.expr2);
  const open = typeof right !== "string" && (right.joins ?? joins) === joins && right.open === true;
  return { text: `${side(e.expr1, false)} ${joins} ${side(e.expr2, true)}`, joins, ...(open && { open }) };
}
