import { type AnyToken, type Comment, LineIndex, visitTokens } from "@mailroom/syntax";
import {
  type Alias,
  Composer,
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
import type {
  AliasNode,
  Entry,
  Gap,
  LayoutDocument,
  LayoutNode,
  MapNode,
  ScalarForm,
  ScalarNode,
  SeqNode,
} from "./tree.js";

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
      /** Every comment, in order. */
      readonly comments: readonly Comment[];
      /** Where each entry read starts: its key, or its dash. */
      readonly starts: ReadonlyMap<Entry, number>;
    }
  /** A construct the formatter does not lay out, and where it starts. */
  | { readonly unsupported: string; readonly at: number };

/**
 * Reads a YAML text without syntax errors (`parseYaml` has said so, and given its `comments`) into a layout tree,
 * with every comment attached to the entry or block it belongs to: a comment at the end of a line to what precedes it on that line,
 * a comment on its own line to the entry after it or, when it is indented at least as deep as a block that ends
 * there, to the end of that block.
 */
export function readLayout(text: string, comments: readonly Comment[]): ReadResult {
  const tokens = [...new Parser().parse(text)];
  const dashes: number[] = [];
  let documentStart: number | undefined;
  visitTokens(tokens, (token) => {
    if (token.type === "seq-item-ind") dashes.push(token.offset);
    else if (token.type === "doc-start") documentStart ??= token.offset;
  });
  dashes.sort((a, b) => a - b);
  const document = [...new Composer(COMPOSER_OPTIONS).compose(tokens, true, text.length)][0];
  // `parseYaml` has found no error, so the `yaml` package, which the layout is read with, should find none either.
  const error = document?.errors[0];
  if (error)
    return { unsupported: `YAML the "yaml" package cannot read (${error.message.split("\n")[0]})`, at: error.pos[0] };
  if (!document || document.contents === null) return { unsupported: "a document without a value", at: 0 };

  // Lines as the YAML reader sees them: a lone CR is content there, not a line break (same length, same offsets).
  const lines = new LineIndex(text.replace(/\r(?!\n)/g, " "));
  const reader = new Reader(text, lines, dashes);

  // Directives and `---` are kept as written, with the comments among them.
  const prologue: string[] = [];
  let prologueEnd = 0;
  // (Directives without `---` are an error, so `---` is there when they are.)
  if (documentStart !== undefined) {
    const line = lines.position(documentStart).line;
    const end = line < lines.lineCount ? lines.offset({ line: line + 1, column: 1 }) : text.length;
    const rest = text.slice(documentStart + 3, end).trim();
    // Content on the `---` line (`--- !!map`, `--- |`) starts the root, which is printed on the next line.
    prologueEnd = rest === "" || rest.startsWith("#") ? end : documentStart + 3;
    for (const written of text.slice(0, prologueEnd).split(/\r?\n/)) {
      const trimmed = written.trimEnd();
      if (trimmed !== "" || (prologue.length > 0 && prologue.at(-1) !== "")) prologue.push(trimmed);
    }
    while (prologue.at(-1) === "") prologue.pop();
  }

  const contents = document.contents as ParsedNode;
  const root = reader.node(contents, undefined, false, 0);
  const single = isSingle(root) ? reader.single(root, contents) : undefined;
  for (const comment of comments) {
    if (comment.span.offset < prologueEnd) continue;
    reader.attach(comment, root, single);
  }
  reader.finishBlanks();
  if (single && single.entry.before.length > 0 && reader.blankBefore(single.start)) {
    single.entry.before.push({ kind: "blank" });
  }
  return {
    document: { root, prologue, ...(single ? { single: { entry: single.entry, after: single.after } } : {}) },
    comments,
    starts: new Map(reader.placed.map((placed) => [placed.entry, placed.start])),
  };
}

/** A root that is one value, with no entry to hold the comments around it. */
const isSingle = (root: LayoutNode): boolean =>
  root.kind === "scalar" || root.kind === "alias" || (root.kind === "map" ? root.entries : root.items).length === 0;

/** The comments around a root that is one value, as they are read. */
interface Single {
  readonly entry: Entry;
  readonly start: number;
  readonly after: Gap[];
}

/** The index of the first item starting after the offset, in items sorted by their `start`. */
function indexAfter<T>(items: readonly T[], offset: number, start: (item: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (start(items[mid] as T) > offset) high = mid;
    else low = mid + 1;
  }
  return low;
}

const placedStart = (placed: Placed) => placed.start;

const firstAfter = (entries: readonly Placed[], offset: number): Placed | undefined =>
  entries[indexAfter(entries, offset, placedStart)];

/** Where the tag or anchor of a pair's key starts (before the key's own range), when it has one. */
function propertiesStart(pair: unknown): number | undefined {
  const start = (pair as { srcToken?: { start?: readonly AnyToken[] } }).srcToken?.start;
  return start?.find((token) => token.type === "tag" || token.type === "anchor")?.offset;
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
        const keyStart = propertiesStart(pair) ?? (key ? key.range[0] : (pair.value?.range[0] ?? start));
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
    const tag = tagText(node.tag);
    // A tagged key is kept as written, as a tagged value is: its tag may read the text otherwise than quoting would.
    const text = tag === undefined ? undefined : this.verbatim(scalarNode);
    const form: ScalarForm = text === undefined ? { kind: "string" } : { kind: "verbatim", text, indent: 0 };
    return {
      kind: "scalar",
      value,
      form,
      ...(anchor === undefined ? {} : { anchor }),
      ...(tag === undefined ? {} : { tag }),
    };
  }

  scalar(node: Scalar.Parsed, properties: object, column: number): ScalarNode {
    const [start, valueEnd] = node.range;
    const value = node.value;
    const text = this.verbatim(node);
    const source = text === undefined ? undefined : { text, indent: column };
    const base = { kind: "scalar" as const, ...properties, ...(source === undefined ? {} : { source }) };
    // Kept as written when it can be; otherwise printed from its value.
    const kept: ScalarForm = source === undefined ? { kind: "string" } : { kind: "verbatim", ...source };
    if (node.tag !== undefined) {
      return { ...base, value: typeof value === "string" ? value : String(node.source), form: kept };
    }
    if (typeof value === "string") return { ...base, value, form: { kind: "string" } };
    if (value === null || typeof value === "number" || typeof value === "boolean") {
      return { ...base, value, form: { kind: "plain", source: this.#text.slice(start, valueEnd) } };
    }
    return { ...base, value: String(node.source), form: kept };
  }

  /**
   * The scalar's text as written, without the comment after a block scalar's header; undefined when it cannot be
   * kept as written: a text ending with a lone CR, which the line break printed after it would make a CRLF.
   */
  verbatim(node: Scalar.Parsed): string | undefined {
    const [start, valueEnd] = node.range;
    const token = node.srcToken;
    let written = this.#text.slice(start, valueEnd);
    if (token?.type === "block-scalar") {
      const header = (token.props as AnyToken[]).find((prop) => prop.type === "block-scalar-header")?.source ?? "|";
      const content = token.source.replace(/\r?\n$/, "");
      written = content === "" ? header : `${header}\n${content}`;
    }
    // Only CRLF is a line break here: a lone CR is content to the YAML reader, so it stays as it is.
    const text = written.replaceAll("\r\n", "\n");
    return text.endsWith("\r") ? undefined : text;
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

  /** The comments around a root that is one value: its line ends where a value's or a block scalar's header's does. */
  single(root: LayoutNode, node: ParsedNode): Single {
    const entry: Entry = { value: root, before: [] };
    const [start, end] = node.range;
    const isBlockScalar = isScalar(node) && (node.type === "BLOCK_FOLDED" || node.type === "BLOCK_LITERAL");
    this.markers.push(isBlockScalar ? { offset: start, entry, kind: "head" } : { offset: end, entry, kind: "value" });
    return { entry, start, after: [] };
  }

  attach(comment: Comment, root: LayoutNode, single: Single | undefined): void {
    this.sort();
    const { offset } = comment.span;
    const line = this.line(offset);
    if (!this.startsLine(offset)) {
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
    } else if (single) (offset < single.start ? single.entry.before : single.after).push(...gaps);
    else if (root.kind === "map" || root.kind === "seq") root.end.push(...gaps);
  }

  /**
   * Marks an entry start: its blank line before, after the comments attached to it. Only an entry that starts its
   * line has one: the blank line above `- key: value` is the item's, not also its first key's.
   */
  finishBlanks(): void {
    for (const placed of this.placed) {
      if (placed.collection.flow || !this.startsLine(placed.start)) continue;
      if (this.blankBefore(placed.start)) placed.entry.before.push({ kind: "blank" });
    }
  }

  /** Whether only blanks come before the offset on its line. */
  startsLine(offset: number): boolean {
    const lineStart = this.#lines.offset({ line: this.line(offset), column: 1 });
    return this.#text.slice(lineStart, offset).trim() === "";
  }

  lastMarker(offset: number): Marker | undefined {
    return this.markers[indexAfter(this.markers, offset, (marker) => marker.offset) - 1];
  }

  firstPlacedAfter(offset: number): number {
    return indexAfter(this.placed, offset, placedStart);
  }

  /**
   * The innermost flow collection whose brackets hold the offset: of the flow collections starting before it,
   * the last one, or the first of its ancestors, that ends after it (a flow collection only holds flow ones).
   */
  flowAround(offset: number): Collection | undefined {
    const last = this.flows[indexAfter(this.flows, offset, (flow) => flow.start) - 1];
    for (let c = last; c?.flow; c = c.parent) if (c.end > offset) return c;
    return undefined;
  }
}
