import { LineIndex } from "@mailroom/syntax";
import {
  type Alias,
  Composer,
  type CST,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type ParsedNode,
  Parser,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import type { AliasNode, Entry, Gap, LayoutDocument, LayoutNode, MapNode, ScalarNode, SeqNode } from "./tree.js";

/** The reading options of `@mailroom/syntax`'s YAML reader, so that both see the same values. */
const COMPOSER_OPTIONS = {
  schema: "core",
  merge: false,
  resolveKnownTags: false,
  uniqueKeys: false,
  keepSourceTokens: true,
} as const;

const CORE_TAG = "tag:yaml.org,2002:";

/** A collection as read, with what attaching comments needs. */
interface Collection {
  readonly node: MapNode | SeqNode;
  readonly parent: Collection | undefined;
  readonly flow: boolean;
  readonly start: number;
  readonly end: number;
  /** Column of its entries (of its start when it has none). */
  column: number;
  readonly entries: Placed[];
}

/** An entry as read: where it starts, where its value starts, and its collection. */
interface Placed {
  readonly entry: Entry;
  readonly start: number;
  readonly valueStart: number;
  readonly collection: Collection;
  /** Whether its value is a block collection (comments before its first entry belong to that entry). */
  readonly blockValue: boolean;
}

/** A place a trailing comment can follow on its line. */
interface Marker {
  readonly offset: number;
  readonly entry: Entry;
  /** `value`: after the entry's value (its `comment`); `head`: after its key, dash or opening bracket. */
  readonly kind: "value" | "head";
}

export type ReadResult =
  | {
      readonly document: LayoutDocument;
      /** The text of every comment, in order. */
      readonly comments: readonly string[];
    }
  | { readonly unsupported: string };

/**
 * Reads a YAML text without syntax errors (`parseYaml` has said so) into a layout tree, with every comment
 * attached to the entry or block it belongs to: a comment at the end of a line to what precedes it on that line,
 * a comment on its own line to the entry after it or, when it is indented at least as deep as a block that ends
 * there, to the end of that block.
 */
export function readLayout(text: string): ReadResult {
  const tokens = [...new Parser().parse(text)];
  const comments: { offset: number; text: string }[] = [];
  const dashes: number[] = [];
  let documentStart: number | undefined;
  let directives = false;
  collectTokens(tokens, (token) => {
    if (token.type === "comment") comments.push({ offset: token.offset, text: token.source.trimEnd() });
    else if (token.type === "seq-item-ind") dashes.push(token.offset);
    else if (token.type === "doc-start") documentStart ??= token.offset;
    else if (token.type === "directive") directives = true;
  });
  comments.sort((a, b) => a.offset - b.offset);
  dashes.sort((a, b) => a - b);
  const document = [...new Composer(COMPOSER_OPTIONS).compose(tokens, true, text.length)][0];
  if (!document || document.contents === null) return { unsupported: "an empty document" };
  if (document.errors.length > 0) return { unsupported: "YAML the reader reports errors in" };

  const lines = new LineIndex(text);
  const reader = new Reader(text, lines, dashes);

  // Directives and `---` are kept as written, with the comments among them.
  const prologue: string[] = [];
  let prologueEnd = 0;
  if (documentStart !== undefined || directives) {
    if (documentStart === undefined) return { unsupported: "directives without a `---` line" };
    const line = lines.position(documentStart).line;
    const end = lines.offset({ line: line + 1, column: 1 });
    const rest = text.slice(documentStart + 3, line < lines.lineCount ? end : text.length).trim();
    if (rest !== "" && !rest.startsWith("#")) return { unsupported: "content on the `---` line" };
    prologueEnd = line < lines.lineCount ? end : text.length;
    for (const written of text.slice(0, prologueEnd).split(/\r?\n/)) {
      const trimmed = written.trimEnd();
      if (trimmed !== "" || (prologue.length > 0 && prologue.at(-1) !== "")) prologue.push(trimmed);
    }
    while (prologue.at(-1) === "") prologue.pop();
  }

  const root = reader.node(document.contents as ParsedNode, undefined, false, 0);
  const before: Gap[] = [];
  const after: Gap[] = [];
  for (const comment of comments) {
    if (comment.offset < prologueEnd) continue;
    reader.attach(comment, root, before, after);
  }
  reader.finishBlanks();
  if (root.kind === "scalar" || root.kind === "alias") {
    if (before.length > 0 || after.length > 0) return { unsupported: "comments around a document that is one value" };
  }
  return { document: { root, prologue }, comments: comments.map((comment) => comment.text) };
}

/** The index of the first entry starting after the offset, in entries sorted by start. */
function indexAfter(entries: readonly Placed[], offset: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((entries[mid] as Placed).start > offset) high = mid;
    else low = mid + 1;
  }
  return low;
}

const firstAfter = (entries: readonly Placed[], offset: number): Placed | undefined =>
  entries[indexAfter(entries, offset)];

/** Calls `visit` on every token of a CST, however deep. */
interface AnyToken {
  readonly type: string;
  readonly offset: number;
  readonly source: string;
}

function collectTokens(tokens: readonly CST.Token[], visit: (token: AnyToken) => void): void {
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      stack.push(...item);
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    const token = item as Record<string, unknown>;
    if (typeof token.type === "string" && typeof token.source === "string" && typeof token.offset === "number") {
      visit(token as unknown as AnyToken);
    }
    for (const key of ["start", "key", "sep", "value", "end", "items", "props"]) {
      const child = token[key];
      if (child !== undefined && child !== null && typeof child === "object") stack.push(child);
    }
  }
}

function tagText(tag: string | undefined): string | undefined {
  if (tag === undefined) return undefined;
  if (tag.startsWith(CORE_TAG)) return `!!${tag.slice(CORE_TAG.length)}`;
  return tag.startsWith("!") ? tag : `!<${tag}>`;
}

class Reader {
  readonly placed: Placed[] = [];
  readonly markers: Marker[] = [];
  readonly flows: Collection[] = [];
  readonly #text: string;
  readonly #lines: LineIndex;
  readonly #dashes: readonly number[];
  /** Collection of each layout collection, for comments at the end of a block. */
  readonly #collections = new Map<MapNode | SeqNode, Collection>();
  #sorted = false;

  constructor(text: string, lines: LineIndex, dashes: readonly number[]) {
    this.#text = text;
    this.#lines = lines;
    this.#dashes = dashes;
  }

  column(offset: number): number {
    return this.#lines.position(offset).column - 1;
  }

  line(offset: number): number {
    return this.#lines.position(offset).line;
  }

  /** Builds the layout node of a `yaml` node. `shared`: inside an anchored node. `column`: its entry's column. */
  node(node: ParsedNode, parent: Collection | undefined, shared: boolean, column: number): LayoutNode {
    if (isAlias(node)) return { kind: "alias", name: (node as Alias.Parsed).source };
    const anchor = node.anchor || undefined;
    const tag = tagText(node.tag);
    const inside = shared || anchor !== undefined;
    const properties = {
      ...(anchor === undefined ? {} : { anchor }),
      ...(tag === undefined ? {} : { tag }),
      ...(inside ? { shared: true } : {}),
    };
    if (isScalar(node)) return this.scalar(node as Scalar.Parsed, properties, column);
    const [start, end] = node.range;
    const flow = (node as YAMLMap.Parsed | YAMLSeq.Parsed).flow === true;
    const layout: MapNode | SeqNode = isMap(node)
      ? { kind: "map", entries: [], end: [], ...properties }
      : { kind: "seq", items: [], end: [], ...properties };
    const collection: Collection = {
      node: layout,
      parent,
      flow,
      start,
      end,
      column: this.column(start),
      entries: [],
    };
    this.#collections.set(layout, collection);
    if (flow) this.flows.push(collection);
    if (isMap(node)) {
      for (const pair of (node as YAMLMap.Parsed).items) {
        const key = pair.key as ParsedNode | null;
        const keyStart = key ? key.range[0] : (pair.value?.range[0] ?? start);
        const keyNode = key ? this.key(key) : ({ kind: "scalar", value: "", form: { kind: "string" } } as ScalarNode);
        const keyColumn = this.column(keyStart);
        const value = pair.value as ParsedNode | null;
        const built = value
          ? this.node(value, collection, inside, keyColumn)
          : ({ kind: "scalar", value: null, form: { kind: "plain", source: "" } } as ScalarNode);
        const entry: Entry = { key: keyNode, value: built, before: [] };
        (layout as MapNode).entries.push(entry);
        this.place(entry, collection, keyStart, value, key ? key.range[1] : keyStart);
      }
    } else {
      for (const item of (node as YAMLSeq.Parsed).items as (ParsedNode | null)[]) {
        const valueStart = item ? item.range[0] : end;
        const dash = flow ? valueStart : this.dashBefore(valueStart);
        const built = item
          ? this.node(item, collection, inside, this.column(dash))
          : ({ kind: "scalar", value: null, form: { kind: "plain", source: "" } } as ScalarNode);
        const entry: Entry = { value: built, before: [] };
        (layout as SeqNode).items.push(entry);
        this.place(entry, collection, dash, item, flow ? dash : dash + 1);
      }
    }
    const first = collection.entries[0];
    if (first) collection.column = this.column(first.start);
    return layout;
  }

  key(node: ParsedNode): ScalarNode | AliasNode {
    if (isAlias(node)) return { kind: "alias", name: (node as Alias.Parsed).source };
    const scalarNode = node as Scalar.Parsed;
    // Like the DSL reader: a plain key is its text as written (`007:` is "007").
    const value = scalarNode.type === "PLAIN" ? String(scalarNode.source) : String(scalarNode.value);
    const anchor = node.anchor || undefined;
    return { kind: "scalar", value, form: { kind: "string" }, ...(anchor === undefined ? {} : { anchor }) };
  }

  scalar(node: Scalar.Parsed, properties: object, column: number): ScalarNode {
    const [start, valueEnd] = node.range;
    const value = node.value;
    const source = { text: this.verbatim(node), indent: column };
    const base = { kind: "scalar" as const, ...properties, source };
    if (node.tag !== undefined) {
      return {
        ...base,
        value: typeof value === "string" ? value : String(node.source),
        form: { kind: "verbatim", ...source },
      };
    }
    if (typeof value === "string") return { ...base, value, form: { kind: "string" } };
    if (value === null || typeof value === "number" || typeof value === "boolean") {
      return { ...base, value, form: { kind: "plain", source: this.#text.slice(start, valueEnd) } };
    }
    return { ...base, value: String(node.source), form: { kind: "verbatim", ...source } };
  }

  /** The scalar's text as written, without the comment after a block scalar's header. */
  verbatim(node: Scalar.Parsed): string {
    const [start, valueEnd] = node.range;
    const token = node.srcToken;
    if (token?.type === "block-scalar") {
      const header = (token.props as AnyToken[]).find((prop) => prop.type === "block-scalar-header")?.source ?? "|";
      const content = token.source.endsWith("\n") ? token.source.slice(0, -1) : token.source;
      return content === "" ? header : `${header}\n${content}`;
    }
    return this.#text.slice(start, valueEnd).replace(/\r\n?/g, "\n");
  }

  /** The offset of the dash of the block sequence item whose value starts at `valueStart`. */
  dashBefore(valueStart: number): number {
    const dashes = this.#dashes;
    let low = 0;
    let high = dashes.length - 1;
    let found = valueStart;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const dash = dashes[mid] as number;
      if (dash < valueStart) {
        found = dash;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  place(entry: Entry, collection: Collection, start: number, value: ParsedNode | null, headEnd: number): void {
    const valueStart = value ? value.range[0] : headEnd;
    const blockValue = value !== null && (isMap(value) || isSeq(value)) && !(value as YAMLMap.Parsed).flow;
    const placed = { entry, start, valueStart, collection, blockValue };
    this.placed.push(placed);
    collection.entries.push(placed);
    this.markers.push({ offset: headEnd, entry, kind: "head" });
    if (!value) return;
    const isBlockScalar = isScalar(value) && (value.type === "BLOCK_FOLDED" || value.type === "BLOCK_LITERAL");
    if (isBlockScalar) this.markers.push({ offset: value.range[0], entry, kind: "head" });
    else if (isMap(value) || isSeq(value)) {
      if ((value as YAMLMap.Parsed).flow) {
        this.markers.push({ offset: value.range[0] + 1, entry, kind: "head" });
        this.markers.push({ offset: value.range[1], entry, kind: "value" });
      }
    } else this.markers.push({ offset: value.range[1], entry, kind: "value" });
  }

  sort(): void {
    if (this.#sorted) return;
    this.#sorted = true;
    this.placed.sort((a, b) => a.start - b.start);
    this.markers.sort((a, b) => a.offset - b.offset || (a.kind === b.kind ? 0 : a.kind === "value" ? 1 : -1));
    this.flows.sort((a, b) => a.start - b.start);
  }

  blankBefore(offset: number): boolean {
    const line = this.line(offset);
    if (line <= 1) return false;
    return this.#lines.lineText(line - 1).trim() === "";
  }

  attach(comment: { offset: number; text: string }, root: LayoutNode, before: Gap[], after: Gap[]): void {
    this.sort();
    const { offset } = comment;
    const line = this.line(offset);
    const lineStart = this.#lines.offset({ line, column: 1 });
    if (this.#text.slice(lineStart, offset).trim() !== "") {
      const marker = this.lastMarker(offset);
      if (marker && this.line(marker.offset) === line) {
        const entry = marker.entry;
        if (marker.kind === "value" && entry.comment === undefined) {
          entry.comment = comment.text;
          return;
        }
        if (marker.kind === "head" && entry.headComments === undefined) {
          entry.headComments = [comment.text];
          return;
        }
      }
    }
    const column = this.column(offset);
    const nextIndex = this.firstPlacedAfter(offset);
    const next = this.placed[nextIndex];
    const previous = this.placed[nextIndex - 1];
    // Between a key (or dash) and its value on a later line: the comment comes before the value's first entry,
    // or belongs to the entry's head when the value has no entries.
    if (previous && !previous.blockValue && previous.valueStart > offset) {
      const value = previous.entry.value;
      const first = value.kind === "map" || value.kind === "seq" ? this.#collections.get(value)?.entries[0] : undefined;
      if (first) first.entry.before.push({ kind: "comment", text: comment.text });
      else previous.entry.headComments = [...(previous.entry.headComments ?? []), comment.text];
      return;
    }
    const inFlow = this.flowAround(offset);
    if (inFlow) {
      const gap: Gap = { kind: "comment", text: comment.text };
      const next = firstAfter(inFlow.entries, offset);
      if (next) next.entry.before.push(gap);
      else inFlow.node.end.push(gap);
      return;
    }
    const gap: Gap = { kind: "comment", text: comment.text };
    const gaps: Gap[] = this.blankBefore(offset) ? [{ kind: "blank" }, gap] : [gap];
    const keep = new Set<Collection>();
    for (let c = next?.collection; c; c = c.parent) keep.add(c);
    for (let c = previous?.collection; c && !keep.has(c); c = c.parent) {
      if (!c.flow && c.column <= column) {
        c.node.end.push(...gaps);
        return;
      }
    }
    if (next) {
      // Less indented than the entry after it: an annotation of the line above, which keeps its column.
      const outdented = column < this.column(next.start) ? { column } : {};
      next.entry.before.push(...gaps.map((g) => (g.kind === "comment" ? { ...g, ...outdented } : g)));
    } else if (root.kind === "map" || root.kind === "seq") root.end.push(...gaps);
    else (previous ? after : before).push(...gaps);
  }

  /** Marks an entry start: its blank line before, after the comments attached to it. */
  finishBlanks(): void {
    for (const placed of this.placed) {
      if (!placed.collection.flow && this.blankBefore(placed.start)) placed.entry.before.push({ kind: "blank" });
    }
  }

  lastMarker(offset: number): Marker | undefined {
    const markers = this.markers;
    let low = 0;
    let high = markers.length - 1;
    let found: Marker | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const marker = markers[mid] as Marker;
      if (marker.offset <= offset) {
        found = marker;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  firstPlacedAfter(offset: number): number {
    return indexAfter(this.placed, offset);
  }

  /**
   * The innermost flow collection whose brackets hold the offset: of the flow collections starting before it,
   * the last one, or the first of its ancestors, that ends after it (a flow collection only holds flow ones).
   */
  flowAround(offset: number): Collection | undefined {
    const flows = this.flows;
    let low = 0;
    let high = flows.length - 1;
    let last: Collection | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const flow = flows[mid] as Collection;
      if (flow.start <= offset) {
        last = flow;
        low = mid + 1;
      } else high = mid - 1;
    }
    for (let c = last; c?.flow; c = c.parent) if (c.end > offset) return c;
    return undefined;
  }
}
