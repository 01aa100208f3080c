import { findBacktrackingRisks, parseJavaRegex } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { corpus, reportsProblems } from "./helpers.js";

describe("parseJavaRegex against Java's verdicts", () => {
  type Entry = { pattern: string; groups?: number; index?: number; description?: string };
  const entries = corpus<Entry>("regex.json");

  it(`agrees with Pattern.compile on ${entries.length} recorded patterns (verdict, group count, error index and description)`, () => {
    const differences = entries.flatMap((entry) => {
      const parsed = parseJavaRegex(entry.pattern);
      const ours = parsed.compiles
        ? { pattern: entry.pattern, groups: parsed.groupCount }
        : { pattern: entry.pattern, index: parsed.error?.javaIndex, description: parsed.error?.javaDescription };
      return JSON.stringify(ours) === JSON.stringify(entry) ? [] : [{ java: entry, ours }];
    });
    expect(differences).toEqual([]);
  });

  reportsProblems(
    [
      ["(INV-[0-9]+", 0, 1, 'The group "(" is not closed'],
      ["[^]", 0, 1, '"[^]" is JavaScript\'s "any character"'],
      ["[]", 0, 1, 'In Java "]" right after "[" is a literal'],
      ["(?P<year>\\d{4})", 0, 3, '"(?P<name>...)" is Python syntax'],
      ["(?P=year)", 0, 3, '"(?P=name)" is Python syntax'],
      ["(?#note)a", 0, 3, 'Java has no comment groups "(?#...)"'],
      ["(?<invoice_no>x)", 10, 1, 'Java group names contain only Latin letters and digits; found "_"'],
      ["(?<1st>x)", 3, 1, "Expected a group name starting with a Latin letter"],
      ["(?<a>x)(?<a>y)", 7, 5, 'The group name "a" is already used by group 1'],
      ["ref={id}", 4, 1, 'Found "{" that does not start a repetition'],
      ["a{,3}", 1, 1, 'The repetition "{,3}" has no minimum; Java requires one, as in "{0,3}"'],
      ["a{3,2}", 1, 5, "has a maximum below its minimum"],
      ["a{2,5", 1, 4, 'Expected "}" to close the repetition "{2,5" but found the end of the pattern'],
      ["a{99999999999}", 1, 13, "exceeds Java's limit of 2147483647"],
      ["\\u{20AC}", 0, 3, '"\\u{...}" is JavaScript syntax; Java writes a code point as "\\x{...}"'],
      ["\\u12", 0, 4, 'Expected four hexadecimal digits after "\\u"'],
      ["\\x{110000}", 0, 9, 'is above the largest, "10FFFF"'],
      ["\\0", 0, 2, 'Expected an octal digit after "\\0"'],
      ["\\p{Latin}", 0, 9, 'did you mean "IsLatin"?'],
      ["\\p{Letter}", 0, 10, 'did you mean "L"?'],
      ["\\p{gc=Letter}", 0, 13, 'did you mean "gc=L"?'],
      ["\\p{Foo}", 0, 7, 'Java does not know the character property "Foo"; expected a category such as "Lu"'],
      ["\\p{L", 0, 3, 'Expected "}" to close "\\p{"'],
      ["(?<=(?:INV|FACT)+)", 0, 4, "unlike JavaScript, Java requires a bounded look-behind"],
      ["\\y", 0, 2, 'Java does not know the escape "\\y"'],
      ["[\\b]", 1, 2, '"\\b" inside a character class (JavaScript reads it as a backspace)'],
      ["[\\1]", 1, 2, 'the back-reference "\\1" inside a character class'],
      ["\\k<m>(?<m>x)", 0, 5, 'comes before the group "m"; Java requires the group to be defined first'],
      ["\\k<m>", 0, 5, 'names no group; expected a group "(?<m>...)" before it'],
      ["\\kx", 0, 3, 'Expected "<" after "\\k"'],
      ["(a)\\2", 3, 2, 'The back-reference "\\2" names group 2 but the pattern has one group, so it never matches'],
      ["*.pdf", 0, 1, 'Found "*" with nothing before it to repeat; write "\\*"'],
      ["a**", 2, 1, 'Found "*" right after a quantifier'],
      ["a)", 1, 1, 'Found ")" with no group open'],
      ["a\\", 1, 1, 'The pattern ends with a lone "\\"'],
      ["(?z)", 0, 3, 'Java does not know the group "(?z"'],
      ["(?iz)", 0, 4, 'Java does not know the inline flag "z"'],
      ["(?i", 0, 3, 'Expected ")" or ":" after the inline flags "(?i"'],
      ["[&&]", 1, 2, 'Found "&&" with nothing to intersect'],
      ["[z-a]", 1, 3, 'The range "z-a" runs backwards'],
      ["[a-\\d]", 3, 2, 'The range "a-\\d" ends with a character class'],
      ["😀(", 2, 1, 'The group "(" is not closed'],
      ["\\Qa.b\\E(", 7, 1, 'The group "(" is not closed'],
    ],
    (pattern) => parseJavaRegex(pattern).error,
  );

  it("counts groups and names them as Java does", () => {
    const parsed = parseJavaRegex("^(?<year>\\d{4})-(\\d{2})(?:x)(?=y)(?<day>\\d{2})\\k<day>\\2$");
    expect(parsed.compiles).toBe(true);
    expect(parsed.error).toBeUndefined();
    expect(parsed.groupCount).toBe(3);
    expect([...parsed.groupNames]).toEqual([
      ["year", 1],
      ["day", 3],
    ]);
  });

  it("accepts the patterns of the examples and Java-only syntax JavaScript rejects", () => {
    for (const pattern of [
      "^Lot\\s*n°\\s*",
      "(?i)^inv",
      "a++b*+c?+",
      "(?>a|ab)c",
      "[a-z&&[^aeiou]]",
      "\\p{InGreek}\\p{IsLatin}\\p{javaLowerCase}\\p{sc=Latn}\\pL",
      "\\Q(a.b)\\E",
      "\\x{1F600}\\N{LATIN SMALL LETTER A}",
      "\\Aabc\\z\\Z\\G\\R\\X\\h\\v",
      "(?<=a*)x",
      "a{2}{3}",
    ]) {
      expect(parseJavaRegex(pattern).error, pattern).toBeUndefined();
    }
  });

  // That the time grows linearly with each pattern is measured in bench/hostile.js.
  it("parses hostile patterns without running them or overflowing the stack", () => {
    const hostile = [
      "(".repeat(100_000),
      `${"(".repeat(700)}a${")".repeat(700)}`,
      "[".repeat(100_000),
      `[${"a-z\\d".repeat(50_000)}]`,
      "a|".repeat(100_000),
      `(?<=${"(?:a|bc)".repeat(20_000)})`,
      `(?<=${"(?:(?:a|b)c?)?".repeat(20_000)})`,
      `\\Q${"a.b*".repeat(50_000)}`,
      `(?x)${" # comment\n".repeat(50_000)}`,
      `(a)${"\\1".repeat(100_000)}`,
      `^(${"(a+)+".repeat(2_000)})*$`,
    ];
    for (const pattern of hostile) {
      const { root, error } = parseJavaRegex(pattern);
      expect(root ?? error, pattern.slice(0, 20)).toBeDefined();
      if (root) expect(() => findBacktrackingRisks(root, pattern)).not.toThrow();
    }
    expect(parseJavaRegex("(".repeat(100_000)).error?.javaDescription).toBe(
      "Stack overflow during pattern compilation",
    );
  });
});
