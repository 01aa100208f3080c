import { compileDsl, pointer } from "@mailroom/compiler";
import { type Comment, type Diagnostic, diagnostic, parseYaml, type Span } from "@mailroom/syntax";
import { applyDslRoles } from "./dsl.js";
import { firstDifference } from "./json-difference.js";
import { printLayout } from "./print.js";
import { type ReadResult, readLayout } from "./read.js";
import type { Entry, LayoutNode } from "./tree.js";

/** A comment line that turns the formatter off for its file (for files kept broken on purpose, say). */
export const FORMAT_DISABLE = /^[ \t]*#[ \t]*mailroom-fmt-disable\b/m;

type Read = Extract<ReadResult, { document: unknown }>;

export interface FormatResult {
  /** The text in canonical layout; the input itself when it cannot be formatted. */
  readonly text: string;
  /** Why the text could not be formatted (syntax errors, or what the formatter does not handle); empty otherwise. */
  readonly diagnostics: Diagnostic[];
  /** True when the file turns formatting off with a `# mailroom-fmt-disable` comment. */
  readonly disabled: boolean;
}

/**
 * Prints a DSL file in the canonical layout (see `printLayout`), keeping every comment at its place. A text with
 * syntax errors is returned as it is, with the errors. Before returning, the result is read back and compared
 * with the input: the same YAML values (expressions compared by their canonical text), the same comments, and
 * when the input compiles, the same compiled JSON; should any differ, the input is returned with a diagnostic at
 * the first place that differs.
 */
export function format(text: string): FormatResult {
  if (FORMAT_DISABLE.test(text)) return { text, diagnostics: [], disabled: true };
  const parsed = parseYaml(text);
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { text, diagnostics: errors, disabled: false };
  const read = readLayout(text, parsed.comments);
  if ("unsupported" in read) {
    return refuse(text, diagnostic("cannot-format", "unsupported", { construct: read.unsupported }, at(read.at)));
  }
  applyDslRoles(read.document.root);
  const output = printLayout(read.document);
  const problem = output === text ? undefined : difference(text, read, output);
  if (problem) {
    // Only a bug of the formatter gets here: the property tests check that formatting keeps the meaning.
    return refuse(text, diagnostic("cannot-format", "wouldChange", { what: problem.what }, at(problem.at)));
  }
  return { text: output, diagnostics: [], disabled: false };
}

/** The input as it is, with why it is not formatted. */
function refuse(text: string, why: Diagnostic): FormatResult {
  return { text, diagnostics: [why], disabled: false };
}

/** Where the formatter refuses a file: the start of the construct concerned. */
function at(offset: number): Span {
  return { offset, length: 0 };
}

/** What differs between the input and its formatted text, and where in the input; undefined when they mean the same. */
function difference(input: string, read: Read, output: string): { what: string; at: number } | undefined {
  const back = readLayout(output, parseYaml(output).comments);
  if ("unsupported" in back) return { what: `the file into YAML it cannot read back (${back.unsupported})`, at: 0 };
  applyDslRoles(back.document.root);
  const changed = changedEntry(read.document.root, back.document.root, undefined);
  if (changed) {
    const { entry } = changed;
    const key = entry?.key?.kind === "scalar" ? `the value of "${String(entry.key.value)}"` : "the value of this item";
    return entry ? { what: key, at: read.starts.get(entry) ?? 0 } : { what: "the document's value", at: 0 };
  }
  const lost = changedComment(read.comments, back.comments);
  if (lost) return { what: `the comment "${lost.text}"`, at: lost.offset };
  const compiled = compileDsl("input.service.yaml", input);
  const service = compiled.services[0];
  if (service && compiled.services.length === 1 && !compiled.diagnostics.some((d) => d.severity === "error")) {
    const path = firstDifference(service.json, compileDsl("output.service.yaml", output).services[0]?.json);
    if (path) return { what: `the compiled JSON at "${pointer(path)}"`, at: service.locate(path).span.offset };
  }
  return undefined;
}

/**
 * The innermost entry of `a` (read from the input) whose meaning differs in `b` (read from the output), as
 * `{ entry: holder }` for a difference in the node itself; undefined when they mean the same. Meaning is values,
 * anchors and tags, and expressions by canonical text.
 */
function changedEntry(
  a: LayoutNode,
  b: LayoutNode,
  holder: Entry | undefined,
): { entry: Entry | undefined } | undefined {
  if (JSON.stringify(own(a)) !== JSON.stringify(own(b))) return { entry: holder };
  if ((a.kind !== "map" && a.kind !== "seq") || (b.kind !== "map" && b.kind !== "seq")) return undefined;
  const before = a.kind === "map" ? a.entries : a.items;
  const after = b.kind === "map" ? b.entries : b.items;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const x = before[i];
    const y = after[i];
    if (!x || !y) return { entry: x ?? holder };
    const keys = [x.key, y.key].map((key) => (key ? JSON.stringify(own(key)) : ""));
    if (keys[0] !== keys[1]) return { entry: x };
    const found = changedEntry(x.value, y.value, x);
    if (found) return found;
  }
  return undefined;
}

/** What a node means by itself, without its entries: its kind, anchor, tag and value (an expression by text). */
function own(node: LayoutNode): unknown {
  switch (node.kind) {
    case "alias":
      return ["*", node.name];
    case "scalar":
      return [
        node.anchor ?? null,
        node.tag ?? null,
        node.form.kind === "expression" ? ["expression", node.form.text] : [typeof node.value, node.value],
      ];
    case "map":
    case "seq":
      return [node.kind, node.anchor ?? null, node.tag ?? null];
  }
}

/** The first comment the input and the output do not hold as many times (at the start if only the output holds it). */
function changedComment(
  input: readonly Comment[],
  output: readonly Comment[],
): { offset: number; text: string } | undefined {
  const counts = new Map<string, number>();
  for (const { text } of input) counts.set(text, (counts.get(text) ?? 0) + 1);
  for (const { text } of output) counts.set(text, (counts.get(text) ?? 0) - 1);
  const lost = input.find(({ text }) => counts.get(text) !== 0);
  if (lost) return { offset: lost.span.offset, text: lost.text };
  const added = output.find(({ text }) => counts.get(text) !== 0);
  return added && { offset: 0, text: added.text };
}
