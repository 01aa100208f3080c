import { compileDsl, readJsonDocument, type SourceDocument } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";
import { mainPdfBox } from "../../compiler/test/service-text.js";
import { type RuleSettingsMap, runRules } from "../src/engine/run.js";
import { expressionRules } from "../src/rules/expressions/index.js";
import { applyFix, frozenService, located } from "./rule-harness.js";

/** Runs the expression rules on a document that compiles and validates cleanly, its service frozen. */
function run(document: SourceDocument, settings: RuleSettingsMap = {}): Diagnostic[] {
  expect(document.diagnostics).toEqual([]);
  return runRules(document, frozenService(document), expressionRules, settings);
}

const HEAD = "id: 1\nname: S\ntype: ADVANCED\nchannels:\n  Mail:\n    outputFiles: [MAIN]\nboxes:\n";

/** A DSL service made of `HEAD` and boxes; each diagnostic with the text it points at. */
function lint(boxes: string, settings: RuleSettingsMap = {}) {
  const text = HEAD + boxes;
  return run(compileDsl("t.service.yaml", text), settings).map((d) => ({
    ...located(text, d),
    fixed: d.fix ? applyFix(text, d).slice(HEAD.length) : undefined,
  }));
}

const only = (code: string, boxes: string, settings?: RuleSettingsMap) =>
  lint(boxes, settings).filter((d) => d.code === code);

const MAIN_BOX = mainPdfBox("letters");
const meta = (name: string, value: string, persist = true) =>
  `      ${name}:\n        value: ${value}\n${persist ? "        persist: true\n" : ""}`;

describe("box-target", () => {
  const annexes = (value: string) =>
    `${MAIN_BOX}  annexes:\n    type: pdf\n    elements: 0..5\n    metadata:\n${meta("k", value)}`;

  it("accepts the targets the language implies", () => {
    expect(only("box-target", annexes("fileName[0:8]"))).toEqual([]);
    expect(only("box-target", `${MAIN_BOX}    metadata:\n${meta("k", "pdfText(1, [0, 0, 1, 1])")}`)).toEqual([]);
  });

  it("fixes a metadata expression of another box to read its own", () => {
    const [d] = only("box-target", annexes("fileName(main)[0:8] | upper"));
    expect(d?.at).toBe("fileName(main)[0:8]");
    expect(d?.fixed).toContain("value: fileName[0:8] | upper\n");
  });

  it("fixes a MAIN box's metadata that reads itself by name", () => {
    const [d] = only("box-target", `${MAIN_BOX}    metadata:\n${meta("k", "fileName(box=letters)")}`);
    expect(d?.message).toBe(
      'exv.FileName in metadata "k" of box "letters" reads box "letters" by name; a metadata expression must read its own box ("fromMain": true).',
    );
    expect(d?.fixed).toContain("value: fileName\n");
  });

  it("lets a reconcile condition read its own box or a MAIN box, and no other", () => {
    const terms = "  terms:\n    type: pdf\n    elements: 0..1\n";
    const reconcile = (when: string) =>
      `${MAIN_BOX}${terms}  annexes:\n    type: pdf\n    elements: 0..5\n    reconcile:\n      when: ${when}\n`;
    expect(only("box-target", reconcile("fileName == fileName(main)"))).toEqual([]);
    expect(only("box-target", reconcile("fileName == fileName(box=letters)"))).toEqual([]);
    const [d] = only("box-target", reconcile("fileName(box=terms) == fileName(main)"));
    expect(d?.at).toBe("fileName(box=terms)");
    expect(d?.fixed).toBeUndefined();
  });

  it("does not check file matchers", () => {
    const boxes = `${MAIN_BOX}  zip:\n    type: archive\n    elements: 1\n  annexes:\n    type: pdf\n    elements: 0..5\n    from: { archive: zip, rank: 1, match: fileName(main) == "x" }\n`;
    expect(only("box-target", boxes)).toEqual([]);
  });

  it("fixes a JSON expression in place", () => {
    const json = {
      id: 1,
      type: "ADVANCED",
      name: "S",
      properties: {
        boxes: [
          {
            "@type": "box.PDF",
            name: "annexes",
            hidden: false,
            minElements: 0,
            maxElements: 1,
            main: false,
            parent: null,
            metadatas: [
              {
                name: "k",
                persist: true,
                editable: false,
                content: { "@type": "exv.FileName", fromMain: true, boxName: null, begin: 0 },
              },
            ],
            reconcile: null,
            configuredFiles: [],
          },
        ],
        channels: [],
      },
    };
    const text = JSON.stringify(json, null, 2);
    const [d] = run(readJsonDocument("t.service.json", text)).filter((x) => x.code === "box-target");
    const fixed = JSON.parse(applyFix(text, d as Diagnostic));
    expect(fixed.properties.boxes[0].metadatas[0].content).toEqual({
      "@type": "exv.FileName",
      fromMain: false,
      boxName: "annexes",
      begin: 0,
    });
  });
});

describe("ignored-box-name", () => {
  it("points at the name and removes it", () => {
    const [d] = only(
      "ignored-box-name",
      `${MAIN_BOX}    metadata:\n${meta("k", 'fileName(fromMain=true, boxName="x")[0:2]')}`,
    );
    expect(d?.at).toBe('"x"');
    expect(d?.fixed).toContain("value: fileName[0:2]\n");
  });

  it("leaves a null box name alone", () => {
    expect(
      only("ignored-box-name", `${MAIN_BOX}    metadata:\n${meta("k", "fileName(fromMain=true, boxName=null)")}`),
    ).toEqual([]);
  });
});

describe("pdf-expression-on-non-pdf-box", () => {
  it("resolves fromMain to the service's MAIN box outside it", () => {
    const boxes =
      '  data:\n    type: data-file\n    main: true\n    elements: 1\n  annexes:\n    type: pdf\n    elements: 0..5\n    reconcile:\n      when: pdfMeta("Title", main) == "x"\n';
    const [d] = only("pdf-expression-on-non-pdf-box", boxes);
    expect(d?.message).toBe(
      'exv.PdfMetadata reads the MAIN box "data", a box.DATA_FILE box; PDF text and properties can only be read from a box.PDF box.',
    );
    expect(d?.related).toEqual(["data"]);
  });
});

describe("undefined-metadata and ambiguous-metadata", () => {
  it("fixes a typo only when one name is that close", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("key1", "fileName")}${meta("key2", "fileName")}${meta("customer", "fileName")}${meta("r", "concat(meta.key3, meta.custmer)")}`;
    const found = only("undefined-metadata", boxes);
    expect(found.map((d) => [d.at, d.fixed !== undefined])).toEqual([
      ["key3", false],
      ["custmer", true],
    ]);
    expect(found[0]?.message).toBe('No metadata named "key3" in box "letters" or in a MAIN box; did you mean "key1"?');
    expect(found[1]?.fixed).toContain("value: concat(meta.key3, meta.customer)\n");
  });

  it("keeps the brackets of a name that needs them", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta('"n° client"', "fileName")}${meta("r", 'meta["n° clien"]')}`;
    const [d] = only("undefined-metadata", boxes);
    expect(d?.at).toBe('"n° clien"');
    expect(d?.fixed).toContain('value: meta["n° client"]\n');
  });

  it("sees MAIN boxes but not other boxes", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("inv", "fileName")}  orders:\n    type: pdf\n    elements: 0..5\n    metadata:\n${meta("orderKey", "fileName")}  annexes:\n    type: pdf\n    elements: 0..5\n    reconcile:\n      when: meta.inv == meta.orderKey\n`;
    const [d] = only("undefined-metadata", boxes);
    expect(d?.at).toBe("orderKey");
    expect(d?.message).toContain('box "orders" has one, but it is not a MAIN box');
  });

  it("warns when a name is both the box's own and a MAIN box's", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("key", "fileName")}  annexes:\n    type: pdf\n    elements: 0..5\n    metadata:\n${meta("key", "fileName")}    reconcile:\n      when: meta.key == "x"\n`;
    const [d, ...rest] = only("ambiguous-metadata", boxes);
    expect(rest).toEqual([]);
    expect(d?.related).toEqual(["key", "key"]);
    expect(only("undefined-metadata", boxes)).toEqual([]);
  });
});

describe("metadata-cycle", () => {
  const box = (metadata: string) => `${MAIN_BOX}    metadata:\n${metadata}`;

  it("reports a cycle once, from its first member, with the others related", () => {
    const found = only(
      "metadata-cycle",
      box(`${meta("c", "meta.a")}${meta("a", "meta.b")}${meta("b", "concat(meta.x, meta.c)")}${meta("x", "fileName")}`),
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe(
      'Metadata "c" of box "letters" depends on itself through the cycle "c" -> "a" -> "b" -> "c"; metadata references must not form a cycle.',
    );
    expect(found[0]?.related).toEqual(["b", "c"]);
  });

  it("reports a self-reference on its own, and the same report whatever the order of the references", () => {
    const first = only("metadata-cycle", box(`${meta("a", "concat(meta.a, meta.b)")}${meta("b", "meta.a")}`));
    expect(first.map((d) => d.message)).toEqual([
      'Metadata "a" of box "letters" references itself; a metadata cannot be computed from its own value.',
      'Metadata "a" of box "letters" depends on itself through the cycle "a" -> "b" -> "a"; metadata references must not form a cycle.',
    ]);
    const second = only("metadata-cycle", box(`${meta("a", "concat(meta.b, meta.a)")}${meta("b", "meta.a")}`));
    expect(second.map((d) => d.message)).toEqual(first.map((d) => d.message));
  });

  it("handles long chains without recursion", () => {
    const count = 2000;
    let metadata = "";
    for (let i = 0; i < count; i++) metadata += meta(`m${i}`, `meta.m${(i + 1) % count}`);
    const found = only("metadata-cycle", box(metadata));
    expect(found).toHaveLength(1);
    expect(found[0]?.related).toHaveLength(count - 1);
  });
});

describe("unused-metadata", () => {
  it("counts references from other metadata, reconcile conditions and channels, not from itself", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("a", "fileName", false)}${meta("b", "meta.a", false)}${meta("c", "meta.c", false)}${meta("d", "fileName", false)}      e:\n        value: fileName\n        editable: true\n  annexes:\n    type: pdf\n    elements: 0..5\n    reconcile:\n      when: meta.b == "x"\n`;
    expect(only("unused-metadata", boxes).map((d) => d.at)).toEqual(["c", "d"]);
  });
});

describe("references", () => {
  it("fixes organizational-unit and output-file identifiers", () => {
    const [ou, output] = lint(`${MAIN_BOX}    metadata:\n${meta("k", "concat(ou.siret, output.nuid)")}`);
    expect([ou?.code, ou?.at, output?.code, output?.at]).toEqual([
      "unknown-ou-identifier",
      "siret",
      "unknown-output-file-identifier",
      "nuid",
    ]);
    expect(ou?.fixed).toContain("value: concat(ou.SIRET, output.nuid)\n");
    expect(output?.fixed).toContain("value: concat(ou.siret, output.NUID)\n");
  });

  it("accepts the requirements listed in the options", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("k", "concat(req.PACK_SIZE, req.POSTAL_ADDRESS_RECIPIENT)")}`;
    expect(only("unknown-requirement", boxes).map((d) => d.at)).toEqual(["PACK_SIZE"]);
    const settings = {
      "unknown-requirement": { severity: "warning" as const, options: { requirements: ["PACK_SIZE"] } },
    };
    expect(only("unknown-requirement", boxes, settings)).toEqual([]);
  });

  it("gives no fix inside a channel condition, which a DSL file writes as raw JSON", () => {
    const text = `id: 1\nname: S\ntype: ADVANCED\nboxes:\n${MAIN_BOX}channels:\n  Mail:\n    options:\n      - condition: { "@type": exb.ContentEqual, expr1: { "@type": exv.Reference, namespace: ORGANIZATIONAL_UNIT, identifier: siret }, expr2: { "@type": exv.FileName, fromMain: true, boxName: x } }\n`;
    const found = run(compileDsl("t.service.yaml", text));
    expect(found.map((d) => [d.code, d.fix])).toEqual([
      ["ignored-box-name", undefined],
      ["unknown-ou-identifier", undefined],
    ]);
  });
});

describe("where expressions may be used", () => {
  it("reports numSheets and archivePath outside their places", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("k", "concat(numSheets, archivePath)")}`;
    expect(lint(boxes).map((d) => [d.code, d.at])).toEqual([
      ["archive-path-context", "archivePath"],
      ["num-sheets-context", "numSheets"],
    ]);
  });

  it("checks the box and the index of a job file name", () => {
    const boxes = `${MAIN_BOX}    metadata:\n${meta("k", "concat(jobFileName(letters), jobFileName(leters, 0))")}`;
    expect(lint(boxes).map((d) => [d.code, d.at])).toEqual([
      ["job-file-name-box", "leters"],
      ["job-file-name-box", "0"],
    ]);
  });
});
