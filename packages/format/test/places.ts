import { type PathSegment, parseYaml, type SyntaxNode } from "@mailroom/syntax";
import { isScalar, Parser, parseDocument, visit } from "yaml";

/**
 * Where each comment of a YAML text is: between which two entries (keys or sequence items, by path) it lies in
 * document order. A formatter that keeps every comment at its place gives the same places, whatever it does to
 * the layout: a comment moved onto the line of its value, or from a flow collection into block style, stays
 * between the same two entries.
 */
export function commentPlaces(text: string): string[] {
  const { root, diagnostics } = parseYaml(text);
  if (!root || diagnostics.some((d) => d.severity === "error")) throw new Error(`not valid YAML:\n${text}`);
  const starts: { offset: number; path: string }[] = [];
  const walk = (node: SyntaxNode, path: PathSegment[]) => {
    if (node.kind === "object") {
      for (const property of node.properties) {
        const at = [...path, property.key];
        starts.push({ offset: property.keySpan.offset, path: JSON.stringify(at) });
        walk(property.value, at);
      }
    } else if (node.kind === "array") {
      let from = node.span.offset;
      node.items.forEach((item, i) => {
        const at = [...path, i];
        const dash = dashes.filter((d) => d >= from && d < item.span.offset).at(-1);
        starts.push({ offset: dash ?? item.span.offset, path: JSON.stringify(at) });
        from = item.span.offset + item.span.length;
        walk(item, at);
      });
    }
  };
  const dashes = tokenOffsets(text, "seq-item-ind");
  walk(root, []);
  starts.sort((a, b) => a.offset - b.offset);
  return commentOffsets(text)
    .map(({ offset, comment }) => {
      const before = starts.filter((s) => s.offset < offset).at(-1)?.path ?? "start";
      const after = starts.find((s) => s.offset > offset)?.path ?? "end";
      return `${before} | ${comment} | ${after}`;
    })
    .sort();
}

/** Every comment of a YAML text with its offset. */
export function commentOffsets(text: string): { offset: number; comment: string }[] {
  return tokens(text)
    .filter((token) => token.type === "comment")
    .map((token) => ({ offset: token.offset, comment: token.source.trimEnd() }));
}

const tokenOffsets = (text: string, type: string): number[] =>
  tokens(text)
    .filter((token) => token.type === type)
    .map((token) => token.offset);

/** Every token of the syntax tree of a YAML text, in text order. */
function tokens(text: string): { type: string; offset: number; source: string }[] {
  const found: { type: string; offset: number; source: string }[] = [];
  const stack: unknown[] = [...new Parser().parse(text)];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === "object") {
      const token = item as Record<string, unknown>;
      if (typeof token.type === "string" && typeof token.offset === "number" && typeof token.source === "string") {
        found.push({ type: token.type, offset: token.offset, source: token.source });
      }
      for (const key of ["start", "key", "sep", "value", "end", "items", "props"]) {
        if (token[key] && typeof token[key] === "object") stack.push(token[key]);
      }
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Line numbers (0-based) after which a comment line may be inserted without landing inside a scalar: not
 * inside a quoted or plain scalar running over several lines, nor inside a block scalar.
 */
export function safeLineBreaks(text: string): Set<number> {
  const document = parseDocument(text, { keepSourceTokens: true });
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const blocked = new Set<number>();
  visit(document, {
    Scalar(_, node) {
      if (!isScalar(node) || !node.range) return;
      const [start, end] = node.range;
      for (let line = 0; line < lineStarts.length; line++) {
        const breakAt = (lineStarts[line + 1] ?? text.length + 1) - 1;
        if (breakAt >= start && breakAt < end) blocked.add(line);
      }
    },
  });
  const safe = new Set<number>();
  for (let line = 0; line < lineStarts.length - 1; line++) if (!blocked.has(line)) safe.add(line);
  return safe;
}
