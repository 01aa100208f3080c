import { doubleQuoted, isPlainSafe, readsAsString } from "@mailroom/format";
import type { Expectations } from "@mailroom/runtime";
import {
  isJsonObject,
  LineIndex,
  type PropertyNode,
  propertyOf,
  type SyntaxNode,
  type TextEdit,
  toJson,
} from "@mailroom/syntax";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Longest flow collection kept on one line inside a block written anew: `metadata: { ... }`, `pages: [1, 2]`. */
const FLOW_WIDTH = 72;

/** Past this column, a flow value replaced becomes a block below its key. */
const LINE_WIDTH = 100;

const isObject = (value: unknown): value is Record<string, Json> => isJsonObject(value);

/**
 * A date or date-time as YAML 1.1 reads a timestamp (`2024-02-28`, `2024-02-28 10:00:00Z`): a string to the
 * YAML 1.2 reader of test files, but a date to 1.1 readers (PyYAML, SnakeYAML, older editors), so it is quoted.
 */
const TIMESTAMP =
  /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]|[ \t]+)\d{1,2}:\d{2}:\d{2}(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d{1,2}(?::\d{2})?))?)?$/;

/** A scalar as YAML writes it: plain when it reads back as the same string, to any reader; else double-quoted. */
function scalar(value: Json): string {
  if (typeof value !== "string") return JSON.stringify(value);
  return isPlainSafe(value, true) && readsAsString(value) && !TIMESTAMP.test(value) ? value : doubleQuoted(value);
}

/** A value on one line: `[1, 2]`, `{ employeeId: AB12345 }`. */
function flow(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(flow).join(", ")}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => `${scalar(key)}: ${flow(item)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return scalar(value);
}

/** Whether a value is written on one line inside a block: a scalar, an empty or short collection of scalars. */
function fitsOnOneLine(value: Json): boolean {
  if (!Array.isArray(value) && !isObject(value)) return true;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => !Array.isArray(item) && !isObject(item)) && flow(value).length <= FLOW_WIDTH;
}

/** A collection as block lines, unindented: its nested collections indented by two spaces. */
function block(value: Json): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (fitsOnOneLine(item)) return [`- ${flow(item)}`];
      const [first = "", ...rest] = block(item);
      return [`- ${first}`, ...rest.map((line) => `  ${line}`)];
    });
  }
  if (isObject(value)) {
    return Object.entries(value).flatMap(([key, item]) =>
      fitsOnOneLine(item)
        ? [`${scalar(key)}: ${flow(item)}`]
        : [`${scalar(key)}:`, ...block(item).map((l) => `  ${l}`)],
    );
  }
  return [scalar(value)];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedKeys = (object: object) => Object.keys(object).sort().join("\u0000");

/**
 * Rewrites the expectations of cases in a test file's text, touching only what changes, as the linter's fixes do:
 * an object with the same keys, or a list of the same length, is edited member by member, so that every comment
 * and the layout of the rest stay as written; a value replaced keeps its style (block or flow), a flow value that
 * grows long becomes a block; a case without `expect` gets one after its last line.
 */
export function writeBack(
  text: string,
  root: SyntaxNode,
  updates: readonly { readonly index: number; readonly expect: Expectations }[],
): string {
  const lines = new LineIndex(text);
  const column = (offset: number) => lines.position(offset).column - 1;
  const cases = root.kind === "object" ? propertyOf(root, "cases")?.value : undefined;
  const edits: TextEdit[] = [];

  /** The edits that make `node` (written under `property`, when an object's member) hold `value`. */
  const edit = (node: SyntaxNode, value: Json, property?: PropertyNode): void => {
    const current = toJson(node) as Json;
    if (sameJson(current, value)) return;
    if (node.kind === "object" && isObject(value) && sortedKeys(current as object) === sortedKeys(value)) {
      for (const member of node.properties) edit(member.value, value[member.key] as Json, member);
      return;
    }
    if (node.kind === "array" && Array.isArray(value) && node.items.length === value.length) {
      node.items.forEach((item, i) => {
        edit(item, value[i] as Json);
      });
      return;
    }
    replace(node, value, property);
  };

  const replace = (node: SyntaxNode, value: Json, property?: PropertyNode): void => {
    const end = node.span.offset + node.span.length;
    const written = text.slice(node.span.offset, end);
    // A block collection's span takes in its last line break, which stays.
    const ending = written.endsWith("\n") ? "\n" : "";
    const isBlock = node.kind !== "scalar" && !/^[[{]/.test(written);
    const keyEnd = property ? property.keySpan.offset + property.keySpan.length : 0;
    const between = property ? text.slice(keyEnd, node.span.offset) : "";
    const fromColon = (newText: string) =>
      edits.push({ span: { offset: keyEnd, length: end - ending.length - keyEnd }, newText });
    if (isBlock && !fitsOnOneLine(value)) {
      // A block stays a block, at its own indentation.
      const indent = " ".repeat(column(node.span.offset));
      const lines = block(value).map((line, i) => (i === 0 ? line : `${indent}${line}`));
      edits.push({ span: node.span, newText: lines.join("\n") + ending });
    } else if (isBlock && property && /^\s*:\s*$/.test(between)) {
      fromColon(`: ${flow(value)}`);
    } else if (isBlock) {
      edits.push({ span: node.span, newText: flow(value) + ending });
    } else if (property && /^[ \t]*:[ \t]*$/.test(between) && column(keyEnd) + flow(value).length > LINE_WIDTH) {
      // A flow value grown too long for its line: a block below its key.
      const indent = " ".repeat(column(property.keySpan.offset) + 2);
      fromColon(
        `:\n${block(value)
          .map((line) => `${indent}${line}`)
          .join("\n")}`,
      );
    } else {
      edits.push({ span: node.span, newText: flow(value) });
    }
  };

  for (const { index, expect } of updates) {
    const node = cases?.kind === "array" ? cases.items[index] : undefined;
    if (node?.kind !== "object") continue;
    const value = JSON.parse(JSON.stringify(expect)) as Json;
    const existing = propertyOf(node, "expect");
    if (existing) edit(existing.value, value, existing);
    else edits.push(insertion(text, node, value, column));
  }
  return edits
    .sort((a, b) => b.span.offset - a.span.offset)
    .reduce(
      (result, { span, newText }) => result.slice(0, span.offset) + newText + result.slice(span.offset + span.length),
      text,
    );
}

/** `expect:` added to a case: after its last line in a block mapping, before its `}` in a flow one. */
function insertion(
  text: string,
  node: Extract<SyntaxNode, { kind: "object" }>,
  value: Json,
  column: (offset: number) => number,
): TextEdit {
  const end = node.span.offset + node.span.length;
  if (text[node.span.offset] === "{") {
    const close = text.lastIndexOf("}", end);
    return { span: { offset: close, length: 0 }, newText: `, expect: ${flow(value)} ` };
  }
  const first = node.properties[0];
  const indent = " ".repeat(first ? column(first.keySpan.offset) : column(node.span.offset));
  const lines = [`${indent}expect:`, ...block(value).map((line) => `${indent}  ${line}`)];
  const before = text[end - 1] === "\n" ? "" : "\n";
  return { span: { offset: end, length: 0 }, newText: `${before}${lines.join("\n")}\n` };
}
