import {
  append,
  type Comment,
  type Diagnostic,
  diagnostic,
  type FastReading,
  type ObjectNode,
  originOf,
  type PropertyNode,
  parseYaml,
  propertyOf,
  type Span,
  type SyntaxNode,
  type TextEdit,
  type Token,
  tokenize,
} from "@mailroom/syntax";

/** A YAML single-quoted scalar of a text: only its quotes are doubled, so an expression reads as it is. */
const quoted = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The offset of the end of the line holding `offset`. */
function lineEnd(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
  return i;
}

/** An expression written unquoted in a flow mapping, and the property holding it. */
interface Site {
  readonly container: ObjectNode;
  readonly property: PropertyNode;
}

/** The boxes of a DSL file, in a map or a list. */
function boxesOf(root: SyntaxNode): SyntaxNode[] {
  if (root.kind !== "object") return [];
  const boxes = propertyOf(root, "boxes")?.value;
  return boxes?.kind === "object" ? boxes.properties.map((p) => p.value) : boxes?.kind === "array" ? boxes.items : [];
}

/** The places of a box where an expression is written: metadata values, `from.match`, `reconcile.when`. */
function* expressionSites(box: SyntaxNode): Generator<Site> {
  if (box.kind !== "object") return;
  const keyed = (container: SyntaxNode | undefined, key: string): Site[] => {
    const property = container?.kind === "object" ? propertyOf(container, key) : undefined;
    return container?.kind === "object" && property ? [{ container, property }] : [];
  };
  const metadata = propertyOf(box, "metadata")?.value;
  if (metadata?.kind === "object") {
    for (const property of metadata.properties) {
      yield { container: metadata, property };
      yield* keyed(property.value, "value");
    }
  } else if (metadata?.kind === "array") {
    for (const item of metadata.items) yield* keyed(item, "value");
  }
  yield* keyed(propertyOf(box, "from")?.value, "match");
  yield* keyed(propertyOf(box, "reconcile")?.value, "when");
}

/**
 * The boxes where nothing is cut, by origin (see movedNode): the boxes an edit only moved are not read again (the
 * text at a moved node is the text at its origin). Kept only for a document that will have a next version.
 */
const uncut = new WeakSet<SyntaxNode>();

/** What may open a bracket, a string or a regex in an expression. */
const OPENERS = /[([{"'/]/;

/** Whether an expression's tokens leave a bracket open, or a string or regex running on at the end. */
function isUnfinished(tokens: readonly Token[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    if (token.unterminated) return true;
    if (token.kind === "(" || token.kind === "[" || token.kind === "{") depth++;
    else if (token.kind === ")" || token.kind === "]" || token.kind === "}") depth--;
  }
  return depth > 0;
}

const CLOSING: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

/**
 * Where the expression starting at `tokens[from]` ends, read as the expression language reads it: before the
 * first `,` or closing bracket outside any bracket of its own. Undefined when that is not certain: the tokens run
 * out first (the expression goes on past the line, or a string never closes) or a bracket is closed by another.
 */
function expressionEnd(tokens: readonly Token[], from: number): number | undefined {
  const open: string[] = [];
  let end: number | undefined;
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === "end" || token.unterminated) return undefined;
    if (token.kind === "(" || token.kind === "[" || token.kind === "{") open.push(token.kind);
    else if (CLOSING[token.kind] !== undefined) {
      if (open.length === 0) return end;
      if (open.pop() !== CLOSING[token.kind]) return undefined;
    } else if (token.kind === "," && open.length === 0) return end;
    end = token.offset + token.length;
  }
  return undefined;
}

/**
 * YAML splits a flow mapping (`{ ... }`) at each comma and reads `[ ] { }` as its own, so an unquoted expression
 * there is cut short: `{ match: matches(archivePath, /\.pdf$/) }` holds the expression `matches(archivePath` and a
 * key `/\.pdf$/)`, and `{ value: fileName[0:8] }` does not read at all. Each such expression is found here from the
 * text (its value stops where the expression language says it cannot): one error at the whole expression, with
 * its quoting as the fix, in place of the cascade of syntax, expression and unknown-key errors it causes.
 */
export function cutExpressions(text: string, root: SyntaxNode | undefined, remember = false): Diagnostic[] {
  const cuts: Diagnostic[] = [];
  if (!root) return cuts;
  for (const box of boxesOf(root)) {
    const origin = originOf(box);
    if (uncut.has(origin)) continue;
    const found = boxCuts(text, box);
    if (found.length > 0) append(cuts, found);
    else if (remember) uncut.add(origin);
  }
  return cuts;
}

/** The cut expressions of one box. */
function boxCuts(text: string, box: SyntaxNode): Diagnostic[] {
  const cuts: Diagnostic[] = [];
  // The tokens of a line from a start offset: the expressions of one flow mapping on one line share them.
  let line: { from: number; tokens: Token[]; next: number } | undefined;
  let covered = -1;
  for (const { container, property } of expressionSites(box)) {
    const value = property.value;
    if (text[container.span.offset] !== "{" || value.kind !== "scalar" || value.style !== "plain") continue;
    const start = value.span.offset;
    const cutAt = start + value.span.length;
    if (start <= covered) continue; // a piece of an expression already reported
    const written = text.slice(start, cutAt);
    // Only a bracket or quote left open, or a bracket just after, can mean more was meant: most values have none.
    const opens = OPENERS.test(written) && isUnfinished(tokenize(written).tokens);
    if (!opens && text[cutAt] !== "[" && text[cutAt] !== "{") continue;
    // The tokens lexed for an earlier expression of the line serve when one of them starts here.
    let index = -1;
    for (let i = line?.next ?? 0; line && i < line.tokens.length; i++) {
      const offset = (line.tokens[i] as Token).offset + line.from;
      if (offset >= start) {
        if (offset === start) index = i;
        break;
      }
    }
    if (!line || index < 0) {
      line = { from: start, tokens: tokenize(text.slice(start, lineEnd(text, start))).tokens, next: 0 };
      index = 0;
    }
    line.next = index;
    const end = expressionEnd(line.tokens, index);
    // Only an expression that certainly goes on past the cut: one merely unfinished is an error of its own.
    if (end === undefined || line.from + end <= cutAt) continue;
    const whole: Span = { offset: start, length: line.from + end - start };
    covered = whole.offset + whole.length;
    const expression = text.slice(start, covered);
    const data = { key: JSON.stringify(property.key), read: JSON.stringify(value.value) };
    cuts.push({
      ...(text[cutAt] === ","
        ? diagnostic("expression-in-flow-mapping", "cutAtComma", data, whole)
        : diagnostic(
            "expression-in-flow-mapping",
            "cutAtBracket",
            { ...data, bracket: JSON.stringify(text[cutAt] ?? "") },
            whole,
          )),
      fix: { description: "Quote the expression", edits: [{ span: whole, newText: quoted(expression) }] },
    });
  }
  return cuts;
}

/** A text with non-overlapping edits applied, and the way back from its offsets to the original's. */
class EditedText {
  readonly text: string;
  /** The edits, in text order, with where each starts in the edited text. */
  readonly #edits: { readonly edit: TextEdit; readonly at: number }[] = [];

  constructor(original: string, edits: readonly TextEdit[]) {
    const parts: string[] = [];
    let from = 0;
    let length = 0;
    for (const edit of [...edits].sort((a, b) => a.span.offset - b.span.offset)) {
      parts.push(original.slice(from, edit.span.offset), edit.newText);
      length += edit.span.offset - from;
      this.#edits.push({ edit, at: length });
      length += edit.newText.length;
      from = edit.span.offset + edit.span.length;
    }
    parts.push(original.slice(from));
    this.text = parts.join("");
  }

  /** The original offset of an offset of the edited text; inside an edit, the start of the text it replaced. */
  #back(offset: number): number {
    let shift = 0;
    for (const { edit, at } of this.#edits) {
      if (offset < at) break;
      if (offset < at + edit.newText.length) return edit.span.offset;
      shift = at + edit.newText.length - (edit.span.offset + edit.span.length);
    }
    return offset - shift;
  }

  /** A diagnostic of the edited text, located in the original. */
  back(d: Diagnostic): Diagnostic {
    const start = this.#back(d.span.offset);
    const end = Math.max(start, this.#back(d.span.offset + d.span.length));
    const fix = d.fix && {
      ...d.fix,
      edits: d.fix.edits.map((e) => ({ ...e, span: this.#spanBack(e.span) })),
    };
    return { ...d, span: { offset: start, length: end - start }, ...(fix ? { fix } : {}) };
  }

  #spanBack(span: Span): Span {
    const start = this.#back(span.offset);
    return { offset: start, length: Math.max(start, this.#back(span.offset + span.length)) - start };
  }
}

/** At most this many readings of a file in search of cut expressions that a syntax error hides. */
const MAX_READINGS = 8;

export interface DslReading {
  readonly root: SyntaxNode | undefined;
  /** The comments of the text as written. */
  readonly comments: readonly Comment[];
  /** The reading problems: those of the text as written, or those that remain once the cut expressions are quoted. */
  readonly diagnostics: Diagnostic[];
  /** The expressions cut short by a flow mapping (`cutExpressions`). */
  readonly cuts: readonly Diagnostic[];
  /** Whether the text as written has errors: its tree may then be cut short wherever one is. */
  readonly broken: boolean;
  /** The reading for the text's next version to start from. */
  readonly reading: FastReading | undefined;
}

/**
 * Reads a DSL text and finds its cut expressions. One cut at a bracket (`fileName[0:8]`) is a YAML syntax error,
 * after which the reading is lost (every line after it may be reported) and the expressions further on unseen:
 * the text is then read again with the cuts found quoted, for the cuts further on and the problems that remain,
 * located back in the text as written. A file with no cut (nearly every file) is read once. With `remember`, the
 * boxes found uncut are remembered for the document's next versions (an editor's, compiled with a CompileCache).
 */
export function readDsl(text: string, previous?: FastReading, remember = false): DslReading {
  const { root, diagnostics, comments, reading } = parseYaml(text, { previous });
  let cuts = cutExpressions(text, root, remember);
  let remaining = diagnostics;
  for (let attempt = 1; attempt < MAX_READINGS; attempt++) {
    if (cuts.length === 0 || !remaining.some((d) => d.code === "syntax-error")) break;
    const edited = new EditedText(
      text,
      cuts.flatMap((cut) => cut.fix?.edits ?? []),
    );
    const again = parseYaml(edited.text);
    remaining = again.diagnostics.map((d) => edited.back(d));
    const more = cutExpressions(edited.text, again.root);
    if (more.length === 0) break;
    cuts = [...cuts, ...more.map((d) => edited.back(d))].sort((a, b) => a.span.offset - b.span.offset);
  }
  const broken = diagnostics.some((d) => d.severity === "error");
  return { root, comments, diagnostics: remaining, cuts, broken, reading };
}

/** The diagnostics with the cut expressions in place of the problems found inside them. */
export function withCutExpressions(diagnostics: Diagnostic[], cuts: readonly Diagnostic[]): Diagnostic[] {
  if (cuts.length === 0) return diagnostics;
  const caused = (d: Diagnostic) =>
    cuts.some((cut) => d.span.offset >= cut.span.offset && d.span.offset <= cut.span.offset + cut.span.length);
  return [...diagnostics.filter((d) => !caused(d)), ...cuts].sort((a, b) => a.span.offset - b.span.offset);
}
