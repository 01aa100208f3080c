import { applyEdits } from "@mailroom/checker";
import { doubleQuoted, isPlainSafe, readsAsString, singleQuoted } from "@mailroom/format";
import {
  isIdentifier,
  joinSpans,
  quoteString,
  RESERVED_WORDS,
  type ScalarNode,
  type Span,
  type SyntaxNode,
  type TextEdit,
} from "@mailroom/syntax";
import type { ParsedDocument } from "./document.js";
import { boxId, naming, type Occurrence, occurrenceAt, occurrences } from "./references.js";
import type { PrepareRename, RenameResult } from "./types.js";

const q = (value: string) => JSON.stringify(value);
const same = (a: Span, b: Span) => a.offset === b.offset && a.length === b.length;
const contains = (outer: Span, inner: Span) =>
  outer.offset <= inner.offset && inner.offset + inner.length <= outer.offset + outer.length;

/**
 * Why a rename of the name would be unsafe: an error keeps the compile from reading a part of the file, and
 * that part writes the name where no known reference is, so it may be a reference the rename would leave
 * behind. The part is the expression, value or key (with its value) an error lies in; in a file whose YAML or
 * JSON does not parse, the whole file, which the best-effort compile may have read cut short. Comments hold no
 * references. Rule diagnostics (an undefined metadata) are no compile errors: the file was read whole.
 */
function hiddenReference(document: ParsedDocument, name: string): string | undefined {
  const errors = document.source.diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return undefined;
  const known = new Set(occurrences(document).map((o) => o.span.offset));
  const comments = document.source.comments;
  const unread = mentions(document.text, name).filter(
    (offset) => !known.has(offset) && !comments.some((c) => contains(c.span, { offset, length: name.length })),
  );
  if (unread.length === 0) return undefined;
  const tree = document.source.wellFormed ? document.source.tree() : undefined;
  for (const error of errors) {
    const region = tree ? unreadPart(tree, error.span) : { offset: 0, length: document.text.length };
    const mention = unread.find((offset) => contains(region, { offset, length: name.length }));
    if (mention === undefined) continue;
    const [where, at] = [document.lines.position(mention), document.lines.position(error.span.offset)];
    return `Found ${q(name)} on line ${where.line}, column ${where.column}, in a part an error keeps from being read (${error.code} on line ${at.line}, column ${at.column}), so it may be a reference the rename would miss; expected that error fixed first.`;
  }
  return undefined;
}

const NAME_CHARACTER = /[\p{L}\p{N}_$]/u;

/** The offsets where the text writes the name, not as a part of a longer identifier. */
function mentions(text: string, name: string): number[] {
  const found: number[] = [];
  const bounded = (i: number, inside: string | undefined) =>
    i < 0 || i >= text.length || !NAME_CHARACTER.test(inside ?? "") || !NAME_CHARACTER.test(text[i] as string);
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (bounded(i - 1, name[0]) && bounded(i + name.length, name.at(-1))) found.push(i);
  }
  return found;
}

/** The part of a well-formed tree an error may keep from being read: the scalar or collection it lies in, or a key with its value. */
function unreadPart(root: SyntaxNode, span: Span): Span {
  let node = root;
  for (;;) {
    let next: SyntaxNode | undefined;
    if (node.kind === "object") {
      for (const property of node.properties) {
        if (contains(property.keySpan, span)) return joinSpans(property.keySpan, property.value.span);
        if (contains(property.value.span, span)) next = property.value;
      }
    } else if (node.kind === "array") next = node.items.find((item) => contains(item.span, span));
    if (!next) return node.span;
    node = next;
  }
}

/** The name a rename at the offset would change, why it cannot, or nothing renamable there. */
export function prepareRename(
  document: ParsedDocument,
  offset: number,
): PrepareRename | { readonly message: string } | undefined {
  const at = occurrenceAt(document, offset);
  if (!at) return undefined;
  if (at.kind === "service-file") {
    return { message: `Service file ${q(at.name)} is the id of a stored file, which cannot be renamed.` };
  }
  const hidden = hiddenReference(document, at.name);
  if (hidden) return { message: hidden };
  return { span: at.span, placeholder: at.name };
}

/**
 * Renames the box or metadata named at the offset: its definitions and every reference, in one file (names
 * are scoped to their service). A name that cannot be written, or that would clash with another box or
 * metadata, is refused with the reason.
 */
export function rename(document: ParsedDocument, offset: number, newName: string): RenameResult {
  const at = occurrenceAt(document, offset);
  if (!at || at.kind === "service-file") {
    return { ok: false, message: "Found no box or metadata name here; expected the cursor on one." };
  }
  const hidden = hiddenReference(document, at.name);
  if (hidden) return { ok: false, message: hidden };
  const invalid = invalidName(newName);
  if (invalid) return { ok: false, message: invalid };
  if (newName === at.name) return { ok: true, edit: { changes: new Map([[document.file, []]]) } };
  const renamed = closure(document, at);
  const clash = at.kind === "box" ? boxClash(document, at, newName) : metadataClash(document, renamed, newName);
  if (clash) return { ok: false, message: clash };
  return { ok: true, edit: { changes: new Map([[document.file, renameEdits(document, renamed, newName)]]) } };
}

function invalidName(name: string): string | undefined {
  if (name === "") return "Found an empty name; expected at least one character.";
  // Names end up as JSON strings and YAML keys: what cannot be typed on one line has no place in them.
  if (/[\p{Cc}\p{Cs}\u2028\u2029\ufeff]/u.test(name) || name.trim() !== name) {
    return `Found the name ${q(name)}, which has a control character, a line break or blanks at an end; expected a name on one line without them.`;
  }
  return undefined;
}

/**
 * What one rename changes: for a box, every occurrence of its name; for a metadata, its definitions and
 * references and, through references that may read several metadata (ambiguous ones), those too, so that
 * every reference still reads what it read.
 */
function closure(document: ParsedDocument, at: Occurrence): Occurrence[] {
  const targets = new Set(at.targets);
  let found: Occurrence[] = [];
  for (let size = -1; size !== targets.size; ) {
    size = targets.size;
    found = naming(document, [...targets]);
    for (const o of found) for (const target of o.targets) targets.add(target);
  }
  // An undefined reference names no definition: it is renamed alone.
  return found.length > 0 ? found : [at];
}

function boxClash(document: ParsedDocument, at: Occurrence, name: string): string | undefined {
  const taken = occurrences(document).find(
    (o) =>
      o.kind === "box" && o.service === at.service && o.name === name && o.targets[0] !== boxId(at.service, at.name),
  );
  if (!taken) return undefined;
  return taken.definition
    ? `Box ${q(name)} already exists; expected a name no other box of the service has.`
    : `Box ${q(name)} is already named by a reference, which would then read the renamed box; expected a name not used in the service.`;
}

/** Whether a reference written in box `box` (none: a channel condition) sees a metadata of that box. */
const sees = (box: number | undefined, definition: Occurrence) =>
  box === undefined || definition.box === box || definition.main === true;

function metadataClash(document: ParsedDocument, renamed: readonly Occurrence[], name: string): string | undefined {
  const service = renamed[0]?.service;
  const changed = new Set(renamed);
  const others = occurrences(document).filter(
    (o) => o.kind === "metadata" && o.service === service && o.name === name && !changed.has(o),
  );
  for (const definition of renamed.filter((o) => o.definition)) {
    if (others.some((o) => o.definition && o.box === definition.box)) {
      return `The box of metadata ${q(definition.name)} already has a metadata named ${q(name)}; expected a name no metadata of that box has.`;
    }
  }
  for (const reference of renamed.filter((o) => !o.definition)) {
    const seen = others.find((o) => o.definition && sees(reference.box, o));
    if (seen) {
      return `Metadata ${q(name)} of another box is visible where ${q(reference.name)} is referenced, so the renamed references would read it too; expected a name no visible metadata has.`;
    }
  }
  for (const reference of others.filter((o) => !o.definition)) {
    if (renamed.some((o) => o.definition && sees(reference.box, o))) {
      return `A reference to ${q(name)} already exists where the renamed metadata is visible, and would then read it; expected a name not referenced there.`;
    }
  }
  return undefined;
}

function renameEdits(document: ParsedDocument, renamed: readonly Occurrence[], name: string): TextEdit[] {
  if (document.source.format === "json") {
    return renamed.map((o) => ({ span: o.token, newText: JSON.stringify(name) }));
  }
  const tree = document.source.tree();
  if (!tree) return [];
  const edits: TextEdit[] = [];
  // Edits inside expressions, by the YAML scalar holding them: a plain scalar may need quoting as a whole.
  const byScalar = new Map<ScalarNode, { flow: boolean; edits: TextEdit[]; plainSafe: boolean }>();
  for (const occurrence of renamed) {
    const place = yamlPlace(document.text, tree, occurrence.token);
    if (!place) continue;
    if (place.kind === "name") {
      const plain = isPlainSafe(name, place.flow) && readsAsString(name);
      edits.push({ span: occurrence.token, newText: plain ? name : doubleQuoted(name) });
      continue;
    }
    const { span, text } = expressionEdit(document, occurrence, name);
    let group = byScalar.get(place.scalar);
    if (!group) {
      group = { flow: place.flow, edits: [], plainSafe: true };
      byScalar.set(place.scalar, group);
    }
    const style = place.scalar.style ?? "plain";
    if (style === "plain" && (/[#:]/.test(text) || (place.flow && /[,[\]{}]/.test(text)))) group.plainSafe = false;
    const newText =
      style === "double-quoted"
        ? text.replace(/["\\]/g, "\\$&")
        : style === "single-quoted"
          ? text.replaceAll("'", "''")
          : text;
    group.edits.push({ span, newText });
  }
  for (const [scalar, group] of byScalar) {
    if (group.plainSafe) {
      edits.push(...group.edits);
      continue;
    }
    // A plain scalar holds its text as written: quoted whole, it reads the same (single quotes fold lines alike).
    const start = scalar.span.offset;
    const relative = group.edits.map((e) => ({ ...e, span: { ...e.span, offset: e.span.offset - start } }));
    const value = applyEdits(document.text.slice(start, start + scalar.span.length), relative);
    edits.push({ span: scalar.span, newText: singleQuoted(value) ?? doubleQuoted(value) });
  }
  return edits.sort((a, b) => a.span.offset - b.span.offset);
}

/**
 * The expression text that writes the new name where the occurrence is: a reference keeps its form
 * (`meta.name` becomes `meta["new name"]` when the name needs quotes), a box name is bare when it can be.
 */
function expressionEdit(document: ParsedDocument, occurrence: Occurrence, name: string): { span: Span; text: string } {
  const token = occurrence.token;
  if (occurrence.kind === "metadata") {
    const source = document.source.services[occurrence.service];
    const namespace = source?.locate([...occurrence.path.slice(0, -1), "namespace"]).span;
    const end = namespace ? namespace.offset + namespace.length : token.offset;
    const dotted = namespace !== undefined && document.text.slice(end, token.offset).includes(".");
    if (!dotted) return { span: token, text: quoteString(name) };
    if (isIdentifier(name)) return { span: token, text: name };
    return { span: { offset: end, length: token.offset + token.length - end }, text: `[${quoteString(name)}]` };
  }
  // A bare name must not read as a reserved word, nor, as the box of `jobFileName`, as its flag.
  const bare = isIdentifier(name) && !RESERVED_WORDS.has(name) && name !== "keepExtension";
  return { span: token, text: bare ? name : quoteString(name) };
}

type YamlPlace = { kind: "name"; flow: boolean } | { kind: "expression"; scalar: ScalarNode; flow: boolean };

/**
 * Where a span is in the YAML: a whole key or scalar (a name written as YAML), or inside a scalar (a token of
 * an expression); and whether it is inside a flow collection, where plain scalars allow fewer characters.
 */
function yamlPlace(text: string, root: SyntaxNode, span: Span): YamlPlace | undefined {
  let node: SyntaxNode | undefined = root;
  let flow = false;
  while (node) {
    if (node.kind === "scalar") {
      if (same(node.span, span)) return { kind: "name", flow };
      return contains(node.span, span) ? { kind: "expression", scalar: node, flow } : undefined;
    }
    flow ||= text[node.span.offset] === "{" || text[node.span.offset] === "[";
    let next: SyntaxNode | undefined;
    if (node.kind === "object") {
      for (const property of node.properties) {
        if (same(property.keySpan, span)) return { kind: "name", flow };
        if (contains(property.value.span, span)) next = property.value;
      }
    } else next = node.items.find((item) => contains(item.span, span));
    node = next;
  }
  return undefined;
}
