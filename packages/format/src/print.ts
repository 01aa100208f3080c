import { expressionLines } from "./expression-lines.js";
import {
  allPrintable,
  doubleQuoted,
  foldWords,
  isPlainSafe,
  literalBlock,
  readsAsString,
  singleQuoted,
} from "./scalar.js";
import type { Entry, Gap, LayoutDocument, LayoutNode, MapNode, ScalarNode, SeqNode } from "./tree.js";

/**
 * The canonical layout, in one place: the formatter and the decompiler both print through `printLayout`.
 *
 * - Two spaces of indentation; a sequence under a key is indented under it (`key:` then `  - item`); a mapping
 *   in a sequence starts on the dash line (`- key: value`).
 * - A collection is printed in flow style (`{ a: 1, b: x }`, `[1, 2]`) when nothing forces block style and it is
 *   short: at most FLOW_WIDTH characters, its line at most WIDTH, no comment inside, no sequence of mappings,
 *   every expression in it plain. The document's root and the collections the DSL marks (boxes, each box, its
 *   metadata and reconcile, channels, each channel) are always in block style.
 * - Strings are plain when YAML reads them back as the same string, double-quoted otherwise; a string too long
 *   for its line is folded (`>-`) at single spaces, a string of several lines is a literal block (`|`, `|-`).
 * - Expressions are plain when YAML allows, single-quoted otherwise (their own strings use double quotes); an
 *   expression too long for its line is folded (`>-`) at its operators, pipes and arguments.
 * - Numbers, booleans and nulls are printed as written.
 * - Comments keep their place: a trailing comment follows what it followed, after one space; an own-line comment
 *   is indented like the entry after it, or like the block it ends. One less indented than the entry after it
 *   keeps its column (at most the entry's): such comments annotate the line above, as in the test fixtures.
 * - Blank lines are kept, one at most, none at the start of a block or of the file.
 */
export const WIDTH = 120;
/** Longest flow collection: longer ones read better one entry per line. */
export const FLOW_WIDTH = 80;
const STEP = 2;

export function printLayout(document: LayoutDocument): string {
  const printer = new Printer();
  for (const line of document.prologue) printer.push(line);
  printer.root(document.root, document.single);
  const lines = printer.lines;
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return `${lines.join("\n")}\n`;
}

type Rendered =
  | { readonly inline: string }
  | { readonly header: string; readonly lines: readonly { readonly indent: number; readonly text: string }[] }
  | { readonly verbatim: readonly string[] };

const pad = (n: number) => " ".repeat(n);

const propertiesOf = (node: LayoutNode): string => {
  if (node.kind === "alias") return "";
  return [node.anchor === undefined ? "" : `&${node.anchor}`, node.tag ?? ""].filter(Boolean).join(" ");
};

const hasComment = (gaps: readonly Gap[]) => gaps.some((gap) => gap.kind === "comment");

/** An expression text YAML reads back as exactly that text (a string, or a number or boolean whose source the compiler reads). */
const plainExpression = (text: string): boolean =>
  isPlainSafe(text, false) &&
  (readsAsString(text) || /^-?(?:0|[1-9][0-9]*)$/.test(text) || text === "true" || text === "false");

class Printer {
  readonly lines: string[] = [];

  push(line: string): void {
    this.lines.push(line);
  }

  root(node: LayoutNode, single: LayoutDocument["single"]): void {
    const properties = propertiesOf(node);
    if ((node.kind === "map" && node.entries.length > 0) || (node.kind === "seq" && node.items.length > 0)) {
      if (properties) this.push(properties);
      this.block(node, 0);
      return;
    }
    // One value: its comments go where an entry's would, a block scalar's first one after its header.
    const entry = single?.entry;
    this.gaps(entry?.before ?? [], 0, true);
    const prefix = properties ? `${properties} ` : "";
    const rendered = this.render(node, 0, prefix.length);
    const lines =
      "inline" in rendered
        ? [rendered.inline]
        : "header" in rendered
          ? [
              rendered.header,
              ...rendered.lines.map((line) => (line.text === "" ? "" : pad(STEP + line.indent) + line.text)),
            ]
          : [...rendered.verbatim];
    lines[0] = prefix + lines[0];
    const [first, ...rest] = [...(entry?.headComments ?? []), ...(entry?.comment === undefined ? [] : [entry.comment])];
    const header = "header" in rendered || ("verbatim" in rendered && /^[|>]/.test(rendered.verbatim[0] ?? ""));
    const at = header ? 0 : lines.length - 1;
    if (first !== undefined) lines[at] = `${lines[at]} ${first}`;
    for (const line of [...lines, ...rest]) this.push(line);
    if (node.kind === "map" || node.kind === "seq") this.gaps(node.end, 0, false);
    this.gaps(single?.after ?? [], 0, false);
  }

  gaps(gaps: readonly Gap[], indent: number, atStart: boolean): void {
    let start = atStart;
    for (const gap of gaps) {
      if (gap.kind === "blank") {
        if (!start && this.lines.length > 0 && this.lines.at(-1) !== "") this.push("");
        continue;
      }
      start = false;
      this.push(pad(gap.column === undefined ? indent : Math.min(gap.column, indent)) + gap.text);
    }
  }

  block(node: MapNode | SeqNode, indent: number): void {
    const entries = node.kind === "map" ? node.entries : node.items;
    entries.forEach((entry, i) => {
      this.gaps(entry.before, indent, i === 0);
      this.entry(entry, indent, node.kind === "seq");
    });
    this.gaps(node.end, indent, entries.length === 0);
  }

  key(entry: Entry): string {
    const key = entry.key;
    if (!key) return "-";
    if (key.kind === "alias") return `*${key.name} :`;
    return `${keyText(key, false)}:`;
  }

  entry(entry: Entry, indent: number, item: boolean): void {
    const value = entry.value;
    const properties = propertiesOf(value);
    const head = `${pad(indent)}${this.key(entry)}${properties ? ` ${properties}` : ""}`;
    const [headComment, ...moreHeadComments] = entry.headComments ?? [];
    const withHeadComment = headComment === undefined ? head : `${head} ${headComment}`;
    const isCollection = value.kind === "map" || value.kind === "seq";
    const empty = isCollection && (value.kind === "map" ? value.entries.length === 0 : value.items.length === 0);
    if (isCollection && !empty) {
      // A comment after the key stays before the first entry: the collection is then in block style.
      const flow = headComment === undefined ? this.flow(value) : undefined;
      if (flow !== undefined && head.length + 1 + flow.length <= WIDTH) {
        this.inline(head, flow, entry, indent);
        return;
      }
      const first = value.kind === "map" ? value.entries[0] : value.items[0];
      const at = this.lines.length;
      if (item && !properties && headComment === undefined && first && first.before.length === 0) {
        // `- key: value`: the collection starts on the dash line.
        this.block(value, indent + STEP);
        this.lines[at] = `${pad(indent)}- ${(this.lines[at] as string).slice(indent + STEP)}`;
      } else {
        this.push(withHeadComment);
        for (const comment of moreHeadComments) this.push(pad(indent + STEP) + comment);
        this.block(value, indent + STEP);
      }
      // A comment after the value (the closing bracket of what was a flow collection) goes after its last entry.
      if (entry.comment !== undefined) this.push(pad(indent + STEP) + entry.comment);
      return;
    }
    if (empty) {
      this.inline(head, value.kind === "map" ? "{}" : "[]", entry, indent);
      this.gaps(value.end, indent, false);
      return;
    }
    const rendered = this.render(value, indent, head.length + 1);
    if ("inline" in rendered) {
      this.inline(head, rendered.inline, entry, indent);
      return;
    }
    if ("header" in rendered) {
      // A block scalar: comments can only follow its header; the others go after its lines.
      this.push(`${head} ${rendered.header}${headComment === undefined ? "" : ` ${headComment}`}`);
      for (const line of rendered.lines) {
        this.push(line.text === "" ? "" : pad(indent + STEP + line.indent) + line.text);
      }
      for (const comment of [...moreHeadComments, ...(entry.comment === undefined ? [] : [entry.comment])]) {
        this.push(pad(indent) + comment);
      }
      return;
    }
    const [first = "", ...rest] = rendered.verbatim;
    if (/^[|>]/.test(first)) {
      this.push(`${head} ${first}${headComment === undefined ? "" : ` ${headComment}`}`);
      for (const line of rest) this.push(line);
      for (const comment of [...moreHeadComments, ...(entry.comment === undefined ? [] : [entry.comment])]) {
        this.push(pad(indent) + comment);
      }
      return;
    }
    // Other text on several lines: a comment can only follow its last line.
    let after = entry.comment;
    if (headComment !== undefined && (entry.comment !== undefined || moreHeadComments.length > 0)) {
      this.push(withHeadComment);
      for (const comment of moreHeadComments) this.push(pad(indent + STEP) + comment);
      this.push(pad(indent + STEP) + first);
    } else {
      this.push(`${head} ${first}`);
      after ??= headComment;
    }
    rest.forEach((line, i) => {
      this.push(i === rest.length - 1 && after !== undefined ? `${line} ${after}` : line);
    });
  }

  /** A value on the line of its key or dash, with the entry's comments. */
  inline(head: string, text: string, entry: Entry, indent: number): void {
    const separator = text === "" ? "" : " ";
    const [headComment, ...moreHeadComments] = entry.headComments ?? [];
    if (headComment !== undefined && (entry.comment !== undefined || moreHeadComments.length > 0)) {
      // Several comments: the value moves to a line of its own so that each comment keeps a line end.
      this.push(`${head} ${headComment}`);
      for (const comment of moreHeadComments) this.push(pad(indent + STEP) + comment);
      const again = this.render(entry.value, indent + STEP, indent + STEP);
      const line = "inline" in again ? again.inline : text;
      this.push(`${pad(indent + STEP)}${line}${entry.comment === undefined ? "" : ` ${entry.comment}`}`);
      return;
    }
    const comment = entry.comment ?? headComment;
    this.push(`${head}${separator}${text}${comment === undefined ? "" : ` ${comment}`}`);
  }

  /** A value that is not a non-empty collection, where `used` columns of its line are taken before it. */
  render(node: LayoutNode, indent: number, used: number): Rendered {
    if (node.kind === "alias") return { inline: `*${node.name}` };
    if (node.kind === "map" || node.kind === "seq") {
      return { inline: this.flow(node) ?? (node.kind === "map" ? "{}" : "[]") };
    }
    const form = node.form;
    const room = WIDTH - (indent + STEP);
    switch (form.kind) {
      case "plain":
        return { inline: form.source };
      case "expression": {
        const one = plainExpression(form.text) ? form.text : (singleQuoted(form.text) ?? doubleQuoted(form.text));
        if (used + one.length <= WIDTH) return { inline: one };
        const lines = expressionLines(form.text, room);
        if (lines.length > 1 && allPrintable(form.text)) return { header: ">-", lines };
        return { inline: one };
      }
      case "verbatim": {
        const [first = "", ...rest] = form.text.split("\n");
        if (rest.length === 0) return { inline: first };
        const shift = indent - form.indent;
        return { verbatim: [first, ...rest.map((line) => reindent(line, shift))] };
      }
      case "string": {
        const text = String(node.value);
        if (!text.includes("\n")) {
          const one = isPlainSafe(text, false) && readsAsString(text) ? text : doubleQuoted(text);
          if (used + one.length <= WIDTH) return { inline: one };
          const folded = foldWords(text, room);
          if (folded) return { header: ">-", lines: folded.map((line) => ({ indent: 0, text: line })) };
          return { inline: one };
        }
        const literal = literalBlock(text);
        if (literal) return { header: literal.header, lines: literal.lines.map((line) => ({ indent: 0, text: line })) };
        return { inline: doubleQuoted(text) };
      }
    }
  }

  /** The one-line flow form of a collection, or undefined when it must be in block style. */
  flow(node: MapNode | SeqNode): string | undefined {
    if (node.block && (node.kind === "map" ? node.entries.length > 0 : node.items.length > 0)) return undefined;
    if (hasComment(node.end)) return undefined;
    const entries = node.kind === "map" ? node.entries : node.items;
    const parts: string[] = [];
    // Stops as soon as the text is too long, so that each call costs at most FLOW_WIDTH's worth of text.
    let length = 2;
    for (const entry of entries) {
      if (length > FLOW_WIDTH) return undefined;
      if (hasComment(entry.before) || entry.comment !== undefined || entry.headComments !== undefined) return undefined;
      if (node.kind === "seq" && entry.value.kind === "map") return undefined;
      const value = this.flowValue(entry.value);
      if (value === undefined) return undefined;
      if (node.kind === "seq") {
        parts.push(value);
        length += value.length + 2;
        continue;
      }
      const key = entry.key;
      if (!key) return undefined;
      if (key.kind === "alias") parts.push(`*${key.name} : ${value}`);
      else {
        if (String(key.value).length > FLOW_WIDTH) return undefined;
        parts.push(`${keyText(key, true)}: ${value}`);
      }
      length += (parts.at(-1) as string).length + 2;
    }
    const text = node.kind === "map" ? (parts.length > 0 ? `{ ${parts.join(", ")} }` : "{}") : `[${parts.join(", ")}]`;
    return text.length <= FLOW_WIDTH ? text : undefined;
  }

  flowValue(node: LayoutNode): string | undefined {
    if (node.kind === "alias") return `*${node.name}`;
    const properties = propertiesOf(node);
    const text = node.kind === "scalar" ? flowScalar(node) : this.flow(node);
    if (text === undefined) return undefined;
    return properties ? `${properties} ${text}` : text;
  }
}

/**
 * A key with its anchor and tag: plain when YAML reads it back as the same string, double-quoted otherwise; a
 * tagged key as written (on one line: a key cannot span lines), since its tag decides how its text reads.
 */
function keyText(key: ScalarNode, flow: boolean): string {
  const properties = propertiesOf(key);
  const form = key.form;
  const text = String(key.value);
  const written =
    form.kind === "verbatim" && !form.text.includes("\n") && (!flow || flowScalar(key) !== undefined)
      ? form.text
      : isPlainSafe(text, flow) && readsAsString(text)
        ? text
        : doubleQuoted(text);
  return `${properties ? `${properties} ` : ""}${written}`;
}

/** A scalar's text inside a flow collection, or undefined when it cannot be there. */
function flowScalar(node: ScalarNode): string | undefined {
  const form = node.form;
  const written = form.kind === "plain" ? form.source : form.kind === "string" ? String(node.value) : form.text;
  if (written.length > FLOW_WIDTH) return undefined;
  switch (form.kind) {
    case "plain":
      return form.source === "" ? undefined : form.source;
    case "expression":
      return isPlainSafe(form.text, true) && plainExpression(form.text) ? form.text : undefined;
    case "verbatim": {
      if (form.text.includes("\n")) return undefined;
      const quoted = form.text.startsWith('"') || form.text.startsWith("'");
      return quoted || isPlainSafe(form.text, true) ? form.text : undefined;
    }
    case "string": {
      const text = String(node.value);
      if (text.includes("\n")) return undefined;
      return isPlainSafe(text, true) && readsAsString(text) ? text : doubleQuoted(text);
    }
  }
}

/** A line of verbatim text moved right (or left, over blanks only) by `shift` columns. */
function reindent(line: string, shift: number): string {
  if (shift === 0 || line === "") return line;
  if (shift > 0) return pad(shift) + line;
  const blanks = /^ */.exec(line)?.[0].length ?? 0;
  return line.slice(Math.min(blanks, -shift));
}
