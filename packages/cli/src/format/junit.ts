import { docsUri } from "../docs.js";
import { displayPath, locate, type Report } from "../report.js";
import type { FormatContext } from "./index.js";

/**
 * Text that XML 1.0 can hold: characters it forbids (most control characters, lone surrogates, U+FFFE and
 * U+FFFF), which no escape can express, become U+FFFD.
 */
const xmlChars = (text: string): string =>
  text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );

export const escapeXmlText = (text: string): string =>
  xmlChars(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An attribute value: also quotes, and line breaks and tabs as references so that parsers keep them. */
export const escapeXmlAttribute = (text: string): string =>
  escapeXmlText(text)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");

/**
 * JUnit XML: one `testsuite` per linted file, one `testcase` per problem, each a `failure` whose type is the
 * severity (as ESLint and Stylelint do: CI dashboards list warnings too), its text ending with the code's page
 * under the documentation's public address; a clean file is one passing testcase.
 */
export function formatJunit(reports: readonly Report[], context: Pick<FormatContext, "docsUrl">): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const report of reports) {
    const file = displayPath(report.file);
    const problems = locate([report]);
    const name = escapeXmlAttribute(file);
    if (problems.length === 0) {
      tests++;
      suites.push(
        `  <testsuite name="${name}" tests="1" failures="0" errors="0" skipped="0">\n` +
          `    <testcase name="mailroom lint" classname="${name}"/>\n` +
          "  </testsuite>\n",
      );
      continue;
    }
    tests += problems.length;
    failures += problems.length;
    const cases = problems.map((d) => {
      const where = `${file}:${d.line}:${d.column}`;
      return (
        `    <testcase name="${escapeXmlAttribute(`${d.line}:${d.column} ${d.code}`)}" classname="${name}">\n` +
        `      <failure type="${d.severity}" message="${escapeXmlAttribute(d.message)}">` +
        `${escapeXmlText(`${where}: ${d.severity}: ${d.message} (${d.code})\nSee ${docsUri(d.code, context.docsUrl)}`)}</failure>\n` +
        "    </testcase>\n"
      );
    });
    suites.push(
      `  <testsuite name="${name}" tests="${problems.length}" failures="${problems.length}" errors="0" skipped="0">\n` +
        `${cases.join("")}  </testsuite>\n`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="mailroom" tests="${tests}" failures="${failures}" errors="0">\n` +
    `${suites.join("")}</testsuites>\n`
  );
}
