import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { RULES } from "@mailroom/checker";
import type { Severity } from "@mailroom/syntax";
import { fingerprints } from "../baseline.js";
import { codeInfo } from "../docs.js";
import { located, type Range, type Report } from "../report.js";
import type { FormatContext } from "./index.js";

const SARIF_SCHEMA = "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json";
/** The base id artifact URIs are relative to; `originalUriBaseIds` maps it to the working directory. */
const BASE_ID = "SRCROOT";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", info: "note" };

type Json = Record<string, unknown>;

/**
 * Where a file is, as SARIF wants it: a URI relative to the working directory (with `uriBaseId`) when the
 * file is inside it, an absolute `file:` URI otherwise.
 */
function artifactLocation(file: string, cwd: string): Json {
  const absolute = resolve(cwd, file);
  const path = relative(cwd, absolute);
  if (path === "" || path.startsWith("..") || isAbsolute(path)) return { uri: pathToFileURL(absolute).href };
  return { uri: path.split(sep).map(encodeURIComponent).join("/"), uriBaseId: BASE_ID };
}

/** A directory's `file:` URI, with the final slash a base URI needs. */
function directoryUri(directory: string): string {
  const href = pathToFileURL(resolve(directory)).href;
  return href.endsWith("/") ? href : `${href}/`;
}

/** A SARIF region: 1-based lines and columns in UTF-16 code units, the end column exclusive, as ours. */
const region = (range: Range): Json => ({
  startLine: range.line,
  startColumn: range.column,
  endLine: range.endLine,
  endColumn: range.endColumn,
});

/**
 * SARIF 2.1.0, one run: the tool with every rule's metadata (and the base codes that occur), each result with
 * its rule, level, message, location, related locations, fix and a fingerprint that survives line shifts.
 * Rule help links are absolute URIs of the pages under the documentation's public address (SARIF requires
 * absolute help URIs; a `file:` one into node_modules would be a dead link where the report is read), and
 * each rule's page is embedded as `help.markdown`, which code-scanning services show.
 */
export function formatSarif(reports: readonly Report[], context: FormatContext): string {
  const used = new Set(reports.flatMap((r) => r.diagnostics.map((d) => d.code)));
  const ids = [...RULES.keys(), ...[...used].filter((code) => !RULES.has(code)).sort()];
  const ruleIndex = new Map(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => {
    const info = codeInfo(id, context.docsUrl);
    return {
      id,
      shortDescription: { text: info.description },
      helpUri: info.helpUri,
      help: { text: info.description, ...(info.page !== undefined ? { markdown: info.page } : {}) },
      defaultConfiguration: { level: LEVEL[info.severity] },
      properties: { fixable: info.fixable, kind: RULES.has(id) ? "rule" : "base-code" },
    };
  });

  const results: Json[] = [];
  for (const report of located(reports)) {
    if (report.diagnostics.length === 0) continue;
    const location = artifactLocation(report.file, context.cwd);
    const prints = fingerprints(report);
    report.diagnostics.forEach((d, i) => {
      const related = (d.related ?? []).flatMap((r, n) => {
        if (!r.range) return [];
        return [
          {
            id: n + 1,
            physicalLocation: {
              artifactLocation: artifactLocation(r.file ?? report.file, context.cwd),
              region: region(r.range),
            },
            message: { text: r.message },
          },
        ];
      });
      results.push({
        ruleId: d.code,
        ...(ruleIndex.has(d.code) ? { ruleIndex: ruleIndex.get(d.code) } : {}),
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [{ physicalLocation: { artifactLocation: location, region: region(d.range) } }],
        ...(related.length > 0 ? { relatedLocations: related } : {}),
        partialFingerprints: { "mailroom/v1": prints[i] },
        ...(d.fix
          ? {
              fixes: [
                {
                  description: { text: d.fix.description },
                  artifactChanges: [
                    {
                      artifactLocation: location,
                      replacements: d.fix.edits.map((edit) => ({
                        deletedRegion: region(edit.range),
                        insertedContent: { text: edit.newText },
                      })),
                    },
                  ],
                },
              ],
            }
          : {}),
      });
    });
  }

  const sarif = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "mailroom", version: context.version, semanticVersion: context.version, rules } },
        originalUriBaseIds: { [BASE_ID]: { uri: directoryUri(context.cwd) } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
