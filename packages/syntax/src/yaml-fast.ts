import { CST } from "yaml";
import { type Diagnostic, mapDiagnostic, type Span } from "./diagnostic.js";
import {
  type Comment,
  movedProperty,
  type ObjectNode,
  type PropertyNode,
  type ScalarNode,
  type ScalarStyle,
  type SyntaxNode,
} from "./tree.js";
import { MAX_ALIAS_EXPANSION, PropertyList, scalarNode } from "./yaml-build.js";
import { resolvePlain, unsupported } from "./yaml-cst.js";
import { commentAt } from "./yaml-tokens.js";

/**
 * The fastest way to our tree: a scanner over the text's characters for the plain YAML services are written in,
 * without `yaml`'s lexer and parser. It reads block mappings (keys plain or quoted, on one line), block sequences,
 * plain scalars (over several lines too), quoted scalars, `|`/`>` block scalars (with "-" chomping at most),
 * comments, empty values, one-line flow collections, anchors on values and aliases to them. On anything else or doubtful (tabs, carriage returns,
 * tags, directives, document markers, explicit keys, anything `yaml` could report) it gives up,
 * for `parseYaml` to read the text as before (yaml-cst.ts, then the composer).
 *
 * Where it builds the tree, the tree is the one yaml-cst.ts builds, to the offset. The ends of collections follow
 * how `yaml`'s parser hands out the blank and comment lines after a value: a comment line indented more than the
 * collection goes into the end of the scalar or flow collection before it; other such lines stay with the
 * innermost collection whose indentation they reach (not the top level), and count in its range's end.
 */

/** Collections nested deeper are left to the other readers, which bound nesting and report it. */
const MAX_FAST_NESTING = 100;

const SPACE = 32;
const LF = 10;
const HASH = 35;
const COLON = 58;
const DASH = 45;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;
const COMMA = 44;

/** Characters that cannot start a plain scalar (or do so only in cases left to the other readers). */
const INDICATORS = new Set([..."-?:,[]{}#&*!|>'\"%@`"].map((c) => c.charCodeAt(0)));
const isFlowIndicator = (c: number) => c === COMMA || c === 91 || c === 93 || c === 123 || c === 125;
/** Characters the scanner leaves to `yaml`: tabs, carriage returns, other controls, byte order marks, Unicode
 * line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const ODD_CHARACTERS = /[\0-\x09\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]/;

/** Where an entry of a mapping under the root begins, with the reader's state there. */
interface Mark {
  /** Index, in the root mapping, of the property whose value holds the mapping. */
  readonly owner: number;
  /** Index of the entry in that mapping. */
  readonly entry: number;
  readonly keyStart: number;
  readonly lineStart: number;
  /** The column of the entries (the mapping's indentation). */
  readonly indent: number;
  /** The comment column the reader carries into the entry (`#runComment`). */
  readonly runComment: number;
  /** Where the entry's value begins: just after the key's ":". */
  readonly valueStart: number;
  /** How many anchors and aliases were read before the entry. */
  readonly references: number;
}

/**
 * A fast reading kept for the text's next version: read again, only the entry of a mapping under the root that an
 * edit falls in is scanned, and the rest of the tree is taken over, moved by the edit's length.
 */
export interface FastReading {
  readonly text: string;
  readonly root: SyntaxNode;
  readonly comments: Comment[];
  /** The duplicate keys found, in text order. */
  readonly diagnostics: Diagnostic[];
  /** The entries of the mappings under the root, in text order. */
  readonly marks: readonly Mark[];
}

/** Our tree for `text`, its comments and its duplicate keys; undefined when the text needs `yaml`. */
export function readFastYaml(text: string): FastReading | undefined {
  if (ODD_CHARACTERS.test(text)) return undefined;
  const found: Diagnostic[] = [];
  try {
    const scanner = new Scanner(text, found, []);
    const root = scanner.document();
    found.sort(byOffset);
    return { text, root, comments: scanner.comments, diagnostics: found, marks: scanner.marks() };
  } catch {
    // Mostly `Unsupported`; anything else too is for the other readers, which never throw.
    return undefined;
  }
}

const byOffset = (a: Diagnostic, b: Diagnostic) => a.span.offset - b.span.offset;

/**
 * `text`, a version of `previous.text` edited inside the value of one entry of a mapping under the root, read by
 * scanning that entry alone; undefined when the edit is elsewhere, or its entry does not end where the next one
 * began. The scanner is deterministic and its state at an entry's key is all that the rest of the reading depends
 * on (no anchors), so when the entry ends in the state the next one began in, moved by the edit's length, the rest
 * of the text reads as before, moved likewise: the result is the tree a full reading gives.
 */
export function rereadFastYaml(previous: FastReading, text: string): FastReading | undefined {
  const old = previous.text;
  const start = commonPrefix(old, text);
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - start);
  const delta = text.length - old.length;
  const oldEnd = old.length - suffix;
  const { marks } = previous;
  // The last entry whose key starts at or before the edit.
  let low = 0;
  let high = marks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((marks[middle] as Mark).keyStart <= start) low = middle;
    else high = middle - 1;
  }
  const mark = marks[low];
  const next = marks[low + 1];
  const inside = mark && next && next.owner === mark.owner && start >= mark.valueStart && oldEnd <= next.keyStart;
  // An entry that held anchors or aliases is read with the rest: what the rest reads through them may change.
  if (!inside || next.references !== mark.references) return undefined;
  if (ODD_CHARACTERS.test(text.slice(mark.keyStart, next.keyStart + delta))) return undefined;
  const found: Diagnostic[] = [];
  const comments = previous.comments.filter((c) => c.span.offset < mark.keyStart);
  let property: PropertyNode;
  try {
    const scanner = new Scanner(text, found, comments);
    property = scanner.entryAt(mark, next, delta);
  } catch {
    return undefined;
  }
  const moved = (span: Span): Span =>
    span.offset >= next.keyStart ? { offset: span.offset + delta, length: span.length } : span;
  const root = previous.root as ObjectNode;
  const owner = root.properties[mark.owner] as PropertyNode;
  const within = replaced(owner.value as ObjectNode, mark.entry, property, delta);
  const tree = replaced(root, mark.owner, { key: owner.key, keySpan: owner.keySpan, value: within }, delta);
  for (const c of previous.comments)
    if (c.span.offset >= next.keyStart) comments.push({ span: moved(c.span), text: c.text });
  const diagnostics = [
    ...previous.diagnostics.filter((d) => d.span.offset < mark.valueStart),
    ...found.sort(byOffset),
    ...previous.diagnostics.filter((d) => d.span.offset >= next.keyStart).map((d) => mapDiagnostic(d, moved)),
  ];
  const reused = marks.map((m) =>
    m.keyStart < next.keyStart
      ? m
      : { ...m, keyStart: m.keyStart + delta, lineStart: m.lineStart + delta, valueStart: m.valueStart + delta },
  );
  return { text, root: tree, comments, diagnostics, marks: reused };
}

/** A mapping with its property `index` replaced by one `delta` characters longer, the properties after it moved. */
function replaced(mapping: ObjectNode, index: number, property: PropertyNode, delta: number): ObjectNode {
  const { properties, span } = mapping;
  return {
    kind: "object",
    span: { offset: span.offset, length: span.length + delta },
    properties: [
      ...properties.slice(0, index),
      property,
      ...properties.slice(index + 1).map((p) => movedProperty(p, delta)),
    ],
  };
}

/** Characters compared at a time, by string equality (native), before the one that differs is looked for. */
const CHUNK = 4096;

/** How many characters two texts begin with alike. */
function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= limit && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How many characters two texts end with alike, at most `limit`. */
function commonSuffix(a: string, b: string, limit: number): number {
  let n = 0;
  while (
    n + CHUNK <= limit &&
    a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)
  )
    n += CHUNK;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

class Scanner {
  readonly #text: string;
  readonly #n: number;
  readonly #found: Diagnostic[];
  /** The first character of the next content line (after blank and comment lines), or the text's length. */
  #pos = 0;
  /** Its column, or -1 at the end of the text. */
  #col = -1;
  /** Where its line starts. */
  #lineStart = 0;
  /** Where the last value ends for `yaml` (the third offset of its range): trailing comments and line end included. */
  #nodeEnd = 0;
  /** The highest column of the comment lines before the next content line still waiting for a collection, or -1. */
  #runComment = -1;
  /** The key the last `#key` call found, and where it ends. */
  #keyText = "";
  #keyEnd = 0;
  /** Where the last flow value ends. */
  #flowEnd = 0;
  /** Anchored nodes by name, with their size (nodes, aliases expanded). */
  readonly #anchors = new Map<string, { node: SyntaxNode; size: number }>();
  /** Sizes of the anchored nodes, which aliases put in several places. */
  readonly #sizes = new Map<SyntaxNode, number>();
  /** Anchors whose value is being read: an alias to one is an error, for `yaml` to report. */
  readonly #open = new Set<string>();
  /** Nodes the aliases read so far add, bounded as `parseYaml` bounds them. */
  #expanded = 0;
  /** The comments read, in order. */
  readonly comments: Comment[];
  /** The entries of the mappings under the root, as they are read (see Mark). */
  readonly #marks: Mark[] = [];
  /** The index of the root's property being read. */
  #owner = -1;
  /** Where the value of the last key read begins. */
  #valueStart = 0;
  /** How many anchors and aliases were read. */
  #references = 0;

  constructor(text: string, found: Diagnostic[], comments: Comment[]) {
    this.#text = text;
    this.#n = text.length;
    this.#found = found;
    this.comments = comments;
  }

  /** The entries of the mappings under the root (see Mark). */
  marks(): readonly Mark[] {
    return this.#marks;
  }

  /**
   * Reads the one entry at `mark` of a text edited there, and checks that it ends where `next`, moved by `delta`,
   * began, in the same state; throws (Unsupported) otherwise.
   */
  entryAt(mark: Mark, next: Mark, delta: number): PropertyNode {
    this.#pos = mark.keyStart;
    this.#col = mark.indent;
    this.#lineStart = mark.lineStart;
    this.#runComment = mark.runComment;
    const list = new PropertyList(this.#found);
    this.#entry(mark.indent, 1, list);
    const same =
      this.#pos === next.keyStart + delta &&
      this.#col === next.indent &&
      this.#lineStart === next.lineStart + delta &&
      this.#runComment === next.runComment &&
      !this.#dash(this.#pos) &&
      this.#references === 0;
    if (!same) unsupported();
    return list.properties[0] as PropertyNode;
  }

  #code(i: number): number {
    return this.#text.charCodeAt(i);
  }

  /** Whether position `i` ends a token: a space, a line end or the end of the text. */
  #blankAt(i: number): boolean {
    return i >= this.#n || this.#code(i) === SPACE || this.#code(i) === LF;
  }

  #skipSpaces(i: number): number {
    while (this.#code(i) === SPACE) i++;
    return i;
  }

  /** Where the line containing `i` ends, its line end included. */
  #afterLine(i: number): number {
    const lf = this.#text.indexOf("\n", i);
    return lf < 0 ? this.#n : lf + 1;
  }

  /** Records the comment whose `#` is at `q` (once: a line may be looked at again). */
  #comment(q: number): void {
    const last = this.comments.at(-1);
    if (last && last.span.offset >= q) return;
    const lf = this.#text.indexOf("\n", q);
    this.comments.push(commentAt(q, this.#text.slice(q, lf < 0 ? this.#n : lf).trimEnd()));
  }

  #dash(i: number): boolean {
    return this.#code(i) === DASH && this.#blankAt(i + 1);
  }

  document(): SyntaxNode {
    this.#run(0, 0, false);
    if (this.#col !== 0) unsupported();
    const root = this.#dash(this.#pos) ? this.#seq(0) : this.#map(0);
    if (this.#col !== -1) unsupported();
    return root;
  }

  /**
   * Reads the blank and comment lines from line start `p` to the next content line. Where `absorb`, the value
   * before them ends with its comments, as `yaml` gives them: the comment lines indented more than `indent` that
   * only blank lines separate from it.
   */
  #run(p: number, indent: number, absorb: boolean): void {
    let comment = -1;
    for (;;) {
      const q = this.#skipSpaces(p);
      if (q >= this.#n) {
        this.#pos = this.#n;
        this.#col = -1;
        break;
      }
      const c = this.#code(q);
      if (c === LF) {
        p = q + 1;
        continue;
      }
      if (c === HASH) {
        this.#comment(q);
        const end = this.#afterLine(q);
        if (absorb && q - p > indent) this.#nodeEnd = end;
        else {
          absorb = false;
          comment = Math.max(comment, q - p);
        }
        p = end;
        continue;
      }
      // Document markers.
      if (q === p && (c === DASH || c === 46) && this.#text.startsWith(c === DASH ? "---" : "...", q)) unsupported();
      this.#pos = q;
      this.#col = q - p;
      this.#lineStart = p;
      break;
    }
    this.#runComment = comment;
  }

  /**
   * Ends a collection at `indent` whose last value ends at `end`: blank and comment lines after it stay with it
   * when a comment reaches its indentation (as `yaml`'s parser keeps them), else they go on to its parent.
   */
  #pop(indent: number, end: number): void {
    if (this.#col > indent) unsupported();
    if (indent > 0 && this.#runComment >= indent) {
      this.#nodeEnd = this.#pos;
      this.#runComment = -1;
    } else this.#nodeEnd = end;
  }

  /** A block mapping whose first key is at the current position. */
  #map(depth: number): SyntaxNode {
    if (depth > MAX_FAST_NESTING) unsupported();
    const indent = this.#col;
    const start = this.#pos;
    const list = new PropertyList(this.#found);
    const owner = this.#owner;
    let end = start;
    for (;;) {
      if (depth === 0) this.#owner = list.properties.length;
      const entry = list.properties.length;
      const keyStart = this.#pos;
      const lineStart = this.#lineStart;
      const runComment = this.#runComment;
      const references = this.#references;
      end = this.#entry(indent, depth, list);
      if (depth === 1 && owner >= 0)
        this.#marks.push({
          owner,
          entry,
          keyStart,
          lineStart,
          indent,
          runComment,
          valueStart: this.#valueStart,
          references,
        });
      if (this.#col !== indent) break;
      if (this.#dash(this.#pos)) unsupported();
    }
    if (depth === 0) this.#owner = -1;
    this.#pop(indent, end);
    return { kind: "object", span: { offset: start, length: end - start }, properties: list.properties };
  }

  /** One key and its value, of a block mapping at `indent`; returns where the value ends. */
  #entry(indent: number, depth: number, list: PropertyList): number {
    const keyStart = this.#pos;
    const colon = this.#key(keyStart);
    // `yaml` refuses implicit keys over 1024 characters; the other readers give the error.
    if (colon < 0 || colon - keyStart > 1000) unsupported();
    const key = this.#keyText;
    const keySpan = { offset: keyStart, length: this.#keyEnd - keyStart };
    const value = this.#value(colon + 1, indent, depth, false);
    // Set after the value, whose own entries set it too.
    this.#valueStart = colon + 1;
    list.add(key, keySpan, value);
    return this.#nodeEnd;
  }

  /** A block sequence whose first "-" is at the current position. */
  #seq(depth: number): SyntaxNode {
    if (depth > MAX_FAST_NESTING) unsupported();
    const indent = this.#col;
    const start = this.#pos;
    const items: SyntaxNode[] = [];
    let end = start;
    do {
      items.push(this.#value(this.#pos + 1, indent, depth, true));
      end = this.#nodeEnd;
    } while (this.#col === indent && this.#dash(this.#pos));
    this.#pop(indent, end);
    return { kind: "array", span: { offset: start, length: end - start }, items };
  }

  /**
   * Whether a key and ":" start at `p` on its line: returns the colon's offset (the key in `#keyText`, its end in
   * `#keyEnd`), or -1.
   */
  #key(p: number): number {
    const c = this.#code(p);
    if (c === DQUOTE || c === SQUOTE) {
      const close = this.#closingQuote(p);
      if (close < 0) return -1;
      const colon = this.#skipSpaces(close + 1);
      if (this.#code(colon) !== COLON || !this.#blankAt(colon + 1)) return -1;
      this.#keyText = this.#quotedValue(p, close, 0);
      this.#keyEnd = close + 1;
      return colon;
    }
    if (INDICATORS.has(c) && (c !== DASH || this.#blankAt(p + 1))) return -1;
    for (let i = p + 1; i < this.#n; i++) {
      const ch = this.#code(i);
      if (ch === LF || (ch === HASH && this.#code(i - 1) === SPACE)) return -1;
      if (ch === COLON && this.#blankAt(i + 1)) {
        let end = i;
        while (this.#code(end - 1) === SPACE) end--;
        this.#keyText = this.#text.slice(p, end);
        this.#keyEnd = end;
        return i;
      }
    }
    return -1;
  }

  /** The closing quote of a quoted scalar opening at `p` on the same line, or -1. */
  #closingQuote(p: number): number {
    const quote = this.#code(p);
    for (let i = p + 1; i < this.#n; i++) {
      const c = this.#code(i);
      if (c === LF) return -1;
      if (c === quote) {
        if (quote === SQUOTE && this.#code(i + 1) === SQUOTE) i++;
        else return i;
      } else if (c === BACKSLASH && quote === DQUOTE) {
        if (this.#code(i + 1) === LF) return -1;
        i++;
      }
    }
    return -1;
  }

  /** The value of the quoted scalar text[p, close], read by `yaml` (escapes, folding; a bad escape gives up). */
  #quotedValue(p: number, close: number, indent: number): string {
    const type = this.#code(p) === DQUOTE ? "double-quoted-scalar" : "single-quoted-scalar";
    const source = this.#text.slice(p, close + 1);
    return CST.resolveAsScalar({ type, offset: p, indent, source, end: [] }, true, unsupported).value;
  }

  /**
   * The value after the ":" or "-" just before `p`, in a mapping or (`inSeq`) sequence at `indent` inside `depth`
   * collections; leaves the position at the next content line.
   */
  #value(p: number, indent: number, depth: number, inSeq: boolean, anchored = false): SyntaxNode {
    const q = this.#skipSpaces(p);
    const c = this.#code(q);
    if (c === 38 && !anchored) return this.#anchored(q, indent, depth, inSeq);
    if (c === 42 && !anchored) {
      const node = this.#alias(this.#name(q, false));
      this.#nodeEnd = this.#lineRest(this.#flowEnd);
      this.#run(this.#nodeEnd, indent, true);
      return node;
    }
    if (q >= this.#n || c === LF || c === HASH) {
      // A comment after an anchor is left to `yaml`.
      if (anchored && c === HASH) unsupported();
      if (c === HASH) this.#comment(q);
      // Nothing more on the line: the value is a collection on the lines below, or empty.
      this.#run(c === HASH ? this.#afterLine(q) : q + 1, indent, false);
      if (this.#col > indent || (!inSeq && this.#col === indent && this.#dash(this.#pos)))
        return this.#dash(this.#pos) ? this.#seq(depth + 1) : this.#map(depth + 1);
      // Comments around an empty value end up in places not worth following.
      if (c === HASH || this.#runComment >= 0 || anchored) unsupported();
      this.#nodeEnd = q;
      return scalarNode(this.#text, q, q, "plain", null, "");
    }
    if (inSeq && (this.#dash(q) || this.#key(q) >= 0)) {
      // "- &a b: 1" anchors the key: left to `yaml`.
      if (anchored) unsupported();
      // A collection on the item's line ("- - a", "- a: 1").
      this.#pos = q;
      this.#col = q - this.#lineStart;
      return this.#dash(q) ? this.#seq(depth + 1) : this.#map(depth + 1);
    }
    // Lines continuing a scalar must be indented past `limit` (in a sequence, one column more is left to `yaml`).
    const limit = inSeq ? indent + 1 : indent;
    let node: SyntaxNode;
    let absorb = true;
    if (c === 124 || c === 62) {
      node = this.#block(q, indent, limit);
      absorb = false;
    } else if (c === DQUOTE || c === SQUOTE) node = this.#quoted(q, indent, limit);
    else if (c === 91 || c === 123) {
      node = this.#flow(q, depth + 1);
      this.#nodeEnd = this.#lineRest(this.#flowEnd);
    } else node = this.#plain(q, indent, limit);
    this.#run(this.#nodeEnd, indent, absorb);
    return node;
  }

  /** The value after the anchor at `q`, remembered under the anchor's name. */
  #anchored(q: number, indent: number, depth: number, inSeq: boolean): SyntaxNode {
    const name = this.#name(q, false);
    if (this.#open.has(name)) unsupported();
    this.#open.add(name);
    const node = this.#value(this.#flowEnd, indent, depth, inSeq, true);
    this.#open.delete(name);
    const size = this.#size(node);
    this.#sizes.set(node, size);
    this.#anchors.set(name, { node, size });
    this.#references++;
    return node;
  }

  /** Nodes in a tree, aliases expanded (each anchored subtree counted once, when its anchor is set). */
  #size(node: SyntaxNode): number {
    const known = this.#sizes.get(node);
    if (known !== undefined) return known;
    if (node.kind === "scalar") return 1;
    let size = 1;
    if (node.kind === "object") for (const property of node.properties) size += this.#size(property.value);
    else for (const item of node.items) size += this.#size(item);
    return size;
  }

  /**
   * The name of the anchor or alias at `q` (sets `#flowEnd` after it). It must end at a blank, a line end or (`inFlow`)
   * "," or a closing bracket; names `yaml` reads differently or refuses are left to it.
   */
  #name(q: number, inFlow: boolean): string {
    let i = q + 1;
    for (; i < this.#n; i++) {
      const c = this.#code(i);
      if (c === SPACE || c === LF || (inFlow && (c === COMMA || c === 93 || c === 125))) break;
      if (isFlowIndicator(c)) unsupported();
    }
    if (i === q + 1 || this.#code(i - 1) === COLON) unsupported();
    this.#flowEnd = i;
    return this.#text.slice(q + 1, i);
  }

  /** The node an alias named `name` stands for, when its anchor is complete and the expansion within bounds. */
  #alias(name: string): SyntaxNode {
    const anchored = this.#anchors.get(name);
    if (!anchored || this.#open.has(name) || this.#expanded + anchored.size > MAX_ALIAS_EXPANSION) unsupported();
    this.#expanded += (anchored as { size: number }).size;
    this.#references++;
    return (anchored as { node: SyntaxNode }).node;
  }

  /** The rest of a line after a value at `p`: blanks and a comment after a blank; returns where the line ends. */
  #lineRest(p: number): number {
    const q = this.#skipSpaces(p);
    if (q >= this.#n) return this.#n;
    const c = this.#code(q);
    if (c === LF) return q + 1;
    if (c === HASH && q > p) {
      this.#comment(q);
      return this.#afterLine(q);
    }
    return unsupported();
  }

  /** A plain scalar at `q`, continued on the following lines indented past `limit`. */
  #plain(q: number, indent: number, limit: number): ScalarNode {
    const c = this.#code(q);
    if (INDICATORS.has(c) && (c !== DASH || this.#blankAt(q + 1))) unsupported();
    let end = this.#plainLine(q);
    let after = this.#lineAfterPlain;
    let lines = 1;
    while (!this.#plainComment && after < this.#n) {
      let s = after;
      let next = this.#skipSpaces(s);
      while (this.#code(next) === LF) {
        s = next + 1;
        next = this.#skipSpaces(s);
      }
      if (next >= this.#n) break;
      const col = next - s;
      if (col <= limit) {
        if (col > indent) unsupported();
        break;
      }
      const first = this.#code(next);
      if (first === HASH) break;
      if (INDICATORS.has(first)) unsupported();
      end = this.#plainLine(next);
      after = this.#lineAfterPlain;
      lines++;
    }
    const source = this.#text.slice(q, end);
    const value =
      lines === 1
        ? source
        : CST.resolveAsScalar({ type: "scalar", offset: q, indent, source }, true, unsupported).value;
    this.#nodeEnd = after;
    return scalarNode(this.#text, q, end, "plain", resolvePlain(value), value);
  }

  /** Where the line after the last `#plainLine` starts, and whether a comment ended it. */
  #lineAfterPlain = 0;
  #plainComment = false;

  /** One line of a plain scalar from `q`: returns where its text ends (trailing blanks excluded). */
  #plainLine(q: number): number {
    let i = q;
    let end = q;
    this.#plainComment = false;
    for (; i < this.#n; i++) {
      const c = this.#code(i);
      if (c === LF) break;
      if (c === SPACE) continue;
      if (c === HASH && this.#code(i - 1) === SPACE) {
        this.#comment(i);
        this.#plainComment = true;
        break;
      }
      // "a: b: c" is an error, "a: b:" another mapping: both for `yaml` to report.
      if (c === COLON && this.#blankAt(i + 1)) unsupported();
      end = i + 1;
    }
    this.#lineAfterPlain = this.#afterLine(i);
    return end;
  }

  /** A quoted scalar at `q`, its lines after the first indented past `limit`. */
  #quoted(q: number, indent: number, limit: number): ScalarNode {
    const quote = this.#code(q);
    let i = q + 1;
    for (;;) {
      if (i >= this.#n) unsupported();
      const c = this.#code(i);
      if (c === quote) {
        if (quote === SQUOTE && this.#code(i + 1) === SQUOTE) {
          i += 2;
          continue;
        }
        break;
      }
      if (c === BACKSLASH && quote === DQUOTE && this.#code(i + 1) !== LF) i += 2;
      else if (c === LF) {
        const s = i + 1;
        const next = this.#skipSpaces(s);
        if (this.#code(next) === LF) {
          if (next > s) unsupported();
        } else if (next - s <= limit) unsupported();
        i = next;
      } else i++;
    }
    const value = this.#quotedValue(q, i, indent);
    this.#nodeEnd = this.#lineRest(i + 1);
    return scalarNode(this.#text, q, i + 1, quote === DQUOTE ? "double-quoted" : "single-quoted", value, value);
  }

  /** A literal or folded block scalar whose header is at `q`, its first line indented past `limit`. */
  #block(q: number, indent: number, limit: number): ScalarNode {
    const text = this.#text;
    let i = q + 1;
    if (this.#code(i) === DASH) i++;
    const props: CST.SourceToken[] = [{ type: "block-scalar-header", offset: q, indent, source: text.slice(q, i) }];
    let j = this.#skipSpaces(i);
    if (j > i) props.push({ type: "space", offset: i, indent, source: text.slice(i, j) });
    if (this.#code(j) === HASH && j > i) {
      const lf = text.indexOf("\n", j);
      if (lf < 0) unsupported();
      props.push({ type: "comment", offset: j, indent, source: text.slice(j, lf) });
      this.#comment(j);
      j = lf;
    }
    // Keep chomping and indentation indicators come with rules for trailing lines left to `yaml`.
    if (this.#code(j) !== LF) unsupported();
    props.push({ type: "newline", offset: j, indent, source: "\n" });
    const contentStart = j + 1;
    const folded = this.#code(q) !== 124;
    let contentIndent = -1;
    let end = contentStart;
    // The value, built line by line (the scanner lets no tab nor carriage return through): each line without the
    // block's indentation, a folded one joined to the one before by a space, or by a newline per empty line between.
    let value = "";
    let first = true;
    let empty = 0;
    let moreIndented = false;
    for (let s = contentStart; s < this.#n; ) {
      const k = this.#skipSpaces(s);
      if (k >= this.#n || this.#code(k) === LF) {
        // Lines of blanks only: where they belong depends on indentation rules left to `yaml`.
        if (k > s) unsupported();
        s = k + 1;
        empty++;
        continue;
      }
      const col = k - s;
      if (contentIndent < 0) {
        if (col <= limit) unsupported();
        contentIndent = col;
      } else if (col < contentIndent) break;
      moreIndented ||= col > contentIndent;
      end = this.#afterLine(k);
      const line = text.slice(s + contentIndent, this.#code(end - 1) === LF ? end - 1 : end);
      if (first) value = "\n".repeat(empty) + line;
      else value += (folded && empty === 0 ? " " : "\n".repeat(folded ? empty : empty + 1)) + line;
      first = false;
      empty = 0;
      s = end;
    }
    if (contentIndent < 0) unsupported();
    if (folded && moreIndented) {
      // More-indented lines keep their line breaks in a folded scalar, by rules left to `yaml`.
      ({ value } = CST.resolveAsScalar(
        { type: "block-scalar", offset: q, indent, props, source: text.slice(contentStart, end) },
        true,
        unsupported,
      ));
    } else if (i === q + 1) value += "\n"; // clipped: one line break at the end (`yaml` adds it at the end of a text too)
    const style: ScalarStyle = folded ? "folded" : "literal";
    this.#nodeEnd = end;
    return scalarNode(text, q, end, style, value, value);
  }

  /** A flow collection on one line at `q`; sets `#flowEnd` after its closing bracket. */
  #flow(q: number, depth: number): SyntaxNode {
    if (depth > MAX_FAST_NESTING) unsupported();
    const isMap = this.#code(q) === 123;
    const close = isMap ? 125 : 93;
    const list = isMap ? new PropertyList(this.#found) : undefined;
    const items: SyntaxNode[] = [];
    let i = this.#skipSpaces(q + 1);
    if (this.#code(i) !== close) {
      for (;;) {
        if (list) {
          const colon = this.#flowKey(i);
          list.add(this.#keyText, { offset: i, length: this.#keyEnd - i }, this.#flowValue(colon + 2, depth));
        } else items.push(this.#flowValue(i, depth));
        i = this.#skipSpaces(this.#flowEnd);
        const c = this.#code(i);
        if (c === close) break;
        if (c !== COMMA) unsupported();
        i = this.#skipSpaces(i + 1);
        // A trailing comma is left to `yaml`.
        if (this.#code(i) === close) unsupported();
      }
    }
    this.#flowEnd = i + 1;
    const span = { offset: q, length: i + 1 - q };
    return list ? { kind: "object", span, properties: list.properties } : { kind: "array", span, items };
  }

  /** A key followed by ": " in a flow mapping at `p`: returns the colon's offset. */
  #flowKey(p: number): number {
    const c = this.#code(p);
    let end: number;
    if (c === DQUOTE || c === SQUOTE) {
      const close = this.#closingQuote(p);
      if (close < 0) unsupported();
      this.#keyText = this.#quotedValue(p, close, 0);
      end = close + 1;
    } else {
      end = this.#flowPlainEnd(p);
      this.#keyText = this.#text.slice(p, end);
    }
    this.#keyEnd = end;
    const colon = this.#skipSpaces(end);
    if (this.#code(colon) !== COLON || this.#code(colon + 1) !== SPACE) unsupported();
    return colon;
  }

  /** A scalar or collection in a flow collection at `p` (after blanks); sets `#flowEnd`. */
  #flowValue(p: number, depth: number): SyntaxNode {
    const i = this.#skipSpaces(p);
    const c = this.#code(i);
    if (c === 91 || c === 123) return this.#flow(i, depth + 1);
    if (c === 42) return this.#alias(this.#name(i, true));
    if (c === DQUOTE || c === SQUOTE) {
      const close = this.#closingQuote(i);
      if (close < 0) unsupported();
      const value = this.#quotedValue(i, close, 0);
      this.#flowEnd = close + 1;
      return scalarNode(this.#text, i, close + 1, c === DQUOTE ? "double-quoted" : "single-quoted", value, value);
    }
    const end = this.#flowPlainEnd(i);
    this.#flowEnd = end;
    const source = this.#text.slice(i, end);
    return scalarNode(this.#text, i, end, "plain", resolvePlain(source), source);
  }

  /** Where a plain scalar at `p` inside a flow collection ends (trailing blanks excluded), on the same line. */
  #flowPlainEnd(p: number): number {
    const c = this.#code(p);
    if (INDICATORS.has(c) && (c !== DASH || this.#blankAt(p + 1) || isFlowIndicator(this.#code(p + 1)))) unsupported();
    let end = p;
    for (let i = p; i < this.#n; i++) {
      const ch = this.#code(i);
      if (ch === COMMA || ch === 93 || ch === 125 || ch === COLON) return end;
      // Nested brackets, comments and line ends inside a flow scalar are left to `yaml`.
      if (ch === LF || ch === 91 || ch === 123 || (ch === HASH && this.#code(i - 1) === SPACE)) unsupported();
      if (ch !== SPACE) end = i + 1;
    }
    return unsupported();
  }
}
