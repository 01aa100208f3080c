import {
  BOX,
  BOX_TYPES,
  type BoxType,
  type ExpressionKind,
  lowerExpression,
  printExpression,
  SERVICE,
  type Shape,
} from "@mailroom/compiler";
import { parseExpression, type Token, tokenize } from "@mailroom/syntax";
import { type Entry, entryOf, type LayoutNode, type MapNode } from "./tree.js";

type Box = { readonly name: string; readonly main: boolean };

/**
 * Gives a layout tree its DSL roles, as the rows of the DSL's shape (see `SERVICE` in the compiler) declare them:
 * the collections always in block style (the root, the boxes, each box, its metadata and reconcile, the channels
 * and each channel) and the expressions, put in their canonical text (docs/expressions.md) in the box they are
 * written in. It reads the tree through the same rows as the compiler (see `compileDsl`), so an expression is
 * found where the compiler compiles one and nowhere else.
 *
 * An expression is left as written when it has any diagnostic (the author has something to fix there), and kept
 * as its text when it is shared through an anchor, since an alias may use it in another box, where the
 * canonical text of this box could mean something else.
 */
export function applyDslRoles(root: LayoutNode): void {
  if (root.kind === "map") apply(root, SERVICE, undefined);
}

/** Gives the entries of a mapping of a shape their roles; a box's only when it is a box of a known type. */
function apply(map: MapNode, shape: Shape, box: Box | undefined): void {
  if (shape.block) map.block = true;
  const type = shape === BOX ? String(scalarValue(entryOf(map, "type"))) : undefined;
  if (type !== undefined && !BOX_TYPES.has(type)) return;
  for (const row of shape.rows) {
    if (type !== undefined && !row.boxTypes?.includes(type as BoxType)) continue;
    const value = entryOf(map, row.key)?.value;
    if (row.block && (value?.kind === "map" || (row.kind === "named" && value?.kind === "seq"))) value.block = true;
    if (row.kind === "expression") expression(value, row.expression ?? "value", box);
    else if (row.kind === "object" && value?.kind === "map") apply(value, row.shape as Shape, box);
    else if (row.kind === "named") {
      for (const [body, name] of named(value, row.nameKey as string)) entry(body, row.shape as Shape, name, box);
    }
  }
}

/** An entry of a named collection: a box reads itself; an entry in the short form is its short row's value. */
function entry(node: LayoutNode, shape: Shape, name: string, box: Box | undefined): void {
  const short = shape.rows.find((row) => row.key === shape.short);
  if (node.kind !== "map") {
    if (short?.kind === "expression") expression(node, short.expression ?? "value", box);
    return;
  }
  // A mapping with "@type" is an expression in raw JSON form.
  if (short && entryOf(node, "@type")) return;
  apply(node, shape, shape === BOX ? { name, main: scalarValue(entryOf(node, "main")) === true } : box);
}

/** The entries of a named collection (map or list form), with their names. */
function named(node: LayoutNode | undefined, nameKey: string): [LayoutNode, string][] {
  if (node?.kind === "map") {
    return node.entries.flatMap((item): [LayoutNode, string][] =>
      item.key?.kind === "scalar" ? [[item.value, String(item.key.value)]] : [],
    );
  }
  if (node?.kind === "seq") {
    return node.items.map((item): [LayoutNode, string] => {
      const name = item.value.kind === "map" ? entryOf(item.value, nameKey)?.value : undefined;
      return [item.value, name?.kind === "scalar" && name.value !== null ? String(name.value) : ""];
    });
  }
  return [];
}

const scalarValue = (entry: Entry | undefined) => (entry?.value.kind === "scalar" ? entry.value.value : undefined);

/** Puts the expression in a scalar into its canonical text, or keeps it as written (see above). */
function expression(node: LayoutNode | undefined, kind: ExpressionKind, context: Box | undefined): void {
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
