import { type Evaluated, loadJavaDates } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { corpus } from "./helpers.js";

// The dates load on first use, as the evaluator loads them.
const { formatJavaDate, parseJavaDate } = await loadJavaDates();

/**
 * corpus/eval-dates-format.json and eval-dates-parse.json were recorded from OpenJDK 17 by corpus/record-dates.mjs
 * and JavaDates.java (the reference implementation of exv.DateFormat and exv.DateParse). Every case must give
 * Java's value, or fail where Java fails with Java's exception, class and message; none may be refused.
 */
type Entry = readonly [
  input: number | string,
  pattern: string,
  zone: string,
  locale: string | null,
  value: string | null,
  error: string | null,
];

/**
 * A Java message in a canonical order where Java's follows a HashMap keyed by identity hash codes, which changes
 * from one JVM run to another: the fields of a Parsed ("{A=1, B=2},ISO"), and the two dates that fields resolved to
 * when they conflict (whichever field Java resolved first).
 */
const canonical = (message: string) =>
  message
    .replace(/\{([^{}]*)\},ISO/g, (_, fields: string) => `{${fields.split(", ").sort().join(", ")}},ISO`)
    .replace(
      /two different dates: (\S+) (\S+)/,
      (_, a: string, b: string) => `two different dates: ${[a, b].sort().join(" ")}`,
    );

interface Tally {
  readonly total: number;
  readonly values: number;
  readonly errors: number;
  readonly refused: { entry: Entry; problem: string }[];
  readonly disagreed: { entry: Entry; got: Evaluated<string> }[];
}

function compare(kind: "format" | "parse"): Tally {
  const entries = corpus<Entry>(`eval-dates-${kind}.json`);
  let values = 0;
  let errors = 0;
  const refused: Tally["refused"] = [];
  const disagreed: Tally["disagreed"] = [];
  for (const entry of entries) {
    const [input, pattern, zone, locale, value, error] = entry;
    const tag = locale ?? undefined;
    const got =
      kind === "format"
        ? formatJavaDate(input as number, pattern, zone, tag)
        : parseJavaDate(input as string, pattern, zone, tag);
    if (!got.ok && got.thrown === undefined) refused.push({ entry, problem: got.problem });
    else if (got.ok && got.value === value) values++;
    else if (!got.ok && error !== null && canonical(got.thrown ?? "") === canonical(error)) errors++;
    else disagreed.push({ entry, got });
  }
  return { total: entries.length, values, errors, refused, disagreed };
}

describe.each(["format", "parse"] as const)("%s agrees with the JDK", (kind) => {
  const tally = compare(kind);
  it(`on all ${tally.total} cases: ${tally.values} values, ${tally.errors} of Java's exceptions, ${tally.refused.length} refused`, () => {
    expect(tally.disagreed).toEqual([]);
    expect(tally.refused).toEqual([]);
    expect(tally.values + tally.errors).toBe(tally.total);
    expect(tally.total).toBeGreaterThan(5000);
  });
});
