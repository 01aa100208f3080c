import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadJavaDates } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { ANY_PDF, metadataService, repoRoot, runCli } from "./helpers.js";

/**
 * The built CLI in plain Node, on a date in every bundled locale: a module that only loads under vitest (which
 * converts CommonJS packages) must fail here. The values expected are the JDK's, taken from the date corpus.
 */

/** A case of the date corpus: [input, pattern, zone, locale, Java's value or null, Java's error or null]. */
type DateCase = readonly [input: number | string, pattern: string, zone: string, locale: string | null, string | null];

const cases = (kind: "format" | "parse") =>
  (
    JSON.parse(readFileSync(join(repoRoot, `packages/java/test/corpus/eval-dates-${kind}.json`), "utf8")) as {
      entries: DateCase[];
    }
  ).entries;
const formats = cases("format");
const parses = cases("parse");
/** Patterns with names (months, days) and nothing else that depends on data: each locale's own words. */
const named = ([, pattern]: DateCase) => /MMM|EEE/.test(pattern) && /^[dMyEHm ,./-]*$/.test(pattern);
const quoted = (s: string) => JSON.stringify(s);

describe("mailroom eval in plain Node, in every bundled locale", () => {
  it("formats and parses dates with each locale's names as the JDK does", async () => {
    const { BUNDLED_DATE_LOCALES } = await loadJavaDates([]);
    const metadata: [string, string][] = [];
    const expected: Record<string, string> = {};
    for (const [i, locale] of BUNDLED_DATE_LOCALES.entries()) {
      const format = formats.find((c) => c[3] === locale && c[4] !== null && named(c));
      const parse = parses.find((c) => c[3] === locale && c[4] !== null && named(c));
      if (!format?.[4] || !parse?.[4])
        throw new Error(`The date corpus has no named format and parse case in ${locale}.`);
      const args = ([, pattern, zone]: DateCase) => `${quoted(pattern)}, ${quoted(zone)}, ${quoted(locale)}`;
      metadata.push(
        [`format${i}`, `formatDate("${format[0]}", ${args(format)})`],
        [`parse${i}`, `parseDate(${quoted(String(parse[0]))}, ${args(parse)})`],
      );
      expected[`format${i}`] = format[4];
      expected[`parse${i}`] = parse[4];
    }
    const { path } = metadataService(metadata);
    const result = await runCli(["eval", path, "--file", `LETTERS=${ANY_PDF}`, "--format", "json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [document] = (JSON.parse(result.stdout) as { documents: { metadata: Record<string, string> }[] }).documents;
    expect(document?.metadata).toEqual(expected);
    expect(Object.keys(expected)).toHaveLength(2 * BUNDLED_DATE_LOCALES.length);
  });
});
