import { differenceMessage } from "@mailroom/runtime";
import { type Diagnostic, LineIndex, type PathSegment } from "@mailroom/syntax";
import { displayPath } from "../report.js";
import type { CaseResult, FileResult } from "./run-file.js";

/** A place in a test file, 1-based. */
interface Place {
  readonly line: number;
  readonly column: number;
}

/** The counts of a run, and the exit code they give: 2 when a test file is broken, 1 when a case fails. */
export function summarize(results: readonly FileResult[]) {
  const cases = results.flatMap((r) => r.cases);
  const count = (status: CaseResult["status"]) => cases.filter((c) => c.status === status).length;
  const summary = {
    files: results.length,
    cases: cases.length,
    passed: count("passed"),
    failed: count("failed"),
    broken: count("broken") + results.filter((r) => r.problems.length > 0).length,
    updated: count("updated"),
    written: results.filter((r) => r.written).length,
  };
  return { summary, exitCode: summary.broken > 0 ? 2 : summary.failed > 0 ? 1 : 0 };
}

/** Positions of a file's spans and JSON paths, from its text. */
class Places {
  readonly #lines: LineIndex;
  constructor(readonly result: FileResult) {
    this.#lines = new LineIndex(result.text);
  }
  of(offset: number): Place {
    return this.#lines.position(offset);
  }
  at(d: { readonly span: Diagnostic["span"] }): string {
    const { line, column } = this.of(d.span.offset);
    return `${displayPath(this.result.file)}:${line}:${column}`;
  }
}

/** A JSON pointer: `/cases/0/expect/documents/PAYSLIPS/0`. */
const pointer = (path: readonly PathSegment[]) =>
  path.map((s) => `/${String(s).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

const MARK: Record<CaseResult["status"], string> = { passed: "✓", failed: "✗", broken: "!", updated: "↻" };

/**
 * Per file, per case, a mark and the case's name; under a failed case, each difference located at its
 * expectation, with what was expected and what the job gave, one under the other.
 */
export function textOutput(results: readonly FileResult[]): string {
  const out: string[] = [];
  for (const result of results) {
    const places = new Places(result);
    out.push(`${displayPath(result.file)}${result.service ? `  (${result.service})` : ""}`);
    for (const problem of result.problems)
      out.push(`  ${places.at(problem)}  error  ${problem.message}  ${problem.code}`);
    for (const testCase of result.cases) {
      out.push(`  ${MARK[testCase.status]} ${testCase.name}${testCase.status === "updated" ? " (updated)" : ""}`);
      for (const problem of testCase.problems) {
        out.push(`      ${places.at(problem)}  error  ${problem.message}  ${problem.code}`);
      }
      if (testCase.status !== "failed") continue;
      for (const difference of testCase.differences) {
        const { line, column } = places.of(difference.offset);
        out.push(`      ${displayPath(result.file)}:${line}:${column}  ${difference.subject}`);
        out.push(`        - expected: ${difference.expected}`);
        out.push(`        + actual:   ${difference.actual}`);
      }
    }
    out.push("");
  }
  const { summary } = summarize(results);
  const parts = [`${summary.passed} passed`, `${summary.failed} failed`];
  if (summary.broken > 0) parts.push(`${summary.broken} broken`);
  if (summary.updated > 0)
    parts.push(`${summary.updated} updated (${summary.written} ${summary.written === 1 ? "file" : "files"} written)`);
  out.push(
    `${summary.files} test ${summary.files === 1 ? "file" : "files"}, ${summary.cases} ${summary.cases === 1 ? "case" : "cases"}: ${parts.join(", ")}`,
  );
  return `${out.join("\n")}\n`;
}

/** The JSON output: see docs/testing.md. */
export function jsonOutput(results: readonly FileResult[]): string {
  const files = results.map((result) => {
    const places = new Places(result);
    const problem = (d: Diagnostic) => ({ ...places.of(d.span.offset), code: d.code, message: d.message });
    const status =
      result.problems.length > 0 || result.cases.some((c) => c.status === "broken")
        ? "broken"
        : result.cases.some((c) => c.status === "failed")
          ? "failed"
          : "passed";
    return {
      file: displayPath(result.file),
      ...(result.service !== undefined && { service: result.service }),
      status,
      problems: result.problems.map(problem),
      cases: result.cases.map((testCase) => ({
        name: testCase.name,
        status: testCase.status,
        problems: testCase.problems.map(problem),
        differences: (testCase.status === "failed" ? testCase.differences : []).map((d) => ({
          ...places.of(d.offset),
          path: pointer(d.path),
          subject: d.subject,
          expected: d.expected,
          actual: d.actual,
          message: differenceMessage(d),
        })),
      })),
      written: result.written,
    };
  });
  const { summary } = summarize(results);
  return `${JSON.stringify({ files, summary }, null, 2)}\n`;
}

/** Whether XML 1.0 allows a character: tab, line breaks, and everything from space but surrogates and U+FFFE/F. */
const allowedInXml = (c: number) =>
  c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c < 0xd800) || (c > 0xdfff && c < 0xfffe) || c > 0xffff;

/** Text as XML character data or an attribute value: markup escaped, characters XML 1.0 forbids replaced. */
export function xmlText(text: string): string {
  // Iterating by code point: a surrogate left alone comes out by itself, and is replaced.
  return Array.from(text, (c) => (allowedInXml(c.codePointAt(0) ?? 0) ? c : "\uFFFD"))
    .join("")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** JUnit XML: one testsuite per test file, one testcase per case; a broken file is one testcase in error. */
export function junitOutput(results: readonly FileResult[]): string {
  const suites = results.map((result) => {
    const places = new Places(result);
    const name = xmlText(displayPath(result.file));
    const located = (d: Diagnostic) => `${places.at(d)}  ${d.message}  ${d.code}`;
    const error = (problems: readonly Diagnostic[]) =>
      `      <error type="${xmlText(problems[0]?.code ?? "error")}" message="${xmlText(problems[0]?.message ?? "")}">${xmlText(problems.map(located).join("\n"))}</error>\n`;
    if (result.problems.length > 0) {
      return (
        `  <testsuite name="${name}" tests="1" failures="0" errors="1" skipped="0">\n` +
        `    <testcase classname="${name}" name="(test file)">\n${error(result.problems)}    </testcase>\n  </testsuite>\n`
      );
    }
    const cases = result.cases.map((testCase) => {
      const open = `    <testcase classname="${name}" name="${xmlText(testCase.name)}"`;
      if (testCase.status === "broken") return `${open}>\n${error(testCase.problems)}    </testcase>\n`;
      if (testCase.status !== "failed") return `${open}/>\n`;
      const diff = testCase.differences.map((d) => {
        const { line, column } = places.of(d.offset);
        return `${displayPath(result.file)}:${line}:${column}  ${d.subject}\n  - expected: ${d.expected}\n  + actual:   ${d.actual}`;
      });
      const message = `${testCase.differences.length} ${testCase.differences.length === 1 ? "difference" : "differences"}: ${differenceMessage(testCase.differences[0] as never)}`;
      return `${open}>\n      <failure type="mismatch" message="${xmlText(message)}">${xmlText(diff.join("\n"))}</failure>\n    </testcase>\n`;
    });
    const failures = result.cases.filter((c) => c.status === "failed").length;
    const errors = result.cases.filter((c) => c.status === "broken").length;
    return `  <testsuite name="${name}" tests="${result.cases.length}" failures="${failures}" errors="${errors}" skipped="0">\n${cases.join("")}  </testsuite>\n`;
  });
  const { summary } = summarize(results);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="mailroom test" tests="${summary.cases}" failures="${summary.failed}" errors="${summary.broken}">\n${suites.join("")}</testsuites>\n`
  );
}
