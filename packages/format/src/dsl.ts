import { type ExpressionKind, lowerExpression, printExpression } from "@mailroom/compiler";
import { parseExpression, type Token, tokenize } from "@mailroom/syntax";
import { type Entry, entryOf, type LayoutNode, type MapNode } from "./tree.js";

type Box = { readonly name: string; readonly main: boolean };

/**
 * Gives a layout tree its DSL roles, the one place that knows what the DSL's keys mean for layout: the
 * collections always in block style (the root, the boxes, each box, its metadata and reconcile, the channels and
 * each channel) and the expressions, put in their canonical text (docs/expressions.md) in the box they are
 * written in. It reads the tree exactly as the compiler does (see `compileDsl`), so an expression is found
 * where the compiler compiles one and nowhere else.
 *
 * An expression is left as written when it has any diagnostic (the author has something to fix there), and kept
 * as its text when it is shared through an anchor, since an alias may use it in another box, where the
 * canonical text of this box could mean something else.
 */
export function applyDslRoles(root: LayoutNode): void {
  if (root.kind !== "map") return;
  root.block = true;
  const boxes = entryOf(root, "boxes")?.value;
  for (const [body, name] of named(boxes, "name")) box(body, name);
  const channels = entryOf(root, "channels")?.value;
  for (const [body] of named(channels, "label")) body.block = true;
}

/** The entries of a named collection (map or list form) that are mappings, with their names; marks it block. */
function named(node: LayoutNode | undefined, nameKey: string): [MapNode, string][] {
  if (node?.kind === "map") {
    node.block = true;
    return node.entries.flatMap((entry): [MapNode, string][] =>
      entry.value.kind === "map" && entry.key?.kind === "scalar" ? [[entry.value, String(entry.key.value)]] : [],
    );
  }
  if (node?.kind === "seq") {
    node.block = true;
    return node.items.flatMap((item): [MapNode, string][] => {
      if (item.value.kind !== "map") return [];
      const name = entryOf(item.value, nameKey)?.value;
      return [[item.value, name?.kind === "scalar" && name.value !== null ? String(name.value) : ""]];
    });
  }
  return [];
}

const scalarValue = (entry: Entry | undefined) => (entry?.value.kind === "scalar" ? entry.value.value : undefined);

function box(body: MapNode, name: string): void {
  body.block = true;
  const type = scalarValue(entryOf(body, "type"));
  if (type !== "pdf" && type !== "data-file") return;
  const context: Box = { name, main: scalarValue(entryOf(body, "main")) === true };
  const metadata = entryOf(body, "metadata")?.value;
  if (metadata?.kind === "map") {
    metadata.block = true;
    for (const entry of metadata.entries) metadataValue(entry.value, context);
  } else if (metadata?.kind === "seq") {
    metadata.block = true;
    for (const item of metadata.items) metadataValue(item.value, context);
  }
  const reconcile = entryOf(body, "reconcile")?.value;
  if (reconcile?.kind === "map") {
    reconcile.block = true;
    expression(entryOf(reconcile, "when")?.value, "condition", context);
  }
  const from = entryOf(body, "from")?.value;
  if (from?.kind === "map") expression(entryOf(from, "match")?.value, "condition", context);
}

function metadataValue(node: LayoutNode, context: Box): void {
  if (node.kind !== "map") {
    expression(node, "value", context);
    return;
  }
  // The long form; a mapping with "@type" is an expression in raw JSON form.
  if (!entryOf(node, "@type")) expression(entryOf(node, "value")?.value, "value", context);
}

/** Puts the expression in a scalar into its canonical text, or keeps it as written (see above). */
function expression(node: LayoutNode | undefined, kind: ExpressionKind, context: Box): void {
  if (node?.kind !== "scalar" || node.value === null || node.form.kind === "verbatim") return;
  const text = typeof node.value === "string" ? node.value : node.form.kind === "plain" ? node.form.source : "";
  const canonical = canonicalExpression(text, kind, context);
  if (canonical === undefined) {
    if (node.source) node.form = { kind: "verbatim", ...node.source };
    return;
  }
  if (!node.shared) node.form = { kind: "expression", text: canonical };
}

/**
 * The canonical text of an expression written in a box, or undefined when it has any diagnostic or an integer
 * beyond 2^53 that its canonical text would print otherwise (`9007199254740993` as `9007199254740992`).
 */
export function canonicalExpression(text: string, kind: ExpressionKind, box: Box | undefined): string | undefined {
  const parsed = parseExpression(text);
  if (parsed.diagnostics.length > 0 || tokenize(text).tokens.some(inexactInteger)) return undefined;
  const lowered = lowerExpression(parsed.ast, { expect: kind, box });
  if (lowered.diagnostics.length > 0) return undefined;
  return printExpression(lowered.value, { box });
}

const inexactInteger = (token: Token): boolean => {
  if (token.kind !== "number") return false;
  const value = Number(token.value);
  return Number.isInteger(value) && !Number.isSafeInteger(value) && String(value) !== token.value;
};
