import {
  type Alias,
  Composer,
  type CST,
  type Document,
  type ErrorCode,
  isAlias,
  isMap,
  isScalar,
  type ParsedNode,
  Parser,
  type Scalar,
  type YAMLError,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import { diagnostic, message } from "./catalogue.js";
import type { Diagnostic, Span } from "./diagnostic.js";
import type { Comment, ScalarNode, SyntaxNode } from "./tree.js";
import {
  isBlank,
  MAX_ALIAS_EXPANSION,
  MAX_YAML_NESTING,
  PropertyList,
  quoteClosed,
  STYLES,
  scalarNode,
  unclosedQuoteMessage,
} from "./yaml-build.js";
import { readPlainYaml } from "./yaml-cst.js";
import { type FastReading, readFastYaml, rereadFastYaml } from "./yaml-fast.js";
import { collectComments } from "./yaml-tokens.js";

export { type FastReading, MAX_ALIAS_EXPANSION, MAX_YAML_NESTING };

export interface ParsedYaml {
  readonly root: SyntaxNode | undefined;
  readonly diagnostics: Diagnostic[];
  /** Every comment of the text, in order (those of a second document included). */
  readonly comments: readonly Comment[];
  /** The reading for the text's next version to start from (`YamlOptions.previous`), when the fast reader read it. */
  readonly reading?: FastReading;
}

export interface YamlOptions {
  /** Read through `yaml`'s composer even plain YAML: the reference the direct reader is tested against. */
  readonly compose?: boolean;
  /** The reading of the text's previous version: what an edit left as it was is taken over, not read again. */
  readonly previous?: FastReading | undefined;
}

const COMPOSER_OPTIONS = {
  // The YAML 1.2 core schema even under a `%YAML 1.1` directive: `yes` stays a string, `<<` stays a key.
  schema: "core",
  merge: false,
  // 1.1 tags such as !!binary or !!set would give values JSON cannot hold; unknown, they keep the plain value.
  resolveKnownTags: false,
  // Duplicate keys are found while building the tree, in linear time; `yaml`'s check is quadratic per mapping.
  uniqueKeys: false,
} as const;

/**
 * Parses YAML text (one document, YAML 1.2 core schema) into the positioned tree, in one linear pass: over the
 * characters for the plain YAML our scanner reads (yaml-fast.ts), else over the tokens of `yaml`'s parser
 * (yaml-cst.ts) or, for YAML beyond what that reads, over the document `yaml` composes.
 * Syntax problems, duplicate keys, keys that are not strings, unknown aliases and alias bombs become diagnostics;
 * nesting deeper than MAX_YAML_NESTING is cut. Never throws.
 */
export function parseYaml(text: string, options: YamlOptions = {}): ParsedYaml {
  // Most services are plain YAML a scanner of our own reads (yaml-fast.ts); the rest goes through `yaml`.
  if (!options.compose) {
    const fast = (options.previous && rereadFastYaml(options.previous, text)) ?? readFastYaml(text);
    if (fast) return { root: fast.root, diagnostics: [...fast.diagnostics], comments: fast.comments, reading: fast };
  }
  const problems = new Problems(text);
  const builder = new TreeBuilder(text, problems);
  let root: SyntaxNode | undefined;
  const comments: Comment[] = [];
  // `yaml` makes an Error, stack trace included, of every problem; the traces are never read, and on a text with
  // thousands of errors they cost more than the parse.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const { tokens, secondDocument, tooDeep } = firstDocumentTokens(text, comments);
    if (tooDeep >= 0) builder.tooDeep(tooDeep);
    // What the scanner left is mostly still plain YAML, read straight from the tokens; the rest is composed.
    const plain = tooDeep < 0 && !options.compose ? readPlainYaml(text, tokens, builder.diagnostics) : undefined;
    const document = plain ? undefined : compose(text, tokens);
    if (plain) root = plain.root;
    else if (document) {
      for (const error of document.errors) if (error.code === "TAB_AS_INDENT") builder.tabIndented(error.pos[0]);
      root = document.contents === null ? undefined : builder.node(document.contents, 0);
      for (const error of document.errors) problems.yaml(error, "error", builder);
      for (const warning of document.warnings) problems.yaml(warning, "warning", builder);
    }
    if (secondDocument >= 0) {
      const span = tokenSpan(text, secondDocument, secondDocument);
      problems.syntax(span, message("syntax-error", "secondDocument", { found: describe(text, span) }));
    }
  } catch (error) {
    // `yaml` catches stack overflows inside collections itself; this is for anything else it (or a very deep
    // caller stack) throws, so that no input crashes a command.
    root = undefined;
    if (error instanceof RangeError) builder.tooDeep(0);
    else {
      const reason = error instanceof Error ? error.message : String(error);
      problems.syntax({ offset: 0, length: 0 }, message("syntax-error", "readerFailed", { error: reason }));
    }
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const diagnostics = [...problems.finish(), ...builder.diagnostics];
  if (root === undefined && diagnostics.length === 0) {
    diagnostics.push(diagnostic("syntax-error", "yamlEmpty", {}, { offset: 0, length: 0 }));
  }
  diagnostics.sort((a, b) => a.span.offset - b.span.offset);
  return { root, diagnostics, comments: comments.sort((a, b) => a.span.offset - b.span.offset) };
}

interface FirstDocument {
  /** The syntax tokens up to a second document. */
  readonly tokens: CST.Token[];
  /** Offset of a second document, or -1. */
  readonly secondDocument: number;
  /** Offset of the first collection nested MAX_YAML_NESTING deep (cut out of the tokens), or -1. */
  readonly tooDeep: number;
}

/**
 * Runs `yaml`'s parser on the first document, cutting nesting too deep on the way; the comments of every token
 * (a second document's too, for the suppressions there) go into `comments`, before any cut.
 */
function firstDocumentTokens(text: string, comments: Comment[]): FirstDocument {
  let secondDocument = -1;
  let tooDeep = -1;
  let documents = 0;
  const tokens: CST.Token[] = [];
  for (const token of new Parser().parse(text)) {
    collectComments([token], comments);
    if (secondDocument >= 0) continue;
    if (token.type === "document" && ++documents > 1) {
      secondDocument = token.offset;
      continue;
    }
    if (token.type === "document") tooDeep = trimDeepCollections(token, text.length);
    tokens.push(token);
  }
  return { tokens, secondDocument, tooDeep };
}

/** `yaml`'s composer on the tokens of one document. */
function compose(text: string, tokens: readonly CST.Token[]): Document.Parsed | undefined {
  let document: Document.Parsed | undefined;
  for (const composed of new Composer(COMPOSER_OPTIONS).compose(tokens, true, text.length)) document ??= composed;
  return document;
}

type CollectionToken = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;

const isCollectionToken = (token: CST.Token | null | undefined): token is CollectionToken =>
  token?.type === "block-map" || token?.type === "block-seq" || token?.type === "flow-collection";

/**
 * What a collection too deep to compose is replaced by: an empty plain scalar (null) where it starts, followed by
 * blanks up to `end`. Without them the composer would take the text of the collection for part of the next key,
 * and report that key as longer than 1024 characters.
 */
const emptyScalarToken = (token: CollectionToken, end: number): CST.FlowScalar => ({
  type: "scalar",
  offset: token.offset,
  indent: token.indent,
  source: "",
  end: [{ type: "space", offset: token.offset, indent: token.indent, source: " ".repeat(end - token.offset) }],
});

/** Offset of the first token of a collection's item. */
const itemStart = (item: CST.CollectionItem): number | undefined =>
  item.start[0]?.offset ?? item.key?.offset ?? item.sep?.[0]?.offset ?? item.value?.offset;

/**
 * Cuts every collection nested MAX_YAML_NESTING deep out of a document's syntax tokens (without recursion), and
 * returns where the first one starts, or -1. `yaml`'s composer recurses, over 1 KB of stack per level; near the
 * stack's end V8 can abort the whole process (a RegExp compiled there fails with a fatal out-of-memory error,
 * reproduced with `parseDocument` on 3,000 nested "["), so the composer must never get close.
 */
function trimDeepCollections(document: CST.Document, textEnd: number): number {
  let first = -1;
  const collections: CollectionToken[] = [];
  const depths: number[] = [];
  // Where the text a collection may span ends: the next token after it, as far as its parents show.
  const ends: number[] = [];
  if (isCollectionToken(document.value)) {
    collections.push(document.value);
    depths.push(0);
    ends.push(document.end?.[0]?.offset ?? textEnd);
  }
  for (let token = collections.pop(); token; token = collections.pop()) {
    const depth = (depths.pop() ?? 0) + 1;
    let next = ends.pop() ?? textEnd;
    if (token.type === "flow-collection") next = token.end[0]?.offset ?? next;
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item: CST.CollectionItem | undefined = token.items[i];
      if (!item) continue;
      // The value, then the key: a collection in either is walked, or cut when too deep.
      for (const slot of ["value", "key"] as const) {
        const child = item[slot];
        if (!isCollectionToken(child)) continue;
        const end = slot === "value" ? next : (item.sep?.[0]?.offset ?? item.value?.offset ?? next);
        if (depth < MAX_YAML_NESTING) {
          collections.push(child);
          depths.push(depth);
          ends.push(end);
        } else {
          first = first < 0 ? child.offset : Math.min(first, child.offset);
          item[slot] = emptyScalarToken(child, end);
        }
      }
      next = itemStart(item) ?? next;
    }
  }
  return first;
}

interface Anchored {
  readonly node: SyntaxNode;
  /** Nodes in the node's subtree with every alias in it expanded. */
  readonly size: number;
  /** Collection levels in the node's subtree (0 for a scalar). */
  readonly height: number;
}

/**
 * Builds our tree from `yaml`'s nodes in one pass, in document order, so that an alias can only refer to an anchor
 * completed before it. Every node's expanded size and height are computed as it is built (memoized per anchor),
 * which bounds alias expansion and total depth in linear time.
 */
class TreeBuilder {
  readonly diagnostics: Diagnostic[] = [];
  readonly #text: string;
  readonly #problems: Problems;
  readonly #anchors = new Map<string, Anchored>();
  /** Anchors whose node is being built, with how many times each name is open. */
  readonly #open = new Map<string, number>();
  /** Ends of the quoted scalars without their closing quote, each reported here (`yaml` misses some). */
  readonly unclosedQuotes = new Set<number>();
  /** Start of flow collections without their closing bracket, by their end (where `yaml` reports it). */
  readonly unclosedFlows = new Map<number, number>();
  #expanded = 0;
  #tooLarge = false;
  #tooDeep = false;
  /** Starts of the lines `yaml` found indented with a tab. */
  readonly #tabLines = new Set<number>();
  // Size and height of the node the last `node` call returned.
  #size = 0;
  #height = 0;

  constructor(text: string, problems: Problems) {
    this.#text = text;
    this.#problems = problems;
  }

  /** Notes the line of a tab `yaml` found in indentation at `offset`. */
  tabIndented(offset: number): void {
    let start = offset;
    while (start > 0 && isBlank(this.#text.charCodeAt(start - 1))) start--;
    this.#tabLines.add(start);
  }

  /**
   * Whether the key at `offset` is first on a line indented with a tab. `yaml` counts only the spaces before the
   * tab, so it puts the key in an outer mapping, where it would replace (and be reported as a duplicate of) a key
   * the user wrote there; the tab is reported, the key is left out.
   */
  #tabIndentedKey(offset: number): boolean {
    if (this.#tabLines.size === 0) return false;
    let start = offset;
    while (start > 0 && isBlank(this.#text.charCodeAt(start - 1))) start--;
    return this.#tabLines.has(start) && (start === 0 || isLineEnd(this.#text.charCodeAt(start - 1)));
  }

  /** Reports nesting past MAX_YAML_NESTING, once per document. */
  tooDeep(offset: number): void {
    if (this.#tooDeep) return;
    this.#tooDeep = true;
    const span = { offset, length: offset < this.#text.length ? 1 : 0 };
    this.diagnostics.push(diagnostic("too-deep", "yaml", { max: MAX_YAML_NESTING }, span));
  }

  /** Our node for a `yaml` node inside `depth` collections. */
  node(node: ParsedNode, depth: number): SyntaxNode {
    if (isScalar(node)) {
      this.#size = 1;
      this.#height = 0;
      return this.#scalar(node);
    }
    if (isAlias(node)) return this.#alias(node, depth);
    const [start, end] = node.range;
    if (depth >= MAX_YAML_NESTING) {
      this.tooDeep(start);
      return this.#null({ offset: start, length: end - start });
    }
    const anchor = node.anchor;
    if (anchor) this.#open.set(anchor, (this.#open.get(anchor) ?? 0) + 1);
    const built = isMap(node) ? this.#mapping(node, depth) : this.#sequence(node, depth);
    if (node.flow && (end - start < 2 || this.#text.charCodeAt(end - 1) !== (isMap(node) ? 125 : 93)))
      this.unclosedFlows.set(end, start);
    if (anchor) {
      const open = this.#open.get(anchor) ?? 1;
      if (open > 1) this.#open.set(anchor, open - 1);
      else this.#open.delete(anchor);
      this.#anchors.set(anchor, { node: built, size: this.#size, height: this.#height });
    }
    return built;
  }

  #scalar(node: Scalar.Parsed): ScalarNode {
    const [start, end] = node.range;
    const style = STYLES[node.type ?? "PLAIN"] ?? "plain";
    this.#checkQuote(node);
    const scalar = scalarNode(this.#text, start, end, style, node.value, node.source);
    if (node.anchor) this.#anchors.set(node.anchor, { node: scalar, size: 1, height: 0 });
    return scalar;
  }

  /** Reports a quoted scalar without its closing quote at its opening one. */
  #checkQuote(node: Scalar.Parsed): void {
    if (node.type !== "QUOTE_DOUBLE" && node.type !== "QUOTE_SINGLE") return;
    const [start, end] = node.range;
    if (quoteClosed(this.#text, start, end)) return;
    this.unclosedQuotes.add(end);
    const quote = this.#text.charCodeAt(start);
    let last = end - 1;
    while (last > start && /\s/.test(this.#text.charAt(last))) last--;
    const escaped = last > start && this.#text.charCodeAt(last) === quote;
    this.#problems.syntax({ offset: start, length: 1 }, unclosedQuoteMessage(quote === 34, escaped));
  }

  #alias(node: Alias.Parsed, depth: number): SyntaxNode {
    const [start, end] = node.range;
    const span = { offset: start, length: end - start };
    const name = node.source;
    const anchored = this.#anchors.get(name);
    if (this.#open.has(name)) {
      this.#problems.add(span, message("syntax-error", "aliasInsideAnchor", { name }));
    } else if (!anchored) {
      // An empty name was reported by `yaml` already.
      if (name) {
        this.#problems.add(span, message("syntax-error", "aliasUnknown", { name }));
      }
    } else if (depth + anchored.height > MAX_YAML_NESTING) {
      this.tooDeep(start);
    } else if (this.#expanded + anchored.size > MAX_ALIAS_EXPANSION) {
      if (!this.#tooLarge) {
        this.#tooLarge = true;
        this.diagnostics.push(diagnostic("too-large", "aliases", { max: MAX_ALIAS_EXPANSION }, span));
      }
    } else {
      this.#expanded += anchored.size;
      this.#size = anchored.size;
      this.#height = anchored.height;
      return anchored.node;
    }
    return this.#null(span);
  }

  /** A null standing for something that could not be kept (an alias, a collection too deep). */
  #null(span: Span): ScalarNode {
    this.#size = 1;
    this.#height = 0;
    return { kind: "scalar", span, value: null };
  }

  #mapping(node: YAMLMap.Parsed, depth: number): SyntaxNode {
    const list = new PropertyList(this.diagnostics);
    let size = 1;
    let height = 0;
    for (const pair of node.items) {
      const keyNode = pair.key;
      const key = this.#key(keyNode);
      const [keyStart, keyEnd] = keyNode.range;
      // `key:` gets an empty scalar from `yaml`; only `? key` without ":" has no value node at all.
      const value = pair.value ? this.node(pair.value, depth + 1) : this.#null({ offset: keyEnd, length: 0 });
      size += this.#size;
      height = Math.max(height, this.#height);
      if (key !== undefined && !this.#tabIndentedKey(keyStart))
        list.add(key, { offset: keyStart, length: keyEnd - keyStart }, value);
    }
    this.#size = size;
    this.#height = height + 1;
    const [start, end] = node.range;
    return { kind: "object", span: { offset: start, length: end - start }, properties: list.properties };
  }

  #sequence(node: YAMLSeq.Parsed, depth: number): SyntaxNode {
    const items: SyntaxNode[] = [];
    let size = 1;
    let height = 0;
    for (const item of node.items) {
      items.push(this.node(item, depth + 1));
      size += this.#size;
      height = Math.max(height, this.#height);
    }
    this.#size = size;
    this.#height = height + 1;
    const [start, end] = node.range;
    return { kind: "array", span: { offset: start, length: end - start }, items };
  }

  /**
   * The key as a string: a plain key as written (`007:` is "007", `true:` is "true"), a quoted key as its value.
   * Keys that are missing, collections or aliases to collections are reported and give undefined.
   */
  #key(key: ParsedNode): string | undefined {
    const [start, end] = key.range;
    if (isScalar(key)) {
      if (key.type === "PLAIN" && key.source === "") {
        const colon = this.#text.charCodeAt(start) === 58;
        this.#problems.add({ offset: start, length: colon ? 1 : 0 }, message("syntax-error", "keyMissing", {}));
        return undefined;
      }
      // Reading an anchored key as a scalar registers the anchor, for aliases to the key (and checks its quotes).
      if (key.anchor) this.#scalar(key);
      else this.#checkQuote(key);
      return key.source;
    }
    let kind = isMap(key) ? "mapping" : "sequence";
    if (isAlias(key)) {
      const target = this.#anchors.get(key.source)?.node;
      if (!target) {
        this.#alias(key, 0); // reports the unknown alias
        return undefined;
      }
      if (target.kind === "scalar") return target.source ?? String(target.value);
      kind = target.kind === "object" ? "mapping" : "sequence";
    }
    this.#problems.add(
      { offset: start, length: lineEnd(this.#text, start, Math.min(end, start + SCAN_LIMIT)) - start },
      message("syntax-error", "collectionKey", { kind }),
    );
    return undefined;
  }
}

/** Longest stretch scanned to find a span, so that many errors on one long line still cost linear time. */
const SCAN_LIMIT = 200;

/** The end of the line at `offset`, or `limit` if that comes first. */
function lineEnd(text: string, offset: number, limit: number): number {
  let end = offset;
  while (end < limit && !isLineEnd(text.charCodeAt(end))) end++;
  return end;
}

interface Problem {
  /** An error `yaml` reported (or that the text has a second document): of these, a line keeps only the first. */
  readonly syntax: boolean;
  readonly order: number;
  readonly diagnostic: Diagnostic;
}

/**
 * Syntax problems of one document. One slip often makes `yaml` report several errors on the same line (an
 * unexpected token, then a missing value, then a bad key); a line keeps only the first of them, and drops the
 * problems found in the tree or warned about on it, which that slip may have caused as well.
 */
class Problems {
  readonly #text: string;
  readonly #problems: Problem[] = [];

  constructor(text: string) {
    this.#text = text;
  }

  /** A syntax error: the text is not YAML. */
  syntax(span: Span, message: string): void {
    this.#push(true, { code: "syntax-error", severity: "error", message, span });
  }

  /** A problem in what the YAML says (a key, an alias), or a warning. */
  add(span: Span, message: string, severity: Diagnostic["severity"] = "error"): void {
    this.#push(false, { code: "syntax-error", severity, message, span });
  }

  #push(syntax: boolean, diagnostic: Diagnostic): void {
    this.#problems.push({ syntax, order: this.#problems.length, diagnostic });
  }

  /** Turns one of `yaml`'s errors or warnings into a diagnostic with a message for people. */
  yaml(error: YAMLError, severity: Diagnostic["severity"], builder: TreeBuilder): void {
    const [start, end] = error.pos;
    if (error.code === "RESOURCE_EXHAUSTION") {
      builder.tooDeep(start);
      return;
    }
    const text = this.#text;
    const missing = error.code === "MISSING_CHAR" || error.code === "BAD_INDENT";
    // A quote never closed runs to where `yaml` finds something missing; the builder reported it at its opening.
    if (missing && builder.unclosedQuotes.has(start)) return;
    let span = errorSpan(text, error.code, start, end);
    // A missing closing bracket is reported where the text ends; the opening one says more.
    const open = builder.unclosedFlows.get(start);
    const unclosed = open !== undefined && missing && span.length === 0;
    if (unclosed) span = { offset: open, length: 1 };
    const message = explain(text, error, span, unclosed);
    if (severity === "error") this.syntax(span, message);
    else this.add(span, message, severity);
  }

  finish(): Diagnostic[] {
    const text = this.#text;
    const sorted = this.#problems.sort(
      (a, b) => a.diagnostic.span.offset - b.diagnostic.span.offset || a.order - b.order,
    );
    const kept: Diagnostic[] = [];
    let line: Problem[] = [];
    let lineEnd = -1;
    const keepLine = () => {
      const error = line.find((problem) => problem.syntax);
      if (error) kept.push(error.diagnostic);
      else for (const problem of line) kept.push(problem.diagnostic);
      line = [];
    };
    for (const problem of sorted) {
      const offset = problem.diagnostic.span.offset;
      if (offset > lineEnd) {
        keepLine();
        const lf = text.indexOf("\n", offset);
        lineEnd = lf < 0 ? text.length : lf;
      }
      line.push(problem);
    }
    keepLine();
    return kept;
  }
}

const isLineEnd = (c: number) => c === 10 || c === 13 || Number.isNaN(c);
/** Characters that end a token in a message: blanks, line ends and flow indicators. */
const isTokenEnd = (c: number) =>
  isBlank(c) || isLineEnd(c) || c === 44 || c === 91 || c === 93 || c === 123 || c === 125;

/**
 * The narrowest span for an error `yaml` reports at text[start, end): its first line without surrounding blanks,
 * or, when that is empty or a single character standing for a longer token, the token that starts there.
 */
function errorSpan(text: string, code: ErrorCode, start: number, end: number): Span {
  if (start >= text.length) return { offset: text.length, length: 0 };
  if (code === "TAB_AS_INDENT") return { offset: start, length: 1 };
  if (code === "BAD_DQ_ESCAPE") {
    const digits = { x: 2, u: 4, U: 8 }[text[start + 1] ?? ""] ?? 0;
    return { offset: start, length: lineEnd(text, start, start + 2 + digits) - start };
  }
  if (code === "BAD_SCALAR_START" || code === "BAD_ALIAS") return { offset: start, length: 1 };
  return tokenSpan(text, start, end);
}

function tokenSpan(text: string, start: number, end: number): Span {
  let from = start;
  while (from < start + SCAN_LIMIT && isBlank(text.charCodeAt(from))) from++;
  let to = lineEnd(text, from, Math.min(end, from + SCAN_LIMIT));
  while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
  if (to - from > 1) return { offset: from, length: to - from };
  if (isLineEnd(text.charCodeAt(from))) return { offset: from, length: 0 };
  // One character or none: `yaml` gave an offset that stands for the token starting there ("- x" for an item).
  if (text.charCodeAt(from) === 45 && isBlank(text.charCodeAt(from + 1))) {
    to = lineEnd(text, from, from + SCAN_LIMIT);
    while (isBlank(text.charCodeAt(to - 1))) to--;
    return { offset: from, length: to - from };
  }
  to = from + 1;
  if (!isTokenEnd(text.charCodeAt(from))) while (to < from + SCAN_LIMIT && !isTokenEnd(text.charCodeAt(to))) to++;
  if (to - from > 1 && text.charCodeAt(to - 1) === 58) to--; // `key:` names the key
  return { offset: from, length: to - from };
}

/** The text of a span for a message, in quotes, shortened when long. */
function describe(text: string, span: Span): string {
  if (span.length === 0) return span.offset >= text.length ? "the end of the file" : "nothing";
  const token = text.slice(span.offset, span.offset + span.length);
  return token.length > 40 ? `"${token.slice(0, 37)}..."` : JSON.stringify(token);
}

/** What the reader found and what it expected, for one of `yaml`'s errors, by its code and (for detail) message. */
function explain(text: string, error: YAMLError, span: Span, unclosed: boolean): string {
  const found = describe(text, span);
  const detail = error.message;
  const atEnd = span.length === 0 && span.offset >= text.length;
  const flow = /Flow sequence|Flow map/.test(detail)
    ? /sequence/.test(detail)
      ? { collection: "sequence", closer: "]" }
      : { collection: "mapping", closer: "}" }
    : undefined;
  const at = { found };
  switch (error.code) {
    case "TAB_AS_INDENT":
      return message("syntax-error", "tabIndent", {});
    case "BAD_INDENT":
    case "MISSING_CHAR":
      if (flow) {
        if (unclosed) return message("syntax-error", "flowNeverClosed", { found, ...flow });
        return atEnd
          ? message("syntax-error", "flowEndOfFile", flow)
          : message("syntax-error", "flowNotClosed", { found, ...flow });
      }
      if (error.code === "BAD_INDENT") {
        if (/mapping items/.test(detail)) return message("syntax-error", "keyIndent", at);
        if (/sequence items/.test(detail)) return message("syntax-error", "itemIndent", at);
        if (/Block scalar values in collections/.test(detail))
          return message("syntax-error", "blockLineUnindented", at);
        if (/Block scalar lines/.test(detail)) return message("syntax-error", "blockLineLessIndented", at);
        if (/Flow end indicator/.test(detail)) return message("syntax-error", "flowEndAtKeyIndent", at);
        return message("syntax-error", "indentMismatch", at);
      }
      if (/closing ["']quote/.test(detail)) return unclosedQuoteMessage(/"quote/.test(detail), false);
      if (/Missing ,/.test(detail)) {
        const collection = /flow map/.test(detail) ? "flow mapping" : "flow sequence";
        return message("syntax-error", /or :/.test(detail) ? "commaOrColonMissing" : "commaMissing", {
          found,
          collection,
        });
      }
      if (/space after :/.test(detail)) return message("syntax-error", "spaceAfterColonMissing", at);
      if (/followed by map values/.test(detail)) return message("syntax-error", "colonMissing", at);
      if (/Comments must be separated/.test(detail)) return message("syntax-error", "commentUnseparated", at);
      if (/Tags and anchors/.test(detail)) return message("syntax-error", "propertiesUnseparated", at);
      if (/without - indicator/.test(detail)) return message("syntax-error", "dashMissing", at);
      if (/leading empty lines/.test(detail)) return message("syntax-error", "blockLeadingLines", {});
      if (/same line with directives-end/.test(detail)) return message("syntax-error", "collectionOnDocumentStart", at);
      if (/directives-end/.test(detail)) return message("syntax-error", "documentStartMissing", at);
      return message("syntax-error", "characterMissing", at);
    case "BLOCK_AS_IMPLICIT_KEY":
      if (/block sequence/.test(detail)) return message("syntax-error", "itemAsKey", at);
      return sameLineColon(text, span)
        ? message("syntax-error", "secondKeyOnLine", at)
        : message("syntax-error", "valueAndBlock", at);
    case "MULTILINE_IMPLICIT_KEY":
      return message("syntax-error", "multilineKey", at);
    case "UNEXPECTED_TOKEN":
      if (/at node end/.test(detail)) return message("syntax-error", "afterValue", at);
      if (/Unexpected , in|empty item/.test(detail)) return message("syntax-error", "emptyFlowEntry", {});
      if (/block-seq-ind on same line/.test(detail)) return message("syntax-error", "sequenceOnKeyLine", {});
      if (/Block scalar header/.test(detail)) return message("syntax-error", "blockHeader", at);
      if (/flow-map-end|flow-seq-end/.test(detail))
        return message("syntax-error", "closerUnmatched", { found, opener: found === '"}"' ? "{" : "[" });
      if (/map-value-ind/.test(detail)) return message("syntax-error", "keyCannotStart", at);
      return message("syntax-error", "tokenMisplaced", at);
    case "BAD_SCALAR_START":
      return /block scalar indicator/.test(detail)
        ? message("syntax-error", "blockScalarInFlow", at)
        : message("syntax-error", "plainStart", at);
    case "BAD_DQ_ESCAPE":
      return message("syntax-error", "escapeUnknown", at);
    case "KEY_OVER_1024_CHARS":
      return message("syntax-error", "keyTooLong", at);
    case "BAD_ALIAS":
      if (/Alias cannot be an empty/.test(detail)) return message("syntax-error", "aliasNameless", {});
      if (/Anchor cannot be an empty/.test(detail)) return message("syntax-error", "anchorNameless", {});
      return message("syntax-error", "nameEndsInColon", {});
    case "ALIAS_PROPS":
      return message("syntax-error", "aliasProperties", at);
    case "MULTIPLE_ANCHORS":
      return message("syntax-error", "secondAnchor", at);
    case "MULTIPLE_TAGS":
      return message("syntax-error", "secondTag", at);
    case "BAD_PROP_ORDER":
      return message("syntax-error", "propertiesOrder", at);
    case "TAG_RESOLVE_FAILED":
      return /Could not resolve tag/.test(detail)
        ? message("syntax-error", "tagHandleUndeclared", at)
        : message("syntax-error", "tagMismatch", at);
    case "BAD_DIRECTIVE":
      if (/Unknown directive/.test(detail)) return message("syntax-error", "directiveUnknown", at);
      if (/Unsupported YAML version/.test(detail)) return message("syntax-error", "yamlVersion", at);
      return message("syntax-error", "directiveMalformed", at);
    case "BLOCK_IN_FLOW":
      return message("syntax-error", "blockInFlow", at);
    default:
      // IMPOSSIBLE, and codes our options and composing rule out (DUPLICATE_KEY, NON_STRING_KEY,
      // BAD_COLLECTION_TYPE, MULTIPLE_DOCS).
      return message("syntax-error", "unplaced", at);
  }
}

/** Whether a ":" follows the span on its line (`a: b: c`), rather than the line ending (`a: 1` + indented lines). */
function sameLineColon(text: string, span: Span): boolean {
  const end = lineEnd(text, span.offset, span.offset + SCAN_LIMIT);
  for (let i = span.offset; i < end; i++) if (text.charCodeAt(i) === 58) return true;
  return false;
}
