import { findBacktrackingRisks, parseJavaRegex } from "@mailroom/java";
import { describe, expect, it } from "vitest";

describe("findBacktrackingRisks", () => {
  const risk = (pattern: string) => {
    const { root } = parseJavaRegex(pattern);
    if (!root) throw new Error(`${pattern} does not compile`);
    return findBacktrackingRisks(root, pattern).map((found) =>
      pattern.slice(found.span.offset, found.span.offset + found.span.length),
    );
  };

  it.each([
    ["(a+)+", ["(a+)+"]],
    ["^(\\w+\\s?)*$", ["(\\w+\\s?)*"]],
    ["(.*)*x", ["(.*)*"]],
    ["(.*,)*x", ["(.*,)*"]],
    ["(a*b*)*c", ["(a*b*)*"]],
    ["^([\\w.-]+)+@", ["([\\w.-]+)+"]],
    ["(a+a)*b", ["(a+a)*"]],
    ["(x+x+){1,20}y", ["(x+x+){1,20}"]],
    ["(a+)+?b", ["(a+)+?"]],
    ["(\\s*\\w+)*$", ["(\\s*\\w+)*"]],
    ["(a|aa)*b", ["(a|aa)*"]],
    ["(a|a)*b", ["(a|a)*"]],
    ["(\\s|.)*x", ["(\\s|.)*"]],
    ["(\\w|\\d)+x", ["(\\w|\\d)+"]],
    ["(ab|a|b)+c", ["(ab|a|b)+"]],
    ["(\\d|\\d\\d)+-", ["(\\d|\\d\\d)+"]],
    ["(?i)(a|A)+b", ["(a|A)+"]],
    ["x((a+)+)+y", ["((a+)+)+"]],
    ["(a+)+|(b+)+", ["(a+)+", "(b+)+"]],
  ])("flags %j", (pattern, spans) => {
    expect(risk(pattern)).toEqual(spans);
  });

  it.each([
    "a*",
    "a+b+c+",
    "(a+b)*",
    "(\\w+\\.)*\\w+",
    "(?:\\s*,\\s*\\w+)*",
    "(\\d{1,3},)*",
    "(a|b)*",
    "(a|ab)*c",
    "(foo|foobar)*",
    "(.|\\n)*",
    "(a++)+",
    "(a+)++",
    "(?>a+)+",
    "(a+){2}",
    "(a+){1,5}",
    "(a?)*",
    "^(\\d{4})-(\\d{2})-\\d{2}$",
    "[^0-9,]",
    ".*.*.*x",
  ])("does not flag %j", (pattern) => {
    expect(risk(pattern)).toEqual([]);
  });

  it("names the overlapping parts and suggests a possessive quantifier", () => {
    const pattern = "^(\\w+\\s?)*$";
    const { root } = parseJavaRegex(pattern);
    const [found] = findBacktrackingRisks(root as never, pattern);
    expect(found?.message).toBe(
      'The repeated group "(\\w+\\s?)*" contains "\\w+", which can match the same characters as the rest of the group, so a near miss can make Java backtrack exponentially; expected parts that exclude each other, a possessive "\\w++" or an atomic group "(?>...)".',
    );
  });
});
