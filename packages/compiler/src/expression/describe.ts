import { describeText, type ExpressionNode, type Fix, type Span } from "@mailroom/syntax";

/** The node inside any parentheses. */
export const unwrap = (node: ExpressionNode): ExpressionNode => {
  let inner = node;
  while (inner.kind === "paren") inner = inner.expression;
  return inner;
};

/** The token a diagnostic about this node should underline. */
export function narrowest(node: ExpressionNode): Span {
  switch (node.kind) {
    case "binary":
    case "not":
      return node.operatorSpan;
    case "call":
      return node.callee.span;
    case "pipe":
      return node.step.kind === "call" ? node.step.callee.span : node.step.span;
    case "paren":
      return narrowest(unwrap(node));
    default:
      return node.span;
  }
}

/** What a node is, for "but found ..." in messages. */
export function describeNode(node: ExpressionNode): string {
  switch (node.kind) {
    case "string":
      return `the string ${describeText(node.value)}`;
    case "number":
      return `the number ${node.text}`;
    case "regex":
      return "a regular expression";
    case "boolean":
      return `the condition "${node.value}"`;
    case "identifier":
      return `the name "${node.name}"`;
    case "reference":
      return `the reference ${node.namespace.name}.${node.name.value}`;
    case "call":
      return `the call of "${node.callee.name}"`;
    case "pipe":
      return `the pipe into "${node.step.kind === "call" ? node.step.callee.name : node.step.name}"`;
    case "slice":
      return "a slice";
    case "binary":
      return `a condition ("${node.operator}")`;
    case "not":
      return 'a condition ("not")';
    case "paren":
      return describeNode(unwrap(node));
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "error":
      return "an error";
  }
}

/** `a, b or c`. */
export const list = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

export const replaceWith = (span: Span, text: string): Fix => ({
  description: `Replace with "${text}"`,
  edits: [{ span, newText: text }],
});
