import { readFileSync } from "node:fs";
import { compileDsl } from "@mailroom/compiler";
import { parseYaml, toJson } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Document, isCollection, isScalar, parseDocument, type ToStringOptions, visit } from "yaml";
import { mulberry32 } from "../../../scripts/mulberry32.js";
import { mainPdfBox } from "../../compiler/test/service-text.js";
import { decompile, format } from "../src/index.js";
import { PROPERTY_TIMEOUT, runs, service } from "./arbitraries.js";
import { dslFiles, root } from "./corpus.js";
import { commentPlaces, safeLineBreaks } from "./places.js";

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
      `boxes:\n${mainPdfBox("letters")}    metadata:`,
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

describe("format formats every file that parses", () => {
  it("a blank line before a list whose first item starts on its dash line, once and for all", () => {
    const input = lines("appositions:", "", "  - type: overlay  # x", "    file: f");
    const output = lines("appositions:", "  - type: overlay # x", "    file: f");
    expect(fmt(input)).toBe(output);
    expect(fmt(output)).toBe(output);
  });

  it("keeps the tags of keys, and lays out the value of a key with a tag or an anchor from the key's column", () => {
    const input = lines("!custom invoices: 1", "!!str 123: 2", "a: { !!str 7: x }", "&k b: 3");
    expect(fmt(input)).toBe(input);
    const folded = lines(
      "boxes:",
      "  letters:",
      "    type: pdf",
      "    metadata:",
      "      !custom ref: >-",
      "        pdfText(1)",
      "          | clean(trim, normalise)",
    );
    expect(fmt(folded)).toBe(folded);
  });

  it("keeps a lone CR, which YAML reads as content, where it is", () => {
    expect(fmt("p:\ru")).toBe('p: "\\ru"\n');
    const broken = lines("boxes:", "  a:", "    type: pdf", "    metadata:", "      x: upper(file\rName)");
    expect(fmt(broken)).toBe(broken);
    // At the very end, the line break printed after it would make a CRLF of it: the value is quoted instead.
    expect(fmt(broken.replace("Name)\n", "Name\r"))).toContain('x: "upper(file\\rName\\r"\n');
  });

  it("keeps the comments around a document that is one value, and content on the `---` line", () => {
    expect(fmt("p\n#")).toBe("p\n#\n");
    const scalar = lines("# before", "", "p # after it", "# at the end");
    expect(fmt(scalar)).toBe(scalar);
    expect(fmt(lines("|  # header", "  text", "# after"))).toBe(lines("| # header", "  text", "# after"));
    expect(fmt("--- !!map\na:   1\n")).toBe("---\n!!map\na: 1\n");
    expect(fmt("--- p # c\n")).toBe("---\np # c\n");
  });

  it("keeps an expression holding an integer beyond 2^53 as written, since its canonical text would round it", () => {
    const box = (value: string) =>
      lines("boxes:", "  a:", "    type: pdf", "    elements: 1", "    metadata:", `      x: ${value}`);
    for (const value of ["substring(fileName, 0, 9007199254740993)", "fileName[0:12345678901234567890123]"]) {
      expect(fmt(box(value))).toBe(box(value));
    }
    expect(fmt(box("substring( fileName, 0, 9007199254740992 )"))).toBe(
      box("substring(fileName, 0, 9007199254740992)"),
    );
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

// How their time grows with the input (linearly) is measured in bench/hostile.js.
describe("format and decompile on hostile input end", () => {
  it("a large file, a deep one, and one too deep", () => {
    const many = `boxes:\n${Array.from({ length: 1000 }, (_, i) => `  b${i}: { type: pdf, elements: 1 } # c${i}\n`).join("")}`;
    expect(format(many).diagnostics).toEqual([]);
    const deep = `a: ${"[".repeat(200)}1${"]".repeat(200)}\n`;
    const formatted = format(deep);
    expect(formatted.diagnostics).toEqual([]);
    expect(format(formatted.text).text).toBe(formatted.text);
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

/**
 * Formatting any layout of a service: the services are random (decompiled, so valid DSL), each written again by
 * the `yaml` package with random options and node styles, with random comments in every place YAML allows.
 */

/** Decompiled services, without their comments (each a canonical text), made once for all the runs. */
const texts = fc
  .sample(service, { numRuns: 60, seed: 20240601 })
  .map((json) => decompile(json).services[0]?.text as string)
  .map((text) => format(text.replace(/^ *#.*\n/gm, "")).text);

/** A small seeded generator, for per-node choices fast-check need not shrink. */
const random = mulberry32;

const options = fc.record({
  indent: fc.integer({ min: 2, max: 4 }),
  indentSeq: fc.boolean(),
  lineWidth: fc.constantFrom(0, 30, 80, 120),
  minContentWidth: fc.constantFrom(0, 20),
  defaultStringType: fc.constantFrom("PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE", "BLOCK_FOLDED", "BLOCK_LITERAL"),
  defaultKeyType: fc.constantFrom(null, "PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE"),
  collectionStyle: fc.constantFrom("any", "block", "flow"),
  flowCollectionPadding: fc.boolean(),
  doubleQuotedAsJSON: fc.boolean(),
}) as fc.Arbitrary<ToStringOptions>;

/** The text laid out again: styles chosen at random per node, comments added at random (when `comments`). */
function relayout(text: string, layout: ToStringOptions, seed: number, comments: boolean): string {
  const next = random(seed);
  const document: Document = parseDocument(text);
  let count = 0;
  visit(document, {
    Node(_, node) {
      if (isScalar(node))
        node.type =
          next() < 0.5 ? undefined : (["PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE"] as const)[Math.floor(next() * 3)];
      // (An empty collection in block style is written `key:` then `[]` at the key's indentation, which is not YAML.)
      if (isCollection(node)) node.flow = node.items.length === 0 || next() < 0.3;
      if (comments && next() < 0.15) node.commentBefore = ` before ${++count}`;
      if (comments && next() < 0.1) node.comment = ` after ${++count}`;
    },
  });
  if (comments && next() < 0.3) document.commentBefore = " at the top";
  if (comments && next() < 0.3) document.comment = " at the bottom";
  const written = document.toString(layout);
  if (!comments) return written;
  // Comments the yaml package would not write: own lines at any indentation (where YAML allows it: not every
  // place in a flow collection does), and at the end of random lines.
  const lines = written.split("\n");
  const safe = safeLineBreaks(written);
  const insert = (anyIndent: boolean) => {
    const out: string[] = [];
    let n = count;
    lines.forEach((line, i) => {
      const trailing = safe.has(i) && !line.includes("#") && line.trim() !== "" && next() < 0.15;
      out.push(trailing ? `${line}  # end ${++n}` : line);
      if (safe.has(i) && next() < 0.1) {
        const indent = anyIndent ? Math.floor(next() * 8) : (/^ */.exec(lines[i + 1] ?? "")?.[0].length ?? 0);
        out.push(`${" ".repeat(indent)}# line ${++n}`);
      }
    });
    return out.join("\n");
  };
  const inserted = insert(true);
  return valid(inserted) ? inserted : insert(false);
}

const valid = (text: string) => !parseYaml(text).diagnostics.some((d) => d.severity === "error");

/** Whether two YAML texts hold the same values (the yaml package sometimes writes a value it cannot read back). */
function sameValues(a: string, b: string): boolean {
  const read = (text: string) => {
    const { root } = parseYaml(text);
    return root ? JSON.stringify(toJson(root)) : undefined;
  };
  return read(a) === read(b);
}

const compiled = (text: string) => compileDsl("random.service.yaml", text).services[0]?.json;

describe("format, on any layout of a service", () => {
  expect(texts.every((text) => typeof text === "string")).toBe(true);
  const pick = fc.integer({ min: 0, max: texts.length - 1 });

  it(
    "gives the one canonical text, whatever the layout",
    () => {
      fc.assert(
        fc.property(pick, options, fc.integer(), (i, layout, seed) => {
          const canonical = texts[i] as string;
          const written = relayout(canonical, layout, seed, false);
          fc.pre(valid(written) && sameValues(written, canonical));
          // Blank lines are the author's: a layout without them has none.
          const withoutBlanks = (text: string) => text.replace(/\n\n+/g, "\n");
          expect(withoutBlanks(format(written).text), written).toBe(withoutBlanks(canonical));
        }),
        { numRuns: runs(100) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "keeps every comment at its place and the meaning, and is idempotent",
    () => {
      fc.assert(
        fc.property(pick, options, fc.integer(), (i, layout, seed) => {
          const written = relayout(texts[i] as string, layout, seed, true);
          fc.pre(valid(written) && sameValues(written, texts[i] as string));
          const once = format(written);
          expect(once.diagnostics, written).toEqual([]);
          expect(format(once.text).text, once.text).toBe(once.text);
          expect(commentPlaces(once.text), written).toEqual(commentPlaces(written));
          expect(compiled(once.text)).toEqual(compiled(written));
        }),
        { numRuns: runs(100) },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
