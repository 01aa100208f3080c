import { compileDsl } from "@mailroom/compiler";
import { type Diagnostic, parseYaml } from "@mailroom/syntax";
import { applyDslRoles } from "./dsl.js";
import { printLayout } from "./print.js";
import { type ReadResult, readLayout } from "./read.js";
import type { LayoutNode } from "./tree.js";

/** A comment line that turns the formatter off for its file (for files kept broken on purpose, say). */
export const FORMAT_DISABLE = /^[ \t]*#[ \t]*mailroom-fmt-disable\b/m;

type Read = Extract<ReadResult, { document: unknown }>;

/** Code of the diagnostic given when a file is left as it is although it reads without error. */
export const CANNOT_FORMAT = "cannot-format";

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
 * when the input compiles, the same compiled JSON; should any differ, the input is returned with a diagnostic.
 */
export function format(text: string): FormatResult {
  if (FORMAT_DISABLE.test(text)) return { text, diagnostics: [], disabled: true };
  const parsed = parseYaml(text);
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return { text, diagnostics: errors, disabled: false };
  const read = readLayout(text);
  if ("unsupported" in read) return refuse(text, `Found ${read.unsupported}, which the formatter does not lay out`);
  applyDslRoles(read.document.root);
  const output = printLayout(read.document);
  const problem = output === text ? undefined : difference(text, read, output);
  if (problem) return refuse(text, `Formatting would change ${problem}`);
  return { text: output, diagnostics: [], disabled: false };
}

function refuse(text: string, why: string): FormatResult {
  return {
    text,
    diagnostics: [
      {
        code: CANNOT_FORMAT,
        severity: "error",
        message: `${why}; expected a file the formatter can lay out, so it is left as it is (please report it).`,
        span: { offset: 0, length: 0 },
      },
    ],
    disabled: false,
  };
}

/** What differs between the input and its formatted text, or undefined when they mean the same. */
function difference(input: string, read: Read, output: string): string | undefined {
  const back = readLayout(output);
  if ("unsupported" in back) return "the file into YAML it cannot read back";
  applyDslRoles(back.document.root);
  if (JSON.stringify(snapshot(back.document.root)) !== JSON.stringify(snapshot(read.document.root))) return "a value";
  const before = [...read.comments].sort();
  const after = [...back.comments].sort();
  if (before.length !== after.length || before.some((comment, i) => comment !== after[i])) return "the comments";
  const compiled = compileDsl("input.service.yaml", input);
  if (compiled.services.length === 1 && !compiled.diagnostics.some((d) => d.severity === "error")) {
    const again = compileDsl("output.service.yaml", output);
    if (JSON.stringify(again.services[0]?.json) !== JSON.stringify(compiled.services[0]?.json)) {
      return "the compiled JSON";
    }
  }
  return undefined;
}

/** What a layout tree means, without its layout: values, anchors, tags, and expressions by canonical text. */
function snapshot(node: LayoutNode): unknown {
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
      return [
        "map",
        node.anchor ?? null,
        node.tag ?? null,
        node.entries.map((entry) => [entry.key ? snapshot(entry.key) : null, snapshot(entry.value)]),
      ];
    case "seq":
      return ["seq", node.anchor ?? null, node.tag ?? null, node.items.map((item) => snapshot(item.value))];
  }
}
