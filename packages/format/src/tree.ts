/**
 * The layout tree: a YAML document as the printer sees it. Both the formatter (from a parsed file, comments
 * attached) and the decompiler (from a JSON service) build one; `printLayout` turns it into text. It says what
 * the document holds, never how it is laid out: styles, quoting, flow or block, line breaks are the printer's.
 */
export type LayoutNode = MapNode | SeqNode | ScalarNode | AliasNode;

/** What may come before an entry or at the end of a block: an own-line comment or a blank line. */
export type Gap = CommentGap | { readonly kind: "blank" };

export interface CommentGap {
  readonly kind: "comment";
  /** The comment as written, from `#` to the end of its line, trailing blanks removed. */
  readonly text: string;
  /**
   * Set for a comment written less indented than the entry after it: such a comment annotates the line above
   * (or is a commented-out line) and keeps its column, unless the entry is now printed even less indented.
   */
  readonly column?: number;
}

/** A pair of a mapping (with a key) or an item of a sequence (without). */
export interface Entry {
  readonly key?: ScalarNode | AliasNode;
  value: LayoutNode;
  /** Comments and blank lines on the lines before the entry, in order. */
  readonly before: Gap[];
  /** The comment at the end of the entry's line (after its value when the value is on that line). */
  comment?: string;
  /**
   * Comments after `key:` or `-` when the value starts on a later line: the first at the end of that line, the
   * others on the lines between it and the value.
   */
  headComments?: string[];
}

interface Properties {
  /** `&name` */
  readonly anchor?: string;
  /** A tag as written, such as `!!str`. */
  readonly tag?: string;
  /** Whether this node is an anchor or lies inside one: its text may be reused elsewhere through an alias. */
  readonly shared?: boolean;
}

export interface MapNode extends Properties {
  readonly kind: "map";
  readonly entries: Entry[];
  /** Comments and blank lines after the last entry that belong to this block. */
  readonly end: Gap[];
  /** Always printed in block style (a role the DSL gives the collection: the boxes, a box, its metadata...). */
  block?: boolean;
}

export interface SeqNode extends Properties {
  readonly kind: "seq";
  readonly items: Entry[];
  readonly end: Gap[];
  block?: boolean;
}

/** How a scalar is printed. */
export type ScalarForm =
  /** A string, printed in the canonical style for its text. */
  | { readonly kind: "string" }
  /** A number, boolean or null, printed as written (`0.85`, `true`, `~`, or nothing for `key:`). */
  | { readonly kind: "plain"; readonly source: string }
  /** An expression in its canonical text, printed plain, quoted or folded at its operators. */
  | { readonly kind: "expression"; readonly text: string }
  /**
   * Text kept exactly as written (an expression with errors, a tagged scalar): `text` is the scalar's source,
   * whose lines after the first are re-indented by the change of `indent`, the column of its entry.
   */
  | { readonly kind: "verbatim"; readonly text: string; readonly indent: number };

export interface ScalarNode extends Properties {
  readonly kind: "scalar";
  /** The value the YAML reader gives: keys and strings are strings. */
  readonly value: string | number | boolean | null;
  form: ScalarForm;
  /** The source of the scalar as written, when it comes from a file: used to keep it verbatim. */
  readonly source?: { readonly text: string; readonly indent: number };
}

export interface AliasNode {
  readonly kind: "alias";
  readonly name: string;
}

/** A document: its root, lines that start it (`%` directives, `---`), and what follows the root. */
export interface LayoutDocument {
  readonly root: LayoutNode;
  /** Lines before the root kept as written: directives and the `---` marker, with the comments among them. */
  readonly prologue: readonly string[];
  /**
   * The comments of a root that is one value (a scalar, an alias, an empty collection), which has no entry of its
   * own to hold them: `entry.value` is the root, `entry.before` what precedes it, `entry.comment` (or
   * `entry.headComments`, after a block scalar's header) the end of its line, and `after` what follows it.
   */
  readonly single?: { readonly entry: Entry; readonly after: readonly Gap[] };
}

// Builders, for the decompiler and tests.

export const scalar = (value: string | number | boolean | null): ScalarNode => {
  if (typeof value === "string") return { kind: "scalar", value, form: { kind: "string" } };
  const source = value === null ? "null" : typeof value === "number" ? numberText(value) : String(value);
  return { kind: "scalar", value, form: { kind: "plain", source } };
};

/** The shortest text that YAML reads back as exactly this number, -0 included. */
export const numberText = (n: number): string => (Object.is(n, -0) ? "-0" : String(n));

export const entry = (key: string | undefined, value: LayoutNode, before: Gap[] = []): Entry =>
  key === undefined ? { value, before } : { key: scalar(key), value, before };

export const mapNode = (entries: Entry[], block = false): MapNode => ({ kind: "map", entries, end: [], block });

export const seqNode = (items: LayoutNode[], block = false): SeqNode => ({
  kind: "seq",
  items: items.map((item) => entry(undefined, item)),
  end: [],
  block,
});

/** A JSON value as a layout tree: objects as mappings, arrays as sequences. */
export function fromJson(value: unknown): LayoutNode {
  if (Array.isArray(value)) return seqNode(value.map(fromJson));
  if (value !== null && typeof value === "object") {
    return mapNode(Object.entries(value).map(([key, item]) => entry(key, fromJson(item))));
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) {
    return scalar(value);
  }
  return scalar(null);
}

/** The entry of a mapping with this key (the last one, as readers keep it). */
export function entryOf(map: MapNode, key: string): Entry | undefined {
  for (let i = map.entries.length - 1; i >= 0; i--) {
    const found = map.entries[i] as Entry;
    if (found.key?.kind === "scalar" && found.key.value === key) return found;
  }
  return undefined;
}
