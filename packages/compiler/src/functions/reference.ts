import { parseExpression } from "@mailroom/syntax";
import { explainExpression } from "../expression/explain.js";
import { type ExpressionContext, type ExpressionKind, lowerExpression } from "../expression/lower.js";
import {
  describeFunction,
  type Expression,
  type FunctionDefinition,
  formatParameter,
  formatSignature,
} from "./definition.js";
import { FUNCTIONS } from "./index.js";
import type { ParameterKind } from "./parameters.js";

/** How each kind of argument is written, in the reference's words. */
const WRITTEN_AS: Readonly<Record<ParameterKind, string>> = {
  value: "value",
  values: "any number of values",
  integer: "integer",
  string: "string",
  pattern: "`/re/` or string",
  name: "box name: a name or a string",
  nullableString: "string or `null`",
  flag: "flag: bare for true, or `=true`/`=false`",
  boolean: "`true` or `false`",
  area: "`[left, top, width, height]`",
  params: '`{name="text"}`',
};

const EXAMPLE_CONTEXT = { box: { name: "invoices", main: true } } as const;
/** Where `reconcileExamples` are written: the reconcile condition of a box that is not MAIN. */
const RECONCILE_CONTEXT = { box: { name: "annexes", main: false } } as const;

/**
 * The function reference of docs/expressions.md, in Markdown: each function's signature, what it gives, its
 * arguments and the JSON fields they fill, and its examples with the JSON they compile to.
 */
export function renderFunctionReference(): string {
  const intro =
    "Examples compile inside the metadata of a MAIN box named `invoices`, those marked *in a reconcile* inside the reconcile condition of a box named `annexes`, which may read the MAIN box too. In tables `\\|` stands for the pipe `|`.";
  return [intro, ...FUNCTIONS.map(functionSection)].join("\n\n");
}

function functionSection(f: FunctionDefinition): string {
  const summary = [
    `\`${formatSignature(f)}\` gives a ${f.kind}, \`${f.produces}\` in JSON. ${describeFunction(f)}`,
    ...(f.notes ? [f.notes] : []),
    form(f),
    ...(f.target ? [target(f.target)] : []),
  ].join(" ");
  const parts = [`### \`${f.name}\``, summary];
  if (f.parameters.length > 0) {
    parts.push(
      table(
        ["argument", "written as", "JSON", "meaning"],
        f.parameters.map((p) => [
          `\`${formatParameter(p)}\``,
          WRITTEN_AS[p.kind],
          `\`${p.field ?? p.name}\``,
          prose(p.doc),
        ]),
      ),
    );
  }
  parts.push(
    table(
      ["example", "in words", "JSON"],
      [
        ...f.examples.map((text) => {
          const json = example(text, EXAMPLE_CONTEXT, f.kind);
          return [`\`${text}\``, words(explainExpression(json, EXAMPLE_CONTEXT)), `\`${inlineJson(json)}\``];
        }),
        ...(f.reconcileExamples ?? []).map((text) => {
          const json = example(text, RECONCILE_CONTEXT, "condition");
          const explained = words(explainExpression(json, RECONCILE_CONTEXT));
          return [`\`${text}\``, `*in a reconcile:* ${explained}`, `\`${inlineJson(json)}\``];
        }),
      ],
    ),
  );
  return parts.join("\n\n");
}

function form(f: FunctionDefinition): string {
  if (f.form === "keyword") return "Written bare, without parentheses.";
  if (f.form === "keyword-or-call") return "Written bare, or with named arguments.";
  const first = f.parameters[0];
  const pipes = first?.positional && (first.kind === "value" || first.kind === "values");
  return pipes ? `As a pipe step, \`x | ${f.name}\` takes \`x\` as its first argument.` : "Not a pipe step.";
}

function target(kind: "file" | "pdf"): string {
  const what = kind === "pdf" ? "the PDF of a box (a `box.PDF` box)" : "the file of a box";
  return `Reads ${what}: the current box, unless \`box=\`, \`main\` or the raw fields name another ([which box](#which-box-an-expression-reads)).`;
}

function example(text: string, context: ExpressionContext, expect: ExpressionKind): Expression {
  const parsed = parseExpression(text);
  const lowered = lowerExpression(parsed.ast, { ...context, expect });
  const problems = [...parsed.diagnostics, ...lowered.diagnostics];
  if (problems.length > 0) throw new Error(`example ${text}: ${problems[0]?.message}`);
  return lowered.value;
}

/** An explanation in a table cell: what Markdown would read as markup is escaped (pipes by `table`). */
const words = (text: string) => text.replace(/[\\`*_[\]<>]/g, "\\$&");

/** JSON on one line, spaced as the rest of the page writes it: `{"@type": "exv.Value", "value": "1"}`. */
function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

/** Plain text for a table cell: backslashes and pipes escaped outside code spans, pipes inside them. */
const prose = (text: string) =>
  text
    .split("`")
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replaceAll("\\", "\\\\")))
    .join("`");

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
