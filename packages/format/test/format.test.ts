import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileDsl } from "@mailroom/compiler";
import { describe, expect, it } from "vitest";
import { decompile, format } from "../src/index.js";
import { commentPlaces } from "./places.js";

const root = resolve(import.meta.dirname, "../../..");

/** Every DSL file under a directory of the repository. */
function dslFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.service\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Formats text that must format without diagnostics. */
function fmt(text: string): string {
  const result = format(text);
  expect(result.diagnostics, text).toEqual([]);
  return result.text;
}

const lines = (...all: string[]) => `${all.join("\n")}\n`;

describe("format keeps every comment at its place", () => {
  it("own-line comments before entries, at the end of blocks, and at the end of the file", () => {
    const input = lines(
      "# file header",
      "",
      "id: 1",
      "boxes:",
      "    # before letters",
      "    letters:",
      "        type: pdf",
      "        # end of letters",
      "    # before annexes",
      "",
      "",
      "    annexes:",
      "        type: pdf",
      "# the end",
    );
    expect(fmt(input)).toBe(
      lines(
        "# file header",
        "",
        "id: 1",
        "boxes:",
        "  # before letters",
        "  letters:",
        "    type: pdf",
        "    # end of letters",
        "  # before annexes",
        "",
        "  annexes:",
        "    type: pdf",
        "# the end",
      ),
    );
  });

  it("comments at the end of a line: after a value, after a key, after a dash, after a block scalar header", () => {
    const input = lines(
      "id: 1 # the id",
      "boxes: # by name",
      "  letters:",
      "    type: pdf   # a PDF box",
      "    description: >- # folded",
      "      short text",
      "list:",
      "  - # first item",
      "    a: 1",
      "  - b   # second item",
    );
    expect(fmt(input)).toBe(
      lines(
        "id: 1 # the id",
        "boxes: # by name",
        "  letters:",
        "    type: pdf # a PDF box",
        "    description: short text # folded",
        "list:",
        "  - # first item",
        "    a: 1",
        "  - b # second item",
      ),
    );
  });

  it("a comment between a key and its value on the next line moves to the key's line", () => {
    expect(fmt(lines("a:", "  # about a", "  value", "b: 2"))).toBe(lines("a: value # about a", "b: 2"));
    expect(fmt(lines("a: # one", "  value # two"))).toBe(lines("a: # one", "  value # two"));
  });

  it("comments inside a flow collection put it in block style", () => {
    const input = lines(
      "icon: { name: x, # the name",
      "  # before the colour",
      "  color: red }",
      "area: [1, # one",
      "  2]",
    );
    const output = fmt(input);
    expect(output).toBe(
      lines("icon:", "  name: x # the name", "  # before the colour", "  color: red", "area:", "  - 1 # one", "  - 2"),
    );
    expect(commentPlaces(output)).toEqual(commentPlaces(input));
  });

  it("annotations keep their column when they are less indented than the line after them", () => {
    const input = lines(
      "boxes:",
      "  - name: letters",
      "  # ^^^^ duplicate-box-name",
      "    type: pdf",
      "#   ^^^^ a column-1 annotation",
      "    elements: 1",
    );
    expect(fmt(input)).toBe(input);
  });

  it("keeps anchors, aliases and tags", () => {
    const input = lines("a: &x { k: v }", "b: *x", "c: !!str 123", "d: &y 1", "e: *y");
    expect(fmt(input)).toBe(input);
  });

  it("keeps `---` and directives", () => {
    const input = lines("%YAML 1.2", "# before", "---", "a: 1");
    expect(fmt(input)).toBe(input);
  });
});

describe("format lays out", () => {
  it("strings: plain when YAML allows, double-quoted otherwise, folded when long, literal on several lines", () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const input = lines(
      `a: "plain"`,
      `b: '1'`,
      `c: "#hash"`,
      `d: ${long}`,
      `e: "line one\\nline two\\n"`,
      `f: "tab\\there"`,
      `g: 'it''s'`,
    );
    expect(fmt(input)).toBe(
      lines(
        "a: plain",
        `b: "1"`,
        `c: "#hash"`,
        "d: >-",
        `  ${long.slice(0, 116).replace(/ \S*$/, "")}`,
        `  ${long.slice(long.slice(0, 116).replace(/ \S*$/, "").length + 1)}`,
        "e: |",
        "  line one",
        "  line two",
        `f: "tab\\there"`,
        "g: it's",
      ),
    );
  });

  it("collections: flow when short and simple, block otherwise; the DSL's sections always block", () => {
    const input = lines(
      "id: 1",
      "organizationalUnit:",
      "  id: 7",
      "  name: Acme",
      "boxes: { letters: { type: pdf, elements: 1, metadata: { a: fileName, b: 'concat(meta.a, \"-\")' } } }",
      "channels: { Mail: { outputFiles: [MAIN, { name: COPY }] } }",
    );
    expect(fmt(input)).toBe(
      lines(
        "id: 1",
        "organizationalUnit: { id: 7, name: Acme }",
        "boxes:",
        "  letters:",
        "    type: pdf",
        "    elements: 1",
        "    metadata:",
        "      a: fileName",
        '      b: concat(meta.a, "-")',
        "channels:",
        "  Mail:",
        "    outputFiles:",
        "      - MAIN",
        "      - { name: COPY }",
      ),
    );
  });

  it("expressions in their canonical text, folded at their operators when long", () => {
    const input = lines(
      "boxes:",
      "  letters:",
      "    type: pdf",
      "    main: true",
      "    elements: 1",
      "    metadata:",
      "      ref: replace(fileName(main)[0:17], /[^A-Za-z0-9-]/, '-')",
      '      quoted: concat("Ref: ", fileName)',
      "      long: pdfText(1, [110, 48, 85, 6]) | clean(trim, normalizeSpace, removeDiacritics=false, multiline=false) | upper | lower",
      "    reconcile:",
      "      when: meta.a >= 1000 and meta.b < 5000 or numEqual(meta.priority, 1) and matches(meta.annexKey, /^TMP/) and meta.x == meta.y",
    ).replace('concat("Ref: ", fileName)', "'concat(\"Ref: \", fileName)'");
    expect(fmt(input)).toBe(
      lines(
        "boxes:",
        "  letters:",
        "    type: pdf",
        "    main: true",
        "    elements: 1",
        "    metadata:",
        '      ref: fileName[0:17] | replace(/[^A-Za-z0-9-]/, "-")',
        `      quoted: 'concat("Ref: ", fileName)'`,
        "      long: >-",
        "        pdfText(1, [110, 48, 85, 6])",
        "        | clean(trim, normalizeSpace, removeDiacritics=false, multiline=false)",
        "        | upper",
        "        | lower",
        "    reconcile:",
        "      when: >-",
        "        1000 <= meta.a and meta.b < 5000",
        "        or numEqual(meta.priority, 1) and matches(meta.annexKey, /^TMP/) and meta.x == meta.y",
      ),
    );
  });

  it("leaves an expression with errors as written, and formats the rest", () => {
    const input = lines(
      "boxes:",
      "    letters:",
      "        type: pdf",
      "        metadata:",
      "            broken: 'concat(\"abc, fileName)'",
      "            folded: >-",
      "              pdfText(1, [10, 20, 30, 40])",
      "                | clean(trim, normalise)",
    );
    expect(fmt(input)).toBe(
      lines(
        "boxes:",
        "  letters:",
        "    type: pdf",
        "    metadata:",
        "      broken: 'concat(\"abc, fileName)'",
        "      folded: >-",
        "        pdfText(1, [10, 20, 30, 40])",
        "          | clean(trim, normalise)",
      ),
    );
  });

  it("keeps the text of an anchored expression, which an alias may use in another box", () => {
    const input = lines(
      "boxes:",
      "  a:",
      "    type: pdf",
      "    elements: 1",
      "    reconcile:",
      "      when: &same fileName(box=a) == meta.x",
      "  b:",
      "    type: pdf",
      "    elements: 1",
      "    reconcile:",
      "      when: *same",
    );
    expect(fmt(input)).toBe(input);
  });
});

describe("format leaves a file it cannot format as it is", () => {
  it("with syntax errors, reported", () => {
    const input = "a: [1, 2\nb: 3\n";
    const result = format(input);
    expect(result.text).toBe(input);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["syntax-error"]);
  });

  it("when it turns formatting off", () => {
    const input = "a:   1\n# mailroom-fmt-disable -- kept as written\n";
    expect(format(input)).toEqual({ text: input, diagnostics: [], disabled: true });
  });
});

describe("every example and fixture", () => {
  const files = [...dslFiles("examples"), ...dslFiles("test/fixtures")];

  it("is found", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    const name = file.slice(root.length + 1);
    it(`${name}: formatting is idempotent and keeps comments and meaning`, () => {
      const text = readFileSync(file, "utf8");
      const once = format(text);
      if (once.disabled || once.diagnostics.length > 0) {
        expect(once.text).toBe(text);
        return;
      }
      expect(format(once.text).text).toBe(once.text);
      expect(commentPlaces(once.text)).toEqual(commentPlaces(text));
      const before = compileDsl(name, text);
      if (before.services.length > 0) {
        expect(compileDsl(name, once.text).services[0]?.json).toEqual(before.services[0]?.json);
      }
    });
  }
});

describe("format and decompile on hostile input end in bounded time", () => {
  it("a large file, a deep one, and one too deep", () => {
    const many = `boxes:\n${Array.from({ length: 2000 }, (_, i) => `  b${i}: { type: pdf, elements: 1 } # c${i}\n`).join("")}`;
    let started = performance.now();
    expect(format(many).diagnostics).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
    const deep = `a: ${"[".repeat(200)}1${"]".repeat(200)}\n`;
    started = performance.now();
    const formatted = format(deep);
    expect(formatted.diagnostics).toEqual([]);
    expect(format(formatted.text).text).toBe(formatted.text);
    expect(performance.now() - started).toBeLessThan(10_000);
    const tooDeep = `a: ${"[".repeat(300)}1${"]".repeat(300)}\n`;
    expect(format(tooDeep)).toMatchObject({ text: tooDeep, diagnostics: [{ code: "too-deep" }] });
  });

  it("JSON nested a thousand deep is decompiled or refused, never a crash", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 990; i++) deep = { x: deep };
    const service = { id: 1, type: "SIMPLE_UNIQUE", name: "Deep", properties: { boxes: [], channels: [], deep } };
    const [one] = decompile(service).services;
    // The DSL, YAML, is read 256 levels deep at most (docs/language.md): such a service is refused, with why.
    expect(one?.text).toBeUndefined();
    expect(one?.diagnostics.find((d) => d.code === "cannot-decompile")?.message).toContain("nested more than 256 deep");
  });
});
