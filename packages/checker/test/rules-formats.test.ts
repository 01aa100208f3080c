// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocument } from "@mailroom/checker";
import { compileDsl } from "@mailroom/compiler";
import { describe, expect, it } from "vitest";
import { findBacktrackingRisks } from "../src/rules/formats/backtracking-analysis.js";
import { checkJavaDatePattern } from "../src/rules/formats/java-date-pattern.js";
import { parseJavaRegex } from "../src/rules/formats/java-regex-syntax.js";
import { checkJavaReplacement } from "../src/rules/formats/java-replacement-syntax.js";
import { checkJavaZoneId } from "../src/rules/formats/java-zone-id.js";
import { checkLanguageTag } from "../src/rules/formats/language-tag.js";

/**
 * The corpus in test/corpus/*.json was recorded from OpenJDK 17 (Pattern.compile, Matcher.appendReplacement,
 * DateTimeFormatter.ofPattern, ZoneId.of, Locale.Builder.setLanguageTag) by test/corpus/record-corpus.mjs and
 * JavaVerdicts.java: hand-picked tricky inputs, then inputs generated from a fixed seed. The tests compare the
 * validators with those recorded verdicts; they never run Java.
 */
function corpus<T>(name: string): T[] {
  const file = join(import.meta.dirname, "corpus", name);
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: T[] }).entries;
}

const lint = (text: string) => checkDocument(compileDsl("test.service.yaml", text));

/** A complete DSL service whose only metadata computes `expression`. */
const service = (expression: string) => `id: 1
name: Test
type: SIMPLE_UNIQUE
boxes:
  invoices:
    type: pdf
    main: true
    elements: 1
    metadata:
      value:
        value: ${expression}
        persist: true
channels:
  Mail:
    outputFiles: [MAIN]
`;

describe("java-regex: the parser against Java's verdicts", () => {
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

  it.each([
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
  ])("reports %j at %i+%i: %s", (pattern, offset, length, message) => {
    const { error } = parseJavaRegex(pattern);
    expect(error?.span).toEqual({ offset, length });
    expect(error?.message).toContain(message);
  });

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

  it("parses hostile patterns in linear time, without running them or overflowing the stack", () => {
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
      const start = performance.now();
      const parsed = parseJavaRegex(pattern);
      if (parsed.root) findBacktrackingRisks(parsed.root, pattern);
      expect(performance.now() - start, pattern.slice(0, 20)).toBeLessThan(2_000);
    }
    expect(parseJavaRegex("(".repeat(100_000)).error?.javaDescription).toBe(
      "Stack overflow during pattern compilation",
    );
  });
});

describe("java-replacement", () => {
  type Entry = { pattern: string; replacement: string; ok: boolean };
  const entries = corpus<Entry>("replacement.json");

  it(`agrees with Matcher.appendReplacement on ${entries.length} recorded replacements`, () => {
    const differences = entries.filter((entry) => {
      const regex = parseJavaRegex(entry.pattern);
      const problem = checkJavaReplacement(entry.replacement, regex.groupCount, regex.groupNames);
      return (problem === undefined) !== entry.ok;
    });
    expect(differences).toEqual([]);
  });

  it.each([
    ["N-$2", 2, 2, 1, 'The replacement refers to group 2 with "$2" but the pattern has one group'],
    ["$10", 0, 2, 0, 'The replacement refers to group 1 with "$1" but the pattern has no groups'],
    ["${years}", 0, 8, 1, 'did you mean "${year}"?'],
    ["${1y}", 0, 5, 1, 'The group name "1y" starts with a digit'],
    ["${a_b}", 0, 3, 1, 'found "_" after "${a"'],
    ["${}", 0, 3, 1, 'Expected a group name after "${" but found "}"'],
    [" $", 1, 1, 1, 'ends with a lone "$"; write "\\$"'],
    ["a\\", 1, 1, 1, 'ends with a lone "\\"; write "\\\\"'],
    ["<$&>", 1, 2, 1, '"$&" is JavaScript\'s whole match; Java writes "$0"'],
    ["$$", 0, 2, 1, '"$$" is JavaScript\'s literal dollar; Java writes "\\$"'],
    ["$'", 0, 2, 1, "which Java has no way to write"],
    ["$<year>", 0, 7, 1, '"$<year>" is JavaScript syntax; Java writes "${year}"'],
    ["$x", 0, 2, 1, 'Found "$x", which is not a group reference'],
  ])("reports %j at %i+%i with %i group(s): %s", (replacement, offset, length, groups, message) => {
    const names = new Map(groups > 0 ? [["year", 1]] : []);
    const problem = checkJavaReplacement(replacement, groups, names);
    expect(problem?.span).toEqual({ offset, length });
    expect(problem?.message).toContain(message);
  });

  it("accepts literal dollars, group numbers Java shortens and named groups", () => {
    expect(checkJavaReplacement("\\$1 $1$2 $10 ${year} $0 €", 2, new Map([["year", 1]]))).toBeUndefined();
  });
});

describe("regex-backtracking", () => {
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

describe("date-pattern", () => {
  type Entry = { pattern: string; ok: boolean };
  const entries = corpus<Entry>("date.json");

  it(`agrees with DateTimeFormatter.ofPattern on ${entries.length} recorded patterns`, () => {
    const differences = entries.filter((entry) => (checkJavaDatePattern(entry.pattern) === undefined) !== entry.ok);
    expect(differences).toEqual([]);
  });

  it.each([
    ["yyyy-MM-ddTHH:mm", 10, 1, `Java does not know the pattern letter "T"; write "'T'"`],
    ["HH:mm:ss.fff", 9, 3, 'write "S" for fractions of a second'],
    ["HHH", 0, 3, 'Found "HHH", the hour of day (0-23) letter "H" 3 times; Java accepts it once or twice'],
    ["aa", 0, 2, "Java accepts it once."],
    ["cc", 0, 2, 'Java does not accept "cc"'],
    ["dd 'at", 3, 1, `The quoted text "'at" is not closed`],
    ["yyyy]", 4, 1, 'Found "]" with no optional section open'],
    ["{yyyy}", 0, 1, 'The character "{" is reserved'],
    ["p", 0, 1, 'The pad letter "p" must be followed by the field it pads'],
    ["ppHmm", 3, 2, 'The padded field "ppH" is directly followed by the number "mm"'],
    ["  HHH ", 2, 3, 'Found "HHH"'],
  ])("reports %j at %i+%i: %s", (pattern, offset, length, message) => {
    const problem = checkJavaDatePattern(pattern);
    expect(problem?.span).toEqual({ offset, length });
    expect(problem?.message).toContain(message);
  });
});

describe("time-zone", () => {
  type Entry = { id: string; ok: boolean };
  const entries = corpus<Entry>("zone.json");

  it(`agrees with ZoneId.of on ${entries.length} recorded ids`, () => {
    const differences = entries.filter((entry) => (checkJavaZoneId(entry.id) === undefined) !== entry.ok);
    expect(differences).toEqual([]);
  });

  it.each([
    ["europe/paris", 'did you mean "Europe/Paris"?', "Europe/Paris"],
    [" Europe/Paris", 'has spaces around it; Java expects exactly "Europe/Paris"', "Europe/Paris"],
    ["Europe/Pariss", 'did you mean "Europe/Paris"?', undefined],
    ["Paris", 'did you mean "Europe/Paris"?', undefined],
    ["new york", 'did you mean "America/New_York"?', undefined],
    ["PST", 'write "America/Los_Angeles", the region ZoneId.SHORT_IDS gives it', undefined],
    ["EST", 'write the fixed offset "-05:00"', undefined],
    ["+1:00", 'The offset "+1:00" is not in a form Java reads', undefined],
    ["+19", "is out of range", undefined],
    ["+01:60", "has 60 minutes", undefined],
    ["", "The time zone is empty", undefined],
  ])("reports %j: %s", (id, message, fix) => {
    const problem = checkJavaZoneId(id);
    expect(problem?.message).toContain(message);
    expect(problem?.fix).toBe(fix);
  });

  it("points at the offset after UTC, GMT or UT", () => {
    expect(checkJavaZoneId("UTC+1:00")?.span).toEqual({ offset: 3, length: 5 });
  });
});

describe("locale", () => {
  type Entry = { tag: string; ok: boolean; java?: string };
  const entries = corpus<Entry>("locale.json");

  it(`agrees with Locale.Builder.setLanguageTag on ${entries.length} recorded tags`, () => {
    const differences = entries.filter((entry) => (checkLanguageTag(entry.tag) === undefined) !== entry.ok);
    expect(differences).toEqual([]);
  });

  it.each([
    ["fr_FR", "fr-FR", "reads it as the root locale"],
    ["fr_fr", "fr-FR", "reads it as the root locale"],
    ["fr_FR.UTF-8", "fr-FR", "reads it as the root locale"],
    ["de_DE@euro", "de-DE", "reads it as the root locale"],
    ["zh_hans_cn", "zh-Hans-CN", "reads it as the root locale"],
    ["fr FR", "fr-FR", "reads it as the root locale"],
    ["en-US-u", undefined, 'found "u"), so Java reads it as "en-US"'],
    ["fr--FR", undefined, 'has an empty subtag, so Java reads it as "fr"'],
    ["C", undefined, "so Java reads it as the root locale"],
    ["", undefined, "The locale is empty"],
  ])("reports %j (fix %j): %s", (tag, fix, message) => {
    const problem = checkLanguageTag(tag);
    expect(problem?.message).toContain(message);
    expect(problem?.fix).toBe(fix);
  });

  it("accepts the tags Java accepts that Intl.getCanonicalLocales refuses", () => {
    for (const tag of ["zh-cmn-Hans-CN", "i-klingon", "de-1996-1996", "x-private", "en-GB-oed"]) {
      expect(checkLanguageTag(tag), tag).toBeUndefined();
    }
  });
});

describe("the format rules on DSL services", () => {
  it("point inside the string of a pattern, through the escapes of a DSL string", () => {
    const text = service('fileName | replace("\\\\d+(", "")');
    const [found] = lint(text);
    expect(found?.code).toBe("java-regex");
    expect(text.slice(found?.span.offset, (found?.span.offset ?? 0) + (found?.span.length ?? 0))).toBe("(");
  });

  it("fix a time zone that differs only by case, printing the expression again", () => {
    const text = service('now | formatDate("dd/MM/yyyy", "europe/paris")');
    const [found] = lint(text);
    expect(found?.code).toBe("time-zone");
    expect(found?.fix?.edits.map((edit) => edit.newText)).toEqual(['now | formatDate("dd/MM/yyyy", "Europe/Paris")']);
  });

  it("fix a locale written as Java's Locale.toString", () => {
    const text = service('now | formatDate("d MMMM yyyy", "Europe/Paris", locale="fr_FR")');
    const [found] = lint(text);
    expect(found?.code).toBe("locale");
    expect(found?.fix?.edits[0]?.newText).toContain('locale="fr-FR"');
  });

  it("check a replacement only when its pattern compiles", () => {
    const codes = lint(service('fileName | replace("(a", "$2")')).map((d) => d.code);
    expect(codes).toEqual(["java-regex"]);
  });

  // Engine problem, reported rather than fixed here: the runner maps a value offset to the source by treating
  // every backslash of a regex literal (/.../) or single-quoted DSL string as a two-character escape, while
  // only "\/" (and "\'", "\\") are escapes there; and it reads the raw text of a YAML double-quoted scalar,
  // whose own escapes it does not undo. Spans after a "\d" in /.../ land one character late per backslash.
  it("point inside a regex literal after a backslash", () => {
    const text = service('fileName | replace(/\\d+(/, "")');
    const [found] = lint(text);
    expect(text.slice(found?.span.offset, (found?.span.offset ?? 0) + (found?.span.length ?? 0))).toBe("(");
  });
});
