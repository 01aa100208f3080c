import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

/**
 * Through the real CLI: a file with several mistakes names them all in one run. An error
 * holds back only the part of the service it lies in; the rules check the rest, and a finding that depends on a
 * held-back part is not reported.
 */

interface Reported {
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
}

/** `line:column code` of each problem `mailroom lint` reports, and the exit code. */
async function lint(file: string): Promise<{ code: number; found: string[]; reported: Reported[] }> {
  const result = await runCli(["lint", "--format", "json", file]);
  const reported = JSON.parse(result.stdout) as Reported[];
  return { code: result.code, found: reported.map((d) => `${d.line}:${d.column} ${d.code}`), reported };
}

function write(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "mailroom-all-findings-")), name);
  writeFileSync(file, text);
  return file;
}

describe("every mistake of a file in one run (item 11)", () => {
  it("a DSL file with five independent mistakes reports all five, and nothing else", async () => {
    // The fixture's annotations say the same (test/dsl-fixtures.test.ts holds it to them, messages included).
    const { code, found } = await lint("test/fixtures/dsl/err/all-findings.service.yaml");
    expect(found).toEqual([
      "14:36 expression-syntax",
      "17:7 unused-metadata",
      "20:11 unknown-type",
      "28:21 undefined-metadata",
      "32:16 reconcile-counts",
    ]);
    expect(code).toBe(1);
  });

  it("a JSON service with five independent mistakes reports all five, and nothing else", async () => {
    const { found } = await lint("test/fixtures/json/err/all-findings.service.json");
    expect(found).toEqual([
      "32:24 unknown-type",
      "47:21 unused-metadata",
      "62:18 unknown-type",
      "102:29 undefined-metadata",
      "129:9 duplicate-box-name",
    ]);
  });

  it("holds back what depends on a broken box, and still reports what does not", async () => {
    // "scans" has an unknown type, but it is a MAIN box that defines scanKey and extracts at rank 1 from "bundle":
    // annexes reading scanKey, the service having a MAIN box and rank 2 following rank 1 all stand.
    const file = write(
      "held.service.yaml",
      `id: 1
name: Held back
type: SIMPLE_MULTIPLE
boxes:
  scans:
    type: pdff
    main: true
    elements: 1
    from:
      archive: bundle
      rank: 1
      match: archivePath == "scan.pdf"
    metadata:
      scanKey: fileName[0:8]
  bundle:
    type: archive
    elements: 1
  annexes:
    type: data-file
    elements: 0..5
    from:
      archive: bundle
      rank: 2
      match: archivePath == "annex.pdf"
    metadata:
      annexKey: meta.scanKey
      other:
        value: meta.nowhere
        persist: true
    reconcile:
      when: meta.annexKey == meta.scanKey
`,
    );
    const { found, reported } = await lint(file);
    expect(found).toEqual(["6:11 unknown-type", "28:21 undefined-metadata"]);
    expect(reported[1]?.message).toContain('"nowhere"');
  });

  it("holds back what depends on a broken expression: the metadata it names stay used", async () => {
    const file = write(
      "expression.service.yaml",
      `id: 1
name: Held back
type: SIMPLE_MULTIPLE
boxes:
  letters:
    type: pdf
    main: true
    elements: 1
    metadata:
      customer: fileName[0:8]
      reference:
        value: concat(meta.customer; meta.missing)
        persist: true
      leftover: fileName[8:16]
`,
    );
    const { found } = await lint(file);
    // "customer" is read by the broken expression; "missing" is named only there. "leftover" is unused all the same.
    expect(found).toEqual(["12:36 expression-syntax", "14:7 unused-metadata"]);
  });

  it("a suppression in a part held back is not called unused; one in a sound part still is", async () => {
    const file = write(
      "suppressed.service.yaml",
      `id: 1
name: Suppressed
type: SIMPLE_MULTIPLE
boxes:
  letters:
    type: pdf
    main: true
    elements: 1
    metadata:
      # mailroom-disable-next-line unused-metadata -- kept for later
      reference: concat(fileName; "-")
      # mailroom-disable-next-line unused-metadata -- stale
      customer:
        value: fileName[0:8]
        persist: true
  annexes:
    type: pdff
    elements: 1
    metadata:
      # mailroom-disable-next-line unused-metadata -- kept for later
      annexKey: fileName
`,
    );
    const { found } = await lint(file);
    expect(found).toEqual(["11:33 expression-syntax", "12:7 unused-suppression", "17:11 unknown-type"]);
  });

  it("an archive box held back is still the archive its boxes extract from, in a JSON service", async () => {
    const file = write(
      "archive.json",
      JSON.stringify({
        id: 1,
        type: "SIMPLE_MULTIPLE",
        name: "Held back",
        properties: {
          boxes: [
            { "@type": "box.ARCHIVE", name: "bundle", hidden: false, minElements: 1, maxElements: "one" },
            {
              "@type": "box.PDF",
              name: "letters",
              hidden: false,
              minElements: 2,
              maxElements: 1,
              main: true,
              parent: { boxName: "bundle", rank: 1, fileMatcher: { "@type": "exb.Boolean", value: true } },
              metadatas: [],
              reconcile: null,
              configuredFiles: [],
            },
          ],
          channels: [],
        },
      }),
    );
    const { reported } = await lint(file);
    // No parent-not-archive for "letters", nor unused-archive for "bundle"; the rules ran on "letters" all the same.
    expect(reported.map((d) => d.code)).toEqual(["wrong-type", "element-counts"]);
  });
});
