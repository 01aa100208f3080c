import { type BaseCode, CATALOGUE, type CodeEntry, SECTIONS, type Section } from "./catalogue.js";

/** The anchor a Markdown renderer (GitHub's) gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");

/** The anchor of a base code's documentation in docs/diagnostics.md: the first section that lists it. */
export function codeAnchor(code: BaseCode): string {
  const [section] = Object.keys(CATALOGUE[code].docs) as Section[];
  return slug(SECTIONS[section ?? "reading"]);
}

/** The code table of one section of docs/diagnostics.md, in catalogue order: code, severity, meaning. */
export function diagnosticsTable(section: Section): string {
  const rows = Object.entries(CATALOGUE).flatMap(([code, entry]: [string, CodeEntry]) => {
    const text = entry.docs[section];
    return text === undefined ? [] : [`| \`${code}\` | ${entry.severity} | ${text} |`];
  });
  return ["| code | severity | what it means |", "|---|---|---|", ...rows].join("\n");
}
