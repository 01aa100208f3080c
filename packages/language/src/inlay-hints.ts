import { RECONCILE_DEFAULTS } from "@mailroom/model";
import {
  type CallNode,
  type ExpressionNode,
  type IdentifierNode,
  type ObjectNode,
  type PropertyNode,
  parseExpression,
  propertyOf,
  type Span,
} from "@mailroom/syntax";
import { serviceRoots } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";
import { type ExpressionAt, type ExpressionSite, expressionScalars, scalarExpression } from "./expression-site.js";
import type { InlayHint } from "./types.js";

/** Expressions that read a file of a box and, written without a target, read the box they are in. */
const TARGETED = new Set(["fileName", "positionInBox", "pdfText", "pdfMeta"]);
const TARGET_ARGUMENTS = new Set(["box", "main", "fromMain", "boxName"]);

const overlaps = (a: Span, b: Span) => a.offset <= b.offset + b.length && b.offset <= a.offset + a.length;

/**
 * Inlay hints for what the compiler infers and the text does not say: the box a file or PDF expression reads
 * when written without a target (`box=annexes` or `main`, as the printer would write it), and the defaults the
 * compiler writes for reconcile counts and single-number ranges. Only hints inside `span` are returned.
 */
export function inlayHints(doc: ParsedDocument, span: Span): InlayHint[] {
  if (doc.source.format !== "dsl") return [];
  const hints: InlayHint[] = [];
  for (const { node, site } of expressionScalars(doc)) {
    if (!overlaps(node.span, span) || !site.box) continue;
    hints.push(...targetHints(scalarExpression(doc, node, site, node.span.offset), site));
  }
  hints.push(...defaultHints(doc));
  return hints
    .filter((h) => h.offset >= span.offset && h.offset <= span.offset + span.length)
    .sort((a, b) => a.offset - b.offset);
}

function children(node: ExpressionNode): ExpressionNode[] {
  switch (node.kind) {
    case "call":
      return node.args.map((a) => a.value);
    case "pipe":
      return [node.input, node.step];
    case "slice":
      return [node.target];
    case "binary":
      return [node.left, node.right];
    case "not":
      return [node.operand];
    case "paren":
      return [node.expression];
    case "array":
      return [...node.elements];
    case "object":
      return node.entries.map((e) => e.value);
    default:
      return [];
  }
}

function targetHints(expression: ExpressionAt, site: ExpressionSite): InlayHint[] {
  const box = site.box;
  if (!box) return [];
  const label = box.main ? "main" : `box=${box.name}`;
  const tooltip = box.main
    ? 'Reads the file of this MAIN box: `"fromMain": true`.'
    : `Reads the file of this box: \`"fromMain": false, "boxName": ${JSON.stringify(box.name)}\`.`;
  const hints: InlayHint[] = [];
  const hint = (at: number, text: string) =>
    hints.push({
      offset: expression.toDocument({ offset: at, length: 0 }).offset,
      label: text,
      tooltip,
      kind: "parameter",
    });
  const visit = (node: ExpressionNode, callee: boolean) => {
    if (node.kind === "identifier" && !callee && TARGETED.has(node.name))
      hint(node.span.offset + node.span.length, `(${label})`);
    if (node.kind === "call") visitCall(node);
    for (const child of children(node)) visit(child, node.kind === "pipe" && child === node.step);
  };
  const visitCall = (call: CallNode) => {
    if (!TARGETED.has(call.callee.name) || !call.close) return;
    const targeted = call.args.some(
      (a) =>
        (a.name && TARGET_ARGUMENTS.has(a.name.name)) ||
        (a.value.kind === "identifier" && (a.value as IdentifierNode).name === "main"),
    );
    if (!targeted) hint(call.close.offset, call.args.length > 0 ? `, ${label}` : label);
  };
  visit(parseExpression(expression.text).ast, false);
  return hints;
}

/** Where a key's value ends on its line: after `key:` and the value, for a hint at the end of the line. */
function afterValue(property: PropertyNode): number {
  return property.value.span.offset + property.value.span.length;
}

function defaultHints(doc: ParsedDocument): InlayHint[] {
  const root = serviceRoots(doc)[0]?.node;
  const boxes = root && propertyOf(root, "boxes")?.value;
  if (!boxes || boxes.kind === "scalar") return [];
  const hints: InlayHint[] = [];
  const bodies = boxes.kind === "object" ? boxes.properties.map((p) => p.value) : boxes.items;
  for (const body of bodies) {
    if (body.kind !== "object") continue;
    const elements = propertyOf(body, "elements");
    if (elements) hints.push(...rangeHint(elements));
    const reconcile = propertyOf(body, "reconcile");
    if (reconcile?.value.kind === "object") hints.push(...reconcileHints(reconcile, reconcile.value));
  }
  return hints;
}

/** A count written as one number is a range from and to it. */
function rangeHint(property: PropertyNode): InlayHint[] {
  const value = property.value;
  if (value.kind !== "scalar" || typeof value.value !== "number") return [];
  return [
    {
      offset: afterValue(property),
      label: `..${value.value}`,
      tooltip: `Exactly ${value.value}: the minimum and the maximum are both ${value.value}.`,
      kind: "type",
    },
  ];
}

function reconcileHints(property: PropertyNode, node: ObjectNode): InlayHint[] {
  const missing: string[] = [];
  const unbounded = (n: number) => (n === -1 ? "*" : String(n));
  if (!propertyOf(node, "expected"))
    missing.push(`expected: ${RECONCILE_DEFAULTS.minExpected}..${unbounded(RECONCILE_DEFAULTS.maxExpected)}`);
  if (!propertyOf(node, "matches"))
    missing.push(`matches: ${RECONCILE_DEFAULTS.minMatches}..${unbounded(RECONCILE_DEFAULTS.maxMatches)}`);
  const hints = [...node.properties.flatMap((p) => (p.key === "expected" || p.key === "matches" ? rangeHint(p) : []))];
  if (missing.length > 0) {
    hints.push({
      offset: property.keySpan.offset + property.keySpan.length + 1,
      label: missing.join(", "),
      tooltip: "The counts the compiler writes when they are left out.",
      kind: "type",
      paddingLeft: true,
    });
  }
  return hints;
}
