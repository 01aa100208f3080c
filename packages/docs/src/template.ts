import { type Diagnostic, diagnostic, LineIndex, span } from "@mailroom/syntax";
import { Eta } from "eta";
import type { IndexDocs, ServiceDocs } from "./model.js";

/** What a user template reads as `it`: the service of the page, and the index of every service documented. */
export interface TemplateData {
  readonly service: ServiceDocs;
  readonly index: IndexDocs;
}

// Templates write any text format (Markdown, AsciiDoc, HTML): escaping is the template's choice, not HTML's by
// default, and the text around tags is kept as written (a line break after `%>` stays; `-%>` drops it).
// `debug` makes a runtime error name its template line.
const eta = new Eta({ autoEscape: false, autoTrim: false, debug: true, useWith: false });

type Compiled = ReturnType<Eta["compile"]>;

/** The place an Eta message names: "at line 3 col 5" (parse) or "line 3" (runtime); else the first line. */
function located(text: string, error: unknown): { span: ReturnType<typeof span>; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at line (\d+) col (\d+)/.exec(message) ?? /^line (\d+)/.exec(message);
  const line = Number(at?.[1] ?? 1);
  const column = Number(at?.[2] ?? 1);
  const offset = new LineIndex(text).offset({ line, column });
  const paragraphs = message.split("\n\n");
  const firstLine = (paragraph: string | undefined) => paragraph?.split("\n")[0]?.trim() ?? "";
  let reason: string;
  // A runtime error: the cause follows the engine's excerpt of the template.
  if (/^line \d+/.test(message)) reason = firstLine(paragraphs.at(-1));
  // JavaScript that does not compile: the cause follows the heading, then the generated code.
  else if (message.startsWith("Bad template syntax"))
    reason = `its JavaScript does not parse (${firstLine(paragraphs[1])})`;
  else reason = firstLine(message).replace(/ at line \d+ col \d+:?$/, "");
  return { span: span(offset, 0), reason: reason.replace(/[.:]$/, "") || "unknown error" };
}

/** A user template, compiled once and rendered per service. */
export class DocsTemplate {
  private constructor(
    readonly text: string,
    readonly compiled: Compiled,
  ) {}

  /** The template, or what stops it from compiling, located in its text. */
  static compile(text: string): DocsTemplate | Diagnostic {
    try {
      return new DocsTemplate(text, eta.compile(text));
    } catch (error) {
      const { span: at, reason } = located(text, error);
      return diagnostic("template-error", "parse", { reason }, at);
    }
  }

  /** The template's text for one service, or where and why it failed. */
  render(data: TemplateData): string | Diagnostic {
    try {
      return eta.render(this.compiled, data);
    } catch (error) {
      const { span: at, reason } = located(this.text, error);
      return diagnostic("template-error", "render", { service: data.service.name, reason }, at);
    }
  }
}
