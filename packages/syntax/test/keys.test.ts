import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, type Node, Parser, parseDocument } from "yaml";
import { type ObjectNode, parseJson, parseYaml, propertyOf, type SyntaxNode, toJson, walkPath } from "../src/index.js";
import { readFastJson } from "../src/json-fast.js";
import { readPlainYaml } from "../src/yaml-cst.js";
import { readFastYaml } from "../src/yaml-fast.js";

/**
 * In the readers: every key is data. Documents whose keys are the names of Object's own
 * members, duplicates included, are read by every reader of YAML and JSON and compared, entry by entry, with
 * what was written, with `yaml`'s composer and with JSON.parse; lookups in the trees find every key.
 */

const MEMBERS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf"];
const NAMES = [...MEMBERS, "a", "name"];

/** A document as written: a mapping's entries in order, duplicates kept. */
type Doc = number | string | Doc[] | { readonly entries: readonly (readonly [string, Doc])[] };

const { doc } = fc.letrec<{ doc: Doc; object: Doc }>((tie) => ({
  doc: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: 0, max: 99 }),
    fc.constantFrom("x", ...MEMBERS),
    fc.array(tie("doc"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc
    .array(fc.tuple(fc.constantFrom(...NAMES), tie("doc")), { maxLength: 6 })
    .map((entries) => ({ entries }) as Doc),
}));
const root = fc
  // Past 8 keys, lookups go through an index (tree.ts).
  .array(fc.tuple(fc.constantFrom(...NAMES), doc), { minLength: 1, maxLength: 12 })
  .map((entries) => ({ entries }));

/** How a YAML key is written: plain, double- or single-quoted. */
const quoting = fc.constantFrom<(key: string) => string>(
  (key) => key,
  (key) => JSON.stringify(key),
  (key) => `'${key}'`,
);

const isObject = (d: Doc): d is { entries: readonly (readonly [string, Doc])[] } =>
  typeof d === "object" && !Array.isArray(d);
const isEmpty = (d: Doc) => (Array.isArray(d) ? d.length === 0 : isObject(d) && d.entries.length === 0);

function flowYaml(d: Doc, key: (k: string) => string): string {
  if (Array.isArray(d)) return `[${d.map((item) => flowYaml(item, key)).join(", ")}]`;
  if (isObject(d)) return `{${d.entries.map(([k, v]) => `${key(k)}: ${flowYaml(v, key)}`).join(", ")}}`;
  return String(d);
}

/** Block YAML: collections on their own lines, empty ones in flow. */
function blockYaml(d: Doc, key: (k: string) => string, indent = ""): string {
  const inner = (v: Doc) => (isEmpty(v) || !(Array.isArray(v) || isObject(v)) ? ` ${flowYaml(v, key)}` : "");
  const below = (v: Doc) => (inner(v) ? "" : `\n${blockYaml(v, key, `${indent}  `)}`);
  if (Array.isArray(d)) return d.map((v) => `${indent}-${inner(v)}${below(v)}`).join("\n");
  if (isObject(d)) return d.entries.map(([k, v]) => `${indent}${key(k)}:${inner(v)}${below(v)}`).join("\n");
  return `${indent}${String(d)}`;
}

function json(d: Doc): string {
  if (Array.isArray(d)) return `[${d.map(json).join(",")}]`;
  if (isObject(d)) return `{${d.entries.map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(",")}}`;
  return JSON.stringify(d);
}

/** A document's entries as written, the form every tree is compared in. */
type Entries = number | string | Entries[] | { readonly entries: (readonly [string, Entries])[] };

function entriesOfTree(node: SyntaxNode): Entries {
  if (node.kind === "scalar") return node.value as number | string;
  if (node.kind === "array") return node.items.map(entriesOfTree);
  return { entries: node.properties.map((p) => [p.key, entriesOfTree(p.value)] as const) };
}

function entriesOfComposed(node: Node | null): Entries {
  if (isScalar(node)) return node.value as number | string;
  if (isSeq(node)) return node.items.map((item) => entriesOfComposed(item as Node));
  if (isMap(node))
    return {
      entries: node.items.map((pair) => [
        String((pair.key as { value: unknown }).value),
        entriesOfComposed(pair.value as Node),
      ]),
    };
  throw new Error("unexpected node");
}

/** A JSON value with objects as their own keys in order: JSON.parse's reviver builds it as JSON.parse reads. */
const canonical = (_key: string, value: unknown): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? { entries: Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]]) }
    : value;
const parsedJson = (text: string): unknown => JSON.parse(text, canonical);
const asJsonValue = (node: SyntaxNode): unknown => JSON.parse(JSON.stringify(toJson(node)), canonical);

/** Duplicates as written: each later occurrence of a key in the same mapping. */
function duplicates(d: Doc): string[] {
  if (Array.isArray(d)) return d.flatMap(duplicates);
  if (!isObject(d)) return [];
  const seen = new Set<string>();
  const found: string[] = [];
  for (const [k, v] of d.entries) {
    if (seen.has(k)) found.push(k);
    seen.add(k);
    found.push(...duplicates(v));
  }
  return found.sort();
}

/** Every object's keys are found by `propertyOf` and `walkPath` (the last of duplicates), and no other name. */
function expectLookups(node: SyntaxNode): void {
  if (node.kind === "array") node.items.forEach(expectLookups);
  if (node.kind !== "object") return;
  const object: ObjectNode = node;
  for (const name of NAMES) {
    const last = object.properties.findLast((p) => p.key === name);
    expect(propertyOf(object, name)).toBe(last);
    expect(walkPath(object, [name]).at(-1)?.node).toBe(last ? last.value : object);
  }
  for (const p of object.properties) expectLookups(p.value);
}

const duplicatesReported = (diagnostics: readonly { code: string; message: string }[]) =>
  diagnostics
    .filter((d) => d.code === "duplicate-key")
    .map((d) => JSON.parse(/the key ("(?:[^"\\]|\\.)*")/.exec(d.message)?.[1] ?? '""') as string)
    .sort();

describe("keys named after Object's members are data in every reader", () => {
  it("YAML, block and flow, plain and quoted keys: every reader gives the entries written", () => {
    let fast = 0;
    let direct = 0;
    fc.assert(
      fc.property(root, quoting, fc.boolean(), (d, key, flow) => {
        const text = `${flow ? flowYaml(d, key) : blockYaml(d, key)}\n`;
        const written = JSON.parse(JSON.stringify(d)) as Entries;
        const composed = parseDocument(text, { uniqueKeys: false });
        expect(composed.errors).toEqual([]);
        expect(entriesOfComposed(composed.contents)).toEqual(written);

        const trees: SyntaxNode[] = [];
        const fastRead = readFastYaml(text);
        if (fastRead) fast++;
        const directRead = readPlainYaml(text, [...new Parser().parse(text)], []);
        if (directRead) direct++;
        for (const read of [fastRead, directRead]) if (read) trees.push(read.root);
        for (const compose of [false, true]) {
          const { root: tree, diagnostics } = parseYaml(text, { compose });
          expect(duplicatesReported(diagnostics)).toEqual(duplicates(d));
          expect(diagnostics.filter((x) => x.code !== "duplicate-key")).toEqual([]);
          if (tree) trees.push(tree);
        }
        expect(trees.length).toBeGreaterThanOrEqual(2);
        for (const tree of trees) {
          expect(entriesOfTree(tree)).toEqual(written);
          expect(asJsonValue(tree)).toEqual(parsedJson(json(d)));
          expectLookups(tree);
        }
      }),
      { numRuns: 400 },
    );
    // Both fast readers took their share (the scanner takes block YAML and one-line flow collections).
    expect(fast).toBeGreaterThan(100);
    expect(direct).toBeGreaterThan(100);
  });

  it("JSON: both readers give the entries written, and JSON.parse's value", () => {
    fc.assert(
      fc.property(root, (d) => {
        const text = json(d);
        const written = JSON.parse(JSON.stringify(d)) as Entries;
        const positioned = parseJson(text, { positioned: true });
        expect(duplicatesReported(positioned.diagnostics)).toEqual(duplicates(d));
        expect(positioned.diagnostics.filter((x) => x.code !== "duplicate-key")).toEqual([]);
        const tree = positioned.tree() as SyntaxNode;
        expect(entriesOfTree(tree)).toEqual(written);
        expect(asJsonValue(tree)).toEqual(parsedJson(text));
        expectLookups(tree);
        const lazy = readFastJson(text);
        // The lazy reader leaves texts with duplicate keys to the positioned one.
        expect(lazy === undefined).toBe(duplicates(d).length > 0);
        if (lazy) {
          expect(lazy.tree()).toEqual(tree);
          expect(JSON.parse(JSON.stringify(lazy.value), canonical)).toEqual(parsedJson(text));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("looks keys up in a large object through its index, as in a small one", () => {
    const ordinary = (from: number) => Array.from({ length: 10 }, (_, i) => [`k${from + i}`, i] as const);
    for (const member of MEMBERS) {
      // One member among ordinary keys, written twice: the others must not be found, this one found last.
      const entries = [...ordinary(0), [member, 1] as const, ...ordinary(10), [member, 2] as const];
      const tree = parseJson(json({ entries }), { positioned: true }).tree();
      expectLookups(tree as SyntaxNode);
      expect(propertyOf(tree as ObjectNode, member)?.value).toMatchObject({ value: 2 });
    }
  });
});
