import { CST, isScalar, type ScalarTag, Schema } from "yaml";
import { append } from "./append.js";
import type { Diagnostic } from "./diagnostic.js";
import type { SyntaxNode } from "./tree.js";
import { MAX_ALIAS_EXPANSION, MAX_YAML_NESTING, PropertyList, quoteClosed, STYLES, scalarNode } from "./yaml-build.js";

/**
 * The fast way to our tree: straight from the syntax tokens of `yaml`'s parser, without its composer (which
 * builds a whole `Document` of its own first). It takes only the plain YAML that services are written in:
 * block and flow collections, scalars of every style, comments, anchors on values and aliases to them. On anything
 * else (tags, directives, explicit keys, multi-line keys, tabs, anything the composer could report, any alias
 * `parseYaml` would refuse) it gives up, for `parseYaml` to compose the document instead; so it never has a
 * diagnostic of its own but duplicate keys.
 * Where it does build the tree, the tree is the one the composed document gives, to the offset (the ranges
 * below follow `yaml`'s composer, which is what the tests compare against).
 */

/** A reader that gave up on the text: the composer must read it (shared with yaml-fast.ts). */
export class Unsupported extends Error {}

export const unsupported = (): never => {
  throw new Unsupported();
};

// The core schema's tags with `parseYaml`'s options, so plain scalars resolve exactly as the composer's do.
const CORE_TAGS: readonly ScalarTag[] = (
  new Schema({ schema: "core", merge: false, resolveKnownTags: false }).tags as ScalarTag[]
).filter((tag) => tag.default === true && tag.test !== undefined);
const RESOLVE_OPTIONS = { intAsBigInt: false } as Parameters<NonNullable<ScalarTag["resolve"]>>[2];

/** The value of a plain scalar read as `value`, as the composer resolves it through the core schema's tags. */
export function resolvePlain(value: string): unknown {
  const tag = CORE_TAGS.find((candidate) => candidate.test?.test(value));
  if (!tag) return value;
  const result = tag.resolve(value, unsupported, RESOLVE_OPTIONS);
  return isScalar(result) ? result.value : result;
}

type SourceToken = CST.SourceToken;

/** What the tokens before a value or an item say (a reduced `resolveProps` of `yaml`, for the supported tokens). */
interface Props {
  /** The indicator (`:`, `-`, `,`) found among them. */
  readonly found: SourceToken | undefined;
  readonly comma: boolean;
  readonly comment: boolean;
  readonly newline: boolean;
  /** An anchor after the indicator, always followed by a blank or a line end. */
  readonly anchor: SourceToken | undefined;
  /** Whether a line end follows the anchor. */
  readonly newlineAfterAnchor: boolean;
  /** Where the tokens end (or `offset` when there are none). */
  readonly end: number;
}

/**
 * Our tree for the first document of `tokens` (the whole token stream of `text`, second document excluded),
 * with duplicate keys reported into `diagnostics`; undefined when the text needs the composer.
 */
export function readPlainYaml(
  text: string,
  tokens: readonly CST.Token[],
  diagnostics: Diagnostic[],
): { root: SyntaxNode } | undefined {
  // Tabs and carriage returns come with rules about indentation and line ends the composer applies itself.
  if (text.includes("\t") || text.includes("\r")) return undefined;
  // Duplicate keys are kept only if the whole document could be read here.
  const found: Diagnostic[] = [];
  const reader = new Reader(text, found);
  try {
    let root: SyntaxNode | undefined;
    for (const token of tokens) {
      if (token.type === "document" && root === undefined) {
        reader.props(token.start, token.offset, undefined, { startOnNewline: true });
        if (!token.value) return undefined;
        root = reader.node(token.value, 0);
        reader.trailing(token.end, 0, false);
      } else if (token.type !== "comment" && token.type !== "newline" && token.type !== "space") return undefined;
    }
    if (!root) return undefined;
    append(diagnostics, found);
    return { root };
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

interface Anchored {
  readonly node: SyntaxNode;
  readonly size: number;
  readonly height: number;
}

class Reader {
  /** The third offset of the last node's `yaml` range: where it ends, trailing comments and line end included. */
  #nodeEnd = 0;
  // Nodes (aliases expanded) and collection levels of the last node read, to bound aliases as `parseYaml` does.
  #size = 0;
  #height = 0;
  #expanded = 0;
  readonly #anchors = new Map<string, Anchored>();
  /** Anchors whose value is being read: an alias to one is an error, for the composer to report. */
  readonly #open = new Set<string>();

  constructor(
    readonly text: string,
    readonly diagnostics: Diagnostic[],
  ) {}

  /** The value `token` holds inside `depth` collections, after the tokens read as `props`. */
  value(token: CST.Token | undefined, props: Props, before: readonly SourceToken[], depth: number): SyntaxNode {
    const anchor = props.anchor?.source.slice(1);
    if (anchor === undefined) return token ? this.node(token, depth) : this.#empty(props, before);
    const block = token?.type === "block-map" || token?.type === "block-seq";
    if (!token || token.type === "alias" || (block && !props.newlineAfterAnchor) || this.#open.has(anchor))
      unsupported();
    this.#open.add(anchor);
    const node = this.node(token as CST.Token, depth);
    this.#open.delete(anchor);
    this.#anchors.set(anchor, { node, size: this.#size, height: this.#height });
    return node;
  }

  node(token: CST.Token, depth: number): SyntaxNode {
    switch (token.type) {
      case "scalar":
      case "single-quoted-scalar":
      case "double-quoted-scalar":
      case "block-scalar":
        return this.#scalar(token);
      case "alias":
        return this.#alias(token, depth);
      case "block-map":
        return this.#blockMap(token, depth);
      case "block-seq":
        return this.#blockSeq(token, depth);
      case "flow-collection":
        return this.#flow(token, depth);
      default:
        return unsupported();
    }
  }

  /** An alias to a complete value before it, within the limits on expansion and depth. */
  #alias(token: CST.FlowScalar, depth: number): SyntaxNode {
    const anchored = this.#anchors.get(token.source.slice(1));
    if (!anchored || this.#open.has(token.source.slice(1)) || token.source.endsWith(":")) return unsupported();
    if (depth + anchored.height > MAX_YAML_NESTING || this.#expanded + anchored.size > MAX_ALIAS_EXPANSION)
      unsupported();
    this.#expanded += anchored.size;
    this.#nodeEnd = this.trailing(token.end, token.offset + token.source.length, true);
    this.#size = anchored.size;
    this.#height = anchored.height;
    return anchored.node;
  }

  /**
   * Reads the tokens before a value; only blanks, comments, line ends, the one expected `indicator`, a comma and
   * (where `anchored`) an anchor pass. As in the composer, a comment must come after a blank or a line end of the
   * same tokens, or first when they start on a new line.
   */
  props(
    tokens: readonly SourceToken[],
    offset: number,
    indicator: SourceToken["type"] | undefined,
    { anchored = false, startOnNewline = false } = {},
  ): Props {
    let spaced = startOnNewline;
    let found: SourceToken | undefined;
    let comma = false;
    let comment = false;
    let newline = false;
    let anchor: SourceToken | undefined;
    let newlineAfterAnchor = false;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as SourceToken;
      const blank = token.type === "space" || token.type === "newline";
      switch (token.type) {
        case "space":
          break;
        case "newline":
          newline = true;
          newlineAfterAnchor ||= anchor !== undefined;
          break;
        case "anchor": {
          const next = tokens[i + 1]?.type;
          const name = token.source;
          if (!anchored || anchor || (indicator && !found) || (next !== "space" && next !== "newline")) unsupported();
          if (name.length < 2 || name.endsWith(":")) unsupported();
          anchor = token;
          break;
        }
        case "comment":
          if (!spaced) unsupported();
          comment = true;
          break;
        case "comma":
          if (comma || found) unsupported();
          comma = true;
          break;
        default:
          if (token.type !== indicator || found) unsupported();
          found = token;
      }
      if (token.type !== "comment") spaced = blank;
    }
    const last = tokens.at(-1);
    return {
      found,
      comma,
      comment,
      newline,
      anchor,
      newlineAfterAnchor,
      end: last ? last.offset + last.source.length : offset,
    };
  }

  /**
   * Reads the blanks, comments and line ends after a value that starts at `offset`, and returns where they end;
   * where `spacedComments`, a comment must come after a blank or a line end among them.
   */
  trailing(tokens: readonly SourceToken[] | undefined, offset: number, spacedComments: boolean): number {
    let spaced = false;
    let end = offset;
    for (const token of tokens ?? []) {
      if (token.type === "comment") {
        if (spacedComments && !spaced) unsupported();
      } else if (token.type === "space" || token.type === "newline") spaced = true;
      else unsupported();
      end += token.source.length;
    }
    return end;
  }

  #scalar(token: CST.FlowScalar | CST.BlockScalar): SyntaxNode {
    if (token.type === "block-scalar") {
      // The composer's own reading of the header (`resolveAsScalar` below) checks its comment.
      for (const prop of token.props) {
        const type = prop.type;
        if (type !== "block-scalar-header" && type !== "space" && type !== "newline" && type !== "comment")
          unsupported();
      }
    }
    const { value, type, range } = this.#resolve(token);
    const resolved = token.type === "scalar" ? resolvePlain(value) : value;
    this.#nodeEnd = range[2];
    this.#size = 1;
    this.#height = 0;
    return scalarNode(this.text, range[0], range[1], STYLES[type ?? "PLAIN"] ?? "plain", resolved, value);
  }

  /** A scalar as the composer reads it, when it has nothing to report. */
  #resolve(token: CST.FlowScalar | CST.BlockScalar): NonNullable<ReturnType<typeof CST.resolveAsScalar>> {
    const resolved = CST.resolveAsScalar(token, true, unsupported);
    const [start, end] = resolved.range;
    // `yaml` misses a closing quote that is escaped (`"a\"` at the end of the text); `parseYaml` reports it.
    if ((resolved.type === "QUOTE_DOUBLE" || resolved.type === "QUOTE_SINGLE") && !quoteClosed(this.text, start, end))
      unsupported();
    return resolved;
  }

  /** The empty value of `key:` or `-`: where the composer puts it, and its range's end. */
  #empty(props: Props, before: readonly SourceToken[]): SyntaxNode {
    let offset = props.end;
    for (let i = before.length - 1; i >= 0; i--) {
      const token = before[i] as SourceToken;
      if (token.type === "space" || token.type === "comment" || token.type === "newline") {
        offset -= token.source.length;
        continue;
      }
      for (let j = i + 1; before[j]?.type === "space"; j++) offset += (before[j] as SourceToken).source.length;
      break;
    }
    this.#nodeEnd = props.comment ? props.end : offset;
    this.#size = 1;
    this.#height = 0;
    return scalarNode(this.text, offset, offset, "plain", null, "");
  }

  /** A key: a scalar on one line. */
  #key(
    token: CST.Token | null | undefined,
    indent: number | undefined,
  ): { key: string; span: { offset: number; length: number } } {
    if (
      !token ||
      (token.type !== "scalar" && token.type !== "single-quoted-scalar" && token.type !== "double-quoted-scalar") ||
      (indent !== undefined && token.indent !== indent) ||
      token.source.includes("\n") ||
      token.end?.some((t) => t.type === "newline")
    )
      return unsupported();
    const { value, range } = this.#resolve(token);
    if (value === "" && token.type === "scalar") unsupported();
    this.#nodeEnd = range[2];
    return { key: value, span: { offset: range[0], length: range[1] - range[0] } };
  }

  #blockMap(token: CST.BlockMap, depth: number): SyntaxNode {
    const list = new PropertyList(this.diagnostics);
    let size = 1;
    let height = 0;
    let offset = token.offset;
    let commentEnd: number | undefined;
    const last = token.items.length - 1;
    for (const [i, item] of token.items.entries()) {
      const props = this.props(item.start, offset, undefined, { startOnNewline: true });
      if (!item.key && !item.sep && !item.value) {
        // Comments after the last entry.
        if (i !== last) unsupported();
        commentEnd = props.end;
        continue;
      }
      const { key, span } = this.#key(item.key, token.indent);
      const sep = this.props(item.sep ?? [], this.#nodeEnd, "map-value-ind", { anchored: true });
      if (!sep.found || sep.found.offset - span.offset > 1000) return unsupported();
      if (item.value?.type === "block-map" && !sep.newline) unsupported();
      const value = this.value(item.value, sep, item.sep ?? [], depth + 1);
      offset = this.#nodeEnd;
      size += this.#size;
      height = Math.max(height, this.#height);
      list.add(key, span, value);
    }
    this.#nodeEnd = commentEnd ?? offset;
    this.#size = size;
    this.#height = height + 1;
    return {
      kind: "object",
      span: { offset: token.offset, length: offset - token.offset },
      properties: list.properties,
    };
  }

  #blockSeq(token: CST.BlockSequence, depth: number): SyntaxNode {
    const items: SyntaxNode[] = [];
    let size = 1;
    let height = 0;
    let offset = token.offset;
    let commentEnd: number | undefined;
    const last = token.items.length - 1;
    for (const [i, item] of token.items.entries()) {
      const props = this.props(item.start, offset, "seq-item-ind", { anchored: true, startOnNewline: true });
      if (!props.found) {
        // Comments after the last item.
        if (i !== last || item.value) unsupported();
        commentEnd = props.end;
        continue;
      }
      items.push(this.value(item.value, props, item.start, depth + 1));
      offset = this.#nodeEnd;
      size += this.#size;
      height = Math.max(height, this.#height);
    }
    this.#nodeEnd = commentEnd ?? offset;
    this.#size = size;
    this.#height = height + 1;
    return { kind: "array", span: { offset: token.offset, length: offset - token.offset }, items };
  }

  #flow(token: CST.FlowCollection, depth: number): SyntaxNode {
    const isMap = token.start.source === "{";
    const list = isMap ? new PropertyList(this.diagnostics) : undefined;
    const items: SyntaxNode[] = [];
    let size = 1;
    let height = 0;
    let offset = token.offset + token.start.source.length;
    for (const [i, item] of token.items.entries()) {
      const props = this.props(item.start, offset, undefined, { anchored: !list });
      const value = item.value;
      if (!item.key && !item.sep && !value && !props.anchor) {
        // Blanks and comments before the closing bracket, after a last "," or none.
        if (i !== token.items.length - 1 || (i === 0 && props.comma)) unsupported();
        offset = props.end;
        continue;
      }
      if (props.comma !== i > 0) unsupported();
      if (value?.type === "block-map" || value?.type === "block-seq") unsupported();
      if (list) {
        const { key, span } = this.#key(item.key, undefined);
        const sep = this.props(item.sep ?? [], this.#nodeEnd, "map-value-ind", { anchored: true });
        if (!sep.found) unsupported();
        list.add(key, span, this.value(value, sep, item.sep ?? [], depth + 1));
      } else {
        if (item.key || item.sep || !value) unsupported();
        items.push(this.value(value, props, item.start, depth + 1));
      }
      offset = this.#nodeEnd;
      size += this.#size;
      height = Math.max(height, this.#height);
    }
    const [close, ...after] = token.end;
    if (close?.source !== (isMap ? "}" : "]")) unsupported();
    const end = (close as SourceToken).offset + 1;
    this.#nodeEnd = this.trailing(after, end, true);
    this.#size = size;
    this.#height = height + 1;
    const span = { offset: token.offset, length: end - token.offset };
    return list ? { kind: "object", span, properties: list.properties } : { kind: "array", span, items };
  }
}
