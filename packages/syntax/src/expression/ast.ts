import type { Span } from "../diagnostic.js";

/**
 * The tree of one expression, as written: the parser knows the grammar but not the function catalogue, so a
 * call is any `name(args)` and lowering decides what it means. Every span is relative to the start of the
 * expression text.
 */
export type ExpressionNode =
  | StringLiteralNode
  | NumberLiteralNode
  | RegexLiteralNode
  | BooleanLiteralNode
  | IdentifierNode
  | ReferenceNode
  | CallNode
  | PipeNode
  | SliceNode
  | BinaryNode
  | NotNode
  | ParenNode
  | ArrayLiteralNode
  | ObjectLiteralNode
  | ExpressionErrorNode;

/** `"text"` or `'text'`, escapes decoded. */
export interface StringLiteralNode {
  readonly kind: "string";
  readonly span: Span;
  readonly value: string;
}

/** `42`, `-1`, `12.5`, `1e+21`: `text` is the source text, kept because a number in value position is text. */
export interface NumberLiteralNode {
  readonly kind: "number";
  readonly span: Span;
  readonly text: string;
  readonly value: number;
}

/** `/pattern/`: the Java regular expression, with `\/` turned into `/` and everything else verbatim. */
export interface RegexLiteralNode {
  readonly kind: "regex";
  readonly span: Span;
  readonly pattern: string;
}

/** `true` or `false`. */
export interface BooleanLiteralNode {
  readonly kind: "boolean";
  readonly span: Span;
  readonly value: boolean;
}

/** A bare name: a keyword (`fileName`), a flag argument (`trim`), a box name (`annexes`), `null`. */
export interface IdentifierNode {
  readonly kind: "identifier";
  readonly span: Span;
  readonly name: string;
}

/** `meta.name` or `meta["any text"]`; the namespace is checked by lowering. */
export interface ReferenceNode {
  readonly kind: "reference";
  readonly span: Span;
  readonly namespace: IdentifierNode;
  /** The name after the dot, or the string inside the brackets. */
  readonly name: { readonly value: string; readonly span: Span };
}

/** `name(args)`. */
export interface CallNode {
  readonly kind: "call";
  readonly span: Span;
  readonly callee: IdentifierNode;
  readonly args: readonly ArgumentNode[];
  readonly open: Span;
  /** Absent when the closing parenthesis is missing. */
  readonly close: Span | undefined;
}

/** One argument of a call: positional (`x`) or named (`trim=false`). */
export interface ArgumentNode {
  readonly kind: "argument";
  readonly span: Span;
  readonly name: IdentifierNode | undefined;
  readonly value: ExpressionNode;
}

/** `input | step` where the step is `f` or `f(args)`: the same as `f(input, args)`. */
export interface PipeNode {
  readonly kind: "pipe";
  readonly span: Span;
  readonly input: ExpressionNode;
  readonly bar: Span;
  readonly step: IdentifierNode | CallNode;
}

/** `target[begin:end]`, either bound optional. */
export interface SliceNode {
  readonly kind: "slice";
  readonly span: Span;
  readonly target: ExpressionNode;
  readonly begin: NumberLiteralNode | undefined;
  readonly end: NumberLiteralNode | undefined;
}

export type BinaryOperator = "or" | "and" | "==" | "<" | "<=" | ">" | ">=";

export interface BinaryNode {
  readonly kind: "binary";
  readonly span: Span;
  readonly operator: BinaryOperator;
  readonly operatorSpan: Span;
  readonly left: ExpressionNode;
  readonly right: ExpressionNode;
}

export interface NotNode {
  readonly kind: "not";
  readonly span: Span;
  /** The `not` keyword. */
  readonly operatorSpan: Span;
  readonly operand: ExpressionNode;
}

export interface ParenNode {
  readonly kind: "paren";
  readonly span: Span;
  readonly expression: ExpressionNode;
}

/** `[1, 2, 3.5, 4]`: only meaningful as an argument (a PDF area). */
export interface ArrayLiteralNode {
  readonly kind: "array";
  readonly span: Span;
  readonly elements: readonly ExpressionNode[];
}

/** `{key="v", "other key"="w"}`: only meaningful as an argument (extraction parameters). */
export interface ObjectLiteralNode {
  readonly kind: "object";
  readonly span: Span;
  readonly entries: readonly ObjectEntryNode[];
}

export interface ObjectEntryNode {
  readonly kind: "entry";
  readonly span: Span;
  readonly key: { readonly value: string; readonly span: Span };
  readonly value: ExpressionNode;
}

/** Stands for text that could not be parsed; the parser has already reported it, so lowering stays silent. */
export interface ExpressionErrorNode {
  readonly kind: "error";
  readonly span: Span;
}
