import { describe, expect, it } from "vitest";
import {
  ArchiveBox,
  BOOLEAN_EXPRESSION_TYPES,
  Box,
  Channel,
  DataFileBox,
  ORGANIZATIONAL_UNIT_IDENTIFIERS,
  RECONCILE_DEFAULTS,
  REFERENCE_NAMESPACES,
  Reconcile,
  SERVICE_TYPES,
  SplitConfig,
  VALUE_EXPRESSION_TYPES,
} from "../src/index.js";

describe("the model covers the spec's discriminated types", () => {
  it("has the 17 value expressions of the spec's table plus exv.ArchiveFileRelativePathname", () => {
    expect([...VALUE_EXPRESSION_TYPES].sort()).toEqual(
      [
        "exv.Value",
        "exv.Reference",
        "exv.FileName",
        "exv.PdfText",
        "exv.PdfMetadata",
        "exv.Concat",
        "exv.Coalesce",
        "exv.Substring",
        "exv.StrClean",
        "exv.StrNormalizeCase",
        "exv.StrReplace",
        "exv.PositionInBox",
        "exv.NumSheetsValue",
        "exv.CurrentDate",
        "exv.DateParse",
        "exv.DateFormat",
        "exv.JobFileNameValue",
        "exv.ArchiveFileRelativePathname",
      ].sort(),
    );
  });

  it("has the 12 boolean expressions", () => {
    expect([...BOOLEAN_EXPRESSION_TYPES].sort()).toEqual(
      [
        "exb.Boolean",
        "exb.AND",
        "exb.OR",
        "exb.NOT",
        "exb.ContentEqual",
        "exb.StrContains",
        "exb.StrStartsWith",
        "exb.StrEndsWith",
        "exb.LessThan",
        "exb.LessThanOrEqual",
        "exb.NumericEqual",
        "exb.StrMatches",
      ].sort(),
    );
  });

  it("has the enums of the spec", () => {
    expect(SERVICE_TYPES).toEqual([
      "SIMPLE_UNIQUE",
      "SIMPLE_MULTIPLE",
      "PREPROCESSING_UNIQUE",
      "PREPROCESSING",
      "ADVANCED",
    ]);
    expect(REFERENCE_NAMESPACES).toEqual(["METADATA", "REQUIREMENT", "ORGANIZATIONAL_UNIT", "OUTPUT_FILE"]);
    expect(ORGANIZATIONAL_UNIT_IDENTIFIERS).toEqual([
      "EMAIL_ADDRESS",
      "SENDER_ADDRESS",
      "RETURN_ADDRESS",
      "SIRET",
      "NAME",
      "ID",
    ]);
    const tags = (union: { options: readonly { shape: { "@type": { values: Set<unknown> } } }[] }) =>
      union.options.flatMap((o) => [...o.shape["@type"].values]);
    expect(tags(Box as never)).toEqual(["box.PDF", "box.DATA_FILE", "box.ARCHIVE"]);
    expect(tags(SplitConfig as never)).toEqual(["bsc.NONE", "bsc.PAGE", "bsc.PDF_AREA"]);
  });
});

describe("model semantics", () => {
  const condition = { "@type": "exb.Boolean", value: true };

  it("fills the reconcile counts with the spec's defaults", () => {
    expect(Reconcile.parse({ condition })).toEqual({ condition, ...RECONCILE_DEFAULTS });
    expect(RECONCILE_DEFAULTS).toEqual({ minExpected: 0, maxExpected: -1, minMatches: 0, maxMatches: 1 });
  });

  it("accepts -1 and positive maxima, refuses 0 and other negatives", () => {
    for (const ok of [-1, 1, 7]) expect(Reconcile.safeParse({ condition, maxMatches: ok }).success).toBe(true);
    for (const bad of [0, -2, 1.5]) expect(Reconcile.safeParse({ condition, maxExpected: bad }).success).toBe(false);
  });

  const common = { name: "b", hidden: false, minElements: 0, maxElements: 1 };
  const inflated = { main: false, parent: null, metadatas: [], reconcile: null, configuredFiles: [] };

  it("passes the unshown fields of DATA_FILE and ARCHIVE boxes and of channels through, unchanged", () => {
    const data = { "@type": "box.DATA_FILE", ...common, ...inflated, encoding: "UTF-8", columns: [{ n: 1 }] };
    expect(DataFileBox.parse(data)).toEqual(data);
    const archive = { "@type": "box.ARCHIVE", ...common, format: "zip" };
    expect(ArchiveBox.parse(archive)).toEqual(archive);
    const channel = { label: "Mail", name: "mail", outputFilesConfig: [{ name: "MAIN", preserveIntegrity: true }] };
    expect(Channel.parse(channel)).toEqual(channel);
  });

  it("takes null for an unused parent and reconcile, and refuses them absent on an inflated box", () => {
    expect(Box.safeParse({ "@type": "box.PDF", ...common, ...inflated }).success).toBe(true);
    const { parent: _parent, ...withoutParent } = inflated;
    expect(Box.safeParse({ "@type": "box.PDF", ...common, ...withoutParent }).success).toBe(false);
  });

  it("refuses unknown keys on the boxes the spec shows in full", () => {
    expect(Box.safeParse({ "@type": "box.PDF", ...common, ...inflated, minElement: 1 }).success).toBe(false);
  });
});
