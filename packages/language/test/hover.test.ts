import { describe, expect, it } from "vitest";
import { parseDocument } from "../src/document.js";
import { hover } from "../src/hover.js";
import { marked } from "./marked.js";

function at(text: string, file = "x.service.yaml") {
  const { document, offset, text: clean } = marked(file, text);
  return { doc: document, offset, clean };
}
const hoverAt = (text: string, file?: string) => {
  const { doc, offset, clean } = at(text, file);
  const result = hover(doc, offset);
  return result && { ...result, text: clean.slice(result.span.offset, result.span.offset + result.span.length) };
};

const service = (metadata: string) => `id: 1
name: x
type: ADVANCED
boxes:
  annexes:
    type: pdf
    elements: 0..5
    metadata:
${metadata}
`;

describe("hover", () => {
  it("shows a function's signature and the JSON of the hovered call", () => {
    const result = hoverAt(service("      key: fileName | low|er"));
    expect(result?.contents).toContain("lower(text)");
    expect(result?.contents).toContain('"toUpper": false');
    expect(result?.text).toBe("lower");
  });

  it("shows the JSON of the smallest sub-expression, with the box target the compiler writes", () => {
    const result = hoverAt(service('      key: concat("a", fileN|ame[0:8])'));
    expect(result?.contents).toContain("```json");
    const json = JSON.parse(/```json\n([\s\S]*)\n```/.exec(result?.contents ?? "")?.[1] ?? "null");
    expect(json).toEqual({ "@type": "exv.FileName", fromMain: false, boxName: "annexes", begin: 0, end: 8 });
  });

  it("maps spans through YAML quoting", () => {
    const result = hoverAt(service(`      key: "concat(\\"a\\", up|per(ou.SIRET))"`));
    expect(result?.text).toBe("upper");
  });

  it("documents namespaces and their identifiers", () => {
    expect(hoverAt(service("      key: o|u.SIRET"))?.contents).toContain("ORGANIZATIONAL_UNIT");
    expect(hoverAt(service("      key: ou.SI|RET"))?.text).toBe("SIRET");
  });

  it("documents DSL keys and JSON keys from their schemas", () => {
    const dsl = hoverAt(service("      key: now").replace("elements: 0..5", "elem|ents: 0..5"));
    expect(dsl?.contents).toContain("How many files the box takes");
    expect(dsl?.text).toBe("elements");
    const json = hoverAt(
      '{ "id": 1, "properties": { "boxes": [ { "@type": "box.PDF", "minEl|ements": 1 } ] } }',
      "x.service.json",
    );
    expect(json?.contents).toContain("Fewest files the box accepts");
  });

  it("documents a JSON @type", () => {
    const result = hoverAt('{ "properties": { "boxes": [ { "@type": "box.ARC|HIVE" } ] } }', "x.service.json");
    expect(result?.contents).toContain("A box of archives");
    expect(result?.text).toBe('"box.ARCHIVE"');
  });

  it("says in words what the hovered sub-expression computes, before the rest", () => {
    const pipeline = "pdfText(1, [120, 18, 80, 8]) | clean(trim, normalizeSpace) | up|per";
    const result = hoverAt(service(`      key: ${pipeline}`));
    expect(
      result?.contents.startsWith(
        "The text on page 1 in the area 120, 18, 80 x 8 (left, top, width, height), trimmed with spaces normalised, in upper case.\n\n",
      ),
    ).toBe(true);
    expect(result?.contents).toContain("upper(text)");
    const inner = hoverAt(service('      key: concat("a", fileName(main)[0:|8])'));
    expect(inner?.contents.split("\n\n")[0]).toBe("Characters 1 to 8 of the name of the file in the MAIN box.");
  });

  it("says a condition in words", () => {
    const text = service("      key: now").replace(
      "    metadata:",
      "    reconcile:\n      when: meta.key == meta.ref and not match|es(meta.key, /^TMP/)\n    metadata:",
    );
    expect(hoverAt(text)?.contents.split("\n\n")[0]).toBe("Metadata key contains a match of /^TMP/.");
    // Markdown would read `*` and `[` as formatting.
    const starred = hoverAt(
      service("      key: now").replace(
        "    metadata:",
        '    reconcile: { when: "matc|hes(meta.key, /[A-Z]*/)" }\n    metadata:',
      ),
    );
    expect(starred?.contents.split("\n\n")[0]).toBe("Metadata key contains a match of /\\[A-Z\\]\\*/.");
  });

  it("says what a metadata computes on its name and on its value key", () => {
    const short = hoverAt(service("      invoice|Number: upper(fileName[0:8])"));
    expect(short?.text).toBe("invoiceNumber");
    expect(short?.contents).toContain(
      "**invoiceNumber**: characters 1 to 8 of the file name, in upper case.\n\nNot kept after processing; users may not change it.",
    );
    const long = hoverAt(service('      key: { val|ue: pdfMeta("Title"), persist: true, editable: true }'));
    expect(long?.text).toBe("value");
    expect(long?.contents).toContain(
      '**key**: the PDF document property "Title".\n\nKept with the job after processing; users may change it.',
    );
    expect(hoverAt(service("      key: { value: now, pers|ist: true }"))?.contents).not.toContain("**key**:");
  });

  it("says what a metadata computes on the name and content keys of a JSON service", () => {
    const json = JSON.stringify({
      id: 1,
      properties: {
        boxes: [
          {
            "@type": "box.PDF",
            name: "ANNEXES",
            main: false,
            metadatas: [
              {
                name: "annexKey",
                persist: true,
                editable: false,
                content: { "@type": "exv.FileName", fromMain: false, boxName: "ANNEXES", begin: 0, end: 8 },
              },
              { name: "ref", persist: false, editable: false, content: { "@type": "exv.PdfText", fromMain: true } },
            ],
          },
        ],
      },
    });
    const words = "**annexKey**: characters 1 to 8 of the file name.";
    expect(hoverAt(json.replace('"name":"annexKey"', '"na|me":"annexKey"'), "x.service.json")?.contents).toContain(
      words,
    );
    const content = hoverAt(
      json.replace('"content":{"@type":"exv.FileName"', '"con|tent":{"@type":"exv.FileName"'),
      "x.service.json",
    );
    expect(content?.contents).toContain(words);
    // An expression the model rejects (no page, no area) is not put in words.
    const invalid = hoverAt(json.replace('"name":"ref"', '"na|me":"ref"'), "x.service.json");
    expect(invalid?.contents ?? "").not.toContain("**ref**:");
  });

  it("documents a rule named in a suppression comment", () => {
    const result = hoverAt(`# mailroom-disable-next-line unused-meta|data, box-target\nid: 1\n`);
    expect(result?.contents).toContain("**unused-metadata**");
    expect(result?.contents).toContain("docs/rules/unused-metadata.md");
    expect(result?.text).toBe("unused-metadata");
  });

  it("answers nothing, and never throws, where there is nothing to say", () => {
    expect(hoverAt(service("      key: now").replace("name: x", "name: |x"))).toBeUndefined();
    const text = "boxes:\n  a:\n    metadata:\n      x: concat(meta.\n      y: 'oops\n  - [\n";
    const doc = parseDocument("x.service.yaml", text);
    for (let offset = 0; offset <= text.length; offset++) expect(() => hover(doc, offset)).not.toThrow();
  });
});

describe("hover on DSL values", () => {
  const boxes = (from: string, reconcile: string) => `id: 1
name: x
type: ADVANCED
boxes:
  MAIN:
    type: pdf
    main: true
    elements: 1..3
  ANNEXES:
    type: archive
    label: Pièces jointes
    elements: 1
  ORDERS:
    type: pdf
    elements: 0..*
    from: { archive: ${from}, rank: 1, match: "true" }
    reconcile: { when: "true", ${reconcile} }
`;

  it("shows the box a reference names: its kind, label and count", () => {
    const result = hoverAt(boxes("ANN|EXES", "expected: 0..*"));
    expect(result?.contents).toBe("**ANNEXES**: archive box, “Pièces jointes”; it takes exactly 1 file.");
    expect(result?.text).toBe("ANNEXES");
    expect(hoverAt(boxes("NOWH|ERE", "expected: 0..*"))).toBeUndefined();
  });

  it("says what a range allows: elements, expected, matches", () => {
    expect(hoverAt(boxes("ANNEXES", "expected: 0..*").replace("elements: 1..3", "elements: 1..|3"))?.contents).toBe(
      "The box takes 1 to 3 files.",
    );
    expect(hoverAt(boxes("ANNEXES", "expected: 2..|*"))?.contents).toBe(
      "The job holds at least 2 documents of this box.",
    );
    expect(hoverAt(boxes("ANNEXES", "matches: |1"))?.contents).toBe(
      "Each MAIN document gets exactly 1 document of this box.",
    );
  });
});

describe("hover on every name and value", () => {
  const SERVICE = `id: 1
name: x
type: ADVANCED
boxes:
  LETTERS:
    type: pdf
    main: true
    label: Lettres
    elements: 1..3
    split: { area: [120, 18, 80, 8], value: ^LETTRE, page: first }
    appositions:
      - { type: overlay, target: DOCUMENT, pageFilter: 2-, file: 9b2e4f70-1c3d-4a8e-b5f6-0d7c8e9a1b23 }
    metadata:
      letterNumber:
        value: upper(fileName[0:8])
        persist: true
  ANNEXES:
    type: pdf
    elements: 0..5
    metadata:
      owner: concat(jobFileName(LETTERS), meta.letterNumber, output.NUID)
      short: clean(fileName(box=LETTERS), trim)
      lost: meta.nowhere
`;
  const on = (needle: string, into: number) => {
    const index = SERVICE.indexOf(needle);
    if (index < 0) throw new Error(needle);
    return hoverAt(`${SERVICE.slice(0, index + into)}|${SERVICE.slice(index + into)}`);
  };
  const LETTERS = "**LETTERS**: PDF box, “Lettres”; it takes 1 to 3 files.";

  it("shows a box on its name where it is defined", () => {
    expect(on("  LETTERS:", 3)).toMatchObject({ contents: LETTERS, text: "LETTERS" });
  });

  it("shows a box on its name in an expression, positional or named", () => {
    expect(on("jobFileName(LETTERS)", 13)).toMatchObject({ contents: LETTERS, text: "LETTERS" });
    expect(on("box=LETTERS", 5)).toMatchObject({ contents: LETTERS, text: "LETTERS" });
  });

  it("shows what a metadata reference reads, or that it reads nothing", () => {
    expect(on("meta.letterNumber", 8)).toMatchObject({
      contents:
        "**letterNumber** (box LETTERS): characters 1 to 8 of the file name, in upper case.\n\nKept with the job after processing; users may not change it.",
      text: "letterNumber",
    });
    expect(on("meta.nowhere", 7)?.contents).toBe("**nowhere**: no metadata of this name is visible here.");
  });

  it("documents an output file reference", () => {
    expect(on("output.NUID", 9)).toMatchObject({
      contents: expect.stringContaining("output file: NUID"),
      text: "NUID",
    });
  });

  it("documents a named argument and a flag", () => {
    expect(on("box=LETTERS", 1)?.contents).toMatch(/\n\n`box` \(argument of `fileName`\): Read the file of this box/);
    expect(on("trim)", 2)?.contents).toMatch(/\n\n`trim` \(argument of `clean`\): /);
  });

  it("shows where a service file is stored, on its id and where an apposition lays it", () => {
    const files = SERVICE.replace(
      "    elements: 0..5\n",
      "    elements: 0..5\n    files: [{ id: 9b2e4f70-1c3d-4a8e-b5f6-0d7c8e9a1b23, removable: false }]\n",
    );
    const contents =
      "**Service file** `9b2e4f70-1c3d-4a8e-b5f6-0d7c8e9a1b23`: a file stored with the service in box ANNEXES.";
    for (const n of [0, 1]) {
      const index = files.indexOf("9b2e4f70", n === 0 ? 0 : files.indexOf("9b2e4f70") + 1);
      expect(hoverAt(`${files.slice(0, index + 3)}|${files.slice(index + 3)}`)?.contents).toBe(contents);
    }
  });

  it("says which value an enumerated field takes among its values", () => {
    const type = on("type: pdf", 7);
    expect(type?.text).toBe("pdf");
    expect(type?.contents).toMatch(/^`type`: one of \*\*pdf\*\*, `data-file`, `archive`\.\n\nA box of PDF files/);
    expect(on("type: ADVANCED", 8)?.contents).toMatch(/^`type`: one of .*\*\*ADVANCED\*\*.*\n\nKind of service\.$/);
  });

  it("says what a split and an apposition do, on any of their values", () => {
    const split = on("18, 80", 1);
    expect(split?.text).toBe("18");
    expect(split?.contents).toBe(
      'Split: a new document starts on each page whose text in the area 120, 18, 80 x 8 (left, top, width, height) starts with "LETTRE"; jobs cannot change it.',
    );
    expect(on("first }", 2)?.contents).toBe(split?.contents);
    expect(on("pageFilter: 2-", 13)?.contents).toMatch(
      /^Apposition: an overlay .* pages "2-"; jobs cannot change it\.$/,
    );
  });

  it("shows a function's documentation first and its JSON after a rule, cut when long", () => {
    const contents = on("upper(fileName", 2)?.contents ?? "";
    const [doc, json] = contents.split("\n\n---\n\n");
    expect(doc).toContain("upper(text)");
    expect(doc).not.toContain("```json");
    expect(json).toMatch(/^Compiles to:\n\n```json\n\{\n {2}"@type": "exv.StrNormalizeCase"/);
    const long =
      hoverAt(service("      key: con|cat(upper(fileName), lower(fileName), fileName[0:3], fileName[3:6])"))
        ?.contents ?? "";
    const block = /```json\n([\s\S]*?)\n```/.exec(long)?.[1] ?? "";
    expect(block.split("\n")).toHaveLength(24);
    expect(long).toMatch(/\n\n\(\d+ more lines not shown\)$/);
  });

  it("says where a box stands among the boxes taking files from the same archive, on its rank", () => {
    const text = `${SERVICE}  BUNDLE: { type: archive, elements: 1 }
  FIRST:
    type: pdf
    elements: 0..*
    from: { archive: BUNDLE, rank: 1, match: "true" }
  SECOND:
    type: data-file
    elements: 0..*
    from: { archive: BUNDLE, rank: 2, match: "true" }
`;
    const index = text.indexOf("rank: 2");
    expect(hoverAt(`${text.slice(0, index + 6)}|${text.slice(index + 6)}`)?.contents).toBe(
      "Files of archive BUNDLE are matched by rank, the lowest first: 1 FIRST, **2 SECOND**.",
    );
  });

  it("shows a channel on its label", () => {
    const text = `${SERVICE}channels:
  Courrier – lettre verte:
    name: MAIL
    outputFiles: [MAIN, RECAP]
    options:
      - { outputFileName: MAIN, optionType: printMode, value: 2SIDE }
`;
    const index = text.indexOf("Courrier");
    expect(hoverAt(`${text.slice(0, index + 3)}|${text.slice(index + 3)}`)).toMatchObject({
      contents: expect.stringMatching(
        /^\*\*Courrier – lettre verte\*\*: channel `MAIL`; output files `MAIN`, `RECAP`; 1 option\./,
      ),
      text: "Courrier – lettre verte",
    });
  });
});
