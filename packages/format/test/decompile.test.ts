import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileDsl, readJsonDocument } from "@mailroom/compiler";
import { BOOLEAN_EXPRESSION_TYPES, Service, VALUE_EXPRESSION_TYPES } from "@mailroom/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decompile, decompileText, format, serviceFileName } from "../src/index.js";
import { firstDifference } from "../src/json-difference.js";
import { PROPERTY_TIMEOUT, runs, service, serviceOf } from "./arbitraries.js";

/** The JSON the DSL compiles to, and no error on the way. */
function build(text: string): unknown {
  const compiled = compileDsl("decompiled.service.yaml", text);
  expect(
    compiled.diagnostics.filter((d) => d.severity === "error"),
    text,
  ).toEqual([]);
  return compiled.services[0]?.json;
}

/** The one service of a decompile, which must have been written. */
function decompiled(json: unknown): string {
  const result = decompile(json);
  expect(result.diagnostics).toEqual([]);
  expect(result.services).toHaveLength(1);
  const [one] = result.services;
  expect(one?.diagnostics.filter((d) => d.code === "cannot-decompile")).toEqual([]);
  return one?.text as string;
}

/** Every "@type" in a JSON value. */
function collectTypes(json: unknown, seen: Set<string>): void {
  if (Array.isArray(json)) for (const item of json) collectTypes(item, seen);
  else if (json !== null && typeof json === "object") {
    for (const [key, value] of Object.entries(json)) {
      if (key === "@type" && typeof value === "string") seen.add(value);
      else collectTypes(value, seen);
    }
  }
}

describe("decompile, then build, gives back the JSON", () => {
  it(
    "for a thousand small random valid services, which between them hold every type",
    () => {
      const seen = new Set<string>();
      fc.assert(
        fc.property(serviceOf("small"), (json) => {
          expect(Service.safeParse(json).success, JSON.stringify(json)).toBe(true);
          expect(build(decompiled(json))).toEqual(json);
          collectTypes(json, seen);
        }),
        { numRuns: runs(2500) },
      );
      const every = [
        ...VALUE_EXPRESSION_TYPES,
        ...BOOLEAN_EXPRESSION_TYPES,
        ...["box.PDF", "box.DATA_FILE", "box.ARCHIVE", "bsc.NONE", "bsc.PAGE", "bsc.PDF_AREA"],
        ...["bap.Overlay", "bap.Image"],
      ];
      expect(every.filter((type) => !seen.has(type))).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "for larger random valid services, and the DSL is already in canonical layout",
    () => {
      fc.assert(
        fc.property(service, (json) => {
          expect(Service.safeParse(json).success, JSON.stringify(json)).toBe(true);
          const text = decompiled(json);
          expect(build(text)).toEqual(json);
          expect(format(text).text).toBe(text);
        }),
        { numRuns: runs(100) },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

const root = resolve(import.meta.dirname, "../../..");
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));

/** A small valid service with the boxes given (a MAIN box first when none is given). */
function serviceWith(boxes: unknown[], channels: unknown[] = []): Record<string, unknown> {
  return { id: 7, type: "SIMPLE_UNIQUE", name: "Test", properties: { boxes, channels } };
}

const pdf = (name: string, fields: Record<string, unknown> = {}) => ({
  "@type": "box.PDF",
  name,
  hidden: false,
  minElements: 0,
  maxElements: 1,
  main: false,
  parent: null,
  metadatas: [],
  reconcile: null,
  configuredFiles: [],
  ...fields,
});

const metadata = (name: string, content: unknown, fields: Record<string, unknown> = {}) => ({
  name,
  persist: false,
  editable: false,
  content,
  ...fields,
});

const fileName = (target: Record<string, unknown>) => ({ "@type": "exv.FileName", ...target, begin: 0, end: 8 });

describe("decompile writes the idiomatic forms", () => {
  it("writes what a reviewer would write: each example's JSON gives its DSL, comments and anchors aside", () => {
    for (const name of [
      "annual-statements",
      "customer-notices",
      "payslips",
      "registered-letter",
      "supplier-invoices",
    ]) {
      const written = format(readFileSync(join(root, `examples/${name}.service.yaml`), "utf8")).text;
      const handWritten = written.replace(/^ *#.*\n/gm, "");
      const text = decompiled(readJson(`examples/${name}.service.json`));
      // The JSON cannot share a value as the examples' anchors do: compare what comes before them.
      const cut = (t: string) => (handWritten.includes("&") ? t.slice(0, t.indexOf("\nchannels:")) : t);
      expect(cut(text), name).toBe(cut(handWritten));
    }
  });

  it("leaves out the defaults and uses the shorthands", () => {
    const text = decompiled(
      serviceWith(
        [
          pdf("letters", {
            main: true,
            minElements: 1,
            splitConfig: { "@type": "bsc.NONE", editable: false },
            reconcile: {
              condition: { "@type": "exb.Boolean", value: true },
              minExpected: 0,
              maxExpected: -1,
              minMatches: 0,
              maxMatches: 1,
            },
            metadatas: [metadata("key", fileName({ fromMain: true }))],
          }),
        ],
        [{ label: "Mail", outputFilesConfig: [{ name: "MAIN" }] }],
      ),
    );
    expect(text.replace(/^ *#.*\n/gm, "")).toContain(
      [
        "  letters:",
        "    type: pdf",
        "    main: true",
        "    elements: 1",
        "    split: none",
        "    metadata:",
        "      key: fileName[0:8]",
        "    reconcile:",
        "      when: true",
        "",
        "channels:",
        "  Mail: {}",
      ].join("\n"),
    );
  });

  it("keeps a wrong box target as it is, written explicitly, and says so in a comment", () => {
    const json = serviceWith([
      pdf("letters", { main: true, metadatas: [metadata("key", fileName({ fromMain: true }), { persist: true })] }),
      pdf("annexes", {
        metadatas: [metadata("key", fileName({ fromMain: false, boxName: "letters" }), { persist: true })],
      }),
    ]);
    const text = decompiled(json);
    expect(text).toMatch(
      / {6}key:\n {8}# box-target \(kept as in the JSON\): .*\n(?: *#.*\n)* {8}value: fileName\(box=letters\)\[0:8\]/,
    );
    expect(build(text)).toEqual(json);
  });

  it("writes duplicate names in the list form", () => {
    const json = serviceWith(
      [
        pdf("letters", {
          main: true,
          metadatas: [
            metadata("ref", fileName({ fromMain: true }), { persist: true }),
            metadata("ref", fileName({ fromMain: true }), { persist: true }),
          ],
        }),
        pdf("letters"),
      ],
      [
        { label: "Mail", outputFilesConfig: [{ name: "MAIN" }] },
        { label: "Mail", outputFilesConfig: [{ name: "COPY" }] },
      ],
    );
    const text = decompiled(json);
    expect(text).toContain("boxes:\n  - name: letters\n    type: pdf\n");
    expect(text).toContain(
      "    metadata:\n      - name: ref\n        value: fileName[0:8]\n        persist: true\n      # duplicate-metadata-name",
    );
    expect(text).toContain(
      '      # duplicate-metadata-name (kept as in the JSON): Metadata name "ref" is already used in box\n',
    );
    expect(text).toContain("  - label: Mail\n  # duplicate-channel-label (kept as in the JSON)");
    expect(text).toContain("  - label: Mail\n    outputFiles: [COPY]\n");
    expect(build(text)).toEqual(json);
  });

  it("passes through the fields the language has no construct for", () => {
    const json = readJson("test/fixtures/json/ok/pass-through-fields.service.json");
    const text = decompiled(json);
    expect(text).toContain("    encoding: UTF-8\n    separator: ;\n");
    expect(text).toContain("    format: zip\n    maxEntries: 500\n");
    expect(text).toContain(
      "      - { name: MAIN, preserveIntegrity: false, sourceBox: letters }\n    name: mail-standard\n",
    );
    expect(build(text)).toEqual(json);
  });

  it("writes what breaks the model as it is, with a comment", () => {
    const json = serviceWith([pdf("letters", { main: true, minElements: -1, maxElements: 10 })]);
    const text = decompiled(json);
    expect(text).toContain('    # out-of-range (kept as in the JSON): "minElements" in box.PDF "letters" is -1');
    expect(text).toContain("    elements: -1..10\n");
    expect(build(text)).toEqual(json);
  });

  it("writes reconcile counts the JSON leaves out as the service's defaults (the one normalisation)", () => {
    const json = serviceWith([
      pdf("letters", { main: true, reconcile: { condition: { "@type": "exb.Boolean", value: true }, maxMatches: 3 } }),
    ]);
    const text = decompiled(json);
    expect(text).toContain("    reconcile:\n      when: true\n      matches: 0..3\n");
    expect(build(text)).toEqual({
      ...json,
      properties: {
        boxes: [
          pdf("letters", {
            main: true,
            reconcile: {
              condition: { "@type": "exb.Boolean", value: true },
              minExpected: 0,
              maxExpected: -1,
              minMatches: 0,
              maxMatches: 3,
            },
          }),
        ],
        channels: [],
      },
    });
  });

  it("refuses a service the DSL cannot write without loss, and says where", () => {
    const box = pdf("letters", { main: true }) as Record<string, unknown>;
    delete box.hidden;
    const result = decompile(serviceWith([box]));
    const [one] = result.services;
    expect(one?.text).toBeUndefined();
    expect(one?.diagnostics.find((d) => d.code === "cannot-decompile")?.message).toBe(
      'The service cannot be written in the DSL without loss: the value at "/properties/boxes/0/hidden" would not come back the same.',
    );
  });

  it("refuses a service whose DSL would be over the size limit of a DSL file, which nothing could read", () => {
    // A pass-through array of 250,000 items: about 1.5 MB of DSL, over the 1 MiB limit.
    const json = { ...serviceWith([pdf("letters", { main: true })]), extra: Array(250_000).fill(1) };
    const [one] = decompile(json).services;
    expect(one?.text).toBeUndefined();
    expect(one?.diagnostics.find((d) => d.code === "cannot-decompile")?.message).toMatch(
      /^The service's DSL would be [\d,]+ bytes; expected at most 1,048,576 bytes, the size limit of a DSL file, which no command would read\.$/,
    );
    // At the limit itself, it is written.
    const within = { ...serviceWith([pdf("letters", { main: true })]), extra: Array(100_000).fill(1) };
    expect(build(decompiled(within))).toEqual(within);
  });

  it("refuses a service whose pass-through values alone cannot fit, before laying any of them out", () => {
    const service = serviceWith([pdf("letters", { main: true })]);
    const over =
      /^The service's DSL would be more than ([\d,]+) bytes \(what it passes through as it is\); expected at most 1,048,576 bytes, the size limit of a DSL file, which no command would read\.$/;
    const refusal = (json: Record<string, unknown>) =>
      decompile(json).services[0]?.diagnostics.find((d) => d.code === "cannot-decompile")?.message ?? "";
    // 600,000 items take two bytes each at least.
    expect(refusal({ ...service, extra: Array(600_000).fill(1) })).toMatch(over);
    const keys = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`x${i}`, 1]));
    const properties = { ...(service.properties as Record<string, unknown>), ...keys };
    expect(Number(over.exec(refusal({ ...service, properties }))?.[1]?.replaceAll(",", ""))).toBeGreaterThan(1_048_576);
    // What the bound counts is no more than the text takes: a string that fits is written, and comes back.
    const fits = { ...service, extra: "x".repeat(1_040_000) };
    expect(build(decompiled(fits))).toEqual(fits);
  });

  it("writes a comment about a part of a value written as it is before that part's own entry", () => {
    // A split the model refuses is written as it is; its page count, inside it, gets the comment.
    const json = serviceWith([
      pdf("letters", { main: true, splitConfig: { "@type": "bsc.PAGE", editable: false, pages: 0 } }),
    ]);
    const text = decompiled(json);
    expect(text).toContain(
      '      editable: false\n      # out-of-range (kept as in the JSON): "pages" in bsc.PAGE is 0; expected 1 or more.\n      pages: 0\n',
    );
    expect(build(text)).toEqual(json);
  });

  it("compares keys named like Object's members as data: its loss check is not fooled by them", () => {
    // An own "__proto__" holding {} is not the prototype every object inherits, which has no keys either.
    expect(firstDifference(JSON.parse('{"a":{"__proto__":{}}}'), { a: {} })).toEqual(["a", "__proto__"]);
    for (const key of ["constructor", "prototype", "hasOwnProperty"]) {
      expect(firstDifference(JSON.parse(`{"${key}":{}}`), {})).toEqual([key]);
    }
    expect(
      firstDifference(JSON.parse('{"__proto__":[1],"b":2}'), JSON.parse('{"b":2,"__proto__":[1]}')),
    ).toBeUndefined();
  });

  it('finds no box type in a "@type" named like Object\'s members', () => {
    const box = { ...(pdf("letters", { main: true }) as Record<string, unknown>), "@type": "constructor" };
    const [one] = decompile(serviceWith([box])).services;
    expect(one?.diagnostics.find((d) => d.code === "cannot-decompile")?.message).toContain('"constructor"');
    expect(JSON.stringify(one?.diagnostics)).not.toContain("function");
  });

  it("reads one service, an array of services, or the authentication response", () => {
    const envelope = readJson("test/fixtures/json/ok/authentication-response.service.json");
    const array = readJson("test/fixtures/json/ok/array-of-services.service.json");
    expect(decompile(envelope).services.map((s) => [s.path, s.fileName])).toEqual([
      [["result", "services", 0], "fixture-service-101.service.yaml"],
    ]);
    expect(decompile(array).services.map((s) => s.fileName)).toEqual([
      "fixture-service-101.service.yaml",
      "second-102.service.yaml",
    ]);
    expect(decompile([serviceWith([]), serviceWith([])]).services.map((s) => s.fileName)).toEqual([
      "test-7.service.yaml",
      "test-7-2.service.yaml",
    ]);
    expect(decompileText("{").diagnostics.map((d) => d.code)).toContain("syntax-error");
  });

  it("names files from the service's name and id", () => {
    expect(serviceFileName({ id: 2204, name: "Factures clients avec pièces justificatives" })).toBe(
      "factures-clients-avec-pieces-justificatives-2204.service.yaml",
    );
    expect(serviceFileName({ id: 5, name: "  Œuvres / Ça va ?  " })).toBe("uvres-ca-va-5.service.yaml");
    expect(serviceFileName({ name: "No id" })).toBe("no-id.service.yaml");
    expect(serviceFileName({})).toBe("service.service.yaml");
  });
});

/** The service with the reconcile counts it leaves out set to the service's defaults, as build writes them. */
function withReconcileDefaults(json: unknown): unknown {
  const copy = structuredClone(json) as { properties?: { boxes?: { reconcile?: object | null }[] } };
  for (const box of copy.properties?.boxes ?? []) {
    if (box.reconcile)
      box.reconcile = { minExpected: 0, maxExpected: -1, minMatches: 0, maxMatches: 1, ...box.reconcile };
  }
  return copy;
}

describe("decompile, then build, for every JSON file of the repository", () => {
  const files = ["examples", "test/fixtures/json/ok", "test/fixtures/json/err"].flatMap((directory) =>
    readdirSync(join(root, directory))
      .filter((name) => name.endsWith(".service.json"))
      .map((name) => `${directory}/${name}`),
  );

  it("finds them", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  for (const file of files) {
    it(`${file}: each service decompiled comes back exactly, or is refused with the reason`, () => {
      const text = readFileSync(join(root, file), "utf8");
      const result = decompileText(text, { file });
      const document = readJsonDocument(file, text);
      result.services.forEach((service, i) => {
        const json = document.services[i]?.json;
        if (service.text === undefined) {
          expect(file, "valid JSON must decompile").toMatch(/\/err\//);
          expect(service.diagnostics.map((d) => d.code)).toContain("cannot-decompile");
          return;
        }
        expect(build(service.text)).toEqual(withReconcileDefaults(json));
        expect(format(service.text).text).toBe(service.text);
      });
    });
  }
});
