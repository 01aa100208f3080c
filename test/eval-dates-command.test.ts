import { describe, expect, it } from "vitest";
import { ANY_PDF, metadataService, runCli } from "./helpers.js";

/**
 * `mailroom eval` (the built CLI, in plain Node) on dates that depend on the locale's data: week-based fields, zone
 * names and day periods in two locales, written and read back; and a text Java cannot read, reported where its
 * expression is written. The values expected are what the JDK 17 gives for the same calls (corpus/JavaDates.java).
 */

const METADATA: readonly (readonly [name: string, expression: string, java: string])[] = [
  ["weekUs", 'formatDate("1735560000000", "YYYY ww e c", "UTC", "en-US")', "2025 01 2 2"],
  ["weekFr", 'formatDate("1735560000000", "YYYY ww e c", "UTC", "fr-FR")', "2025 01 1 1"],
  ["readWeekUs", 'parseDate("2025 01 1", "YYYY ww e", "UTC", "en-US")', "1735430400000"],
  ["readWeekFr", 'parseDate("2025 01 1", "YYYY ww e", "UTC", "fr-FR")', "1735516800000"],
  [
    "zoneUs",
    'formatDate("1720008000000", "z zzzz v", "Europe/Paris", "en-US")',
    "CEST Central European Summer Time CET",
  ],
  [
    "zoneFr",
    'formatDate("1720008000000", "z zzzz v", "Europe/Paris", "fr-FR")',
    "CEST heure d’été d’Europe centrale CET",
  ],
  [
    "readZoneUs",
    'parseDate("2024-07-01 12:00 Central European Summer Time", "yyyy-MM-dd HH:mm zzzz", "UTC", "en-US")',
    "1719828000000",
  ],
  [
    "readZoneFr",
    'parseDate("2024-07-01 12:00 heure d’été d’Europe centrale", "yyyy-MM-dd HH:mm zzzz", "UTC", "fr-FR")',
    "1719828000000",
  ],
  ["periodUs", 'formatDate("1707145200000", "h:mm B", "UTC", "en-US")', "3:00 in the afternoon"],
  ["periodFr", 'formatDate("1707145200000", "h:mm B", "UTC", "fr-FR")', "3:00 de l’après-midi"],
];

const service = (extra: readonly (readonly [string, string])[] = []) =>
  metadataService([...METADATA.map(([name, expression]) => [name, expression] as const), ...extra]);

describe("mailroom eval on dates that depend on the locale", () => {
  it("gives the JDK's week-based fields, zone names and day periods in en-US and fr-FR", async () => {
    const { path } = service();
    const result = await runCli(["eval", path, "--file", `LETTERS=${ANY_PDF}`, "--format", "json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [document] = (JSON.parse(result.stdout) as { documents: { metadata: Record<string, string> }[] }).documents;
    expect(document?.metadata).toEqual(Object.fromEntries(METADATA.map(([name, , java]) => [name, java])));
  });

  it("reports hh without a as Java's failure, where its expression is written, and exits 1", async () => {
    const { path, lines } = service([["broken", 'parseDate("2099-12-31 07:00", "yyyy-MM-dd hh:mm", "Europe/Paris")']]);
    const result = await runCli(["eval", path, "--file", `LETTERS=${ANY_PDF}`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/ {2}broken +\(no value: see below\)\n/);
    expect(result.stdout).toContain('periodFr    "3:00 de l’après-midi"');
    const [error = ""] = result.stderr.split("\n");
    expect(error.startsWith(`${path}:${lines.get("broken")}:`)).toBe(true);
    expect(error).toContain('Found that metadata "broken" of box "LETTERS" has no value on');
    expect(error).toContain(
      `Java cannot read "2099-12-31 07:00" with the pattern "yyyy-MM-dd hh:mm": DateTimeParseException: Text '2099-12-31 07:00' could not be parsed: Unable to obtain LocalDateTime from TemporalAccessor:`,
    );
    expect(error).toMatch(/\{(HourOfAmPm=7, MinuteOfHour=0|MinuteOfHour=0, HourOfAmPm=7)\},ISO resolved to 2099-12-31/);
    expect(error).toMatch(/ {2}cannot-evaluate$/);
  });
});
