import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/**
 * The corpus in corpus/*.json was recorded from OpenJDK 17 (Pattern.compile, Matcher.appendReplacement,
 * DateTimeFormatter.ofPattern, ZoneId.of, Locale.Builder.setLanguageTag) by corpus/record-corpus.mjs and
 * JavaVerdicts.java: hand-picked tricky inputs, then inputs generated from a fixed seed. The tests compare the
 * validators with those recorded verdicts; they never run Java.
 */
export function corpus<T>(name: string): T[] {
  const file = join(import.meta.dirname, "corpus", name);
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: T[] }).entries;
}

/**
 * A test that `accepts` agrees with Java's recorded verdict (`ok`) on every entry of `file`: "agrees with `java`
 * on N recorded `what`".
 */
export function agreesWithJava<T extends { readonly ok: boolean }>(
  file: string,
  java: string,
  what: string,
  accepts: (entry: T) => boolean,
): void {
  const entries = corpus<T>(file);
  it(`agrees with ${java} on ${entries.length} recorded ${what}`, () => {
    const differences = entries.filter((entry) => accepts(entry) !== entry.ok);
    expect(differences).toEqual([]);
  });
}

/** A problem a validator reports: where inside the input, and why. */
interface Problem {
  readonly message: string;
  readonly span?: { readonly offset: number; readonly length: number };
}

/**
 * A test per row that `check` reports the problem of `input` at `offset`+`length`, with a message containing
 * `message`.
 */
export function reportsProblems(
  cases: readonly (readonly [input: string, offset: number, length: number, message: string])[],
  check: (input: string) => Problem | undefined,
): void {
  it.each(cases)("reports %j at %i+%i: %s", (input, offset, length, message) => {
    const problem = check(input);
    expect(problem?.span).toEqual({ offset, length });
    expect(problem?.message).toContain(message);
  });
}
