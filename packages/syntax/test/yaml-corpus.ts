import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { expect, it } from "vitest";
import { parseYaml, type YamlOptions } from "../src/index.js";

/**
 * What the tests of `parseYaml`'s fast readers share: the repository's YAML as a corpus, and the one verdict that
 * matters (a fast reader, through `parseYaml`, gives exactly what composing the document gives).
 */
export const repo = fileURLToPath(new URL("../../..", import.meta.url));

const yamlFiles = (dir: string): string[] =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? yamlFiles(join(dir, entry.name))
      : entry.name.endsWith(".yaml")
        ? [join(dir, entry.name)]
        : [],
  );

export const examples = yamlFiles("examples").map((file) => readFileSync(join(repo, file), "utf8"));
export const fixtures = yamlFiles("test/fixtures").map((file) => readFileSync(join(repo, file), "utf8"));

/**
 * The random texts are the same on every run: the callers check that their reader took a share of them, a count
 * that would otherwise vary from run to run around its bound.
 */
const SEED = 20_261_126;

/** What a reading gives anyone: the tree, the diagnostics and the comments (not what it keeps for the next). */
export function observed(text: string, options?: YamlOptions) {
  const { root, diagnostics, comments } = parseYaml(text, options);
  return { root, diagnostics, comments };
}

/** `parseYaml` and the composer must agree to the offset, diagnostics included. */
export function expectSameAsComposer(text: string): void {
  expect(observed(text)).toEqual(observed(text, { compose: true }));
}

/**
 * Texts made of random `pieces` (up to 40), each compared with the composer; returns how many `reads` took, for
 * the caller to check the comparison exercised its reader at all.
 */
export function agreesOnRandomPieces(pieces: readonly string[], reads: (text: string) => boolean, numRuns: number) {
  let read = 0;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (chosen) => {
      const text = chosen.join("");
      if (reads(text)) read++;
      expectSameAsComposer(text);
    }),
    { numRuns, seed: SEED },
  );
  return read;
}

/** An edit of a text: `insert` at `at` (modulo the text's length, plus one), in place of `remove` characters. */
export interface RandomEdit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

/** Random edits: one of `inserts`, at a place spread evenly over the text, in place of up to `remove` characters. */
export const randomEdit = (inserts: readonly string[], remove: number): fc.Arbitrary<RandomEdit> =>
  fc.record({
    at: fc.noBias(fc.nat({ max: 1_000_000 })),
    remove: fc.nat({ max: remove }),
    insert: fc.constantFrom(...inserts),
  });

/** The text with the edit made. */
export function edited(text: string, { at, remove, insert }: RandomEdit): string {
  const offset = at % (text.length + 1);
  return text.slice(0, offset) + insert + text.slice(offset + remove);
}

/** Up to four random edits (`inserts` at random places, a few characters removed) of one of `texts`, as above. */
export function agreesOnRandomEdits(
  texts: readonly string[],
  inserts: readonly string[],
  reads: (text: string) => boolean,
  numRuns: number,
) {
  const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 12 }), insert: fc.constantFrom(...inserts) });
  let read = 0;
  fc.assert(
    fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (i, edits) => {
      let text = texts[i] as string;
      for (const edit of edits) text = edited(text, edit);
      if (reads(text)) read++;
      expectSameAsComposer(text);
    }),
    { numRuns, seed: SEED },
  );
  return read;
}

/** Seven levels of ten aliases each: what the alias expansion limit is for. */
export const ALIAS_BOMB = `a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n${Array.from(
  { length: 6 },
  (_, i) =>
    `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
      .fill(`*${String.fromCharCode(97 + i)}`)
      .join(", ")}]`,
).join("\n")}\n`;

/**
 * Scalars of every style and flow collections as the last value of a file, each with whether it is malformed.
 * At the very end of a text `yaml` takes a last escaped quote for the closing one (`"a\"`, `'a''`) and reports
 * nothing; with a final line end it reports the missing quote.
 */
export const LAST_VALUES: readonly (readonly [value: string, malformed: boolean])[] = [
  ["Avis", false],
  ["Avis\n      suite", false],
  ['"Avis"', false],
  ['"Avis \\""', false],
  ['"Avis \\\\"', false],
  ['"Avis\n      suite"', false],
  ['"Avis \\"', true],
  ['"Avis \\\\\\"', true],
  ['"Avis', true],
  ['"Avis \\', true],
  ['"Avis\n      suite', true],
  ['"', true],
  ["'Avis'", false],
  ["'it''s'", false],
  ["''", false],
  ["''''", false],
  ["'it''", true],
  ["'''", true],
  ["'Avis", true],
  ["'", true],
  ["|\n      Avis", false],
  ["|-\n      Avis", false],
  ["|+\n      Avis", false],
  [">\n      Avis\n      suite", false],
  [">-\n      Avis", false],
  ["|", false],
  [">-", false],
  ["[a, b]", false],
  ["[\"a\", 'b']", false],
  ["{a: b}", false],
  ["[a, b", true],
  ["{a: b", true],
  ["[", true],
  ['["a\\"]', true],
  ["[a, 'b''", true],
  ['{a: "b\\"}', true],
];

/** A value last in a file: at the root, in a mapping, in a sequence; without and with a final line end. */
export const atEndOfFile = (value: string): string[] =>
  [value, `id: 1\nboxes:\n  B:\n    label: ${value}`, `- 1\n- ${value}`].flatMap((text) => [text, `${text}\n`]);

/**
 * The cases every fast reader is held to (`reads` tells whether it takes a text): every example and the texts it
 * reads itself, those it leaves to the next reader, and every malformed value last in a file, which it leaves too;
 * each text read through `parseYaml` exactly as the composer reads it. `how` words the test names.
 */
export function readerCases(
  reads: (text: string) => boolean,
  cases: { readonly read: Readonly<Record<string, string>>; readonly left: Readonly<Record<string, string>> },
  how: { readonly read: string; readonly left: string },
): void {
  it(`reads every example ${how.read}, to the tree and diagnostics the composer gives`, () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const text of examples) {
      expect(reads(text)).toBe(true);
      expectSameAsComposer(text);
    }
  });
  for (const [name, text] of Object.entries(cases.read)) {
    it(`reads ${name} ${how.read}, as the composer does`, () => {
      expect(reads(text)).toBe(true);
      expectSameAsComposer(text);
    });
  }
  for (const [name, text] of Object.entries(cases.left)) {
    it(`leaves ${name} to ${how.left}`, () => {
      expect(reads(text)).toBe(false);
      expectSameAsComposer(text);
    });
  }
  it("leaves every malformed value last in a file to the composer, with and without a final line end", () => {
    for (const [value, malformed] of LAST_VALUES) {
      for (const text of atEndOfFile(value)) {
        if (malformed) expect(reads(text), text).toBe(false);
        expectSameAsComposer(text);
      }
    }
  });
}
