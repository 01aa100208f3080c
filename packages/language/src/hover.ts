import { RULES } from "@mailroom/checker";
import {
  DslService,
  describeFunction,
  type Expression,
  explainExpression,
  type FunctionSpec,
  findFunction,
  formatSignature,
  lowerExpression,
  NAMESPACES,
} from "@mailroom/compiler";
import { count, escapeMarkdown, sentence } from "@mailroom/docs";
import { ORGANIZATIONAL_UNIT_IDENTIFIERS, OUTPUT_FILE_IDENTIFIERS, Service } from "@mailroom/model";
import { type PathSegment, parseExpression, type Span, type Token } from "@mailroom/syntax";
import { commentAt } from "./comments.js";
import { nodeAt, treeTag } from "./cursor.js";
import { serviceOfPath } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";
import { type ExpressionAt, expressionAt } from "./expression-site.js";
import { callAt, tokensAt } from "./expression-tokens.js";
import { type MetadataWords, metadataWords } from "./metadata-words.js";
import { describe, fieldsOf, literalValues, schemasAt } from "./schema-fields.js";
import type { Hover } from "./types.js";

/**
 * Hover: the rule named in a suppression comment; inside a DSL expression, the hovered sub-expression in words,
 * the function, namespace or name under the cursor and the JSON the sub-expression compiles to; on a key, its
 * description from the DSL schema or the API model, and on a metadata's name or expression key what the
 * metadata computes; on a JSON `@type`, what that type is; on a DSL box reference (`archive: ANNEXES`) the box,
 * and on a range (`elements: 1..3`) what it allows.
 */
export function hover(doc: ParsedDocument, offset: number): Hover | undefined {
  const rule = ruleHover(doc, offset);
  if (rule) return rule;
  if (doc.source.format === "dsl") {
    const expression = expressionAt(doc, offset);
    if (expression) return expressionHover(expression);
  }
  return structureHover(doc, offset);
}

const SUPPRESSION = /#\s*mailroom-disable(?:-next-line)?\s+/;

/** A rule id inside `# mailroom-disable[-next-line] id, id -- reason`. */
function ruleHover(doc: ParsedDocument, offset: number): Hover | undefined {
  const comment = commentAt(doc, offset);
  if (!comment) return undefined;
  const before = comment.text.slice(0, offset - comment.span.offset);
  const match = SUPPRESSION.exec(before);
  if (!match || before.slice(match.index).includes("--")) return undefined;
  const text = doc.text;
  const commentEnd = comment.span.offset + comment.span.length;
  let start = offset;
  while (start > comment.span.offset && /[A-Za-z0-9-]/.test(text[start - 1] as string)) start--;
  let end = offset;
  while (end < commentEnd && /[A-Za-z0-9-]/.test(text[end] as string)) end++;
  const rule = RULES.get(text.slice(start, end));
  if (!rule) return undefined;
  const { id, severity, description } = rule.meta;
  return {
    contents: `**${id}** (default severity: ${severity})\n\n${description}\n\n[docs/rules/${id}.md](docs/rules/${id}.md)`,
    span: { offset: start, length: end - start },
  };
}

function functionMarkdown(spec: FunctionSpec): string {
  const parameters = spec.parameters.map((p) => `- \`${p.name}\`: ${p.doc}`).join("\n");
  return `\`\`\`\n${formatSignature(spec)}\n\`\`\`\n${describeFunction(spec)}${parameters ? `\n\n${parameters}` : ""}`;
}

/** What the token under the cursor names: a function, a namespace, a reference's identifier, an argument. */
function tokenDoc(expression: ExpressionAt, token: Token, tokens: readonly Token[], index: number): string | undefined {
  if (token.kind !== "identifier") return undefined;
  const next = tokens[index + 1]?.kind;
  const before = tokens[index - 1];
  if (before?.kind === ".") {
    const namespace = tokens[index - 2]?.value;
    if (namespace === "meta") return `Metadata \`${token.value}\` of this box or of a MAIN box.`;
    const known: readonly string[] =
      namespace === "ou" ? ORGANIZATIONAL_UNIT_IDENTIFIERS : namespace === "output" ? OUTPUT_FILE_IDENTIFIERS : [];
    if (known.includes(token.value)) return NAMESPACES.find((ns) => ns.name === namespace)?.doc;
    return undefined;
  }
  if (next === ".") {
    const namespace = NAMESPACES.find((ns) => ns.name === token.value);
    return namespace && `**${namespace.name}** (\`${namespace.namespace}\`): ${namespace.doc}`;
  }
  if (next === "=" || before?.kind === "," || before?.kind === "(") {
    // An argument name (`box=`) or a bare flag (`trim`).
    const call = callAt(tokensAt(expression.text, token.offset));
    const parameter = call?.spec.parameters.find((p) => p.name === token.value);
    if (parameter) return `\`${parameter.name}\` (argument of \`${call?.spec.name}\`): ${parameter.doc}`;
  }
  const spec = findFunction(token.value);
  return spec && functionMarkdown(spec);
}

/** Words as a sentence in Markdown, as the generated documentation writes it. */
const sentenceMarkdown = (words: string) => escapeMarkdown(sentence(words));

/** "**name**: what it computes." and whether its value is kept and editable. */
function metadataMarkdown(metadata: MetadataWords): string {
  const kept = metadata.persist ? "Kept with the job after processing" : "Not kept after processing";
  const editable = metadata.editable ? "users may change it" : "users may not change it";
  return `**${escapeMarkdown(metadata.name)}**: ${escapeMarkdown(metadata.words)}.\n\n${kept}; ${editable}.`;
}

function jsonAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of pointer.split("/").slice(1)) {
    current = (current as Record<string, unknown> | undefined)?.[token.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return current;
}

function expressionHover(expression: ExpressionAt): Hover | undefined {
  const at = tokensAt(expression.text, expression.cursor);
  const parsed = parseExpression(expression.text);
  const box = expression.site.box && { name: expression.site.box.name, main: expression.site.box.main };
  const lowered = lowerExpression(parsed.ast, { expect: expression.site.kind, box });
  const parts: string[] = [];
  let span: Span | undefined;
  const token = at.current ?? at.tokens[at.previous + 1];
  if (token && token.offset <= expression.cursor && expression.cursor <= token.offset + token.length) {
    const index = at.tokens.indexOf(token);
    const doc = tokenDoc(expression, token, at.tokens, index);
    if (doc) {
      parts.push(doc);
      span = token;
    }
  }
  // The smallest sub-expression around the cursor, in words and in JSON, when the text parses.
  if (!parsed.diagnostics.some((d) => d.severity === "error")) {
    let best: { pointer: string; span: Span } | undefined;
    for (const [pointer, candidate] of lowered.pointers) {
      const inside = candidate.offset <= expression.cursor && expression.cursor <= candidate.offset + candidate.length;
      const value = jsonAt(lowered.value, pointer) as Record<string, unknown> | undefined;
      if (!inside || typeof value?.["@type"] !== "string") continue;
      if (!best || candidate.length < best.span.length) best = { pointer, span: candidate };
    }
    if (best) {
      const hovered = jsonAt(lowered.value, best.pointer) as Expression;
      // A part that did not lower stands as a placeholder, which the words would present as what was written.
      if (!lowered.diagnostics.some((d) => d.severity === "error"))
        parts.unshift(sentenceMarkdown(explainExpression(hovered, { box })));
      parts.push(`\`\`\`json\n${JSON.stringify(hovered, null, 2)}\n\`\`\``);
      span ??= best.span;
    }
  }
  if (!span) return undefined;
  return { contents: parts.join("\n\n"), span: expression.toDocument(span) };
}

/** Keys (their description) and JSON `@type` values (what the type is). */
function structureHover(doc: ParsedDocument, offset: number): Hover | undefined {
  const hit = nodeAt(doc.source.tree(), offset);
  if (!hit || hit.path.length === 0) return undefined;
  const dsl = doc.source.format === "dsl";
  const located = dsl ? { inner: hit.path } : serviceOfPath(doc, hit.path);
  if (!located) return undefined;
  const root = dsl ? DslService : Service;
  const prefix = hit.path.length - located.inner.length;
  const tagAt = (depth: number, discriminator: string) => treeTag(doc, hit.path, depth + prefix, discriminator);
  const key = located.inner.at(-1);
  if (hit.onKey && hit.keySpan && typeof key === "string") {
    const parents = schemasAt(root, located.inner.slice(0, -1), tagAt);
    const description = describe(fieldsOf(parents).get(key));
    const metadata = metadataWords(doc, hit.path);
    const parts = [metadata && metadataMarkdown(metadata), description && `**${key}**\n\n${description}`];
    const contents = parts.filter(Boolean).join("\n\n");
    if (contents === "") return undefined;
    return { contents, span: hit.keySpan, ...(metadata && { metadata: { box: metadata.box, name: metadata.name } }) };
  }
  const node = hit.node;
  if (dsl && node.kind === "scalar") {
    const value = valueHover(doc, hit.path, node.value);
    if (value) return { contents: value, span: node.span };
  }
  if (key === "@type" && node.kind === "scalar" && typeof node.value === "string") {
    const type = node.value;
    const options = schemasAt(root, located.inner.slice(0, -1), tagAt);
    const description = describe(options.find((o) => literalValues([o], "@type").includes(type)));
    return description ? { contents: `**${type}**\n\n${description}`, span: node.span } : undefined;
  }
  return undefined;
}

/** A DSL range as written: `3`, `1..3`, `0..*`. */
const RANGE = /^(\d+)(?:\.\.(\d+|\*))?$/;

/** What a DSL value names or counts: the box of `from.archive`, the range of `elements`, `expected`, `matches`. */
function valueHover(doc: ParsedDocument, path: readonly PathSegment[], value: unknown): string | undefined {
  const [boxes, field, key] = [path.at(-4), path.at(-2), path.at(-1)];
  if (key === "archive" && field === "from" && boxes === "boxes") return boxMarkdown(doc, String(value));
  const range = RANGE.exec(String(value));
  if (!range) return undefined;
  const [min, max] = [
    Number(range[1]),
    range[2] === undefined ? Number(range[1]) : range[2] === "*" ? -1 : Number(range[2]),
  ];
  if (key === "elements" && path.at(-3) === "boxes") return `The box takes ${count(min, max, "file").words}.`;
  if (field !== "reconcile" || boxes !== "boxes") return undefined;
  if (key === "expected") return `The job holds ${count(min, max, "document").words} of this box.`;
  if (key === "matches") return `Each MAIN document gets ${count(min, max, "document").words} of this box.`;
  return undefined;
}

const BOX_KINDS: Readonly<Record<string, string>> = {
  "box.PDF": "PDF box",
  "box.DATA_FILE": "data-file box",
  "box.ARCHIVE": "archive box",
};

/** A box of the document's service, as a reference to it shows it: its kind, label and element count. */
function boxMarkdown(doc: ParsedDocument, name: string): string | undefined {
  const found = doc.source.services
    .flatMap((s) => (s.json as Service | undefined)?.properties?.boxes ?? [])
    .find((b) => b?.name === name);
  if (!found) return undefined;
  const label = found.label ? `, “${escapeMarkdown(found.label)}”` : "";
  const files = count(found.minElements, found.maxElements, "file").words;
  return `**${escapeMarkdown(name)}**: ${BOX_KINDS[found["@type"]] ?? found["@type"]}${label}; it takes ${files}.`;
}
