import { RULES, readSuppression } from "@mailroom/checker";
import {
  DslService,
  describeFunction,
  type ExpressionType,
  FUNCTIONS,
  type FunctionSpec,
  findFunction,
  formatSignature,
  functionsOf,
  isRequiredKey,
  NAMESPACES,
  type SiteKind,
} from "@mailroom/compiler";
import { ORGANIZATIONAL_UNIT_IDENTIFIERS, OUTPUT_FILE_IDENTIFIERS, Service } from "@mailroom/model";
import { BASE_CODES, CATALOGUE, type PathSegment, type Span, type Token } from "@mailroom/syntax";
import type * as z from "zod";
import { argumentBoxTypes, boxesOfTypes, jsonBoxTypes, rowAt } from "./box-types.js";
import { commentAt } from "./comments.js";
import { type Cursor, cursorAt } from "./cursor.js";
import { type BoxOutline, serviceOfPath, serviceRoots, visibleMetadata } from "./cursor-names.js";
import type { ParsedDocument } from "./document.js";
import { type Accepts, acceptsAt } from "./expression-accepts.js";
import { type ExpressionAt, expressionAt } from "./expression-site.js";
import { type CallAt, callAt, tokensAt } from "./expression-tokens.js";
import { describeLocale, LOCALES, timeZones } from "./expression-values.js";
import { describe, fieldsOf, literalValues, schemasAt, type TagAt } from "./schema-fields.js";
import type { CompletionItem, CompletionKind, CompletionList } from "./types.js";

const EMPTY: CompletionList = { items: [], incomplete: false };

/**
 * Completion at an offset: inside a DSL expression, the functions, namespaces, names and argument values that
 * fit there; in a suppression comment, the codes it may name; elsewhere, the keys and values the schema (the
 * DSL's, or the API model's for JSON) allows at the cursor's path, and the box and metadata names where a name is
 * expected. Works on half-typed and broken text.
 */
export function complete(doc: ParsedDocument, offset: number): CompletionList {
  const codes = doc.source.format === "dsl" ? suppressionItems(doc, offset) : undefined;
  if (codes) return { items: codes, incomplete: false };
  const expression = doc.source.format === "dsl" ? expressionAt(doc, offset) : undefined;
  if (expression) return { items: completeExpression(doc, expression), incomplete: false };
  const cursor = cursorAt(doc, offset);
  if (!cursor) return EMPTY;
  const items = doc.source.format === "dsl" ? completeDsl(doc, cursor) : completeJson(doc, cursor);
  return { items, incomplete: false };
}

/**
 * In `# mailroom-disable[-next-line] code, code` (before its `-- reason`), the codes it may name and does not yet:
 * the rules, then the diagnostics of the catalogue; undefined anywhere else.
 */
function suppressionItems(doc: ParsedDocument, offset: number): CompletionItem[] | undefined {
  const comment = commentAt(doc, offset);
  // The comment up to the cursor: the codes it names already, then the one being typed.
  const read = comment && readSuppression(comment.text.slice(0, offset - comment.span.offset));
  if (!read?.endsInCodes) return undefined;
  const named = new Set(read.codes.slice(0, -1).map(({ code }) => code));
  const typed = read.codes.at(-1)?.code ?? "";
  const span = { offset: offset - typed.length, length: typed.length };
  const rules = [...RULES.values()]
    .filter(({ meta }) => !named.has(meta.id))
    .map(({ meta }) =>
      item(meta.id, "value", span, { detail: `rule, ${meta.severity}`, documentation: meta.description }),
    );
  const base = BASE_CODES.filter((code) => !named.has(code)).map((code) =>
    item(code, "value", span, { detail: `diagnostic, ${CATALOGUE[code].severity}`, sortText: `~${code}` }),
  );
  return [...rules, ...base];
}

export const item = (
  label: string,
  kind: CompletionKind,
  span: Span,
  extra: Partial<Omit<CompletionItem, "label" | "kind" | "span">> = {},
): CompletionItem => ({ label, kind, span, insertText: label, ...extra });

/** Keys of the schemas not yet written, with their descriptions; `insert` writes the key as the format wants. */
export function keyItems(
  schemas: readonly z.ZodType[],
  cursor: Cursor,
  insert: (key: string) => string,
): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const [key, field] of fieldsOf(schemas)) {
    if (cursor.present.has(key)) continue;
    const required = schemas.some((schema) => isRequiredKey(schema, key));
    const documentation = describe(field);
    items.push(
      item(key, "key", cursor.word, {
        insertText: insert(key),
        detail: required ? "required" : "optional",
        ...(documentation ? { documentation } : {}),
        // Required keys first, then in the schema's order.
        sortText: `${required ? 0 : 1}${String(items.length).padStart(3, "0")}`,
      }),
    );
  }
  return items;
}

export function enumItems(schemas: readonly z.ZodType[], cursor: Cursor, json: boolean): CompletionItem[] {
  return literalValues(schemas).map((value) =>
    item(String(value), typeof value === "boolean" ? "value" : "enum", cursor.word, {
      insertText: json && !cursor.quote ? JSON.stringify(value) : String(value),
    }),
  );
}

export function boxItems(boxes: readonly BoxOutline[], span: Span, insert = (name: string) => name): CompletionItem[] {
  return boxes.map((box, i) =>
    item(box.name, "box", span, {
      insertText: insert(box.name),
      detail: `${box.type ?? "box"}${box.main ? ", MAIN" : ""}`,
      sortText: String(i).padStart(4, "0"),
    }),
  );
}

function completeDsl(doc: ParsedDocument, cursor: Cursor): CompletionItem[] {
  const schemas = schemasAt(DslService, cursor.path, (depth, d) => cursor.tagAt(depth, d));
  if (cursor.isKey) {
    const colonFollows = doc.text.slice(cursor.word.offset + cursor.word.length).startsWith(":");
    return keyItems(schemas, cursor, (key) => (colonFollows ? key : `${key}: `));
  }
  const names = rowAt(cursor.path)?.names;
  if (names) return boxItems(boxesOfTypes(serviceRoots(doc)[0]?.boxes ?? [], names), cursor.word);
  const own = ownValue(cursor.path, (depth, d) => cursor.tagAt(depth, d));
  return enumItems(schemasAt(DslService, cursor.path, own), cursor, false);
}

/**
 * The discriminators of a path but the value's own: a value being completed (a box's `type`) does not narrow its
 * object to the option it names, so that every option is offered and completion can change it.
 */
function ownValue(path: readonly PathSegment[], tagAt: TagAt): TagAt {
  return (depth, discriminator) =>
    depth === path.length - 1 && discriminator === path.at(-1) ? undefined : tagAt(depth, discriminator);
}

function completeJson(doc: ParsedDocument, cursor: Cursor): CompletionItem[] {
  const located = serviceOfPath(doc, cursor.path);
  if (!located) return [];
  const prefix = cursor.path.length - located.inner.length;
  const inner = located.inner;
  const tagAt = (depth: number, d: string) => cursor.tagAt(depth + prefix, d);
  if (cursor.isKey) {
    const schemas = schemasAt(Service, inner, tagAt);
    const after = doc.text.slice(cursor.word.offset + cursor.word.length);
    return keyItems(schemas, cursor, (key) =>
      cursor.quote ? `${key}${after.startsWith('"') ? "" : '": '}` : `${JSON.stringify(key)}: `,
    );
  }
  const last = inner.at(-1);
  const boxes = located.service?.boxes ?? [];
  const quoted = (name: string) => (cursor.quote ? name : JSON.stringify(name));
  if (last === "@type") {
    // Every option of the union at this place, whatever `@type` is written now.
    const parents = schemasAt(Service, inner.slice(0, -1), (depth, d) =>
      depth === inner.length - 1 ? undefined : tagAt(depth, d),
    );
    return literalValues(parents, "@type").map((value) => {
      const option = parents.find((p) => literalValues([p], "@type").includes(value));
      const documentation = describe(option);
      return item(String(value), "type", cursor.word, {
        insertText: quoted(String(value)),
        ...(documentation ? { documentation } : {}),
      });
    });
  }
  if (last === "boxName") {
    // An expression's box names what its function reads; a parent's an archive box.
    const expressionType = tagAt(inner.length - 1, "@type");
    const definition =
      typeof expressionType === "string" ? functionsOf(expressionType as ExpressionType)[0] : undefined;
    const types = definition ? argumentBoxTypes(definition) : jsonBoxTypes(inner);
    return boxItems(boxesOfTypes(boxes, types), cursor.word, quoted);
  }
  if (last === "identifier" && tagAt(inner.length - 1, "namespace") === "METADATA") {
    const box = boxAtPath(boxes, inner);
    return visibleMetadata(boxes, box?.name).map((m) =>
      item(m.name, "metadata", cursor.word, { insertText: quoted(m.name), detail: `metadata of box "${m.box}"` }),
    );
  }
  return enumItems(schemasAt(Service, inner, ownValue(inner, tagAt)), cursor, true);
}

/** The box a path inside a JSON service is in (`properties.boxes[i]...`). */
function boxAtPath(boxes: readonly BoxOutline[], path: readonly PathSegment[]): BoxOutline | undefined {
  return path[0] === "properties" && path[1] === "boxes" && typeof path[2] === "number" ? boxes[path[2]] : undefined;
}

/** The snippet of a function written as a pipe step: its first argument is the piped value, so it goes. */
function pipeSnippet(spec: FunctionSpec): string {
  const rest = spec.snippet.replace(/^(\w+)\(\$\{1:[^}]*\}(, )?/, "$1(");
  const renumbered = rest.replace(/\$\{(\d+):/g, (_, n: string) => `\${${Number(n) - 1}:`);
  return renumbered.endsWith("()") ? spec.name : renumbered;
}

function functionDoc(spec: FunctionSpec): string {
  const parameters = spec.parameters.map((p) => `- \`${p.name}\`: ${p.doc}`).join("\n");
  return `${describeFunction(spec)}${parameters ? `\n\n${parameters}` : ""}`;
}

/**
 * The functions a place accepts: of a value place, those giving a value (a condition place takes both, since a
 * value may be compared); as a pipe step, those whose first argument is the piped text; those meaningful at the
 * site (`archivePath` in a file matcher).
 */
function functionItems(
  span: Span,
  piped: boolean,
  accepts: Exclude<Accepts, "none">,
  place: SiteKind | undefined,
): CompletionItem[] {
  const specs: readonly FunctionSpec[] = FUNCTIONS;
  return specs
    .filter((spec) => accepts === "condition" || spec.kind === "value")
    .filter((spec) => !place || !spec.sites || spec.sites.includes(place))
    .filter((spec) => !piped || (spec.form === "call" && spec.parameters[0]?.kind === "value"))
    .map((spec) => {
      const insertText = piped ? pipeSnippet(spec) : spec.snippet;
      return item(spec.name, "function", span, {
        detail: formatSignature(spec),
        documentation: functionDoc(spec),
        insertText,
        ...(insertText.includes("${") ? { snippet: true } : {}),
      });
    });
}

function namespaceItems(span: Span): CompletionItem[] {
  return NAMESPACES.map((ns) =>
    item(ns.name, "namespace", span, { insertText: `${ns.name}.`, detail: ns.namespace, documentation: ns.doc }),
  );
}

/** Arguments of the call not written yet: flags bare, the others as `name=`. */
function parameterItems(call: CallAt, span: Span): CompletionItem[] {
  return call.spec.parameters
    .filter((p) => !call.given.has(p.name) && (p.kind === "flag" || !p.positional))
    .map((p) =>
      item(p.kind === "flag" ? p.name : `${p.name}=`, "identifier", span, {
        insertText: p.kind === "flag" ? p.name : `${p.name}=`,
        detail: `argument of ${call.spec.name}`,
        documentation: p.doc,
      }),
    );
}

/** The boxes a box argument of the call may name. */
const argumentBoxes = (call: CallAt, boxes: readonly BoxOutline[]) =>
  boxesOfTypes(boxes, argumentBoxTypes(findFunction(call.spec.name)));

/** Values for the parameter a cursor's argument binds to (boxes, time zones, locales, booleans). */
function argumentValues(
  call: CallAt | undefined,
  span: Span,
  boxes: readonly BoxOutline[],
  inString: boolean,
): CompletionItem[] {
  const parameter = call?.parameter;
  if (!call || !parameter) return [];
  if (parameter.kind === "name" || (parameter.name === "boxName" && inString))
    return boxItems(argumentBoxes(call, boxes), span);
  if (parameter.name === "timeZone" && inString)
    return timeZones().map((zone) => item(zone, "time-zone", span, { detail: "time zone" }));
  if (parameter.name === "locale" && inString) {
    return LOCALES.map((tag) => {
      const name = describeLocale(tag);
      return item(tag, "locale", span, name ? { detail: name } : {});
    });
  }
  if ((parameter.kind === "boolean" || parameter.kind === "flag") && !inString)
    return ["true", "false"].map((value) => item(value, "value", span));
  return [];
}

function completeExpression(doc: ParsedDocument, expression: ExpressionAt): CompletionItem[] {
  const at = tokensAt(expression.text, expression.cursor);
  const { tokens, current } = at;
  const boxes = serviceRoots(doc)[0]?.boxes ?? [];
  if (current && (current.kind === "number" || current.kind === "regex")) return [];
  const call = callAt(at);
  if (current?.kind === "string") {
    // Inside the quotes: what replaces the string's content.
    const start = current.offset + 1;
    const end = current.unterminated ? current.offset + current.length : current.offset + current.length - 1;
    const span = expression.toDocument({ offset: start, length: Math.max(0, end - start) });
    return argumentValues(call, span, boxes, true);
  }
  const span = expression.toDocument(current ? current : { offset: expression.cursor, length: 0 });
  const previous: Token | undefined = tokens[at.previous];
  const beforePrevious: Token | undefined = tokens[at.previous - 1];
  if (previous?.kind === "." && beforePrevious?.kind === "identifier") {
    return referenceItems(beforePrevious.value, span, boxes, expression);
  }
  if (previous?.kind === "=" && beforePrevious?.kind === "identifier") return argumentValues(call, span, boxes, false);
  const accepts = acceptsAt(at, call, expression.site.kind);
  const place = expression.site.place;
  if (previous?.kind === "|") return accepts === "none" ? [] : functionItems(span, true, accepts, place);
  const items = accepts === "none" ? [] : [...functionItems(span, false, accepts, place), ...namespaceItems(span)];
  if (call) {
    items.push(...parameterItems(call, span));
    if (call.parameter?.kind === "name") items.push(...boxItems(argumentBoxes(call, boxes), span));
  }
  return items;
}

/** The identifiers of a reference namespace: the visible metadata, the OU properties, the output file's. */
function referenceItems(
  namespace: string,
  span: Span,
  boxes: readonly BoxOutline[],
  expression: ExpressionAt,
): CompletionItem[] {
  if (namespace === "meta") {
    return visibleMetadata(boxes, expression.site.box?.name)
      .filter((m) => !(m.name === expression.site.metadata && m.box === expression.site.box?.name))
      .map((m) => item(m.name, "metadata", span, { detail: `metadata of box "${m.box}"` }));
  }
  const identifiers: readonly string[] =
    namespace === "ou" ? ORGANIZATIONAL_UNIT_IDENTIFIERS : namespace === "output" ? OUTPUT_FILE_IDENTIFIERS : [];
  const doc = NAMESPACES.find((ns) => ns.name === namespace)?.doc;
  return identifiers.map((name) => item(name, "identifier", span, doc ? { documentation: doc } : {}));
}
