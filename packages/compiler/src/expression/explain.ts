import type { ORGANIZATIONAL_UNIT_IDENTIFIERS, ValueExpression } from "@mailroom/model";
import { isIdentifier, quoteString } from "@mailroom/syntax";
import type { BoxTarget, Expression, Phrase, Verb, Words } from "../functions/definition.js";
import { functionsOf } from "../functions/index.js";
import { boxName, isNumberText } from "./layout.js";
import type { ExpressionContext } from "./lower.js";
import { isNumberLiteral, sheetsWords } from "./words.js";

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

/** Words that stand on their own: nothing after them runs into them. */
const closed = (phrase: Phrase) => typeof phrase === "string" || (!phrase.open && phrase.joins === undefined);

type PhraseObject = Exclude<Phrase, string>;

/** A condition and its opposite, each the other's `negated`: `not not x` reads as `x`. */
function opposites(yes: PhraseObject, no: PhraseObject): Phrase {
  const first: { -readonly [K in keyof PhraseObject]: PhraseObject[K] } = { ...yes };
  first.negated = { ...no, negated: first };
  return first;
}

/** `not` a condition: its opposite when its words have one, else "not (...)". */
function negation(phrase: Phrase): Phrase {
  if (typeof phrase !== "string" && phrase.negated !== undefined) return phrase.negated;
  return opposites({ text: `not (${textOf(phrase)})` }, typeof phrase === "string" ? { text: phrase } : phrase);
}

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
    return { text: `${textOf(phrase)}${closed(phrase) ? glue : ", "}${clause}`, open: true };
  }

  clause(subject: ValueExpression, verb: Verb, object?: ValueExpression | string, tail?: string): Phrase {
    const first = this.phrase(subject);
    // An open subject is closed by a comma before the verb; a list is bracketed, its "and" would read as a condition's.
    const start =
      typeof first === "string" ? first : first.joins ? `(${first.text})` : `${first.text}${first.open ? "," : ""}`;
    let rest = "";
    let open = false;
    if (object !== undefined) {
      const second = typeof object === "string" ? object : this.phrase(object);
      const bracket = typeof second !== "string" && (second.joins !== undefined || (second.open && tail !== undefined));
      rest += ` ${bracket ? `(${textOf(second)})` : textOf(second)}`;
      open = !bracket && typeof second !== "string" && second.open === true;
    }
    if (tail !== undefined) rest += ` ${tail}`;
    const worded = (v: string): PhraseObject => ({ text: `${start} ${v}${rest}`, ...(open && { open }) });
    if (typeof verb !== "string") return opposites(worded(verb[0]), worded(verb[1]));
    const phrase = worded(verb);
    return open ? phrase : phrase.text;
  }

  negatable(yes: string, no: string): Phrase {
    return opposites({ text: yes }, { text: no });
  }

  target(target: BoxTarget): string | undefined {
    const current = this.context.box;
    if (current && (target.fromMain ? current.main : target.boxName === current.name)) return undefined;
    // With `fromMain`, `boxName` is ignored: the MAIN document is read (the box's own, in a MAIN box).
    if (target.fromMain) return "the MAIN box";
    const box = typeof target.boxName === "string" ? `box ${boxName(target.boxName)}` : "an unnamed box";
    if (current === undefined) return box;
    // The runtime reads the file of the expression's own box, or through `fromMain` its MAIN document: never another.
    const readable = current.main ? "of its own box only" : "of its own box, or with main of its MAIN document";
    return `${box} (not readable here: an expression of box ${boxName(current.name)} reads the file ${readable})`;
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
      return e.value
        ? opposites({ text: "always" }, { text: "never" })
        : opposites({ text: "never" }, { text: "always" });
    case "exb.AND":
    case "exb.OR":
      return chain(e["@type"] === "exb.AND" ? "and" : "or", words.phrase(e.expr1), words.phrase(e.expr2));
    case "exb.NOT":
      return negation(words.phrase(e.expr));
    case "exb.ContentEqual":
      return words.clause(e.expr1, ["equals", "differs from"], e.expr2);
    case "exb.LessThan":
    case "exb.LessThanOrEqual":
      return comparison(e, words);
    default:
      return undefined;
  }
}

/** Types whose values are numbers whatever the job: compared with a number, they need no "(as numbers)". */
const NUMBER_TYPES: ReadonlySet<string> = new Set([
  "exv.NumSheetsValue",
  "exv.CurrentDate",
  "exv.DateParse",
  "exv.PositionInBox",
]);

const isNumber = (e: ValueExpression) => isNumberLiteral(e) || NUMBER_TYPES.has(e["@type"]);

/** The four readings of an order between numbers, each with its opposite, as "x VERB n". */
const ORDER = {
  less: ["is less than", "is at least"],
  atMost: ["is at most", "is more than"],
  more: ["is more than", "is at most"],
  atLeast: ["is at least", "is less than"],
} as const;

/** The same readings between two dates, which are numbers of milliseconds. */
const DATE_ORDER = {
  less: ["is before", "is at or after"],
  atMost: ["is at or before", "is after"],
  more: ["is after", "is at or before"],
  atLeast: ["is at or after", "is before"],
} as const;

const DATE_TYPES: ReadonlySet<string> = new Set(["exv.CurrentDate", "exv.DateParse"]);

/** How many sheets each reading of the order allows: "fewer than 3 sheets". */
const SHEETS: Readonly<Record<string, (count: string) => string>> = {
  "is less than": (count) => `fewer than ${count}`,
  "is at least": (count) => `${count} or more`,
  "is more than": (count) => `more than ${count}`,
  "is at most": (count) => `${count} or fewer`,
};

/**
 * `a < b` and `a <= b` (`>` and `>=` swap their sides): the number written last ("metadata count is more than 3",
 * for `3 < meta.count`), "(as numbers)" unless both sides are obviously numbers, dates as before and after, and
 * the number of sheets as a count of sheets ("the document has 3 sheets or more").
 */
function comparison(
  e: { readonly "@type": string; readonly expr1: ValueExpression; readonly expr2: ValueExpression },
  words: Explainer,
): Phrase {
  const orEqual = e["@type"] === "exb.LessThanOrEqual";
  const swap = isNumberLiteral(e.expr1) && !isNumberLiteral(e.expr2);
  const [subject, object] = swap ? [e.expr2, e.expr1] : [e.expr1, e.expr2];
  const order = DATE_TYPES.has(subject["@type"]) && DATE_TYPES.has(object["@type"]) ? DATE_ORDER : ORDER;
  const verbs = swap ? (orEqual ? order.atLeast : order.more) : orEqual ? order.atMost : order.less;
  if (subject["@type"] === "exv.NumSheetsValue" && object["@type"] === "exv.Value" && isNumberLiteral(object)) {
    const count = sheetsWords(object.value);
    const sheets = (verb: string) => ({ text: `the document has ${SHEETS[verb]?.(count)}` });
    return opposites(sheets(verbs[0]), sheets(verbs[1]));
  }
  return words.clause(subject, verbs, object, isNumber(subject) && isNumber(object) ? undefined : "(as numbers)");
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
 * `(a and b) or c`; the same one is not (both are associative). An open clause is closed by a comma. Its
 * opposite is De Morgan's: `not (a and b)` reads "not a or not b", each side in its own opposite words.
 */
function chain(joins: "and" | "or", left: Phrase, right: Phrase): Phrase {
  const other = joins === "and" ? "or" : "and";
  return opposites(joined(joins, left, right), joined(other, negation(left), negation(right)));
}

function joined(joins: "and" | "or", left: Phrase, right: Phrase): PhraseObject {
  const side = (phrase: Phrase, last: boolean) => {
    if (typeof phrase === "string") return phrase;
    if (phrase.joins !== undefined && phrase.joins !== joins) return `(${phrase.text})`;
    return phrase.open && !last ? `${phrase.text},` : phrase.text;
  };
  const open = typeof right !== "string" && (right.joins ?? joins) === joins && right.open === true;
  return { text: `${side(left, false)} ${joins} ${side(right, true)}`, joins, ...(open && { open }) };
}
