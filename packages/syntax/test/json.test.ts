import { describe, expect, it } from "vitest";
import { LineIndex, MAX_NESTING, parseJson, toJson, walkPath } from "../src/index.js";

/** What the positioned parser reads: its tree and its diagnostics. */
const parsed = (text: string) => {
  const { tree, diagnostics } = parseJson(text, { positioned: true });
  return { root: tree(), diagnostics };
};

const at = (text: string, offset: number) => {
  const { line, column } = new LineIndex(text).position(offset);
  return `${line}:${column}`;
};

describe("parseJson", () => {
  it("keeps the span of every node and key", () => {
    const text = '{\n  "a": [1, {"b": "x"}],\n  "c": null\n}';
    const { root, diagnostics } = parsed(text);
    expect(diagnostics).toEqual([]);
    if (!root) throw new Error("no tree");
    const trail = walkPath(root, ["a", 1, "b"]);
    const last = trail.at(-1);
    expect(last?.node.kind).toBe("scalar");
    expect(text.slice(last?.node.span.offset, (last?.node.span.offset ?? 0) + (last?.node.span.length ?? 0))).toBe(
      '"x"',
    );
    expect(at(text, last?.keySpan?.offset ?? -1)).toBe("2:13");
    expect(toJson(root)).toEqual(JSON.parse(text));
    expect(root.span).toEqual({ offset: 0, length: text.length });
  });

  it("stops at the deepest existing node on a missing path", () => {
    const { root } = parsed('{"a": {"b": 1}}');
    if (!root) throw new Error("no tree");
    expect(walkPath(root, ["a", "zz", "q"])).toHaveLength(2);
  });

  it("treats a __proto__ key as data", () => {
    const { root } = parsed('{"__proto__": {"polluted": true}}');
    if (!root) throw new Error("no tree");
    const value = toJson(root) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{"a": 1,}', "1:9", "trailing comma"],
    ['{"a" 1}', "1:6", '":" after the property name'],
    ['{"a": "x', "1:7", "closing double quote"],
    ["", "1:1", "a value"],
    ['{"a": tru}', "1:7", '"tru"'],
    ["[1] 2", "1:5", "2"],
  ])("reports %j once, at %s, with what it expected", (text, position, expected) => {
    const { diagnostics } = parsed(text);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.code).toBe("syntax-error");
    expect(at(text, diagnostics[0]?.span.offset ?? -1)).toBe(position);
    expect(diagnostics[0]?.message).toContain(expected);
  });

  it("reports a duplicate key at the second key, keeping the last value", () => {
    const text = '{"a": 1,\n "a": 2}';
    const { root, diagnostics } = parsed(text);
    expect(diagnostics.map((d) => [d.code, at(text, d.span.offset), d.span.length])).toEqual([
      ["duplicate-key", "2:2", 3],
    ]);
    expect(root && toJson(root)).toEqual({ a: 2 });
  });

  it("refuses nesting past the bound once, without recursion trouble", () => {
    const depth = MAX_NESTING * 20;
    const { diagnostics } = parsed(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(diagnostics.map((d) => d.code)).toEqual(["too-deep"]);
    expect(diagnostics[0]?.span.offset).toBe(MAX_NESTING);
  });
});

describe("LineIndex", () => {
  it("maps offsets to 1-based lines and UTF-16 columns across \\n, \\r\\n and \\r", () => {
    const index = new LineIndex("ab\r\ncé\rx\ny");
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(5)).toEqual({ line: 2, column: 2 });
    expect(index.position(7)).toEqual({ line: 3, column: 1 });
    expect(index.position(9)).toEqual({ line: 4, column: 1 });
    expect(index.lineText(2)).toBe("cé");
    expect(index.offset({ line: 3, column: 1 })).toBe(7);
  });
});
