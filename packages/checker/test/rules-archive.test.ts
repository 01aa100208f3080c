import { compileDsl, readJsonDocument } from "@mailroom/compiler";
import { describe, expect, it } from "vitest";
import { mainPdfBox, serviceHead } from "../../compiler/test/service-text.js";
import { type RuleSettingsMap, runRules } from "../src/engine/run.js";
import { applyEdits } from "../src/fixes.js";
import { archiveRules } from "../src/rules/archive/index.js";
import { frozenService, located } from "./rule-harness.js";

type Json = Record<string, unknown>;

const TRUE = { "@type": "exb.Boolean", value: true };
const common = (type: string, name: string) => ({ "@type": type, name, hidden: false, minElements: 0, maxElements: 1 });
const inflated = { main: false, parent: null, metadatas: [], reconcile: null, configuredFiles: [] };
const pdf = (name: string, extra: Json = {}): Json => ({ ...common("box.PDF", name), ...inflated, ...extra });
const data = (name: string, extra: Json = {}): Json => ({ ...common("box.DATA_FILE", name), ...inflated, ...extra });
const archive = (name: string, extra: Json = {}): Json => ({ ...common("box.ARCHIVE", name), ...extra });
const from = (boxName: string, rank: number) => ({ parent: { boxName, fileMatcher: TRUE, rank } });
const MAIN = pdf("letters", { main: true });
const MAIL = { label: "Mail", outputFilesConfig: [{ name: "MAIN" }] };

const service = (boxes: Json[], channels: Json[] = [MAIL]): Json => ({
  id: 1,
  type: "ADVANCED",
  name: "S",
  properties: { boxes, channels },
});

/** A JSON service read as the CLI reads it, checked valid against the model, and frozen. */
function read(json: Json) {
  const text = JSON.stringify(json, null, 2);
  const document = readJsonDocument("t.service.json", text);
  return { text, document, source: frozenService(document) };
}

/** Runs the archive rules on a JSON service; each diagnostic with the text it points at. */
function lint(json: Json, settings: RuleSettingsMap = {}) {
  const { text, document, source } = read(json);
  return runRules(document, source, archiveRules, settings).map((d) => ({
    ...located(text, d),
    fix: d.fix?.edits.map((e) => e.newText).join(),
  }));
}

const codes = (json: Json, settings?: RuleSettingsMap) => lint(json, settings).map((d) => d.code);

describe("archive rules", () => {
  it("are silent on a clean service", () => {
    const boxes = [MAIN, archive("bundle"), pdf("orders", from("bundle", 1)), data("data", from("bundle", 2))];
    expect(lint(service(boxes))).toEqual([]);
  });

  describe("parent-not-archive", () => {
    it("suggests the nearest archive name for a typo, with a fix", () => {
      const found = lint(service([MAIN, archive("bundle"), archive("scans"), pdf("orders", from("bundel", 1))]));
      expect(found).toEqual([
        expect.objectContaining({ code: "parent-not-archive", at: '"bundel"', fix: '"bundle"' }),
        expect.objectContaining({ code: "unused-archive" }),
        expect.objectContaining({ code: "unused-archive" }),
      ]);
      expect(found[0]?.message).toContain('did you mean "bundle"?');
    });

    it("names the kind of the box it finds, with where it is defined", () => {
      const [found] = lint(service([MAIN, archive("a"), archive("b"), pdf("orders", from("letters", 1))]));
      expect(found).toMatchObject({ at: '"letters"', related: ['"name"'] });
      expect(found?.message).toBe(
        'Box "orders" extracts from "letters", a box.PDF box; expected the name of an archive box (box.ARCHIVE).',
      );
      expect(found?.fix).toBeUndefined();
    });

    it("suggests an archive box with a close name for a box of another kind", () => {
      const boxes = [MAIN, pdf("bundles"), archive("bundle"), archive("scans"), pdf("orders", from("bundles", 1))];
      const found = lint(service(boxes)).filter((d) => d.code === "parent-not-archive");
      expect(found.map((d) => [d.message, d.fix])).toEqual([
        [
          'Box "orders" extracts from "bundles", a box.PDF box; expected the name of an archive box (box.ARCHIVE), such as "bundle".',
          '"bundle"',
        ],
      ]);
    });

    it("reports an archive box that names itself once, and not as a cycle", () => {
      const found = lint(service([MAIN, archive("zip", from("zip", 1)), pdf("orders", from("zip", 1))]));
      expect(found.map((d) => d.code)).toEqual(["parent-not-archive"]);
    });
  });

  describe("parent-cycle", () => {
    it("reports a cycle once, from the box that comes first, whatever the order of the parents", () => {
      const boxes = [
        MAIN,
        archive("c", from("a", 1)),
        archive("a", from("b", 1)),
        archive("b", from("c", 1)),
        pdf("orders", from("a", 2)),
      ];
      const found = lint(service(boxes));
      expect(found).toEqual([
        {
          code: "parent-cycle",
          message:
            'Archive boxes extract from each other in a cycle, "c" -> "a" -> "b" -> "c"; expected the parents to end at a box without a parent.',
          at: '"a"',
          related: ['"boxName"', '"boxName"'],
          fix: undefined,
        },
      ]);
      const reversed = lint(service([MAIN, ...boxes.slice(1, 4).reverse(), boxes[4] as Json]));
      expect(reversed.map((d) => d.message)).toEqual([
        'Archive boxes extract from each other in a cycle, "b" -> "c" -> "a" -> "b"; expected the parents to end at a box without a parent.',
      ]);
    });

    it("leaves a loop through a box that is not an archive box to parent-not-archive", () => {
      const found = codes(service([MAIN, archive("zip", from("orders", 1)), pdf("orders", from("zip", 1))]));
      expect(found).toEqual(["parent-not-archive"]);
    });

    it("does not report a chain that ends", () => {
      const boxes = [MAIN, archive("outer"), archive("inner", from("outer", 1)), pdf("orders", from("inner", 1))];
      expect(lint(service(boxes))).toEqual([]);
    });
  });

  describe("ranks", () => {
    it("reports a duplicate rank at the later box and a gap at the rank after it", () => {
      const boxes = [
        MAIN,
        archive("bundle"),
        pdf("a", from("bundle", 1)),
        pdf("b", from("bundle", 1)),
        pdf("c", from("bundle", 3)),
        pdf("d", from("nowhere", 7)),
      ];
      const found = lint(service(boxes)).filter((d) => d.code !== "parent-not-archive");
      expect(found.map((d) => [d.code, d.message])).toEqual([
        [
          "duplicate-rank",
          'Box "b" has rank 1 on archive "bundle", as box "a" has; expected a rank no other box uses on "bundle".',
        ],
        [
          "rank-sequence",
          'Rank 3 of box "c" on archive "bundle" follows rank 1; expected rank 2, since the ranks on an archive box run 1, 2, 3... without gaps.',
        ],
      ]);
    });
  });

  it("reconcile-counts reads a count left out as the spec's default", () => {
    const reconcile = { condition: TRUE, minMatches: 2 };
    const [found] = lint(service([MAIN, pdf("annexes", { reconcile })]));
    expect(found?.message).toBe(
      '"minMatches" of box "annexes" is 2, greater than "maxMatches" (1, the default); expected 1 or less, or "maxMatches" -1 for no limit.',
    );
    expect(codes(service([MAIN, pdf("annexes", { reconcile: { ...reconcile, maxMatches: -1 } })]))).toEqual([]);
  });

  it("substring-range accepts 0 and -1 as the end and a file name without both indexes", () => {
    const meta = (name: string, content: Json) => ({ name, persist: true, editable: false, content });
    const file = (extra: Json) => ({ "@type": "exv.FileName", fromMain: true, ...extra });
    const metadatas = [
      meta("a", { "@type": "exv.Substring", expr: file({}), beginIndex: 4, endIndex: 0 }),
      meta("b", { "@type": "exv.Substring", expr: file({}), beginIndex: 4, endIndex: -1 }),
      meta("c", file({ begin: 4 })),
      meta("d", file({ end: 4 })),
      meta("e", file({ begin: 4, end: -1 })),
      meta("f", file({ begin: 4, end: 3 })),
    ];
    const found = lint(service([pdf("letters", { main: true, metadatas })]));
    expect(found.map((d) => [d.code, d.at])).toEqual([["substring-range", "3"]]);
  });

  describe("unknown-service-file", () => {
    const ID = "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12";
    const terms = pdf("terms", { configuredFiles: [{ serviceFileId: ID, removable: false }] });
    const overlay = (serviceFileId: string) => ({
      "@type": "bap.Overlay",
      id: null,
      targetType: "DOCUMENT",
      serializedPageFilter: "1",
      background: false,
      editable: false,
      serviceFileId,
    });
    const withOverlays = (...ids: string[]) =>
      service([pdf("letters", { main: true, appositions: ids.map(overlay) }), terms]);

    it("reports, by default, only an apposition file one slip away from a configured file", () => {
      const replaced = "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e13";
      const swapped = "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e21";
      const unrelated = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
      const found = lint(withOverlays(replaced, swapped, unrelated, ID.toUpperCase()));
      expect(found.map((d) => [d.at, d.fix, d.related])).toEqual([
        [`"${replaced}"`, `"${ID}"`, [`"serviceFileId"`]],
        [`"${swapped}"`, `"${ID}"`, [`"serviceFileId"`]],
      ]);
      expect(found[0]?.message).toBe(
        `Apposition file "${replaced}" of box "letters" is not a file the service declares; did you mean "${ID}", a configured file of box "terms"?`,
      );
    });

    it("checks every configured and apposition file against the serviceFiles option", () => {
      const stored = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
      const settings = { "unknown-service-file": { severity: "error" as const, options: { serviceFiles: [stored] } } };
      const found = lint(withOverlays(stored.toUpperCase(), "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0e"), settings);
      expect(found.map((d) => [d.at, d.fix])).toEqual([
        [`"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0e"`, `"${stored}"`],
        [`"${ID}"`, undefined],
      ]);
      expect(found[1]?.message).toBe(
        `Configured file "${ID}" of box "terms" is not among the files stored with the service (option "serviceFiles"); expected the id of a stored file.`,
      );
    });
  });

  it("duplicate-output-file counts an output file without a name as MAIN, per channel", () => {
    const channels = [
      { label: "Mail", outputFilesConfig: [{}, { name: "MAIN" }] },
      { label: "E-mail", outputFilesConfig: [{ name: "MAIN" }] },
    ];
    const found = lint(service([MAIN], channels));
    expect(found.map((d) => [d.code, d.at, d.related])).toEqual([["duplicate-output-file", '"name"', ["{}"]]]);
  });

  it("no-main-box fixes the only PDF or data-file box when its main is written false", () => {
    const [found] = lint(service([pdf("letters"), archive("bundle", { hidden: true })]));
    expect(found).toMatchObject({ code: "no-main-box", at: '"boxes"', fix: "true" });
    const [two] = lint(service([pdf("letters"), data("data")]));
    expect(two?.fix).toBeUndefined();
  });

  it("pdf-only-field reports each PDF field on data-file and archive boxes at its key", () => {
    const boxes = [MAIN, data("data", { hasAddressPage: true, splitConfig: {} }), archive("zip", { appositions: [] })];
    const found = lint(service(boxes)).filter((d) => d.code === "pdf-only-field");
    expect(found.map((d) => d.at)).toEqual(['"splitConfig"', '"hasAddressPage"', '"appositions"']);
  });

  it("fixes a DSL service in place: the fixed text has no report left", () => {
    const text = [
      `${serviceHead("S")}${mainPdfBox("letters")}    metadata:`,
      "      customer: { value: 'pdfText(0, [20, 40, 80, 10])', persist: true }",
      "    appositions:",
      "      - { type: overlay, target: DOCUMENT, pageFilter: '1', file: 3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e21 }",
      "  bundle: { type: archive, elements: 0..1 }",
      "  orders:",
      "    type: pdf",
      "    elements: 0..5",
      '    from: { archive: bundel, rank: 1, match: archivePath | endsWith(".pdf") }',
      "    files: [{ id: 3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12, removable: false }]",
      "",
    ].join("\n");
    const mine = (source: string) => {
      const document = compileDsl("t.service.yaml", source);
      const service = document.services[0];
      return service ? runRules(document, service, archiveRules) : [];
    };
    const found = mine(text);
    expect(found.map((d) => d.code).sort()).toEqual([
      "parent-not-archive",
      "pdf-page-zero",
      "unknown-service-file",
      "unused-archive",
    ]);
    const fixed = applyEdits(
      text,
      found.flatMap((d) => d.fix?.edits ?? []),
    );
    expect(fixed).toContain("pdfText(1, [20, 40, 80, 10])");
    expect(mine(fixed)).toEqual([]);
  });

  it("lints a service of 2,000 boxes, finding each of its mistakes", () => {
    // 600 archive boxes, a third of them in one long cycle of parents; 1,400 PDF boxes extracting from them at
    // ranks 1 to 3, with a few of every mistake: a typo in the parent (each a different one, so suggestions are
    // looked up many times), duplicate names, page 0, a mistyped apposition file, an address-page apposition.
    const uuid = (n: number) => `${String(n).padStart(8, "0")}-0000-4000-8000-000000000000`;
    const boxes: Json[] = [pdf("letters", { main: true })];
    for (let i = 0; i < 600; i++) {
      boxes.push(archive(`archive${i}`, i % 3 === 0 ? from(`archive${(i + 3) % 600}`, 9) : {}));
    }
    for (let i = 0; i < 1399; i++) {
      const odd = i % 50 === 7;
      boxes.push(
        pdf(i % 100 === 3 ? "dup" : `box${i}`, {
          ...from(i % 20 === 1 ? `archiv${i}` : `archive${i % 600}`, Math.floor(i / 600) + 1),
          metadatas: [0, 1, odd ? 0 : 2].map((n) => ({
            name: `m${n}`,
            persist: true,
            editable: false,
            content: { "@type": "exv.PdfText", fromMain: false, boxName: `box${i}`, page: odd ? 0 : 1, area: AREA },
          })),
          configuredFiles: [{ serviceFileId: uuid(i), removable: true }],
          appositions: [{ ...APPOSITION, serviceFileId: uuid(odd ? i + 10_000 : i) }],
          hasAddressPage: !odd,
        }),
      );
    }
    const { document, source } = read(service(boxes));
    // How the rules' time grows with the boxes (linear, not quadratic) is measured in bench/hostile.js.
    const found = runRules(document, source, archiveRules);
    const counts: Record<string, number> = {};
    for (const d of found) counts[d.code] = (counts[d.code] ?? 0) + 1;
    expect(counts).toEqual({
      "address-page-apposition": 28,
      "duplicate-box-name": 13,
      "duplicate-metadata-name": 28,
      "parent-cycle": 1,
      "parent-not-archive": 70,
      "pdf-page-zero": 84,
      "rank-sequence": expect.any(Number),
      "unknown-service-file": 28,
      "unused-archive": expect.any(Number),
    });
  });
});

const AREA = { left: 0, top: 0, width: 10, height: 10 };
const APPOSITION = {
  "@type": "bap.Image",
  id: null,
  targetType: "ADDRESS_PAGE",
  serializedPageFilter: "1",
  background: false,
  editable: false,
};
