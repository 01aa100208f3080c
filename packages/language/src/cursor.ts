import type { SourceDocument } from "@mailroom/compiler";
import {
  type PathSegment,
  type PropertyNode,
  propertyOf,
  type ScalarNode,
  type Span,
  type SyntaxNode,
  walkPath,
} from "@mailroom/syntax";
import { scanFlow } from "./cursor-flow.js";
import type { ParsedDocument } from "./document.js";

/**
 * What a block-YAML cursor reads of a document: its text, and its parse's tree and comments. A service document
 * is one; so is a service's test file, which is not compiled.
 */
export interface YamlText {
  readonly text: string;
  readonly source: Pick<SourceDocument, "tree" | "comments">;
}

/**
 * Where the cursor is in the structure of a document, worked out from the text around it so that it also
 * works on text that does not parse: the path of keys and indexes from the file's root, whether a key or a
 * value is being typed, and the word being typed.
 */
export interface Cursor {
  /** The path of the object whose key is typed, or of the value typed. */
  readonly path: readonly PathSegment[];
  readonly isKey: boolean;
  /** The word being typed, up to the end of the word (what a completion replaces). */
  readonly word: Span;
  /** The part of the word before the cursor. */
  readonly prefix: string;
  /** Inside a quoted string (JSON keys and values, quoted YAML values). */
  readonly quote: '"' | "'" | undefined;
  /** Keys already written in the object (key position). */
  readonly present: ReadonlySet<string>;
  /** Discriminator values written in the objects of the path, by depth (from the scan or the tree). */
  tagAt(depth: number, discriminator: string): unknown;
}

/** Per-document values derived once per version (the document is immutable, so a weak map is enough). */
const memos = new WeakMap<ParsedDocument, Map<string, unknown>>();

export function memo<T>(doc: ParsedDocument, key: string, compute: () => T): T {
  let table = memos.get(doc);
  if (!table) {
    table = new Map();
    memos.set(doc, table);
  }
  if (!table.has(key)) table.set(key, compute());
  return table.get(key) as T;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_@.\-/+]/.test(c);

/** The end of the word the cursor is in, for the span a completion replaces. */
function wordEnd(text: string, offset: number, quote: string | undefined): number {
  let end = offset;
  if (quote) {
    while (end < text.length && text[end] !== quote && text[end] !== "\n") end++;
  } else {
    while (isWordChar(text[end])) end++;
  }
  return end;
}

/** The discriminator written in the tree's object at a path prefix. */
export function treeTag(doc: YamlText, path: readonly PathSegment[], depth: number, discriminator: string): unknown {
  const root = doc.source.tree();
  if (!root) return undefined;
  const trail = walkPath(root, path.slice(0, depth));
  const node = trail.length === depth + 1 ? trail[depth]?.node : undefined;
  if (node?.kind !== "object") return undefined;
  const value = propertyOf(node, discriminator)?.value;
  return value?.kind === "scalar" ? value.value : undefined;
}

/**
 * The innermost object or array of the tree that holds the offset strictly inside its brackets: the scan of a
 * JSON cursor starts there instead of at the top of the file, so that it costs the size of that container.
 */
function containerAt(root: SyntaxNode | undefined, offset: number): { path: PathSegment[]; start: number } {
  const path: PathSegment[] = [];
  const inside = (span: Span) => offset > span.offset && offset < span.offset + span.length;
  if (!root || root.kind === "scalar" || !inside(root.span)) return { path, start: 0 };
  let node: SyntaxNode = root;
  for (;;) {
    let next: SyntaxNode | undefined;
    let segment: PathSegment | undefined;
    if (node.kind === "object") {
      const property: PropertyNode | undefined = node.properties.find(
        (p) => p.value.kind !== "scalar" && inside(p.value.span),
      );
      next = property?.value;
      segment = property?.key;
    } else if (node.kind === "array") {
      const index = node.items.findIndex((item) => item.kind !== "scalar" && inside(item.span));
      next = node.items[index];
      segment = index;
    }
    if (!next || segment === undefined) return { path, start: node.span.offset };
    path.push(segment);
    node = next;
  }
}

/** The cursor in a JSON file: a scan of the text before it, from the innermost container the tree knows. */
export function jsonCursor(doc: ParsedDocument, offset: number): Cursor {
  const anchor = containerAt(doc.source.tree(), offset);
  const scan = scanFlow(doc.text, anchor.start, offset, false);
  const path: PathSegment[] = [...anchor.path];
  scan.frames.forEach((frame, i) => {
    if (frame.kind === "array") path.push(frame.index);
    else if (i < scan.frames.length - 1 || !scan.isKey) path.push(frame.key ?? "");
  });
  const inner = scan.frames.at(-1);
  const present = new Set(inner?.kind === "object" ? inner.keys : []);
  const end = wordEnd(doc.text, offset, scan.quote);
  // Keys after the cursor are in the tree when the text parses around it.
  if (scan.isKey) addTreeKeys(doc, path, present);
  const objectDepths = new Map<number, Map<string, string>>();
  let depth = anchor.path.length;
  for (const [i, frame] of scan.frames.entries()) {
    if (frame.kind === "object") objectDepths.set(depth, frame.scalars);
    if (frame.kind === "array" || i < scan.frames.length - 1 || !scan.isKey) depth++;
  }
  return {
    path,
    isKey: scan.isKey,
    word: { offset: scan.wordStart, length: end - scan.wordStart },
    prefix: doc.text.slice(scan.wordStart, offset),
    quote: scan.quote,
    present,
    tagAt: (d, discriminator) => objectDepths.get(d)?.get(discriminator) ?? treeTag(doc, path, d, discriminator),
  };
}

function addTreeKeys(doc: YamlText, path: readonly PathSegment[], present: Set<string>): void {
  const root = doc.source.tree();
  if (!root) return;
  const trail = walkPath(root, path);
  const node = trail.length === path.length + 1 ? trail.at(-1)?.node : undefined;
  if (node?.kind === "object") for (const property of node.properties) present.add(property.key);
}

/** One line of block YAML: its dashes, its key and where the value starts. */
interface LineHead {
  /** First non-blank column; -1 for a blank or comment line. */
  readonly content: number;
  /** Columns of the `- ` sequence entries that open the line. */
  readonly dashes: readonly number[];
  /** Column of what follows the dashes. */
  readonly body: number;
  readonly key: string | undefined;
  /** Column of the key's colon. */
  readonly colon: number;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\-?:,][^#]*?|-[^\s#][^#]*?)[ \t]*:(?=\s|$)/;

function unquoteKey(key: string): string {
  if (key.startsWith('"')) {
    try {
      return JSON.parse(key) as string;
    } catch {
      return key.slice(1, -1);
    }
  }
  return key.startsWith("'") ? key.slice(1, -1).replaceAll("''", "'") : key;
}

function lineHead(line: string): LineHead {
  let i = 0;
  while (line[i] === " ") i++;
  if (i >= line.length || line[i] === "#") return { content: -1, dashes: [], body: -1, key: undefined, colon: -1 };
  const content = i;
  const dashes: number[] = [];
  while (line[i] === "-" && (line[i + 1] === " " || line[i + 1] === undefined)) {
    dashes.push(i);
    i++;
    while (line[i] === " ") i++;
  }
  const match = KEY.exec(line.slice(i));
  return {
    content,
    dashes,
    body: i,
    key: match ? unquoteKey(match[1] as string) : undefined,
    colon: match ? i + (match[0] as string).length - 1 : -1,
  };
}

/**
 * The cursor in block YAML, from indentation: the keys of the lines above with less indentation are the path;
 * `- ` entries add indexes (counted upwards). On the cursor's line, a flow collection is scanned as JSON-like.
 */
export function yamlCursor(doc: YamlText, offset: number): Cursor | undefined {
  const text = doc.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  let lineEnd = text.indexOf("\n", offset);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd).replace(/\r$/, "");
  const column = offset - lineStart;
  // In a comment (one runs to the end of its line): nothing to complete.
  if (doc.source.comments.some((comment) => comment.span.offset >= lineStart && comment.span.offset < offset))
    return undefined;
  const head = lineHead(line);
  const blank = head.content < 0 || head.content >= column;
  // On a blank line (or before the text), the cursor's column is the indentation of what is typed.
  const body = blank ? column : head.body;
  const dashes = blank ? [] : head.dashes.filter((d) => d < column);
  const path: PathSegment[] = [];
  let isKey = true;
  let wordStart = blank ? offset : lineStart + body;
  let quote: '"' | "'" | undefined;
  const tags = new Map<number, Map<string, string>>();
  let present = new Set<string>();
  const tail: PathSegment[] = [];

  if (!blank && head.key !== undefined && column > head.colon) {
    // After `key:`: the value. A flow collection there is scanned like JSON.
    isKey = false;
    tail.push(head.key);
    let valueStart = head.colon + 1;
    while (line[valueStart] === " ") valueStart++;
    wordStart = lineStart + Math.min(valueStart, column);
    if (line[valueStart] === "{" || line[valueStart] === "[") {
      const flow = flowTail(text, lineStart + valueStart, offset, tail, tags);
      isKey = flow.isKey;
      wordStart = flow.wordStart;
      quote = flow.quote;
      present = flow.present;
    } else if (line[valueStart] === '"' || line[valueStart] === "'") {
      quote = line[valueStart] as '"' | "'";
      wordStart = lineStart + valueStart + 1;
    }
  } else if (!blank && (line[body] === "{" || line[body] === "[")) {
    const flow = flowTail(text, lineStart + body, offset, tail, tags);
    isKey = flow.isKey;
    wordStart = flow.wordStart;
    quote = flow.quote;
    present = flow.present;
  } else if (
    !blank &&
    head.key === undefined &&
    dashes.length > 0 &&
    !/^[A-Za-z0-9_@"'-]*$/.test(line.slice(body, column))
  ) {
    return undefined;
  } else if (!blank && head.key === undefined && dashes.length > 0) {
    // `- word`: a scalar item or the first key of a mapping item; both are offered.
    wordStart = lineStart + body;
  }

  // The block structure above the line.
  const lines = lineScanner(text, lineStart);
  let indent = body;
  let inSequence = false;
  let count = 0;
  const enterItemOf = (dash: number) => {
    inSequence = true;
    indent = dash;
    count = 1;
  };
  for (let d = dashes.length - 1; d >= 0; d--) {
    // The cursor's own line opens sequence items: each dash is an item, counted from the lines above.
    if (d < dashes.length - 1) path.unshift(0);
    enterItemOf(dashes[d] as number);
  }
  if (dashes.length === 0 && isKey && !blank) collectSiblings(text, lineEnd, indent, present, head.key);
  if (dashes.length === 0 && blank) collectSiblings(text, lineEnd, indent, present, undefined);
  let innermost = dashes.length === 0;
  // Up to the root, however many lines that is (a cut-off would lose the path deep in a long file). Deeper
  // lines are skipped without reading them: a cursor at the end of a 50,000-line file walks up in one quick pass.
  for (;;) {
    const previous = lines.previous();
    if (previous === undefined) break;
    if (indentation(text, previous.start, previous.end) > indent) continue;
    const h = lineHead(text.slice(previous.start, previous.end).replace(/\r$/, ""));
    if (h.content < 0) continue;
    if (inSequence) {
      if (h.dashes[0] === indent) {
        count++;
        continue;
      }
      if (h.content > indent) continue;
      path.unshift(count - 1);
      inSequence = false;
      if (h.content === indent && h.key !== undefined && h.dashes.length === 0) {
        // A sequence not indented under its key (`key:` then `- item` at the same column).
        path.unshift(h.key);
        indent = h.content;
        continue;
      }
      if (h.content === indent) break;
    }
    const keyColumn = h.body;
    if (keyColumn === indent && h.key !== undefined && h.content >= indent - 2) {
      if (innermost) present.add(h.key);
      const dash = h.dashes.at(-1);
      if (dash !== undefined) {
        enterItemOf(dash);
        innermost = false;
      }
      continue;
    }
    if (h.content >= indent) continue;
    if (h.key === undefined || keyColumn >= indent) break;
    path.unshift(h.key);
    innermost = false;
    const dash = h.dashes.at(-1);
    if (dash !== undefined) enterItemOf(dash);
    else indent = keyColumn;
  }
  if (inSequence) path.unshift(count - 1);
  if (isKey && innermost && dashes.length === 0) present.delete(head.key ?? "");
  const fullPath = [...path, ...tail];
  const end = wordEnd(text, offset, quote);
  if (isKey && tail.length === 0) addTreeKeys(doc, fullPath, present);
  if (isKey && !blank && head.key !== undefined && column <= head.colon) present.delete(head.key);
  // The word being typed may already read as a key in the tree (a key without its colon yet).
  if (isKey) present.delete(text.slice(wordStart, end));
  return {
    path: fullPath,
    isKey,
    word: { offset: wordStart, length: Math.max(0, end - wordStart) },
    prefix: text.slice(wordStart, offset),
    quote,
    present,
    tagAt: (depth, discriminator) =>
      tags.get(depth - path.length)?.get(discriminator) ?? treeTag(doc, fullPath, depth, discriminator),
  };
}

/** The part of the path inside a flow collection on the cursor's line. */
function flowTail(
  text: string,
  start: number,
  offset: number,
  tail: PathSegment[],
  tags: Map<number, Map<string, string>>,
): { isKey: boolean; wordStart: number; quote: '"' | "'" | undefined; present: Set<string> } {
  const scan = scanFlow(text, start, offset, true);
  const base = tail.length;
  scan.frames.forEach((frame, i) => {
    // Each frame before this one added one segment: the frame is at depth base + i below the block path.
    if (frame.kind === "object") tags.set(base + i, frame.scalars);
    if (frame.kind === "array") tail.push(frame.index);
    else if (i < scan.frames.length - 1 || !scan.isKey) tail.push(frame.key ?? "");
  });
  const inner = scan.frames.at(-1);
  return {
    isKey: scan.isKey,
    wordStart: scan.wordStart,
    quote: scan.quote,
    present: new Set(inner?.kind === "object" ? inner.keys : []),
  };
}

/** Keys at the same indentation below the cursor's line, up to the end of the mapping. */
function collectSiblings(text: string, from: number, indent: number, present: Set<string>, own: string | undefined) {
  let start = from + 1;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    // Deeper lines are skipped without reading them, as on the way up.
    const deeper = indentation(text, start, end) > indent;
    const h = deeper ? undefined : lineHead(text.slice(start, end));
    start = end + 1;
    if (!h || h.content < 0 || h.content > indent) continue;
    if (h.content < indent || h.dashes.length > 0) break;
    if (h.key !== undefined && h.key !== own) present.add(h.key);
  }
}

/** Reads lines backwards from a line start: each line's start and end offsets. */
function lineScanner(text: string, lineStart: number) {
  let start = lineStart;
  return {
    previous(): { start: number; end: number } | undefined {
      if (start <= 0) return undefined;
      const end = start - 1;
      start = text.lastIndexOf("\n", end - 1) + 1;
      return { start, end };
    },
  };
}

/** The number of spaces a line starts with; a blank line counts as infinitely deep (it is skipped). */
function indentation(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  return i >= end || text.charCodeAt(i) === 13 ? Number.POSITIVE_INFINITY : i - start;
}

/** The cursor in a document of either kind. */
export function cursorAt(doc: ParsedDocument, offset: number): Cursor | undefined {
  const at = Math.max(0, Math.min(offset, doc.text.length));
  return doc.source.format === "json" ? jsonCursor(doc, at) : yamlCursor(doc, at);
}

/** The innermost node of the tree at an offset (end inclusive), with the path to it and the key it sits under. */
export interface TreeHit {
  readonly node: SyntaxNode;
  readonly path: readonly PathSegment[];
  /** Set when the offset is on the key of the last path segment rather than in its value. */
  readonly onKey: boolean;
  /** The span of the key of the last path segment. */
  readonly keySpan?: Span;
}

const contains = (span: Span, offset: number) => offset >= span.offset && offset <= span.offset + span.length;

export function nodeAt(root: SyntaxNode | undefined, offset: number): TreeHit | undefined {
  if (!root || !contains(root.span, offset)) return undefined;
  let node = root;
  const path: PathSegment[] = [];
  for (;;) {
    if (node.kind === "object") {
      const property = node.properties.find((p) => contains(p.keySpan, offset) || contains(p.value.span, offset));
      if (!property) return { node, path, onKey: false };
      path.push(property.key);
      if (contains(property.keySpan, offset) && !contains(property.value.span, offset))
        return { node: property.value, path, onKey: true, keySpan: property.keySpan };
      node = property.value;
    } else if (node.kind === "array") {
      const index = node.items.findIndex((item) => contains(item.span, offset));
      if (index < 0) return { node, path, onKey: false };
      path.push(index);
      node = node.items[index] as SyntaxNode;
    } else return { node, path, onKey: false };
  }
}

/** The scalar at an offset, with its path, when the offset is in a scalar value. */
export function scalarAt(
  doc: ParsedDocument,
  offset: number,
): { node: ScalarNode; path: readonly PathSegment[] } | undefined {
  const hit = nodeAt(doc.source.tree(), offset);
  return hit && !hit.onKey && hit.node.kind === "scalar" ? { node: hit.node, path: hit.path } : undefined;
}
