import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

/**
 * Through the real CLI: DSL keys where they do not apply (3), expressions cut by a flow mapping (12),
 * misspelt keys standing for missing ones (13), messages in the DSL's words (14) and numbers as written (8).
 */

const HEAD =
  "id: 1\nname: P\ntype: SIMPLE_MULTIPLE\nboxes:\n  letters:\n    type: pdf\n    main: true\n    elements: 1\n";

interface Reported {
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly fix?: { readonly edits: readonly { readonly newText: string }[] };
  readonly related?: readonly { readonly line: number; readonly column: number; readonly message: string }[];
}

/** Writes a file into a fresh directory; returns its path. */
function write(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "mailroom-reliability-")), name);
  writeFileSync(file, text);
  return file;
}

/** `line:column-endColumn severity code message` of each problem `mailroom lint` reports in the file. */
async function lint(file: string): Promise<{ code: number; found: string[]; reported: Reported[] }> {
  const result = await runCli(["lint", "--format", "json", file]);
  const reported = JSON.parse(result.stdout) as Reported[];
  const found = reported.map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.severity} ${d.code} ${d.message}`);
  return { code: result.code, found, reported };
}

describe("a DSL key where it does not apply (item 3)", () => {
  it("is an error that says where it applies, and nothing is built", async () => {
    const file = write(
      "archive.service.yaml",
      `${HEAD}  bundle:\n    type: archive\n    elements: 0..1\n    metadata:\n      q: fileName\n    main: true\n    from: { archive: x, rank: 1, match: "true" }\n    hasAddressPage: true\n    format: zip\n`,
    );
    expect((await lint(file)).found).toEqual([
      '12:5-13 error misplaced-key Key "metadata" applies to pdf and data-file boxes; box "bundle" is an archive box.',
      '14:5-9 error misplaced-key Key "main" applies to pdf and data-file boxes; box "bundle" is an archive box.',
      '15:5-9 error misplaced-key Key "from" applies to pdf and data-file boxes; box "bundle" is an archive box.',
      '16:5-19 error misplaced-key Key "hasAddressPage" applies to pdf boxes; box "bundle" is an archive box.',
    ]);
    const built = await runCli(["build", "--stdout", file]);
    expect(built.code).toBe(1);
    expect(built.stdout).toBe("");
  });

  it("keeps an unknown key passing through with no error, and PDF keys on a data-file box for the linter", async () => {
    const file = write(
      "data.service.yaml",
      `${HEAD}  data:\n    type: data-file\n    elements: 0..1\n    format: csv\n    split: { pages: 2 }\n`,
    );
    expect((await lint(file)).found).toEqual([
      '13:5-10 warning pdf-only-field "split" is a field of pdf boxes; box "data" is a data-file box, on which the spec does not say what it does; expected it only on a pdf box.',
    ]);
  });
  it("keeps a JSON archive box holding such a field from being decompiled, rather than losing it", async () => {
    const box = { "@type": "box.PDF", name: "letters", hidden: false, minElements: 1, maxElements: 1, main: true };
    const boxes = [
      { ...box, parent: null, metadatas: [], reconcile: null, configuredFiles: [] },
      { "@type": "box.ARCHIVE", name: "zip", hidden: false, minElements: 0, maxElements: 1, main: true },
    ];
    const file = write(
      "archive.service.json",
      JSON.stringify({ id: 1, type: "SIMPLE_MULTIPLE", name: "P", properties: { boxes, channels: [] } }),
    );
    const result = await runCli(["decompile", "--out", join(file, ".."), file]);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /Key "main" applies to pdf and data-file boxes; box "zip" is an archive box[^\n]*cannot-decompile/,
    );
  });
});

describe("an expression cut short by a flow mapping (item 12)", () => {
  const archive = "  b: { type: archive, elements: 1 }\n  annexes:\n    type: pdf\n    elements: 0..5\n";

  it("is one error at the first place, over the whole expression, with the quoting as its fix", async () => {
    const file = write(
      "comma.service.yaml",
      `${HEAD}${archive}    from: { archive: b, rank: 1, match: matches(archivePath, /\\.pdf$/) }\n`,
    );
    const { found, reported } = await lint(file);
    expect(found).toEqual([
      '13:41-71 error expression-in-flow-mapping The expression of "match" is cut short at a comma: inside { } YAML ends an entry at each comma, so it reads only "matches(archivePath"; quote the expression or write the mapping in block form.',
    ]);
    expect(reported[0]?.fix?.edits.map((e) => e.newText)).toEqual(["'matches(archivePath, /\\.pdf$/)'"]);
  });

  it("replaces the cascade a bracket gives, and `lint --fix` leaves a clean file", async () => {
    const file = write(
      "bracket.service.yaml",
      `${HEAD}    metadata:\n      k: { value: fileName[0:8], persist: true }\n      j: { value: concat(fileName, "-", positionInBox), persist: true }\n`,
    );
    expect((await lint(file)).found).toEqual([
      '10:19-32 error expression-in-flow-mapping The expression of "value" is cut short at "[": inside { } YAML reads brackets as its own, so it reads only "fileName"; quote the expression or write the mapping in block form.',
      '11:19-55 error expression-in-flow-mapping The expression of "value" is cut short at a comma: inside { } YAML ends an entry at each comma, so it reads only "concat(fileName"; quote the expression or write the mapping in block form.',
    ]);
    const fixed = await runCli(["lint", "--fix", file]);
    expect(fixed.code).toBe(0);
    expect(readFileSync(file, "utf8")).toContain(
      "k: { value: 'fileName[0:8]', persist: true }\n      j: { value: 'concat(fileName, \"-\", positionInBox)', persist: true }",
    );
    expect((await lint(file)).found).toEqual([]);
  });
});

describe("a misspelt key standing for a missing one (item 13)", () => {
  it("is named in a DSL file, for the key itself or its JSON name, with the renaming as its fix", async () => {
    const file = write(
      "typo.service.yaml",
      "id: 1\nname: P\ntype: SIMPLE_MULTIPLE\nboxes:\n  a:\n    type: pdf\n    main: true\n    elments: 1\n  b:\n    type: pdf\n    minElement: 1\n",
    );
    const { found, reported } = await lint(file);
    expect(found).toEqual([
      '8:5-12 error missing-field Missing field "elements" in box "a"; found "elments", which looks like a misspelling of it.',
      '11:5-15 error missing-field Missing field "elements" in box "b"; found "minElement", which looks like a misspelling of "minElements", its name in the JSON.',
    ]);
    expect(reported.map((d) => d.fix?.edits.map((e) => e.newText))).toEqual([["elements"], ["elements"]]);
    await runCli(["lint", "--fix", file]);
    expect((await lint(file)).found).toEqual([]);
  });

  it("is named in a JSON file", async () => {
    const box = {
      ...{ "@type": "box.PDF", name: "a", hidden: false, minElement: 1, maxElements: 1, main: true },
      ...{ parent: null, metadatas: [], reconcile: null, configuredFiles: [] },
    };
    const service = { id: 1, type: "SIMPLE_UNIQUE", name: "P", properties: { boxes: [box], channels: [] } };
    const file = write("typo.service.json", `${JSON.stringify(service, null, 2)}\n`);
    const { found, reported } = await lint(file);
    expect(found).toEqual([
      '11:9-21 error missing-field Missing field "minElements" in box.PDF "a"; found "minElement", which looks like a misspelling of it.',
    ]);
    expect(reported[0]?.fix?.edits.map((e) => e.newText)).toEqual(['"minElements"']);
  });
});

describe("messages about a DSL file, in its words (item 14)", () => {
  it("name the DSL's keys and the bound of a range, in a rule's message", async () => {
    const file = write("rule.service.yaml", `${HEAD}  annexes:\n    type: pdf\n    elements: 3..1\n`);
    expect((await lint(file)).found).toEqual([
      '11:15-16 error element-counts The lower bound of "elements" of box "annexes" is 3, greater than the upper bound of "elements" (1); expected 1 or less.',
    ]);
  });

  it("name the DSL's keys, values and bounds, in the model's checks", async () => {
    const file = write(
      "model.service.yaml",
      `${HEAD}  annexes:\n    type: pdf\n    elements: 0..1\n    reconcile:\n      when: "true"\n      matches: 1..0\n`,
    );
    expect((await lint(file)).found).toEqual([
      '14:19-20 error out-of-range The upper bound of "matches" in "reconcile" of box "annexes" is 0; expected a number greater than 0, or * for no limit.',
    ]);
  });

  it("say `page` and `first` or `last`, not the JSON's `pages` and 1 or -1", async () => {
    const file = write("page.service.yaml", `${HEAD}    split: { area: [1, 2, 3, 4], value: "^X", page: 2 }\n`);
    const { found } = await lint(file);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^9:53-54 \w+ [a-z-]+ "page" in "split" of box "letters" is 2; expected "first" or "last"/,
    );
  });
});

describe("a pass-through key that would replace what a DSL key wrote (nothing lost)", () => {
  it("is an error pointing at both, and the DSL's value stays", async () => {
    const file = write(
      "twice.service.yaml",
      `${HEAD}    minElements: 0\n    name: other\nicon: { color: { r: 1, g: 2, b: 3, a: 1 } }\nproperties: { iconColor: 7, x: 1 }\n`,
    );
    const { found, reported } = await lint(file);
    expect(found).toEqual([
      '9:5-16 error duplicate-key Found "minElements", a field this file already gives through "elements"; expected it once: remove this key, or write its value there.',
      '10:5-9 error duplicate-key Found "name", a field this file already gives through "letters"; expected it once: remove this key, or write its value there.',
      '12:15-24 error duplicate-key Found "iconColor", a field this file already gives through "color" of "icon"; expected it once: remove this key, or write its value there.',
    ]);
    expect(reported[0]).toMatchObject({ related: [{ line: 8, column: 5, message: '"elements" is here.' }] });
  });
});

describe("numbers in messages, as written (item 8)", () => {
  it("in a DSL file", async () => {
    const file = write(
      "numbers.service.yaml",
      "id: 18446744073709551616\nname: P\ntype: SIMPLE_MULTIPLE\nboxes:\n  a:\n    type: pdf\n    main: true\n    elements: 1e400\n    hidden: .nan\n",
    );
    expect((await lint(file)).found).toEqual([
      '1:5-25 error out-of-range "id" in the service is 18446744073709551616; expected 9007199254740991 or less.',
      '8:15-20 error wrong-type "elements" in box "a" is 1e400; expected a count such as 3 or a range such as 1..50.',
      '9:13-17 error wrong-type "hidden" in box "a" is .nan; expected true or false.',
    ]);
  });

  it("in a JSON file", async () => {
    const text =
      '{"id": 18446744073709551616, "type": "SIMPLE_UNIQUE", "name": "P", "properties": {"boxes": [{"@type": "box.PDF", "name": "a", "hidden": false, "minElements": 1e400, "maxElements": 1, "main": true, "parent": null, "metadatas": [], "reconcile": null, "configuredFiles": []}], "channels": []}}\n';
    expect((await lint(write("numbers.service.json", text))).found).toEqual([
      '1:8-28 error out-of-range "id" in the service is 18446744073709551616; expected 9007199254740991 or less.',
      '1:159-164 error wrong-type "minElements" in box.PDF "a" is 1e400; expected an integer.',
    ]);
  });

  it("passed through, where JSON would not carry them as written, are errors and nothing is built", async () => {
    const file = write(
      "passed.service.yaml",
      `${HEAD}    x: 9007199254740993\n    y: [.nan, 1e400, 9007199254740991, 1.5e300, { z: 0x20000000000001 }]\n    kept: -469697374491695400\n`,
    );
    expect((await lint(file)).found.filter((line) => !line.includes("unknown-key"))).toEqual([
      "9:8-24 error out-of-range Found 9007199254740993, an integer beyond 2^53 that JSON readers do not keep exactly (it would be written 9007199254740992); expected an integer of at most 2^53 in magnitude, or a string in quotes.",
      "10:9-13 error invalid-value Found .nan, a number JSON cannot hold (it would be written null); expected a finite number, or a string in quotes.",
      "10:15-20 error invalid-value Found 1e400, a number JSON cannot hold (it would be written null); expected a finite number, or a string in quotes.",
      "10:54-70 error out-of-range Found 0x20000000000001, an integer beyond 2^53 that JSON readers do not keep exactly (it would be written 9007199254740992); expected an integer of at most 2^53 in magnitude, or a string in quotes.",
    ]);
    const build = await runCli(["build", file]);
    expect(build.code).toBe(1);
    expect(() => readFileSync(file.replace(/\.yaml$/, ".json"))).toThrow();
  });

  it("in a JSON file that holds no service", async () => {
    expect((await lint(write("number.json", "1e400\n"))).found).toEqual([
      '1:1-6 error not-a-service Found the number 1e400 at the top of the file; expected a service object, an array of services, or an authentication response {"result": {"services": [...]}}.',
    ]);
  });
});
