import { Service } from "@mailroom/model";
import type { Diagnostic } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { compileDsl, diagnoseAgainst, readJsonDocument, type SourceDocument } from "../src/index.js";

const HEAD = "id: 1\nname: S\ntype: SIMPLE_MULTIPLE\n";
const MAIN = "  letters:\n    type: pdf\n    main: true\n    elements: 1\n";

/** The model's findings on the document's service, as the linter validates it. */
const model = (document: SourceDocument): Diagnostic[] => {
  const service = document.services[0];
  if (!service) throw new Error(JSON.stringify(document.diagnostics));
  return diagnoseAgainst(Service, service.json, service.locate, { wording: service.wording });
};
const compile = (boxes: string) => compileDsl("t.service.yaml", `${HEAD}boxes:\n${MAIN}${boxes}`);
/** Code, text at the span, message: what a diagnostic says, and where. */
const said = (text: string, diagnostics: readonly Diagnostic[]) =>
  [...diagnostics]
    .sort((a, b) => a.span.offset - b.span.offset)
    .map((d) => [d.code, text.slice(d.span.offset, d.span.offset + d.span.length), d.message]);

describe("keys that name Object's own members are data", () => {
  const KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"];

  it("passes them through, from every object, into the JSON", () => {
    for (const key of KEYS) {
      const text = `${HEAD}${key}: { polluted: true }\nicon: { ${key}: 1 }\nproperties: { ${key}: 2 }\nboxes:\n  ${key}:\n    type: pdf\n    main: true\n    elements: 1\n    ${key}: 5\n    split: { pages: 2, ${key}: 3 }\n    metadata:\n      ${key}: { value: fileName, ${key}: 4 }\n    reconcile: { when: "true", ${key}: 6 }\n    files: [{ removable: true, ${key}: 7 }]\n    appositions: [{ type: image, target: DOCUMENT, pageFilter: "1", ${key}: 8 }]\n`;
      const document = compileDsl("t.service.yaml", text);
      // `icon` and `properties` both pass the key into the service's properties: the second is refused, not lost.
      expect(
        document.diagnostics.filter((d) => d.severity === "error").map((d) => d.code),
        key,
      ).toEqual(["duplicate-key"]);
      const json = document.services[0]?.json as Record<string, unknown>;
      const own = (value: unknown, name: string) => Object.hasOwn(value as object, name);
      const properties = json.properties as Record<string, unknown>;
      const box = (properties.boxes as Record<string, unknown>[])[0] as Record<string, unknown>;
      expect(own(json, key), key).toBe(true);
      expect(Object.getPrototypeOf(json), key).toBe(Object.prototype);
      expect((properties as Record<string, unknown>)[key], key).toBe(1);
      expect(box.name).toBe(key);
      expect(box[key], key).toBe(5);
      for (const [field, value] of [
        ["splitConfig", 3],
        ["reconcile", 6],
      ] as const)
        expect((box[field] as Record<string, unknown>)[key], `${key} in ${field}`).toBe(value);
      expect(((box.metadatas as Record<string, unknown>[])[0] as Record<string, unknown>)[key]).toBe(4);
      expect(((box.configuredFiles as Record<string, unknown>[])[0] as Record<string, unknown>)[key]).toBe(7);
      expect(((box.appositions as Record<string, unknown>[])[0] as Record<string, unknown>)[key]).toBe(8);
      expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    }
  });

  it("takes a box type such as `constructor` for an unknown type, not for Object's", () => {
    const document = compile("  odd:\n    type: constructor\n    elements: 1\n");
    expect(document.diagnostics.map((d) => d.code)).toEqual(["unknown-type"]);
  });
});

describe("DSL keys where they do not apply", () => {
  it("are errors on an archive box, saying where each applies, and are not compiled", () => {
    const box =
      "  bundle:\n    type: archive\n    elements: 1\n    metadata:\n      q: fileName\n    main: true\n    split: none\n";
    const text = `${HEAD}boxes:\n${MAIN}${box}`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics)).toEqual([
      [
        "misplaced-key",
        "metadata",
        'Key "metadata" applies to pdf and data-file boxes; box "bundle" is an archive box.',
      ],
      ["misplaced-key", "main", 'Key "main" applies to pdf and data-file boxes; box "bundle" is an archive box.'],
      ["misplaced-key", "split", 'Key "split" applies to pdf boxes; box "bundle" is an archive box.'],
    ]);
  });

  it("leave PDF keys on a data-file box to the linter, and unknown keys passing through", () => {
    const document = compile(
      "  data:\n    type: data-file\n    elements: 1\n    hasAddressPage: true\n    format: csv\n",
    );
    expect(document.diagnostics).toEqual([]);
    const json = document.services[0]?.json as { properties: { boxes: Record<string, unknown>[] } } | undefined;
    const box = json?.properties.boxes[1];
    expect(box).toMatchObject({ hasAddressPage: true, format: "csv" });
  });
});

describe("a misspelt key standing for a missing one", () => {
  it("is named, with its renaming as the fix, in a DSL file", () => {
    const text = `${HEAD}boxes:\n  a:\n    type: pdf\n    elments: 1\n  b:\n    type: pdf\n    'minElement': 1\n`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics)).toEqual([
      [
        "missing-field",
        "elments",
        'Missing field "elements" in box "a"; found "elments", which looks like a misspelling of it.',
      ],
      [
        "missing-field",
        "'minElement'",
        'Missing field "elements" in box "b"; found "minElement", which looks like a misspelling of "minElements", its name in the JSON.',
      ],
    ]);
    expect(document.diagnostics.map((d) => d.fix?.edits.map((e) => e.newText))).toEqual([["elements"], ["'elements'"]]);
  });

  it("is named in a JSON file too", () => {
    const box = {
      ...{ "@type": "box.PDF", name: "a", hidden: false, minElement: 0, maxElements: 1, main: true },
      ...{ parent: null, metadatas: [], reconcile: null, configuredFiles: [] },
    };
    const text = JSON.stringify({
      id: 1,
      type: "SIMPLE_UNIQUE",
      name: "S",
      properties: { boxes: [box], channels: [] },
    });
    const found = model(readJsonDocument("t.json", text));
    expect(said(text, found)).toEqual([
      [
        "missing-field",
        '"minElement"',
        'Missing field "minElements" in box.PDF "a"; found "minElement", which looks like a misspelling of it.',
      ],
    ]);
    expect(found[0]?.fix?.edits.map((e) => e.newText)).toEqual(['"minElements"']);
  });
});

describe("raw JSON forms, told apart by their `@type`", () => {
  it("take an apposition as the API writes it, and judge one without `@type` in the DSL's form", () => {
    const raw = '{ "@type": bap.Image, id: null, targetType: DOCUMENT, serializedPageFilter: "1", foo: 1 }';
    const text = `${HEAD}boxes:\n  a:\n    type: pdf\n    main: true\n    elements: 1\n    appositions:\n      - ${raw}\n      - { type: image, pageFilter: "1", trget: DOCUMENT }\n`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics)).toEqual([
      [
        "missing-field",
        "trget",
        'Missing field "target" in item 2 of "appositions" of box "a"; found "trget", which looks like a misspelling of it.',
      ],
    ]);
    const fixed = compileDsl("t.service.yaml", text.replace("trget", "target"));
    const json = fixed.services[0]?.json as { properties: { boxes: { appositions: unknown[] }[] } } | undefined;
    expect(json?.properties.boxes[0]?.appositions[0]).toEqual({
      "@type": "bap.Image",
      id: null,
      targetType: "DOCUMENT",
      serializedPageFilter: "1",
      foo: 1,
    });
  });

  it("leave a metadata's long form to be judged as such, not as a raw expression", () => {
    const document = compile(
      "  a:\n    type: pdf\n    elements: 1\n    metadata:\n      k: { valeu: fileName, persist: true }\n",
    );
    expect(said(document.text, document.diagnostics)).toEqual([
      [
        "missing-field",
        "valeu",
        'Missing field "value" in metadata "k" of box "a"; found "valeu", which looks like a misspelling of it.',
      ],
    ]);
  });
});

describe("messages of a DSL file, in its words", () => {
  const lintModel = (boxes: string) => {
    const document = compile(boxes);
    return { text: document.text, found: model(document) };
  };

  it("name the DSL's keys and values, and each bound of a range", () => {
    const { text, found } = lintModel(
      "  a:\n    type: pdf\n    elements: 0..1\n    split: { area: [1, 2, 3, 4], value: x, page: 2 }\n    reconcile:\n      when: 'true'\n      matches: 1..0\n",
    );
    // `page: 2` is no longer the model's to refuse: the rule split-area-page warns of it, in the same words.
    expect(said(text, found)).toEqual([
      [
        "out-of-range",
        "0",
        'The upper bound of "matches" in "reconcile" of box "a" is 0; expected a number greater than 0, or * for no limit.',
      ],
    ]);
  });

  it("quote numbers as written", () => {
    const text = `${HEAD}boxes:\n  a:\n    type: pdf\n    elements: 1e400\n    hidden: .nan\n`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics).map(([, , message]) => message)).toEqual([
      '"elements" in box "a" is 1e400; expected a count such as 3 or a range such as 1..50.',
      '"hidden" in box "a" is .nan; expected true or false.',
    ]);
  });
});

describe("expressions cut short by a flow mapping", () => {
  it("are reported once each, over the whole expression, with the quoting as the fix", () => {
    const text = `${HEAD}boxes:\n${MAIN}  b: { type: archive, elements: 1 }\n  a:\n    type: pdf\n    elements: 1\n    from: { archive: b, rank: 1, match: matches(archivePath, /\\.pdf$/) }\n    metadata: { k: fileName[0:8], j: 'concat(fileName, "-")' }\n`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics).map(([code, at]) => [code, at])).toEqual([
      ["expression-in-flow-mapping", "matches(archivePath, /\\.pdf$/)"],
      ["expression-in-flow-mapping", "fileName[0:8]"],
    ]);
    expect(document.diagnostics[1]?.message).toBe(
      'The expression of "k" is cut short at "[": inside { } YAML reads brackets as its own, so it reads only "fileName"; quote the expression or write the mapping in block form.',
    );
    const fixed = document.diagnostics
      .flatMap((d) => d.fix?.edits ?? [])
      .sort((x, y) => y.span.offset - x.span.offset)
      .reduce((t, e) => t.slice(0, e.span.offset) + e.newText + t.slice(e.span.offset + e.span.length), text);
    expect(compileDsl("t.service.yaml", fixed).diagnostics).toEqual([]);
  });

  it("leave an expression that is only unfinished, or fine, to the expression's own errors", () => {
    const document = compile("  a:\n    type: pdf\n    elements: 1\n    metadata: { x: nope(, y: fileName }\n");
    expect(document.diagnostics.map((d) => d.code)).not.toContain("expression-in-flow-mapping");
    expect(
      compile(
        "  a:\n    type: pdf\n    elements: 1\n    reconcile: { when: fileName == positionInBox, matches: 0..1 }\n",
      ).diagnostics,
    ).toEqual([]);
  });

  it("are found past a first cut that YAML cannot read, and so are the problems left once they are quoted", () => {
    const text = `${HEAD}boxes:\n${MAIN}  a:\n    type: pdf\n    elements: 1\n    metadata: { k: fileName[0:8], j: concat(fileName, "-") }\n    reconcile: { when: meta.k == "a,b" }\n  c: [\n`;
    const document = compileDsl("t.service.yaml", text);
    expect(said(text, document.diagnostics).map(([code, at]) => [code, at])).toEqual([
      ["expression-in-flow-mapping", "fileName[0:8]"],
      ["expression-in-flow-mapping", 'concat(fileName, "-")'],
      ["expression-in-flow-mapping", 'meta.k == "a,b"'],
      ["syntax-error", "["],
    ]);
  });
});
