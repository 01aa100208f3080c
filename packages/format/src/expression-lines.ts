import { type ExpressionNode, parseExpression } from "@mailroom/syntax";

/** A line of a folded expression: its text and how far it is indented past the first line. */
export interface ExpressionLine {
  readonly indent: number;
  readonly text: string;
}

/**
 * Breaks an expression's canonical text into lines of at most `width` characters where its structure allows:
 * before each `or` / `and` of a chain, before each `|` of a pipe, before a comparison operator, and between the
 * arguments of a call (one per line, indented two more, the closing parenthesis ending the last). A part that
 * fits stays on one line; a part that cannot be broken (a long string) overflows. Deterministic, and only
 * blanks change, so the lines read back as the same expression.
 */
export function expressionLines(text: string, width: number): ExpressionLine[] {
  if (text.length <= width) return [{ indent: 0, text }];
  const { ast, diagnostics } = parseExpression(text);
  if (diagnostics.length > 0) return [{ indent: 0, text }];
  return new Breaker(text).layout(ast, width);
}

class Breaker {
  constructor(readonly text: string) {}

  source(node: { readonly span: { readonly offset: number; readonly length: number } }): string {
    return this.text.slice(node.span.offset, node.span.offset + node.span.length);
  }

  layout(node: ExpressionNode, width: number): ExpressionLine[] {
    const whole = this.source(node);
    if (whole.length <= width) return [{ indent: 0, text: whole }];
    switch (node.kind) {
      case "binary": {
        if (node.operator === "or" || node.operator === "and") {
          const operands: ExpressionNode[] = [];
          let left: ExpressionNode = node;
          while (left.kind === "binary" && left.operator === node.operator) {
            operands.unshift(left.right);
            left = left.left;
          }
          operands.unshift(left);
          const [first, ...rest] = operands as [ExpressionNode, ...ExpressionNode[]];
          const prefix = `${node.operator} `;
          return [
            ...this.layout(first, width),
            ...rest.flatMap((operand) => prefixed(prefix, this.layout(operand, width - prefix.length))),
          ];
        }
        const prefix = `${this.source({ span: node.operatorSpan })} `;
        return [...this.layout(node.left, width), ...prefixed(prefix, this.layout(node.right, width - prefix.length))];
      }
      case "pipe": {
        const steps: ExpressionNode[] = [];
        let input: ExpressionNode = node;
        while (input.kind === "pipe") {
          steps.unshift(input.step);
          input = input.input;
        }
        return [...this.layout(input, width), ...steps.flatMap((step) => prefixed("| ", this.layout(step, width - 2)))];
      }
      case "call": {
        if (node.args.length === 0 || !node.close) break;
        const lines: ExpressionLine[] = [{ indent: 0, text: `${node.callee.name}(` }];
        node.args.forEach((arg, i) => {
          const name = arg.name ? `${arg.name.name}=` : "";
          const last = i === node.args.length - 1;
          const argument = prefixed(name, this.layout(arg.value, width - 2 - name.length));
          lines.push(...indented(2, suffixed(last ? ")" : ",", argument)));
        });
        return lines;
      }
      case "slice": {
        const end = node.span.offset + node.span.length;
        const targetEnd = node.target.span.offset + node.target.span.length;
        const slice = this.text.slice(targetEnd, end);
        return suffixed(slice, this.layout(node.target, width - slice.length));
      }
      case "not":
        return prefixed("not ", this.layout(node.operand, width - 4));
      case "paren":
        return prefixed("(", suffixed(")", this.layout(node.expression, width - 2)));
      default:
        break;
    }
    return [{ indent: 0, text: whole }];
  }
}

/** The lines with `prefix` before the first; the others indented past it. */
function prefixed(prefix: string, lines: ExpressionLine[]): ExpressionLine[] {
  return lines.map((line, i) =>
    i === 0
      ? { indent: line.indent, text: prefix + line.text }
      : { indent: line.indent + prefix.length, text: line.text },
  );
}

/** The lines with `suffix` after the last. */
function suffixed(suffix: string, lines: ExpressionLine[]): ExpressionLine[] {
  return lines.map((line, i) => (i === lines.length - 1 ? { indent: line.indent, text: line.text + suffix } : line));
}

const indented = (by: number, lines: ExpressionLine[]): ExpressionLine[] =>
  lines.map((line) => ({ indent: line.indent + by, text: line.text }));
