import { RULES, readSuppression } from "@mailroom/checker";
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
  valueAt,
} from "@mailroom/compiler";
import { appositionWords, count, escapeMarkdown, sentence, splitWords } from "@mailroom/docs";
import {
  DEFAULT_OUTPUT_FILE,
  ORGANIZATIONAL_UNIT_IDENTIFIERS,
  OUTPUT_FILE_IDENTIFIERS,
  Service,
} from "@mailroom/model";
import { isJsonObject, type PathSegment, parseExpression, type Span, type Token } from "@mailroom/syntax";
import { commentAt } from "./comments.js";
import { nodeAt, treeTag } from "./cursor.js";
import { serviceOfPath } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";
import { type ExpressionAt, expressionAt } from "./expression-site.js";
import { callAt, tokensAt } from "./expression-tokens.js";
import { type MetadataWords, metadataWords, metadataWordsAt } from "./metadata-words.js";
import { naming, type Occurrence, occurrenceAt } from "./references.js";
import { describe, fieldsOf, literalValues, schemasAt } from "./schema-fields.js";
import type { Hover } from "./types.js";

type Json = Record<string, unknown>;

/**
 * Hover: the rule named in a suppression comment; on a box's name (its key, `archive: ANNEXES`, `box=ANNEXES`)
 * the box, and on a metadata reference what the metadata it reads computes; inside a DSL expression, the
 * hovered sub-expression in words, the function, namespace or argument under the cursor and, after a rule,
 * the JSON the sub-expression compiles to; on a key, its description from the DSL schema or the API model,
 * and on a metadata's name or expression key what the metadata computes, on a channel's label the channel; on
 * a JSON `@type`, what that type is; on a DSL value, what it chooses among (`type: pdf`), allows
 * (`elements: 1..3`), orders (an archive's `rank`), or, in a split or an apposition, what that does.
 */
export function hover(doc: ParsedDocument, offset: number): Hover | undefined {
  const rule = ruleHover(doc, offset);
  if (rule) return rule;
  const name = nameHover(doc, offset);
  if (name) return name;
  if (doc.source.format === "dsl") {
    const expression = expressionAt(doc, offset);
    if (expression) return expressionHover(expression);
  }
  return structureHover(doc, offset);
}

/** A rule id inside `# mailroom-disable[-next-line] id, id -- reason`. */
function ruleHover(doc: ParsedDocument, offset: number): Hover | undefined {
  const comment = commentAt(doc, offset);
  if (!comment) return undefined;
  const at = offset - comment.span.offset;
  const named = readSuppression(comment.text)?.codes.find((c) => c.offset <= at && at <= c.offset + c.code.length);
  const rule = named && RULES.get(named.code);
  if (!named || !rule) return undefined;
  const { id, severity, description } = rule.meta;
  return {
    contents: `**${id}** (default severity: ${severity})\n\n${description}\n\n[docs/rules/${id}.md](docs/rules/${id}.md)`,
    span: { offset: comment.span.offset + named.offset, length: named.code.length },
  };
}

/**
 * What a box, metadata or service-file name under the cursor names. A metadata's definition is left to the
 * key's hover, which says what it computes and what its key means.
 */
function nameHover(doc: ParsedDocument, offset: number): Hover | undefined {
  const at = occurrenceAt(doc, offset);
  if (!at || (at.kind === "metadata" && at.definition)) return undefined;
  const contents =
    at.kind === "box"
      ? boxMarkdown(doc, at.service, at.name)
      : at.kind === "metadata"
        ? referenceMarkdown(doc, at)
        : serviceFileMarkdown(doc, at);
  return contents ? { contents, span: at.span } : undefined;
}

/** The name of the box holding what a definition's path (`properties/boxes/i/<list>/j/<name key>`) names. */
function definingBox(doc: ParsedDocument, definition: Occurrence): string | undefined {
  const box = valueAt(doc.source.services[definition.service]?.json, definition.path.slice(0, 3));
  return isJsonObject(box) && typeof box.name === "string" ? box.name : undefined;
}

/** A service file, named where it is stored or where an apposition lays it: the box that stores it. */
function serviceFileMarkdown(doc: ParsedDocument, at: Occurrence): string {
  const boxes = naming(doc, at.targets)
    .filter((o) => o.definition)
    .map((o) => definingBox(doc, o));
  const where = boxes.find((b) => b !== undefined);
  const stored = where
    ? `stored with the service in box ${escapeMarkdown(where)}`
    : "stored with no box of this service (its id is unknown here)";
  return `**Service file** \`${at.name}\`: a file ${stored}.`;
}

/** The metadata a reference reads (several where it is ambiguous), each with its box. */
function referenceMarkdown(doc: ParsedDocument, reference: Occurrence): string {
  const json = doc.source.services[reference.service]?.json;
  const read = naming(doc, reference.targets).filter((o) => o.definition);
  if (read.length === 0) return `**${escapeMarkdown(reference.name)}**: no metadata of this name is visible here.`;
  return read
    .map((definition) => {
      const words = metadataWordsAt(json, definition.path.slice(0, -1));
      const box = definingBox(doc, definition);
      const of = box === undefined ? "" : ` (box ${escapeMarkdown(box)})`;
      return words ? metadataMarkdown(words, of) : `**${escapeMarkdown(definition.name)}**${of}`;
    })
    .join("\n\n");
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

/** "**name**: what it computes." (with `of`, which box after the name) and whether its value is kept and editable. */
function metadataMarkdown(metadata: MetadataWords, of = ""): string {
  const kept = metadata.persist ? "Kept with the job after processing" : "Not kept after processing";
  const editable = metadata.editable ? "users may change it" : "users may not change it";
  return `**${escapeMarkdown(metadata.name)}**${of}: ${escapeMarkdown(metadata.words)}.\n\n${kept}; ${editable}.`;
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
  let json: string | undefined;
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
      json = jsonMarkdown(hovered);
      span ??= best.span;
    }
  }
  if (!span) return undefined;
  // The JSON comes last, after a rule: what the expression means is read first, the JSON only when wanted.
  // (VS Code's hovers drop HTML such as <details> unless the client opts in, and other editors show it raw.)
  const contents = json ? [...parts, "---", json] : parts;
  return { contents: contents.join("\n\n"), span: expression.toDocument(span) };
}

/** At most this many lines of compiled JSON in a hover: a long expression's would push the rest out of view. */
const JSON_LINES = 24;

/** The JSON an expression compiles to, as a code block of at most `JSON_LINES` lines. */
function jsonMarkdown(value: unknown): string {
  const lines = JSON.stringify(value, null, 2).split("\n");
  const shown = lines.slice(0, JSON_LINES).join("\n");
  const more = lines.length - JSON_LINES;
  return `Compiles to:\n\n\`\`\`json\n${shown}\n\`\`\`${more > 0 ? `\n\n(${more} more line${more === 1 ? "" : "s"} not shown)` : ""}`;
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
    const channel = dsl && hit.path.length === 2 && hit.path[0] === "channels" ? channelMarkdown(doc, key) : undefined;
    const parts = [metadata && metadataMarkdown(metadata), channel, description && `**${key}**\n\n${description}`];
    const contents = parts.filter(Boolean).join("\n\n");
    if (contents === "") return undefined;
    return { contents, span: hit.keySpan, ...(metadata && { metadata: { box: metadata.box, name: metadata.name } }) };
  }
  const node = hit.node;
  if (dsl && node.kind === "scalar") {
    const parent = located.inner.slice(0, -1);
    // The values of every option of a union (a box's `type` is a literal in each), described as this one.
    const choices = {
      values: literalValues(
        schemasAt(root, parent, () => undefined),
        String(key),
      ),
      description: describe(fieldsOf(schemasAt(root, parent, tagAt)).get(String(key))),
    };
    const value = valueHover(doc, hit.path, node.value, choices);
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

/**
 * What a DSL value does: a split or an apposition in words (on any of its values), the range of `elements`,
 * `expected`, `matches`, or the choice an enumerated value makes among its field's values.
 */
function valueHover(
  doc: ParsedDocument,
  path: readonly PathSegment[],
  value: unknown,
  choices: { readonly values: readonly unknown[]; readonly description: string | undefined },
): string | undefined {
  const [boxes, part, key] = [path.at(-4), path.at(-2), path.at(-1)];
  const box = path[0] === "boxes" ? compiledBox(doc, path[1]) : undefined;
  if (box && path[2] === "split" && isJsonObject(box.splitConfig)) {
    return `Split: ${escapeMarkdown(splitWords(box.splitConfig))}.`;
  }
  const apposition = box && path[2] === "appositions" ? valueAt(box.appositions, [path[3] ?? -1]) : undefined;
  if (isJsonObject(apposition)) return `Apposition: ${escapeMarkdown(appositionWords(apposition))}.`;
  if (box && path[2] === "from" && key === "rank") return rankMarkdown(doc, box);
  const range = RANGE.exec(String(value));
  if (range) {
    const [min, max] = [
      Number(range[1]),
      range[2] === undefined ? Number(range[1]) : range[2] === "*" ? -1 : Number(range[2]),
    ];
    if (key === "elements" && path.at(-3) === "boxes") return `The box takes ${count(min, max, "file").words}.`;
    if (part === "reconcile" && boxes === "boxes") {
      if (key === "expected") return `The job holds ${count(min, max, "document").words} of this box.`;
      if (key === "matches") return `Each MAIN document gets ${count(min, max, "document").words} of this box.`;
    }
  }
  const { values, description } = choices;
  if (typeof key !== "string" || values.length < 2 || !values.includes(value)) return undefined;
  const among = values.map((c) => (c === value ? `**${c}**` : `\`${c}\``)).join(", ");
  return `\`${key}\`: one of ${among}.${description ? `\n\n${description}` : ""}`;
}

/** Where a box taking files from an archive stands among the boxes taking files from the same archive. */
function rankMarkdown(doc: ParsedDocument, box: Json): string | undefined {
  const parent = isJsonObject(box.parent) ? box.parent : undefined;
  if (typeof parent?.boxName !== "string") return undefined;
  const ranked = compiledBoxes(doc, 0)
    .flatMap((b) => {
      const from = isJsonObject(b.parent) ? b.parent : undefined;
      if (from?.boxName !== parent.boxName) return [];
      return [{ name: String(b.name), rank: Number(from?.rank), self: b === box }];
    })
    .sort((a, b) => a.rank - b.rank);
  const order = ranked.map((b) =>
    b.self ? `**${b.rank} ${escapeMarkdown(b.name)}**` : `${b.rank} ${escapeMarkdown(b.name)}`,
  );
  return `Files of archive ${escapeMarkdown(parent.boxName)} are matched by rank, the lowest first: ${order.join(", ")}.`;
}

/** A channel, on its label: its name, output files and options. */
function channelMarkdown(doc: ParsedDocument, label: string): string | undefined {
  const channels = valueAt(doc.source.services[0]?.json, ["properties", "channels"]);
  const channel = Array.isArray(channels) ? channels.find((c) => isJsonObject(c) && c.label === label) : undefined;
  if (!isJsonObject(channel)) return undefined;
  const files = (Array.isArray(channel.outputFilesConfig) ? channel.outputFilesConfig : [])
    .map((f) => (isJsonObject(f) && typeof f.name === "string" ? f.name : DEFAULT_OUTPUT_FILE))
    .map((name) => `\`${name}\``);
  const options = Array.isArray(channel.options) ? channel.options.length : 0;
  const name = typeof channel.name === "string" ? `\`${channel.name}\`` : "with no name";
  const outputs = files.length > 0 ? files.join(", ") : `\`${DEFAULT_OUTPUT_FILE}\``;
  return `**${escapeMarkdown(label)}**: channel ${name}; output files ${outputs}; ${options} option${options === 1 ? "" : "s"}.`;
}

/** The compiled box of a DSL box key. */
function compiledBox(doc: ParsedDocument, name: PathSegment | undefined, service = 0): Json | undefined {
  return compiledBoxes(doc, service).find((b) => b.name === name);
}

/** The compiled boxes of a service of the document. */
function compiledBoxes(doc: ParsedDocument, service: number): Json[] {
  const boxes = valueAt(doc.source.services[service]?.json, ["properties", "boxes"]);
  return Array.isArray(boxes) ? boxes.filter(isJsonObject) : [];
}

const BOX_KINDS: Readonly<Record<string, string>> = {
  "box.PDF": "PDF box",
  "box.DATA_FILE": "data-file box",
  "box.ARCHIVE": "archive box",
};

/** A box of a service of the document, as its name shows it: its kind, label and element count. */
function boxMarkdown(doc: ParsedDocument, service: number, name: string): string | undefined {
  const found = compiledBox(doc, name, service) as Service["properties"]["boxes"][number] | undefined;
  if (!found) return undefined;
  const label = found.label ? `, “${escapeMarkdown(found.label)}”` : "";
  const files = count(found.minElements, found.maxElements, "file").words;
  return `**${escapeMarkdown(name)}**: ${BOX_KINDS[found["@type"]] ?? found["@type"]}${label}; it takes ${files}.`;
}
