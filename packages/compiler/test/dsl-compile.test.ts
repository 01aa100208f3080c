import { LineIndex } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { compileDsl, indexSymbols, readJsonDocument } from "../src/index.js";

const HEAD = "id: 1\nname: S\ntype: SIMPLE_UNIQUE\n";

function compile(body: string) {
  const text = HEAD + body;
  const document = compileDsl("t.service.yaml", text);
  const service = document.services[0];
  const at = (offset: number) => {
    const { line, column } = new LineIndex(text).position(offset);
    return `${line}:${column}`;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a JSON tree read by path, checked by the assertions themselves
  return { text, document, json: service?.json as Record<string, any>, service, at };
}

describe("compileDsl", () => {
  it("implies the spec's defaults and writes them explicitly", () => {
    const { json, document } = compile("boxes:\n  letters:\n    type: pdf\n    elements: 1..5\n");
    expect(document.diagnostics).toEqual([]);
    expect(json.properties.boxes[0]).toEqual({
      "@type": "box.PDF",
      name: "letters",
      hidden: false,
      minElements: 1,
      maxElements: 5,
      main: false,
      parent: null,
      metadatas: [],
      reconcile: null,
      configuredFiles: [],
    });
    expect(json.properties.channels).toEqual([]);
  });

  it("compiles reconcile ranges, with * as no limit and the defaults when left out", () => {
    const { json } = compile(
      "boxes:\n  a:\n    type: pdf\n    elements: 0..*\n    reconcile:\n      when: true\n      matches: 1..*\n",
    );
    expect(json.properties.boxes[0].maxElements).toBe(-1);
    expect(json.properties.boxes[0].reconcile).toEqual({
      condition: { "@type": "exb.Boolean", value: true },
      minExpected: 0,
      maxExpected: -1,
      minMatches: 1,
      maxMatches: -1,
    });
  });

  it("reads hex and component colours", () => {
    expect(compile('icon: { color: "#1565C0CC" }\nboxes: {}\n').json.properties.iconColor).toEqual({
      r: 21,
      g: 101,
      b: 192,
      a: 204 / 255,
    });
    expect(compile("icon: { color: { r: 1, g: 2, b: 3, a: 0.5 } }\nboxes: {}\n").json.properties.iconColor).toEqual({
      r: 1,
      g: 2,
      b: 3,
      a: 0.5,
    });
  });

  it("compiles each split form", () => {
    const split = (text: string) =>
      compile(`boxes:\n  a:\n    type: pdf\n    elements: 1\n    split: ${text}\n`).json.properties.boxes[0]
        .splitConfig;
    expect(split("none")).toEqual({ "@type": "bsc.NONE", editable: false });
    expect(split("{ type: none, editable: true }")).toEqual({ "@type": "bsc.NONE", editable: true });
    expect(split("{ pages: 2 }")).toEqual({ "@type": "bsc.PAGE", editable: false, pages: 2 });
    expect(split('{ area: [1, 2, 3, 4], value: "^X", page: last, params: { dpi: "300" } }')).toEqual({
      "@type": "bsc.PDF_AREA",
      editable: false,
      area: { left: 1, top: 2, width: 3, height: 4 },
      value: "^X",
      pages: -1,
      extractionParameters: { dpi: "300" },
    });
  });

  it("targets the box an expression sits in, as the spec requires", () => {
    const { json } = compile(
      "boxes:\n  main:\n    type: pdf\n    main: true\n    elements: 1\n    metadata:\n      k: fileName[0:8]\n" +
        "  annexes:\n    type: pdf\n    elements: 1\n    metadata:\n      k: fileName[0:8]\n",
    );
    expect(json.properties.boxes[0].metadatas[0].content).toEqual({
      "@type": "exv.FileName",
      fromMain: true,
      begin: 0,
      end: 8,
    });
    expect(json.properties.boxes[1].metadatas[0].content).toEqual({
      "@type": "exv.FileName",
      fromMain: false,
      boxName: "annexes",
      begin: 0,
      end: 8,
    });
  });

  it("passes unknown keys through with a warning naming the nearest known key", () => {
    const { json, document, at } = compile("boxes:\n  a:\n    type: data-file\n    elements: 1\n    mian: true\n");
    expect(json.properties.boxes[0].mian).toBe(true);
    expect(document.diagnostics.map((d) => [d.code, d.severity, at(d.span.offset), d.message])).toEqual([
      [
        "unknown-key",
        "warning",
        "8:5",
        'Unknown key "mian"; did you mean "main"? It is passed through to the JSON unchanged.',
      ],
    ]);
  });

  it("accepts the raw JSON form of an expression", () => {
    const raw = { "@type": "exv.Value", value: "x" };
    const { json } = compile(
      `boxes:\n  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: ${JSON.stringify(raw)}\n`,
    );
    expect(json.properties.boxes[0].metadatas[0].content).toEqual(raw);
  });

  it("maps a problem inside a folded block scalar to its line and column", () => {
    const { document, at } = compile(
      'boxes:\n  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: >-\n        concat(meta.a,\n          "-",\n          meta.b, concta(1))\n',
    );
    const problem = document.diagnostics.find((d) => d.code === "unknown-function");
    expect(problem && at(problem.span.offset)).toBe("12:19");
  });

  it("maps the JSON of an expression back to its token", () => {
    const { service, at } = compile(
      'boxes:\n  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: "concat(meta.x, \\"-\\", fileName)"\n',
    );
    const location = service?.locate(["properties", "boxes", 0, "metadatas", 0, "content", "operands", 2]);
    expect(location && at(location.span.offset)).toBe("9:33");
  });

  it("reports the DSL's structural problems at their place, and compiles only as far as the shape allows then", () => {
    const { document, at } = compile("boxes:\n  a:\n    type: pfd\n    elements: lots\n    metadata: { x: nope( }\n");
    // The compiler's own findings come with the shape's: one run names every mistake.
    expect(document.diagnostics.map((d) => [d.code, at(d.span.offset)])).toEqual([
      ["unknown-type", "6:11"],
      ["expression-syntax", "8:25"],
      ["unknown-function", "8:20"],
    ]);
    expect(document.wellFormed).toBe(true);
    // The box and its metadata are there for editors to navigate and for the checker to check around the error.
    const json = document.services[0]?.json as { properties: { boxes: { name: string }[] } } | undefined;
    expect(json?.properties.boxes.map((box) => box.name)).toEqual(["a"]);
    expect(compile("boxes: 5\n").document.diagnostics.map((d) => d.code)).toEqual(["wrong-type"]);
  });

  it("reports a list where an expression is written once, as a list, not as an expression named undefined", () => {
    for (const value of ["[fileName]", "\n        - fileName"]) {
      const { document } = compile(
        `boxes:\n  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: ${value}\n      v:\n        value: ${value}\n`,
      );
      const found = document.diagnostics.map((d) => [d.code, d.message]);
      expect(found.map(([code]) => code)).toEqual(["wrong-type", "wrong-type"]);
      expect(JSON.stringify(found)).not.toContain("undefined");
    }
  });

  it("writes lists of named entries, which may repeat a name", () => {
    const { json } = compile(
      "boxes:\n  - { name: a, type: archive, elements: 1 }\n  - { name: a, type: archive, elements: 2 }\n",
    );
    expect(json.properties.boxes.map((b: { name: string }) => b.name)).toEqual(["a", "a"]);
  });
});

describe("indexSymbols", () => {
  it("gives the same symbols, at their names, for a DSL file and its compiled JSON", async () => {
    const { readFileSync } = await import("node:fs");
    const yamlText = readFileSync("examples/registered-letter.service.yaml", "utf8");
    const jsonText = readFileSync("examples/registered-letter.service.json", "utf8");
    const fromDsl = compileDsl("x.service.yaml", yamlText).services[0];
    const fromJson = readJsonDocument("x.service.json", jsonText).services[0];
    if (!fromDsl || !fromJson) throw new Error("no service");
    const dsl = indexSymbols(fromDsl);
    const json = indexSymbols(fromJson);
    const strip = (index: typeof dsl) => ({
      boxes: index.boxes.map(({ name, type, main }) => ({ name, type, main })),
      metadata: index.metadata.map(({ box, name }) => ({ box, name })),
      channels: index.channels.map(({ label }) => label),
    });
    expect(strip(dsl)).toEqual(strip(json));
    expect(dsl.metadata.map((m) => m.name)).toEqual(["recipientName", "letterReference", "senderSiret"]);
    for (const m of dsl.metadata) expect(yamlText.slice(m.span.offset, m.span.offset + m.span.length)).toBe(m.name);
    for (const m of json.metadata) {
      expect(jsonText.slice(m.span.offset, m.span.offset + m.span.length)).toBe(JSON.stringify(m.name));
    }
  });
});
