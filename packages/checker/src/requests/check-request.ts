import { dirname, resolve } from "node:path";
import { type Diagnostic, diagnostic, fillTemplate, type Span } from "@mailroom/syntax";
import { settle } from "../check.js";
import type { ResolvedSettings } from "../config/resolver.js";
import type { RuleSettingsMap } from "../engine/run.js";
import { REQUEST_RULES } from "../rules/index.js";
import { Suppressions } from "../suppressions.js";
import { gatherFacts, type RequestHost, type RequestSettings } from "./gather.js";
import { readRequest } from "./read-request.js";
import type { RequestRelated, RequestReport } from "./request-rule.js";

export interface RequestCheckOptions extends RequestSettings {
  readonly rules?: RuleSettingsMap;
}

/** How a request file is checked under its settings: their rules and listings, in its configuration's workspace. */
export const requestOptions = (file: string, settings: ResolvedSettings): RequestCheckOptions => ({
  rules: settings.rules,
  workspace: settings.config !== undefined ? dirname(resolve(settings.config)) : dirname(resolve(file)),
  ...(settings.optionListings && { optionListings: settings.optionListings }),
});

const bySpan = (a: Diagnostic, b: Diagnostic) =>
  a.span.offset - b.span.offset || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * Every diagnostic of a request file (a job, a delivery command, an organizational unit) in text order: reading
 * problems, its shape against the model, then, when it has its shape, the request rules with the facts they
 * need from outside the file (the service it calls, its local files, the option listings). Related places in
 * the service are given in the service's file. The settings and a YAML file's suppression comments apply last, as
 * in a service's file; a file without its shape is not checked by the rules, so a suppression there is not judged.
 */
export async function checkRequest(
  file: string,
  text: string,
  kind: "job" | "delivery" | "unit",
  options: RequestCheckOptions,
  host: RequestHost,
): Promise<Diagnostic[]> {
  const read = readRequest(file, kind, text);
  const diagnostics = [...read.diagnostics];
  const suppressions = Suppressions.of(text, read.comments);
  const settled = () => settle(diagnostics, suppressions, () => !read.sound, options.rules).sort(bySpan);
  if (!read.sound) return settled();
  const facts = await gatherFacts(file, kind, read.value, options, host);
  const spanOf = (path: RequestReport["path"], at?: "key" | "value"): Span => {
    const location = read.locate(path);
    return at === "key" && location.keySpan ? location.keySpan : location.span;
  };
  for (const rule of REQUEST_RULES) {
    if (!rule.meta.files.includes(kind)) continue;
    const configured = options.rules?.[rule.meta.id];
    const severity = configured?.severity ?? rule.meta.severity;
    if (severity === "off") continue;
    const say = (ref: { messageId: string; data?: Readonly<Record<string, string | number>> }) =>
      fillTemplate(rule.meta.messages[ref.messageId] ?? "", ref.data);
    const place = (r: RequestRelated) => {
      const at = r.in === "service" && facts.service ? facts.service.source.locate(r.path) : read.locate(r.path);
      const file = r.in === "service" ? facts.service?.file : undefined;
      return { message: say(r), span: at.keySpan ?? at.span, ...(file !== undefined && { file }) };
    };
    try {
      rule.check({
        kind,
        request: read.value,
        facts,
        options: configured?.options,
        report: (report) => {
          const span = spanOf(report.path, report.at);
          diagnostics.push({
            code: rule.meta.id,
            severity,
            message: say(report),
            span,
            ...(report.related && { related: report.related.map(place) }),
            ...(report.fix && {
              fix: { description: say(report.fix), edits: [{ span, newText: JSON.stringify(report.fix.value) }] },
            }),
          });
        },
      });
    } catch (error) {
      // A bug in one rule must not cost the user the other rules' findings, nor crash the command.
      const data = { rule: rule.meta.id, error: error instanceof Error ? error.message : String(error) };
      diagnostics.push(diagnostic("internal-error", "ruleFailed", data, spanOf([])));
    }
  }
  return settled();
}
