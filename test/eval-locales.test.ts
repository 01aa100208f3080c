import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadJavaDates } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

/**
 * The built CLI in plain Node, on a date in every bundled locale: a module that only loads under vitest (which
 * converts CommonJS packages) must fail here. The values expected are the JDK's, taken from the date corpus.
 */

interface DateCase {
  readonly format?: number;
  readonly parse?: string;
  readonly pattern: string;
  readonly zone: string;
  readonly locale?: string;
  readonly text?: string;
  readonly millis?: number;
}

const { entries } = JSON.parse(readFileSync(join(repoRoot, "packages/java/test/corpus/eval-dates.json"), "utf8")) as {
  entries: DateCase[];
};
/** Patterns with names (months, days) and nothing else that depends on data: each locale's own words. */
const named = (c: DateCase) => /MMM|EEE/.test(c.pattern) && /^[dMyEHm ,./-]*$/.test(c.pattern);
const quoted = (s: string) => JSON.stringify(s);

describe("mailroom eval in plain Node, in every bundled locale", () => {
  it("formats and parses dates with each locale's names as the JDK does", async () => {
    const { BUNDLED_DATE_LOCALES } = await loadJavaDates([]);
    const metadata: string[] = [];
    const expected: Record<string, string> = {};
    for (const [i, locale] of BUNDLED_DATE_LOCALES.entries()) {
      const format = entries.find((c) => c.locale === locale && c.format !== undefined && c.text && named(c));
      const parse = entries.find((c) => c.locale === locale && c.parse !== undefined && c.millis && named(c));
      if (!format?.text || format.format === undefined || !parse?.parse || parse.millis === undefined) {
        throw new Error(`The date corpus has no named format and parse case in ${locale}.`);
      }
      const args = (c: DateCase) => `${quoted(c.pattern)}, ${quoted(c.zone)}, ${quoted(locale)}`;
      metadata.push(
        `      format${i}: { value: 'formatDate("${format.format}", ${args(format)})', persist: true }`,
        `      parse${i}: { value: 'parseDate(${quoted(parse.parse)}, ${args(parse)})', persist: true }`,
      );
      expected[`format${i}`] = format.text;
      expected[`parse${i}`] = String(parse.millis);
    }
    const folder = mkdtempSync(join(tmpdir(), "mailroom-locales-"));
    const service = join(folder, "locales.service.yaml");
    writeFileSync(
      service,
      [
        "id: 1",
        "name: Dates in every locale",
        "type: SIMPLE_UNIQUE",
        "boxes:",
        "  LETTERS:",
        "    type: pdf",
        "    main: true",
        "    elements: 1..1",
        "    metadata:",
        ...metadata,
        "",
      ].join("\n"),
    );
    const pdf = join(repoRoot, "packages/runtime/test/pdfs/invoice.pdf");
    const result = await runCli(["eval", service, "--file", `LETTERS=${pdf}`, "--format", "json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [document] = (JSON.parse(result.stdout) as { documents: { metadata: Record<string, string> }[] }).documents;
    expect(document?.metadata).toEqual(expected);
    expect(Object.keys(expected)).toHaveLength(2 * BUNDLED_DATE_LOCALES.length);
  });
});
