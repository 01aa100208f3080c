import { checkJavaDatePattern } from "@mailroom/java";
import { describe } from "vitest";
import { agreesWithJava, reportsProblems } from "./helpers.js";

describe("checkJavaDatePattern", () => {
  type Entry = { pattern: string; ok: boolean };
  agreesWithJava<Entry>(
    "date.json",
    "DateTimeFormatter.ofPattern",
    "patterns",
    (entry) => checkJavaDatePattern(entry.pattern) === undefined,
  );

  reportsProblems(
    [
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
    ],
    checkJavaDatePattern,
  );
});
