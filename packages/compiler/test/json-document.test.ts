import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PathSegment } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { readJsonDocument, readPositioned } from "../src/json-document.js";
import type { SourceDocument } from "../src/source.js";

const ROOT = join(import.meta.dirname, "../../..");
const jsonFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".json"))
    .map((name) => join(dir, name))
    .sort();

/** Every path into a JSON value, each followed by a missing key and a missing index (located at the parent). */
function pathsOf(value: unknown, path: PathSegment[] = []): PathSegment[][] {
  const paths = [path, [...path, "missing"], [...path, 99]];
  const children: [PathSegment, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : typeof value === "object" && value !== null
      ? Object.entries(value)
      : [];
  for (const [segment, item] of children) paths.push(...pathsOf(item, [...path, segment]));
  return paths;
}

/** What a document shows its users: diagnostics, services, every location, and the tree. */
const observe = (document: SourceDocument) => ({
  diagnostics: document.diagnostics,
  services: document.services.map((service) => ({
    json: service.json,
    path: service.path,
    locations: pathsOf(service.json).map((path) => [path, service.locate(path)]),
  })),
  tree: document.tree(),
});

const expectBothPathsAlike = (file: string, text: string) =>
  expect(observe(readJsonDocument(file, text))).toEqual(observe(readPositioned(file, text)));

describe("readJsonDocument", () => {
  const fixtures = [...jsonFiles("test/fixtures"), ...jsonFiles("examples")];

  it("finds every JSON fixture and example", () => {
    expect(fixtures.length).toBeGreaterThan(100);
  });

  it.each(fixtures)("gives %s the same diagnostics, services and spans as the positioned parser", (file) => {
    expectBothPathsAlike(file, readFileSync(join(ROOT, file), "utf8"));
  });

  it.each([
    ["a lone service", '{"id": 1, "name": "S"}'],
    ["an array of services, and of things that are not", '[{"id": 1}, 2, null, [3]]'],
    ["an authentication response", '{"result": {"services": [{"id": 1}, {"id": 2}]}}'],
    ["a response whose result is not an object", '{"result": [1]}'],
    ["a response whose result is null", '{"result": null}'],
    ["a response without services", '{"result": {"other": 1}}'],
    ["a response whose services are not a list", '{"result": {"services": "none"}}'],
    ["a string at the top", '"service"'],
    ["a number at the top", "  42 "],
    ["a duplicate key", '{"id": 1, "id": 2, "properties": {}}'],
    ["a syntax error", '{"id": 1, "name": }'],
    ["an empty file", ""],
  ])("reads %s alike both ways", (_, text) => {
    expectBothPathsAlike("t.service.json", text);
  });

  it("names the shape it found and points at it", () => {
    const text = '{"result": {"services": "none"}}';
    const [diagnostic] = readJsonDocument("t.service.json", text).diagnostics;
    expect(diagnostic?.message).toContain('Found the string "none" as "services"');
    expect(text.slice(diagnostic?.span.offset, (diagnostic?.span.offset ?? 0) + (diagnostic?.span.length ?? 0))).toBe(
      '"none"',
    );
  });

  it("still reports a duplicate key, and keeps the last value", () => {
    const document = readJsonDocument("t.service.json", '{"id": 1,\n "id": 2}');
    expect(document.diagnostics.map((d) => [d.code, d.span])).toEqual([["duplicate-key", { offset: 11, length: 4 }]]);
    expect(document.services[0]?.json).toEqual({ id: 2 });
  });

  it("keeps one tree for the document and all of its services", () => {
    const document = readJsonDocument("t.service.json", '[{"id": 1}, {"id": 2}]');
    const tree = document.tree();
    expect(document.tree()).toBe(tree);
    expect(document.services[1]?.locate(["id"]).span).toBe(
      tree?.kind === "array" && tree.items[1]?.kind === "object" ? tree.items[1].properties[0]?.value.span : undefined,
    );
  });
});
