import { describe, expect, it } from "vitest";
import { matches, readAnnotations } from "./annotations.js";

describe("fixture annotations", () => {
  const text = [
    "boxes:",
    "  a: { value: meta.x }",
    "#              ^^^^^^ unknown-metadata no metadata",
    "#            ^ expression-syntax",
    "boxs: 1",
    "#^^^ unknown-key",
    "# at 1:1-6 missing-field in the service",
  ].join("\n");

  it("reads caret spans against the last line that is not an annotation", () => {
    expect(readAnnotations(text)).toEqual([
      { line: 2, column: 16, endColumn: 22, code: "unknown-metadata", message: "no metadata" },
      { line: 2, column: 14, endColumn: 15, code: "expression-syntax" },
      { line: 5, column: 1, endColumn: 5, code: "unknown-key" },
      { line: 1, column: 1, endColumn: 6, code: "missing-field", message: "in the service" },
    ]);
  });

  it("matches on line, columns, code and message text", () => {
    const [first, second] = readAnnotations(text);
    const reported = { line: 2, column: 16, endLine: 2, endColumn: 22, code: "unknown-metadata", message: "x" };
    expect(first && matches(first, reported, 22)).toBe(false);
    expect(first && matches(first, { ...reported, message: "has no metadata here" }, 22)).toBe(true);
    expect(first && matches(first, { ...reported, endColumn: 21, message: "no metadata" }, 22)).toBe(false);
    const empty = { line: 2, column: 14, endLine: 2, endColumn: 14, code: "expression-syntax", message: "" };
    expect(second && matches(second, empty, 22)).toBe(true);
  });
});
