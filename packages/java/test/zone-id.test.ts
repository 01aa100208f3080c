import { checkJavaZoneId } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { agreesWithJava } from "./helpers.js";

describe("checkJavaZoneId", () => {
  type Entry = { id: string; ok: boolean };
  agreesWithJava<Entry>("zone.json", "ZoneId.of", "ids", (entry) => checkJavaZoneId(entry.id) === undefined);

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
