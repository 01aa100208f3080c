import { RULES } from "@mailroom/checker";
import { BASE_CODES, CATALOGUE, type CodeEntry, isBaseCode, nearest } from "@mailroom/syntax";
import { docsUri, rulePage } from "./docs.js";
import { UsageError } from "./io.js";

/** The catalogue: each rule's id, default severity, whether it fixes, and what it checks. */
function catalogue(): string {
  const width = Math.max(...[...RULES.keys()].map((id) => id.length), 2);
  const lines = [...RULES.values()].map(
    ({ meta }) =>
      `${meta.id.padEnd(width)}  ${meta.severity.padEnd(7)}  ${meta.fixable ? "fixable" : "       "}  ${meta.description}`,
  );
  return (
    `${lines.length > 0 ? `${lines.join("\n")}\n\n` : "No rules are registered.\n\n"}` +
    "Run mailroom explain <rule> for a rule's page; the codes of problems reading or validating a file are " +
    `described in ${docsUri("unknown-key")}.\n`
  );
}

/**
 * What `mailroom explain [code]` prints: a rule's page (docs/rules/<id>.md), what a base code means (its
 * entries in the diagnostic catalogue, as docs/diagnostics.md shows them), or, with no code, the rule catalogue. An unknown code is a usage error naming the
 * nearest known one.
 */
export function explain(code: string | undefined): string {
  if (code === undefined) return catalogue();
  const rule = RULES.get(code);
  if (rule) {
    const page = rulePage(code);
    if (page !== undefined) return page.endsWith("\n") ? page : `${page}\n`;
    const { meta } = rule;
    return `# ${meta.id}\n\nDefault severity: **${meta.severity}**${meta.fixable ? " (fixable)" : ""}\n\n${meta.description}\n`;
  }
  if (isBaseCode(code)) {
    const entry: CodeEntry = CATALOGUE[code];
    const body = Object.values(entry.docs)
      .map((text) => `- ${entry.severity}: ${text}`)
      .join("\n");
    const configurable = entry.configurable
      ? "Its severity can be set in mailroom.config.yaml like a rule's.\n"
      : "It says the file cannot be read or the service is invalid; its severity cannot be changed.\n";
    return `# ${code}\n\n${body}\n\n${configurable}\nSee ${docsUri(code)}.\n`;
  }
  const guess = nearest(code, [...RULES.keys(), ...BASE_CODES]);
  throw new UsageError(
    `Unknown rule or code "${code}"; expected a rule id or a diagnostic code${guess ? `. Did you mean "${guess}"?` : " (mailroom explain lists the rules)."}`,
  );
}
