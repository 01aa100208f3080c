// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Java replacements write named groups as ${name}.
import { checkJavaReplacement, parseJavaRegex } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { agreesWithJava } from "./helpers.js";

describe("checkJavaReplacement", () => {
  type Entry = { pattern: string; replacement: string; ok: boolean };
  agreesWithJava<Entry>("replacement.json", "Matcher.appendReplacement", "replacements", (entry) => {
    const regex = parseJavaRegex(entry.pattern);
    return checkJavaReplacement(entry.replacement, regex.groupCount, regex.groupNames) === undefined;
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
