import { BOX, keyOf, type Row, rowOf, SERVICE } from "@mailroom/compiler";
import { type ObjectNode, propertyOf, type Span, type SyntaxNode } from "@mailroom/syntax";
import { lineComment } from "./comments.js";
import type { ParsedDocument } from "./document.js";
import type { DocumentSymbol, FoldingRange } from "./types.js";

/** The offset just after the last character of the span that is not white space (YAML spans may end in blanks). */
function trimmedEnd(text: string, span: Span): number {
  let end = span.offset + span.length;
  while (end > span.offset && /\s/.test(text[end - 1] ?? "")) end--;
  return end;
}

/** From `start` to the end of `node`, blanks at the end left out. */
const extent = (text: string, start: number, node: SyntaxNode): Span => ({
  offset: start,
  length: Math.max(trimmedEnd(text, node.span), start) - start,
});

const stringOf = (node: SyntaxNode | undefined): string | undefined =>
  node?.kind === "scalar" && node.value !== null ? String(node.value) : undefined;

const objectOf = (node: SyntaxNode | undefined): ObjectNode | undefined => (node?.kind === "object" ? node : undefined);

/** An entry of a named collection: its name, where the name is written, its body and its whole extent. */
interface Named {
  readonly name: string;
  readonly selection: Span;
  readonly body: ObjectNode | undefined;
  readonly span: Span;
}

/**
 * The entries of a collection written as a map (names as keys: the DSL) or as a list of objects carrying
 * their name under `nameKey` (the JSON, and the DSL's list form); entries without a name are left out.
 */
function named(text: string, node: SyntaxNode | undefined, nameKey: string): Named[] {
  if (node?.kind === "object") {
    return node.properties.map((p) => ({
      name: p.key,
      selection: p.keySpan,
      body: objectOf(p.value),
      span: extent(text, p.keySpan.offset, p.value),
    }));
  }
  if (node?.kind !== "array") return [];
  return node.items.flatMap((item) => {
    const body = objectOf(item);
    const name = body && propertyOf(body, nameKey);
    const text_ = stringOf(name?.value);
    if (!body || !name || text_ === undefined) return [];
    return [{ name: text_, selection: name.value.span, body, span: extent(text, item.span.offset, item) }];
  });
}

// The keys the outline reads, as the DSL's shape names them in the DSL and in the JSON.
const BOXES = rowOf(SERVICE, "boxes") as Row;
const CHANNELS = rowOf(SERVICE, "channels") as Row;
const TYPE = rowOf(BOX, "type") as Row;
const MAIN = rowOf(BOX, "main") as Row;
const METADATA = rowOf(BOX, "metadata") as Row;
const nameOf = (row: Row): string => row.nameKey as string;

/**
 * The outline of a service file: each service, its boxes (detail: the type, and MAIN), their metadata, and
 * its channels. Read from the syntax tree as written, so it is there while the file does not compile.
 */
export function documentSymbols(document: ParsedDocument): DocumentSymbol[] {
  const root = document.source.tree();
  if (!root) return [];
  const text = document.text;
  const dsl = document.source.format === "dsl";
  const services: ObjectNode[] = [];
  if (root.kind === "array") services.push(...root.items.flatMap((item) => objectOf(item) ?? []));
  else if (root.kind === "object" && !dsl && propertyOf(root, "result")) {
    const list = objectOf(propertyOf(root, "result")?.value);
    const items = list && propertyOf(list, "services")?.value;
    if (items?.kind === "array") services.push(...items.items.flatMap((item) => objectOf(item) ?? []));
  } else if (root.kind === "object") services.push(root);

  return services.map((service, i) => {
    const get = (node: ObjectNode | undefined, key: string) => (node ? propertyOf(node, key)?.value : undefined);
    const keyIn = (row: Row) => keyOf(row, dsl);
    const properties = dsl ? service : objectOf(get(service, "properties"));
    const boxes = named(text, get(properties, keyIn(BOXES)), nameOf(BOXES)).map((box): DocumentSymbol => {
      const type = stringOf(get(box.body, keyIn(TYPE)));
      const main = get(box.body, keyIn(MAIN));
      const isMain = main?.kind === "scalar" && main.value === true;
      const detail = [type, isMain ? "MAIN" : undefined].filter((part) => part !== undefined).join(", ");
      const metadata = named(text, get(box.body, keyIn(METADATA)), nameOf(METADATA)).map(
        (entry): DocumentSymbol => ({
          name: entry.name,
          kind: "metadata",
          span: entry.span,
          selectionSpan: entry.selection,
          children: [],
        }),
      );
      return {
        name: box.name,
        kind: "box",
        ...(detail ? { detail } : {}),
        span: box.span,
        selectionSpan: box.selection,
        children: metadata,
      };
    });
    const channels = named(text, get(properties, keyIn(CHANNELS)), nameOf(CHANNELS)).map(
      (channel): DocumentSymbol => ({
        name: channel.name,
        kind: "channel",
        span: channel.span,
        selectionSpan: channel.selection,
        children: [],
      }),
    );
    const name = get(service, "name");
    const id = stringOf(get(service, "id"));
    return {
      name: stringOf(name) ?? `service ${i + 1}`,
      kind: "service",
      ...(id !== undefined ? { detail: `id ${id}` } : {}),
      span: extent(text, service.span.offset, service),
      selectionSpan: name?.span ?? { offset: service.span.offset, length: 0 },
      children: [...boxes, ...channels],
    };
  });
}

/**
 * Folding ranges: every mapping, sequence and block scalar over several lines (from its key's line, so that
 * the key stays in view), and in the DSL every run of two or more comment lines. In text order.
 */
export function foldingRanges(document: ParsedDocument): FoldingRange[] {
  const text = document.text;
  const lines = document.lines;
  const ranges: FoldingRange[] = [];
  const root = document.source.tree();
  const stack: { node: SyntaxNode; start: number }[] = root ? [{ node: root, start: root.span.offset }] : [];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, start } = entry;
    const foldable = node.kind !== "scalar" || node.style === "literal" || node.style === "folded";
    const end = trimmedEnd(text, node.span) - 1;
    if (foldable && end > start && lines.position(start).line < lines.position(end).line) {
      ranges.push({ start, end });
    }
    if (node.kind === "object") {
      for (const p of node.properties) stack.push({ node: p.value, start: p.keySpan.offset });
    } else if (node.kind === "array") {
      for (const item of node.items) stack.push({ node: item, start: item.span.offset });
    }
  }
  if (document.source.format === "dsl") ranges.push(...commentBlocks(document));
  return ranges.sort((a, b) => a.start - b.start || b.end - a.end);
}

function commentBlocks(document: ParsedDocument): FoldingRange[] {
  const lines = document.lines;
  const blocks: FoldingRange[] = [];
  let first: number | undefined;
  for (let line = 1; line <= lines.lineCount + 1; line++) {
    // The comments the parse saw: a line of a block scalar that starts with "#" is text, not a comment.
    if (lineComment(document, line)) {
      first ??= line;
      continue;
    }
    if (first !== undefined && line - first >= 2) {
      const start = lines.offset({ line: first, column: 1 }) + lines.lineText(first).indexOf("#");
      const last = line - 1;
      const end = lines.offset({ line: last, column: 1 }) + lines.lineText(last).trimEnd().length - 1;
      blocks.push({ start, end, kind: "comment" });
    }
    first = undefined;
  }
  return blocks;
}

/** Whether the offset is inside a scalar, past its first character (a line of a multi-line scalar). */
export function insideScalar(root: SyntaxNode, offset: number): boolean {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (offset <= node.span.offset || offset >= node.span.offset + node.span.length) continue;
    if (node.kind === "scalar") return true;
    if (node.kind === "object") for (const p of node.properties) stack.push(p.value);
    else stack.push(...node.items);
  }
  return false;
}
