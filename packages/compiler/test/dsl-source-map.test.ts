import type { PathSegment, Span } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { compileDsl } from "../src/index.js";

const TEXT = `id: 1
name: S
type: SIMPLE_UNIQUE
boxes:
  letters:
    type: pdf
    main: true
    elements: 1..5
    custom: { deep: [1, { x: "y" }] }
    metadatas: [zz]
    metadata:
      ref: 'concat(meta.a, "-", fileName[0:8])'
`;

const service = compileDsl("t.service.yaml", TEXT).services[0];
const box = ["properties", "boxes", 0];
const text = (span: Span | undefined) => span && TEXT.slice(span.offset, span.offset + span.length);
const locate = (path: PathSegment[]) => {
  if (!service) throw new Error("no service");
  const location = service.locate(path);
  return { value: text(location.span), key: text(location.keySpan), depth: location.depth };
};

describe("the source map of a compiled DSL file", () => {
  it("follows a value copied from the YAML down to any depth, keys included", () => {
    expect(locate([...box, "custom", "deep", 1, "x"])).toEqual({ value: '"y"', key: "x", depth: 7 });
    expect(locate([...box, "custom", "deep", 0])).toEqual({ value: "1", key: undefined, depth: 6 });
  });

  it("gives the nearest ancestor, and how deep it is, for a path that was not written", () => {
    expect(locate([...box, "custom", "deep", 5, "x"])).toEqual({ value: '[1, { x: "y" }]', key: "deep", depth: 5 });
    expect(locate([...box, "absent", "more"])).toMatchObject({ depth: 3 });
  });

  it("keeps what was compiled when a key passed through has the same name, and says so", () => {
    const refused = compileDsl("t.service.yaml", TEXT).diagnostics.filter((d) => d.code === "duplicate-key");
    expect(refused.map((d) => text(d.span))).toEqual(["metadatas"]);
    expect(locate([...box, "metadatas", 0, "name"])).toEqual({ value: "ref", key: "ref", depth: 6 });
  });

  it("points inside an expression, through the scalar's quoting, without the key at its root", () => {
    const metadata = ["properties", "boxes", 0, "metadatas", 0];
    const source = TEXT.replace("    metadatas: [zz]\n", "");
    expect(source).not.toBe(TEXT);
    const compiled = compileDsl("t.service.yaml", source).services[0];
    const part = (span: Span | undefined) => span && source.slice(span.offset, span.offset + span.length);
    const at = (path: PathSegment[]) => {
      const location = compiled?.locate(path);
      return location && { value: part(location.span), key: part(location.keySpan), depth: location.depth };
    };
    expect(at([...metadata, "content"])).toEqual({
      value: 'concat(meta.a, "-", fileName[0:8])',
      key: undefined,
      depth: 6,
    });
    expect(at([...metadata, "content", "operands", 0, "identifier"])).toEqual({ value: "a", key: undefined, depth: 9 });
    expect(at([...metadata, "content", "operands", 2, "end"])).toEqual({ value: "8", key: undefined, depth: 9 });
    expect(at([...metadata, "content", "operands", 9])).toMatchObject({ depth: 6 });
    expect(at([...metadata, "name"])).toEqual({ value: "ref", key: "ref", depth: 6 });
  });
});
