import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExpressionNode, parseExpression, quoteString, regexLiteral, tokenize } from "../src/expression/index.js";

const s = (offset: number, length: number) => ({ offset, length });

/** Parses text that must be free of syntax errors. */
function ast(text: string): ExpressionNode {
  const result = parseExpression(text);
  expect(result.diagnostics).toEqual([]);
  return result.ast;
}

/** The diagnostics of a text as [code, message, offset, length]. */
function errors(text: string) {
  return parseExpression(text).diagnostics.map((d) => [d.code, d.message, d.span.offset, d.span.length]);
}

/** A compact rendering of a tree, parentheses showing how the parser grouped it. */
function shape(node: ExpressionNode): string {
  switch (node.kind) {
    case "binary":
      return `(${shape(node.left)} ${node.operator} ${shape(node.right)})`;
    case "not":
      return `(not ${shape(node.operand)})`;
    case "pipe":
      return `(${shape(node.input)} | ${shape(node.step)})`;
    case "call":
      return `${node.callee.name}(${node.args.map((a) => (a.name ? `${a.name.name}=` : "") + shape(a.value)).join(", ")})`;
    case "slice":
      return `${shape(node.target)}[${node.begin?.text ?? ""}:${node.end?.text ?? ""}]`;
    case "paren":
      return `{${shape(node.expression)}}`;
    case "identifier":
      return node.name;
    case "reference":
      return `${node.namespace.name}.${node.name.value}`;
    case "string":
      return JSON.stringify(node.value);
    case "number":
      return node.text;
    case "regex":
      return `/${node.pattern}/`;
    case "boolean":
      return String(node.value);
    case "array":
      return `[${node.elements.map(shape).join(", ")}]`;
    case "object":
      return `{${node.entries.map((e) => `${e.key.value}=${shape(e.value)}`).join(", ")}}`;
    case "error":
      return "<error>";
  }
}

describe("literals", () => {
  it("reads double-quoted strings with every escape", () => {
    expect(ast(String.raw`"a\"b\\c\/d\ne\rf\tg\u00e9\ud83d\ude00"`)).toEqual({
      kind: "string",
      span: s(0, 39),
      value: 'a"b\\c/d\ne\rf\tgé😀',
    });
  });

  it("reads single-quoted strings, where only \\' and \\\\ are escapes", () => {
    expect(ast(String.raw`'it\'s C:\path \\ \d\$'`)).toEqual({
      kind: "string",
      span: s(0, 23),
      value: String.raw`it's C:\path \ \d\$`,
    });
  });

  it("keeps raw line breaks inside strings", () => {
    expect(ast('"a\nb"')).toMatchObject({ kind: "string", value: "a\nb" });
  });

  it("reads numbers with their source text", () => {
    for (const text of ["42", "-1", "12.5", "0", "-0", "1e+21", "5e-7", "007"]) {
      expect(ast(text)).toEqual({ kind: "number", span: s(0, text.length), text, value: Number(text) });
    }
  });

  it("reads regex literals: \\/ is a slash, every other backslash is kept", () => {
    expect(ast(String.raw`/^a\/b\d+\\/`)).toEqual({ kind: "regex", span: s(0, 12), pattern: String.raw`^a/b\d+\\` });
  });

  it("reads true and false", () => {
    expect(ast("true")).toEqual({ kind: "boolean", span: s(0, 4), value: true });
    expect(ast(" false ")).toEqual({ kind: "boolean", span: s(1, 5), value: false });
  });
});

describe("names and references", () => {
  it("reads a bare identifier", () => {
    expect(ast("fileName")).toEqual({ kind: "identifier", span: s(0, 8), name: "fileName" });
  });

  it("reads dotted references with the span of each part", () => {
    expect(ast("meta.invoice_2")).toEqual({
      kind: "reference",
      span: s(0, 14),
      namespace: { kind: "identifier", span: s(0, 4), name: "meta" },
      name: { value: "invoice_2", span: s(5, 9) },
    });
  });

  it("accepts reserved words after the dot", () => {
    expect(shape(ast("meta.and"))).toBe("meta.and");
  });

  it("reads bracket references for any text", () => {
    expect(ast('req["n° client"]')).toEqual({
      kind: "reference",
      span: s(0, 16),
      namespace: { kind: "identifier", span: s(0, 3), name: "req" },
      name: { value: "n° client", span: s(4, 11) },
    });
  });
});

describe("calls and pipes", () => {
  it("reads positional and named arguments with their spans", () => {
    expect(ast("clean(x, trim=false)")).toEqual({
      kind: "call",
      span: s(0, 20),
      callee: { kind: "identifier", span: s(0, 5), name: "clean" },
      open: s(5, 1),
      close: s(19, 1),
      args: [
        { kind: "argument", span: s(6, 1), name: undefined, value: { kind: "identifier", span: s(6, 1), name: "x" } },
        {
          kind: "argument",
          span: s(9, 10),
          name: { kind: "identifier", span: s(9, 4), name: "trim" },
          value: { kind: "boolean", span: s(14, 5), value: false },
        },
      ],
    });
  });

  it("accepts blanks around the = of a named argument", () => {
    expect(ast("clean(x, trim = false)")).toMatchObject({
      args: [{ name: undefined }, { span: s(9, 12), name: { name: "trim" }, value: { span: s(16, 5), value: false } }],
    });
  });

  it("accepts empty argument lists and a trailing comma", () => {
    expect(shape(ast("concat()"))).toBe("concat()");
    expect(shape(ast("concat(a, b,)"))).toBe("concat(a, b)");
  });

  it("reads pipe steps with and without parentheses, left to right", () => {
    const node = ast("x | clean(trim) | upper");
    expect(shape(node)).toBe("((x | clean(trim)) | upper)");
    expect(node).toMatchObject({
      kind: "pipe",
      span: s(0, 23),
      bar: s(16, 1),
      step: { kind: "identifier", span: s(18, 5) },
    });
  });

  it("reads object and array arguments", () => {
    expect(shape(ast('pdfText(1, [20, 40.5, 80, 1e+21], params={a="x", "b c"="y", true="z"})'))).toBe(
      'pdfText(1, [20, 40.5, 80, 1e+21], params={a="x", b c="y", true="z"})',
    );
    expect(ast("[1, 2]")).toMatchObject({ kind: "array", span: s(0, 6) });
    expect(ast("{}")).toEqual({ kind: "object", span: s(0, 2), entries: [] });
    expect(ast('{dpi="300", "other key" = "v",}')).toEqual({
      kind: "object",
      span: s(0, 31),
      entries: [
        {
          kind: "entry",
          span: s(1, 9),
          key: { value: "dpi", span: s(1, 3) },
          value: { kind: "string", span: s(5, 5), value: "300" },
        },
        {
          kind: "entry",
          span: s(12, 17),
          key: { value: "other key", span: s(12, 11) },
          value: { kind: "string", span: s(26, 3), value: "v" },
        },
      ],
    });
  });
});

describe("slices", () => {
  it("reads every form of slice", () => {
    expect(shape(ast("fileName[0:8]"))).toBe("fileName[0:8]");
    expect(shape(ast("x[2:]"))).toBe("x[2:]");
    expect(shape(ast("x[:-1]"))).toBe("x[:-1]");
    expect(shape(ast("x[:]"))).toBe("x[:]");
    expect(shape(ast("fileName(box=a)[1:2][0:1]"))).toBe("fileName(box=a)[1:2][0:1]");
  });

  it("gives the slice and its bounds their spans", () => {
    expect(ast("meta.a[3:-1]")).toMatchObject({
      kind: "slice",
      span: s(0, 12),
      begin: { kind: "number", span: s(7, 1), value: 3 },
      end: { kind: "number", span: s(9, 2), value: -1 },
    });
  });
});

describe("operators and precedence", () => {
  it("binds or < and < not < comparison < pipe < postfix", () => {
    expect(shape(ast("a or b and c"))).toBe("(a or (b and c))");
    expect(shape(ast("not a == b and c"))).toBe("((not (a == b)) and c)");
    expect(shape(ast("x | upper == y[0:2]"))).toBe("((x | upper) == y[0:2])");
    expect(shape(ast("not not a"))).toBe("(not (not a))");
  });

  it("chains and/or to the left", () => {
    expect(shape(ast("a and b and c"))).toBe("((a and b) and c)");
    expect(shape(ast("a or b or c"))).toBe("((a or b) or c)");
  });

  it("reads every comparison operator", () => {
    for (const op of ["==", "<", "<=", ">", ">="]) expect(shape(ast(`a ${op} 1`))).toBe(`(a ${op} 1)`);
  });

  it("groups with parentheses", () => {
    expect(shape(ast("a and (b or c)"))).toBe("(a and {(b or c)})");
  });

  it("spans a binary node from its left to its right operand", () => {
    expect(ast("a  <=  b")).toMatchObject({ kind: "binary", span: s(0, 8), operatorSpan: s(3, 2) });
    expect(ast("not x")).toMatchObject({ kind: "not", span: s(0, 5), operatorSpan: s(0, 3) });
  });
});

describe("syntax errors", () => {
  const E = "expression-syntax";

  it("reports empty input", () => {
    expect(errors("")).toEqual([[E, "Expected an expression but found end of text.", 0, 0]]);
    expect(errors("  ")).toEqual([[E, "Expected an expression but found end of text.", 2, 0]]);
  });

  it("reports a missing closing parenthesis of a call, pointing back at the opening one", () => {
    const [diagnostic] = parseExpression("concat(a, b").diagnostics;
    expect(diagnostic).toEqual({
      code: E,
      severity: "error",
      message: 'Expected ")" to close the call of "concat" but found end of text.',
      span: s(11, 0),
      related: [{ message: 'The call of "concat" starts here.', span: s(6, 1) }],
    });
    expect(shape(parseExpression("concat(a, b").ast)).toBe("concat(a, b)");
  });

  it("reports one error for nested unclosed calls", () => {
    expect(errors("concat(upper(x")).toEqual([
      [E, 'Expected ")" to close the call of "upper" but found end of text.', 14, 0],
    ]);
  });

  it("reports unclosed groups", () => {
    expect(errors("(a")).toEqual([[E, 'Expected ")" to close the parenthesis but found end of text.', 2, 0]]);
    expect(errors("[1, 2")).toEqual([[E, 'Expected "]" to close the array but found end of text.', 5, 0]]);
    expect(errors("concat(a]")).toEqual([[E, 'Expected ")" to close the call of "concat" but found "]".', 8, 1]]);
  });

  it("reports a missing comma and goes on", () => {
    const result = parseExpression("concat(a b)");
    expect(result.diagnostics.map((d) => [d.message, d.span])).toEqual([
      ['Expected "," or ")" in the call of "concat" but found "b".', s(9, 1)],
    ]);
    expect(shape(result.ast)).toBe("concat(a, b)");
  });

  it("reports unterminated strings and regexes once, at the opening quote", () => {
    expect(errors('concat("abc')).toEqual([[E, 'Expected a closing " to end the string but found end of text.', 7, 1]]);
    expect(errors("'abc")).toEqual([[E, "Expected a closing ' to end the string but found end of text.", 0, 1]]);
    expect(errors("matches(x, /abc")).toEqual([
      [E, "Expected a closing / to end the regular expression but found end of text.", 11, 1],
    ]);
  });

  it("reports bad escapes at the escape", () => {
    expect(errors(String.raw`"a\qb"`)).toEqual([
      [E, String.raw`Unknown escape "\q" in a string; expected one of \" \\ \/ \n \r \t or \uXXXX.`, 2, 2],
    ]);
    expect(errors(String.raw`"\u12g4"`)).toEqual([
      [E, 'Expected four hexadecimal digits after "\\u" but found "12g4".', 1, 2],
    ]);
  });

  it("names unknown characters, invisible ones by code point", () => {
    expect(errors("a # b")).toEqual([[E, 'Expected an operator or end of text but found "#".', 2, 1]]);
    expect(errors("concat(\u00a0)")).toEqual([
      [E, 'Expected an argument of "concat" but found the character U+00A0.', 7, 1],
    ]);
    expect(errors("concat(😀)")).toEqual([[E, 'Expected an argument of "concat" but found "😀".', 7, 2]]);
  });

  it("says what to write instead of operators from other languages", () => {
    expect(errors("a && b")).toEqual([[E, 'Expected an operator or end of text but found "&&"; write "and".', 2, 2]]);
    expect(errors("a || b")).toEqual([[E, 'Expected an operator or end of text but found "||"; write "or".', 2, 2]]);
    expect(errors("a != b")).toEqual([
      [E, 'Expected an operator or end of text but found "!="; write not (a == b).', 2, 2],
    ]);
    expect(errors("a === b")).toEqual([[E, 'Expected an operator or end of text but found "==="; write "==".', 2, 3]]);
    expect(errors("!a")).toEqual([[E, 'Expected an expression but found "!"; write "not".', 0, 1]]);
  });

  it("says to write == where = is used to compare", () => {
    const hint = 'found "="; to compare, write "=="';
    expect(errors("a = b")).toEqual([[E, `Expected an operator or end of text but ${hint}.`, 2, 1]]);
    expect(errors('meta.a = "x" and b')).toEqual([[E, `Expected an operator or end of text but ${hint}.`, 7, 1]]);
    expect(errors("not (meta.a = 1)")).toEqual([[E, `Expected ")" to close the parenthesis but ${hint}.`, 12, 1]]);
    expect(errors("= b")).toEqual([[E, `Expected an expression but ${hint}.`, 0, 1]]);
    const inCall = parseExpression('contains(meta.a = "x", "y")');
    expect(inCall.diagnostics.map((d) => [d.message, d.span])).toEqual([
      [`Expected "," or ")" in the call of "contains" but ${hint}.`, s(16, 1)],
    ]);
    expect(shape(inCall.ast)).toBe('contains(meta.a, "x", "y")');
  });

  it("reports name: value, with a fix to name=value, and reads on as if = were written", () => {
    const text = "pdfText(page: 1, area:[20, 40, 80, 10])";
    const result = parseExpression(text);
    expect(result.diagnostics).toEqual([
      {
        code: E,
        severity: "error",
        message:
          'Found ":" after the argument name "page"; named arguments are written page=1 (YAML ends a value at ": ").',
        span: s(12, 1),
        fix: { description: 'Replace ":" with "="', edits: [{ span: s(12, 2), newText: "=" }] },
      },
      {
        code: E,
        severity: "error",
        message:
          'Found ":" after the argument name "area"; named arguments are written area=[20, 40, 80, 10] (YAML ends a value at ": ").',
        span: s(21, 1),
        fix: { description: 'Replace ":" with "="', edits: [{ span: s(21, 1), newText: "=" }] },
      },
    ]);
    expect(result.ast).toMatchObject({
      args: [
        { span: s(8, 7), name: { name: "page", span: s(8, 4) }, value: { kind: "number", span: s(14, 1) } },
        { span: s(17, 21), name: { name: "area", span: s(17, 4) }, value: { kind: "array", span: s(22, 16) } },
      ],
    });
    expect(shape(result.ast)).toBe("pdfText(page=1, area=[20, 40, 80, 10])");
    let fixed = text;
    for (const d of [...result.diagnostics].reverse()) {
      const [edit] = d.fix?.edits ?? [];
      if (edit)
        fixed = fixed.slice(0, edit.span.offset) + edit.newText + fixed.slice(edit.span.offset + edit.span.length);
    }
    expect(fixed).toBe("pdfText(page=1, area=[20, 40, 80, 10])");
    expect(parseExpression(fixed).diagnostics).toEqual([]);
  });

  it("fixes name: value whatever the blanks, and shows a long or broken value as …", () => {
    const fixOf = (text: string) => parseExpression(text).diagnostics.map((d) => [d.message, d.fix?.edits]);
    expect(fixOf("clean(x, trim :\t false)")).toEqual([
      [
        'Found ":" after the argument name "trim"; named arguments are written trim=false (YAML ends a value at ": ").',
        [{ span: s(13, 4), newText: "=" }],
      ],
    ]);
    expect(fixOf('parseDate(x, "d", "z", locale: concat("a very", "long locale"))')[0]?.[0]).toBe(
      'Found ":" after the argument name "locale"; named arguments are written locale=… (YAML ends a value at ": ").',
    );
    expect(errors("concat(a, b: )")).toEqual([
      [E, 'Found ":" after the argument name "b"; named arguments are written b=… (YAML ends a value at ": ").', 11, 1],
      [E, 'Expected a value for the argument "b" but found ")".', 13, 1],
    ]);
  });

  it("reports key: value in an object, with a fix, once per entry", () => {
    const text = 'pdfText(1, [0, 0, 1, 1], params={dpi: "300", "other key" : "v"})';
    const result = parseExpression(text);
    expect(result.diagnostics).toEqual([
      {
        code: E,
        severity: "error",
        message: 'Found ":" after the key "dpi"; object entries are written dpi="300" (YAML ends a value at ": ").',
        span: s(36, 1),
        fix: { description: 'Replace ":" with "="', edits: [{ span: s(36, 2), newText: "=" }] },
      },
      {
        code: E,
        severity: "error",
        message:
          'Found ":" after the key "other key"; object entries are written "other key"="v" (YAML ends a value at ": ").',
        span: s(57, 1),
        fix: { description: 'Replace ":" with "="', edits: [{ span: s(56, 3), newText: "=" }] },
      },
    ]);
    expect(shape(result.ast)).toBe('pdfText(1, [0, 0, 1, 1], params={dpi="300", other key="v"})');
  });

  it("keeps the diagnostics of name: value in text order, before those of its value", () => {
    expect(errors("concat(a: #, b=1)").map((e) => e[2])).toEqual([8, 10]);
  });

  it("reports trailing tokens", () => {
    expect(errors("meta.a meta.b")).toEqual([[E, 'Expected an operator or end of text but found "meta".', 7, 4]]);
    expect(errors("a)")).toEqual([[E, 'Expected an operator or end of text but found an unmatched ")".', 1, 1]]);
  });

  it("reports missing operands", () => {
    expect(errors("a ==")).toEqual([[E, 'Expected a value after "==" but found end of text.', 4, 0]]);
    expect(errors("a and")).toEqual([[E, 'Expected a condition after "and" but found end of text.', 5, 0]]);
    expect(errors("a or ")).toEqual([[E, 'Expected a condition after "or" but found end of text.', 5, 0]]);
    expect(errors("not")).toEqual([[E, 'Expected a condition after "not" but found end of text.', 3, 0]]);
    expect(errors("a == not b")).toEqual([[E, 'Expected a value after "==" but found "not".', 5, 3]]);
  });

  it("refuses chained comparisons", () => {
    const result = parseExpression("a < b < c");
    expect(result.diagnostics.map((d) => [d.message, d.span])).toEqual([
      ['Expected "and", "or" or end of text after a comparison but found "<"; comparisons do not chain.', s(6, 1)],
    ]);
    expect(result.ast).toEqual({ kind: "error", span: s(0, 9) });
  });

  it("reports broken references and pipes", () => {
    expect(errors("meta.")).toEqual([[E, 'Expected a name after "meta." but found end of text.', 5, 0]]);
    expect(errors('meta."x"')).toEqual([[E, 'Expected a name after "meta." but found the string "x".', 5, 3]]);
    expect(errors("x |")).toEqual([[E, 'Expected a function name after "|" but found end of text.', 3, 0]]);
    expect(errors("x | upper[0:2]")).toEqual([
      [
        E,
        'Expected "|", an operator or end of text after the pipe step "upper" but found "["; to slice the result, write (… | upper)[begin:end].',
        9,
        1,
      ],
    ]);
  });

  it("reports malformed slices and skips them", () => {
    expect(errors("x[a]")).toEqual([[E, 'Expected an integer or ":" in a slice but found "a".', 2, 1]]);
    expect(errors("x[0] == y")).toEqual([[E, 'Expected ":" after the begin index of a slice but found "]".', 3, 1]]);
    expect(errors("x[0:1")).toEqual([[E, 'Expected "]" to close the slice but found end of text.', 5, 0]]);
    expect(shape(parseExpression("x[0] == y").ast)).toBe("(<error> == y)");
  });

  it("reports malformed objects", () => {
    expect(errors("{a b}")).toEqual([[E, 'Expected "=" after the key "a" in the object but found "b".', 3, 1]]);
    expect(errors('{"a" "b"}')).toEqual([
      [E, 'Expected "=" after the key "a" in the object but found the string "b".', 5, 3],
    ]);
    expect(errors("{1=2}")).toEqual([
      [E, 'Expected a key (a name or a string) followed by "=" in the object but found "1".', 1, 1],
    ]);
    expect(errors("{a == 1}")).toEqual([[E, 'Expected "=" after the key "a" in the object but found "==".', 3, 2]]);
  });

  it("keeps going after an error inside an argument", () => {
    const result = parseExpression("concat(#, meta.b)");
    expect(result.diagnostics).toHaveLength(1);
    expect(shape(result.ast)).toBe("concat(<error>, meta.b)");
  });
});

describe("bounds", () => {
  const tooDeep = (text: string) => parseExpression(text).diagnostics.filter((d) => d.code === "expression-too-deep");

  it("refuses nesting beyond the limit with one diagnostic, then resumes", () => {
    const text = `${"concat(".repeat(10_000)}"a"${")".repeat(10_000)}`;
    const result = parseExpression(text);
    expect(result.diagnostics).toEqual([
      {
        code: "expression-too-deep",
        severity: "error",
        message: "Expected at most 256 levels of nesting but found more; split the expression into smaller ones.",
        span: s(7 * 256, 6),
      },
    ]);
    expect(result.ast.kind).toBe("call");
  });

  it("bounds every kind of nesting and chain", () => {
    const n = 10_000;
    for (const text of [
      `${"(".repeat(n)}a${")".repeat(n)}`,
      `${"[".repeat(n)}1${"]".repeat(n)}`,
      `${"{a=".repeat(n)}1${"}".repeat(n)}`,
      `${"not ".repeat(n)}a`,
      `a${" and a".repeat(n)}`,
      `a${" or a".repeat(n)}`,
      `a${" | upper".repeat(n)}`,
      `a${"[0:1]".repeat(n)}`,
      `${"x | f(".repeat(n)}1${")".repeat(n)}`,
    ]) {
      expect(tooDeep(text), text.slice(0, 20)).toHaveLength(1);
    }
  });

  it("counts every bracket, operator, pipe step and slice as one level", () => {
    for (const [deep, n] of [
      [(k: number) => `${"(".repeat(k)}a${")".repeat(k)}`, 256],
      [(k: number) => `a${" and a".repeat(k)}`, 256],
      [(k: number) => `${"f(".repeat(k - 1)}x | g${")".repeat(k - 1)}`, 256],
      [(k: number) => `not ${"(".repeat(k - 1)}a${")".repeat(k - 1)}`, 256],
    ] as const) {
      expect(tooDeep(deep(n))).toEqual([]);
      expect(tooDeep(deep(n + 1))).toHaveLength(1);
    }
    expect(parseExpression(`a${" and a".repeat(10)}`, { maxDepth: 10 }).diagnostics).toEqual([]);
    expect(parseExpression(`a${" and a".repeat(11)}`, { maxDepth: 10 }).diagnostics).toHaveLength(1);
  });

  // That the time grows linearly with the text is measured in bench/hostile.js.
  it("parses a megabyte into the tree of its shape", () => {
    const flat = `concat(${Array.from({ length: 150_000 }, (_, i) => `"v${i}"`).join(", ")})`;
    const long = `"${"x".repeat(1 << 20)}"`;
    const garbage = "#(".repeat(1 << 19);
    const colons = `concat(${"a: 1, ".repeat(100_000)}b: ${"(".repeat(200)}"${"x".repeat(1 << 19)}"${")".repeat(200)})`;
    const parsed = [flat, long, garbage, colons].map((text) => {
      const { ast, diagnostics } = parseExpression(text);
      return [ast.kind, "args" in ast ? ast.args.length : undefined, diagnostics.length];
    });
    // The colons: one diagnostic per "a: 1" and one for "b: ", each naming the named-argument syntax.
    expect(parsed).toEqual([
      ["call", 150_000, 0],
      ["string", undefined, 0],
      ["error", undefined, 1],
      ["call", 100_001, 100_001],
    ]);
  });
});

describe("robustness", () => {
  const alphabet = [
    ..."()[]{},:.|=<>!&#/\"'\\ \n-0123456789aeznotrufl",
    ": ",
    "and",
    "or",
    "not",
    "meta",
    "fileName",
    "😀",
    "\u00a0",
  ];

  it("never throws and keeps every span inside the text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        const result = parseExpression(text);
        const inside = (span: { offset: number; length: number }) =>
          span.offset >= 0 && span.length >= 0 && span.offset + span.length <= text.length;
        expect(result.diagnostics.every((d) => inside(d.span))).toBe(true);
        const stack: unknown[] = [result.ast];
        while (stack.length > 0) {
          const value = stack.pop();
          if (value && typeof value === "object") {
            if ("span" in value) expect(inside(value.span as { offset: number; length: number })).toBe(true);
            stack.push(...Object.values(value));
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("tokens", () => {
  it("splits text into tokens with spans, ending with an end token", () => {
    const { tokens } = tokenize("a<=-1|'x'");
    expect(tokens.map((t) => [t.kind, t.value, t.offset, t.length])).toEqual([
      ["identifier", "a", 0, 1],
      ["<=", "<=", 1, 2],
      ["number", "-1", 3, 2],
      ["|", "|", 5, 1],
      ["string", "x", 6, 3],
      ["end", "", 9, 0],
    ]);
  });

  it("lexes = alone, == as equality, and other languages' operators whole", () => {
    const { tokens, diagnostics } = tokenize("a=b==c===d!=e&&f||g:h");
    expect(diagnostics).toEqual([]);
    expect(tokens.filter((t) => t.kind !== "identifier").map((t) => [t.kind, t.value, t.offset])).toEqual([
      ["=", "=", 1],
      ["==", "==", 3],
      ["invalid", "===", 6],
      ["invalid", "!=", 10],
      ["invalid", "&&", 13],
      ["invalid", "||", 16],
      [":", ":", 19],
      ["end", "", 21],
    ]);
  });

  it("escapes only what must be escaped or would be invisible", () => {
    expect(quoteString('a"b\\c\n\r\t/é😀')).toBe(String.raw`"a\"b\\c\n\r\t/é😀"`);
    expect(quoteString("\u0000\u007f\u0085\u2028\u2029")).toBe(String.raw`"\u0000\u007f\u0085\u2028\u2029"`);
    expect(quoteString("\ud800x\udc00\ud83d\ude00")).toBe(String.raw`"\ud800x\udc00😀"`);
  });

  it("quotes any text so that it reads back unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (text) => {
        const literal = quoteString(text);
        const { tokens, diagnostics } = tokenize(literal);
        expect(diagnostics).toEqual([]);
        expect(tokens.map((t) => [t.kind, t.value])).toEqual([
          ["string", text],
          ["end", ""],
        ]);
        const invisible = [...literal].filter((ch) => ch < " " || ch === "\u2028" || ch === "\u2029");
        expect(invisible).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes a pattern as a regex literal whenever one reads back unchanged", () => {
    expect(regexLiteral("a/b")).toBe(String.raw`/a\/b/`);
    expect(regexLiteral(String.raw`\d+\\`)).toBe(String.raw`/\d+\\/`);
    expect(regexLiteral(String.raw`a\/b`)).toBeUndefined();
    expect(regexLiteral("a\\")).toBeUndefined();
    expect(regexLiteral("")).toBeUndefined();
    expect(regexLiteral("a\nb")).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "/", "\\", "\n", "d", "é", "\ud800") }), (pattern) => {
        const literal = regexLiteral(pattern);
        if (literal === undefined) return;
        const { tokens, diagnostics } = tokenize(literal);
        expect(diagnostics).toEqual([]);
        expect(tokens.map((t) => [t.kind, t.value])).toEqual([
          ["regex", pattern],
          ["end", ""],
        ]);
      }),
      { numRuns: 2000 },
    );
  });
});
