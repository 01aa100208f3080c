import { diagnostic, message } from "../catalogue.js";
import type { Diagnostic, Span } from "../diagnostic.js";
import type {
  ArgumentNode,
  BinaryOperator,
  CallNode,
  ExpressionErrorNode,
  ExpressionNode,
  IdentifierNode,
  NumberLiteralNode,
  ObjectEntryNode,
} from "./ast.js";
import { describeText, type Token, type TokenKind, tokenize } from "./lexer.js";

export interface ParseOptions {
  /** Deepest tree accepted, counting every operator of a chain as a level; default {@link DEFAULT_MAX_DEPTH}. */
  readonly maxDepth?: number;
}

export interface ParseResult {
  /** Always present: an `error` node stands for what could not be parsed. */
  readonly ast: ExpressionNode;
  readonly diagnostics: Diagnostic[];
}

/**
 * Real expressions nest a dozen levels; the bound keeps parsing and every later pass over the tree (lowering,
 * the JSON it produces, model validation) far from stack exhaustion.
 */
export const DEFAULT_MAX_DEPTH = 256;

/** Codes the parser reports. */
export const EXPRESSION_SYNTAX = "expression-syntax";
export const EXPRESSION_TOO_DEEP = "expression-too-deep";

/** Parses one expression (value or condition: the grammar is shared). Never throws; linear in the text. */
export function parseExpression(text: string, options: ParseOptions = {}): ParseResult {
  const { tokens, diagnostics } = tokenize(text);
  const parser = new Parser(text, tokens, diagnostics, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  return { ast: parser.parse(), diagnostics };
}

const COMPARISONS: ReadonlySet<TokenKind> = new Set(["==", "<", "<=", ">", ">="]);
const CLOSERS: ReadonlySet<TokenKind> = new Set([")", "]", "}", "end"]);
/** Tokens a primary leaves in place when it fails, so that the enclosing list or group can resynchronise. */
const SYNC: ReadonlySet<TokenKind> = new Set([...CLOSERS, ",", ":"]);

/** What to write instead of an operator borrowed from another language. */
const HINTS: Readonly<Record<string, string>> = {
  "&&": 'write "and"',
  "||": 'write "or"',
  "!=": "write not (a == b)",
  "!": 'write "not"',
  "===": 'write "=="',
};

/** A single `=` only follows an argument name or an object key; anywhere else it is a comparison gone wrong. */
const EQUALS_HINT = 'to compare, write "=="';

class Parser {
  #pos = 0;
  #depth = 0;
  #tooDeepReported = false;
  /** Offset of the last syntax error: a second error at the same place is a consequence, not news. */
  #lastErrorAt = -1;
  /**
   * Height of each composite node (leaves count 0), to bound the tree however it was built: every operator,
   * pipe step, slice and bracket is one level.
   */
  readonly #heights = new Map<ExpressionNode, number>();

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly diagnostics: Diagnostic[],
    private readonly maxDepth: number,
  ) {
    // After an unterminated string or regex, "found end of text" errors only repeat the lexer's report.
    if (tokens.some((token) => token.unterminated)) this.#lastErrorAt = (tokens.at(-1) as Token).offset;
  }

  parse(): ExpressionNode {
    const first = this.#peek();
    if (first.kind === "end") {
      this.#error(first, message(EXPRESSION_SYNTAX, "empty", {}));
      return { kind: "error", span: span(first) };
    }
    const ast = this.#expression("an expression");
    const rest = this.#peek();
    // After an error, leftover text is almost always its consequence (`!a` leaves `a`): one report is enough.
    if (rest.kind !== "end" && this.#lastErrorAt < 0) {
      const unmatched = rest.kind === ")" || rest.kind === "]" || rest.kind === "}";
      this.#error(rest, message(EXPRESSION_SYNTAX, unmatched ? "trailingCloser" : "trailing", { found: found(rest) }));
    }
    return ast;
  }

  // ---- precedence levels, lowest first; chains are loops, so only real nesting recurses ----

  /**
   * Parses a bracketed construct (call, parentheses, array, object): the only places the parser recurses.
   * Past the depth limit the construct is skipped whole, so recursion never exceeds the limit.
   */
  #nested<T extends ExpressionNode>(reportAt: Span, parse: () => T): T | ExpressionErrorNode {
    if (this.#depth >= this.maxDepth) {
      this.#reportTooDeep(reportAt);
      this.#next();
      this.#skipTo(new Set());
      if (CLOSERS.has(this.#peek().kind) && this.#peek().kind !== "end") this.#next();
      return { kind: "error", span: join(reportAt, this.#previousEnd()) };
    }
    this.#depth++;
    try {
      return parse();
    } finally {
      this.#depth--;
    }
  }

  /** A full expression, the loosest level (`a or b`): at the top, or inside brackets that {@link #nested} opened. */
  #expression(expected: string): ExpressionNode {
    return this.#chain("or", expected, this.#andOperand);
  }

  #and(expected: string): ExpressionNode {
    return this.#chain("and", expected, this.#notOperand);
  }

  // The operands of `or` and `and`, made once per parser rather than a closure per operand parsed.
  readonly #andOperand = (expected: string) => this.#and(expected);
  readonly #notOperand = (expected: string) => this.#not(expected);

  /** Operands joined by `word` (`a and b and c`), from the left. */
  #chain(word: "or" | "and", expected: string, operand: (expected: string) => ExpressionNode): ExpressionNode {
    let left = operand(expected);
    while (this.#isWord(word)) {
      const op = this.#next();
      left = this.#binary(word, op, left, operand(`a condition after "${word}"`));
    }
    return left;
  }

  #not(expected: string): ExpressionNode {
    if (!this.#isWord("not")) return this.#comparison(expected);
    const nots: Token[] = [];
    while (this.#isWord("not")) nots.push(this.#next());
    const last = nots.at(-1);
    let node = this.#comparison(last ? 'a condition after "not"' : expected);
    for (let i = nots.length - 1; i >= 0; i--) {
      const op = nots[i] as Token;
      node = this.#limit({ kind: "not", span: join(op, node.span), operatorSpan: span(op), operand: node }, [node]);
    }
    return node;
  }

  #comparison(expected: string): ExpressionNode {
    const left = this.#pipe(expected);
    if (!COMPARISONS.has(this.#peek().kind)) return left;
    const op = this.#next();
    const node = this.#binary(op.kind as BinaryOperator, op, left, this.#pipe(`a value after "${op.value}"`));
    const chained = this.#peek();
    if (!COMPARISONS.has(chained.kind)) return node;
    this.#error(chained, message(EXPRESSION_SYNTAX, "comparisonChained", { operator: chained.value }));
    this.#next();
    const rest = this.#pipe(`a value after "${chained.value}"`);
    return { kind: "error", span: join(node.span, rest.span) };
  }

  #pipe(expected: string): ExpressionNode {
    let input = this.#postfix(expected);
    while (this.#peek().kind === "|") {
      const bar = this.#next();
      const name = this.#peek();
      if (name.kind !== "identifier") {
        this.#error(name, message(EXPRESSION_SYNTAX, "pipeName", { found: describe(name) }));
        return { kind: "error", span: join(input.span, span(bar)) };
      }
      this.#next();
      const callee = identifier(name);
      const step = this.#peek().kind === "(" ? this.#nested(callee.span, () => this.#call(callee)) : callee;
      if (step.kind === "error") return { kind: "error", span: join(input.span, step.span) };
      let height = this.#heightAbove(input);
      if (step.kind === "call") for (const arg of step.args) height = Math.max(height, this.#heightAbove(arg.value));
      const pipe = { kind: "pipe", span: join(input.span, step.span), input, bar: span(bar), step } as const;
      input = this.#limitTo(pipe, height);
      if (this.#peek().kind === "[") {
        this.#error(this.#peek(), message(EXPRESSION_SYNTAX, "pipeSliced", { step: name.value }));
        this.#next();
        input = this.#skipGroup(input.span, "]");
      }
    }
    return input;
  }

  #postfix(expected: string): ExpressionNode {
    let node = this.#primary(expected);
    while (this.#peek().kind === "[") node = this.#slice(node);
    return node;
  }

  #slice(target: ExpressionNode): ExpressionNode {
    const open = this.#next();
    const begin = this.#sliceBound();
    if (this.#peek().kind !== ":") {
      this.#error(
        this.#peek(),
        message(EXPRESSION_SYNTAX, begin ? "sliceColon" : "sliceBegin", { found: describe(this.#peek()) }),
      );
      return this.#skipGroup(target.span, "]");
    }
    this.#next();
    const end = this.#sliceBound();
    const close = this.#peek();
    if (close.kind !== "]") {
      const opened = message(EXPRESSION_SYNTAX, "sliceOpened", {});
      this.#error(close, message(EXPRESSION_SYNTAX, "sliceClose", { found: describe(close) }), open, opened);
      return this.#skipGroup(target.span, "]");
    }
    this.#next();
    return this.#limit({ kind: "slice", span: join(target.span, close), target, begin, end }, [target]);
  }

  #sliceBound(): NumberLiteralNode | undefined {
    const token = this.#peek();
    if (token.kind !== "number") return undefined;
    this.#next();
    return number(token);
  }

  #primary(expected: string): ExpressionNode {
    const token = this.#peek();
    switch (token.kind) {
      case "string":
        this.#next();
        return { kind: "string", span: span(token), value: token.value };
      case "number":
        this.#next();
        return number(token);
      case "regex":
        this.#next();
        return { kind: "regex", span: span(token), pattern: token.value };
      case "identifier":
        return this.#name(expected);
      case "(":
        return this.#nested(token, () => this.#paren());
      case "[":
        return this.#nested(token, () => this.#array());
      case "{":
        return this.#nested(token, () => this.#object());
      default:
        return this.#unexpected(expected);
    }
  }

  #name(expected: string): ExpressionNode {
    const token = this.#peek();
    const word = token.value;
    if (word === "and" || word === "or" || word === "not") return this.#unexpected(expected);
    this.#next();
    if (word === "true" || word === "false") return { kind: "boolean", span: span(token), value: word === "true" };
    const name = identifier(token);
    const next = this.#peek();
    if (next.kind === "(") {
      const call = this.#nested(name.span, () => this.#call(name));
      return call.kind === "call"
        ? this.#limit(
            call,
            call.args.map((arg) => arg.value),
          )
        : call;
    }
    if (next.kind === ".") {
      this.#next();
      const member = this.#peek();
      if (member.kind !== "identifier") {
        this.#error(member, message(EXPRESSION_SYNTAX, "memberName", { namespace: word, found: describe(member) }));
        return { kind: "error", span: join(token, next) };
      }
      this.#next();
      const nameSpan = span(member);
      return {
        kind: "reference",
        span: join(token, member),
        namespace: name,
        name: { value: member.value, span: nameSpan },
      };
    }
    if (next.kind === "[" && this.#peek(1).kind === "string" && this.#peek(2).kind === "]") {
      this.#next();
      const key = this.#next();
      const close = this.#next();
      return {
        kind: "reference",
        span: join(token, close),
        namespace: name,
        name: { value: key.value, span: span(key) },
      };
    }
    return name;
  }

  #call(callee: IdentifierNode): CallNode {
    const open = this.#next();
    const args: ArgumentNode[] = [];
    const what = `the call of "${callee.name}"`;
    const close = this.#list(")", what, open, () => args.push(this.#argument(callee.name)));
    return {
      kind: "call",
      span: join(callee.span, close ?? this.#previousEnd()),
      callee,
      args,
      open: span(open),
      close: close && span(close),
    };
  }

  #argument(functionName: string): ArgumentNode {
    const token = this.#peek();
    const sign = this.#peek(1);
    if (token.kind === "identifier" && (sign.kind === "=" || sign.kind === ":")) {
      this.#next();
      this.#next();
      const reportAt = this.diagnostics.length;
      const value = this.#expression(`a value for the argument "${token.value}"`);
      if (sign.kind === ":") {
        this.#colonForEquals(token, sign, value, reportAt, `the argument name "${token.value}"`, "named arguments");
      }
      return { kind: "argument", span: join(token, value.span), name: identifier(token), value };
    }
    const value = this.#expression(`an argument of "${functionName}"`);
    return { kind: "argument", span: value.span, name: undefined, value };
  }

  #paren(): ExpressionNode {
    const open = this.#next();
    const expression = this.#expression('an expression after "("');
    const close = this.#peek();
    if (close.kind === ")") this.#next();
    else
      this.#error(
        close,
        message(EXPRESSION_SYNTAX, "parenClose", { found: found(close) }),
        open,
        message(EXPRESSION_SYNTAX, "parenOpened", {}),
      );
    const end = close.kind === ")" ? span(close) : expression.span;
    return this.#limit({ kind: "paren", span: join(open, end), expression }, [expression]);
  }

  #array(): ExpressionNode {
    const open = this.#next();
    const elements: ExpressionNode[] = [];
    const close = this.#list("]", "the array", open, () => elements.push(this.#expression("an array element")));
    return this.#limit({ kind: "array", span: join(open, close ?? this.#previousEnd()), elements }, elements);
  }

  #object(): ExpressionNode {
    const open = this.#next();
    const entries: ObjectEntryNode[] = [];
    const close = this.#list("}", "the object", open, () => {
      const key = this.#peek();
      const sign = this.#peek(1);
      const isKey = key.kind === "identifier" || key.kind === "string";
      if (!isKey || (sign.kind !== "=" && sign.kind !== ":")) {
        const found = isKey ? sign : key;
        this.#error(
          found,
          found === key
            ? message(EXPRESSION_SYNTAX, "objectKey", { found: describe(found) })
            : message(EXPRESSION_SYNTAX, "objectEquals", { key: describeText(key.value), found: describe(found) }),
        );
        this.#skipTo(new Set([",", "}"]));
        return;
      }
      this.#next();
      this.#next();
      const reportAt = this.diagnostics.length;
      const value = this.#expression(`a value for the key ${describeText(key.value)}`);
      if (sign.kind === ":") {
        this.#colonForEquals(key, sign, value, reportAt, `the key ${describeText(key.value)}`, "object entries");
      }
      entries.push({ kind: "entry", span: join(key, value.span), key: { value: key.value, span: span(key) }, value });
    });
    const values = entries.map((entry) => entry.value);
    return this.#limit({ kind: "object", span: join(open, close ?? this.#previousEnd()), entries }, values);
  }

  /**
   * A comma-separated list up to `closer` (a trailing comma is allowed). Returns the closing token, or
   * undefined when it is missing; each item must consume a token unless it reports an error at a SYNC token.
   */
  #list(closer: TokenKind, what: string, open: Token, item: () => void): Token | undefined {
    for (;;) {
      const token = this.#peek();
      if (token.kind === closer) break;
      if (CLOSERS.has(token.kind)) {
        this.#error(
          token,
          message(EXPRESSION_SYNTAX, "listClose", { closer, list: what, found: describe(token) }),
          open,
          message(EXPRESSION_SYNTAX, "listStarts", { list: capitalize(what) }),
        );
        return undefined;
      }
      item();
      const after = this.#peek();
      if (after.kind === ",") this.#next();
      else if (!CLOSERS.has(after.kind)) {
        this.#error(after, message(EXPRESSION_SYNTAX, "listSeparator", { closer, list: what, found: found(after) }));
        // A stray ":", "=" or unknown character would stop every item without being consumed, so it is
        // skipped, as if it were the comma. Anything else may start the next item (a missing comma), or is
        // a closer handled at the top of the loop.
        if (after.kind === ":" || after.kind === "=" || after.kind === "invalid") this.#next();
      }
    }
    return this.#next();
  }

  // ---- errors and recovery ----

  /**
   * Reports `name: value`, the spelling YAML forbids in a plain scalar (": " ends a key there), with a fix to
   * `name=value`; the caller has already read it as if `=` were written, so nothing else follows from it. The
   * diagnostic goes in at `index`, before any found inside the value, to keep the list in text order.
   */
  #colonForEquals(name: Token, colon: Token, value: ExpressionNode, index: number, what: string, which: string): void {
    const text = this.text;
    const nameEnd = name.offset + name.length;
    const isBlank = (i: number) => text[i] === " " || text[i] === "\t";
    let start = colon.offset;
    while (start > nameEnd && isBlank(start - 1)) start--;
    let end = colon.offset + 1;
    while (isBlank(end)) end++;
    // Sliced only when short: nested values would otherwise cost time quadratic in the text.
    const short = value.kind !== "error" && value.span.length <= 24;
    const written = short ? text.slice(value.span.offset, value.span.offset + value.span.length) : "";
    const shown = short && !/[\r\n]/.test(written) ? written : "…";
    const example = `${text.slice(name.offset, nameEnd)}=${shown}`;
    this.diagnostics.splice(index, 0, {
      ...diagnostic(EXPRESSION_SYNTAX, "colonForEquals", { what, which, example }, span(colon)),
      fix: {
        description: 'Replace ":" with "="',
        edits: [{ span: { offset: start, length: end - start }, newText: "=" }],
      },
    });
  }

  #unexpected(expected: string): ExpressionNode {
    const token = this.#peek();
    this.#error(token, message(EXPRESSION_SYNTAX, "unexpected", { expected, found: found(token) }));
    if (!SYNC.has(token.kind)) this.#next();
    return { kind: "error", span: span(token) };
  }

  #reportTooDeep(at: Span): void {
    if (this.#tooDeepReported) return;
    this.#tooDeepReported = true;
    this.diagnostics.push(
      diagnostic(EXPRESSION_TOO_DEEP, "nesting", { max: this.maxDepth }, { offset: at.offset, length: at.length }),
    );
  }

  /** Builds no deeper than the limit: a node that would exceed it becomes an error node (reported once). */
  #limit(node: ExpressionNode, children: readonly ExpressionNode[]): ExpressionNode {
    let height = 1;
    for (const child of children) height = Math.max(height, this.#heightAbove(child));
    return this.#limitTo(node, height);
  }

  /** The height of a node over `child`. */
  #heightAbove(child: ExpressionNode): number {
    return (this.#heights.get(child) ?? 0) + 1;
  }

  /** {@link #limit} for a node whose height is known. */
  #limitTo(node: ExpressionNode, height: number): ExpressionNode {
    if (height <= this.maxDepth) {
      this.#heights.set(node, height);
      return node;
    }
    this.#reportTooDeep(node.kind === "binary" ? node.operatorSpan : node.span);
    return { kind: "error", span: node.span };
  }

  #binary(operator: BinaryOperator, op: Token, left: ExpressionNode, right: ExpressionNode): ExpressionNode {
    const node = {
      kind: "binary",
      span: join(left.span, right.span),
      operator,
      operatorSpan: span(op),
      left,
      right,
    } as const;
    return this.#limit(node, [left, right]);
  }

  /** Skips a malformed group up to and including its closer, keeping nested brackets balanced. */
  #skipGroup(from: Span, closer: TokenKind): ExpressionNode {
    this.#skipTo(new Set());
    if (this.#peek().kind === closer) this.#next();
    return { kind: "error", span: join(from, this.#previousEnd()) };
  }

  /** Skips balanced tokens up to a closer of the enclosing level, or one of `stops` at this level. */
  #skipTo(stops: ReadonlySet<TokenKind>): void {
    let level = 0;
    for (;;) {
      const kind = this.#peek().kind;
      if (kind === "end") return;
      if (level === 0 && (stops.has(kind) || CLOSERS.has(kind))) return;
      if (kind === "(" || kind === "[" || kind === "{") level++;
      else if (CLOSERS.has(kind)) level--;
      this.#next();
    }
  }

  #error(at: Span, message: string, relatedAt?: Span, relatedMessage?: string): void {
    if (at.offset === this.#lastErrorAt) return;
    this.#lastErrorAt = at.offset;
    const related =
      relatedAt && relatedMessage
        ? [{ message: relatedMessage, span: { offset: relatedAt.offset, length: relatedAt.length } }]
        : undefined;
    this.diagnostics.push({
      code: EXPRESSION_SYNTAX,
      severity: "error",
      message,
      span: { offset: at.offset, length: at.length },
      ...(related && { related }),
    });
  }

  // ---- tokens ----

  #peek(ahead = 0): Token {
    return this.tokens[Math.min(this.#pos + ahead, this.tokens.length - 1)] as Token;
  }

  #next(): Token {
    const token = this.#peek();
    if (token.kind !== "end") this.#pos++;
    return token;
  }

  #isWord(word: string): boolean {
    const token = this.#peek();
    return token.kind === "identifier" && token.value === word;
  }

  /** An empty span just after the last consumed token, where a missing closer would go. */
  #previousEnd(): Span {
    const previous = this.tokens[this.#pos - 1];
    return { offset: previous ? previous.offset + previous.length : 0, length: 0 };
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case "end":
      return "end of text";
    case "string":
      return `the string ${describeText(token.value)}`;
    case "regex":
      return `the regular expression /${token.value.length > 24 ? `${token.value.slice(0, 24)}…` : token.value}/`;
    default:
      return describeText(token.value);
  }
}

/** The token as a message names it, with what to write instead when it comes from another language. */
function found(token: Token): string {
  const hint = token.kind === "invalid" ? HINTS[token.value] : token.kind === "=" ? EQUALS_HINT : undefined;
  return hint ? `${describe(token)}; ${hint}` : describe(token);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const span = (s: Span): Span => ({ offset: s.offset, length: s.length });
const join = (a: Span, b: Span): Span => ({ offset: a.offset, length: b.offset + b.length - a.offset });
const identifier = (token: Token): IdentifierNode => ({ kind: "identifier", span: span(token), name: token.value });
const number = (token: Token): NumberLiteralNode => ({
  kind: "number",
  span: span(token),
  text: token.value,
  value: Number(token.value),
});
