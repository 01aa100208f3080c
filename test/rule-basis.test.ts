import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RULES, severityOf } from "@mailroom/checker";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

/**
 * Errors only where the spec is certain: each rule says whether the spec states it (an error
 * by default) or implies it (a warning), quoting the spec's words, and its page quotes the same words. The spec
 * is not in the repository, so that the quotes are the spec's own was checked when they were written; here, that
 * each one is there, whole, and the same in the rule and on its page.
 */
const page = (id: string) => readFileSync(join(repoRoot, "docs/rules", `${id}.md`), "utf8");

/** The text of a page's section, from its heading to the next one. */
function section(text: string, heading: string): string | undefined {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const rest = text.slice(start + heading.length + 2);
  const end = rest.indexOf("\n## ");
  return end < 0 ? rest : rest.slice(0, end);
}

describe("every rule's basis in the spec", () => {
  for (const [id, { meta }] of RULES) {
    describe(id, () => {
      it("is declared, with a quote that is a whole excerpt", () => {
        expect(["states", "implies"]).toContain(meta.basis.kind);
        expect(meta.basis.section).toMatch(/^\S(.*\S)?$/);
        const { quote } = meta.basis;
        // One line, no padding, several words: an excerpt a reader can find, not a word or a paraphrase's ellipsis.
        expect(quote).toMatch(/^\S[^\n]*\S$/);
        expect(quote.split(" ").length, quote).toBeGreaterThanOrEqual(4);
        expect(quote).not.toMatch(/\s\.\.\.\s|…/);
      });

      it("gives its default severity: error when the spec states it, warning when it implies it", () => {
        expect(meta.severity).toBe(meta.basis.kind === "states" ? "error" : "warning");
        expect(severityOf(meta.basis)).toBe(meta.severity);
        expect(page(id)).toContain(`\nDefault severity: **${meta.severity}**.`);
      });

      it("is on its page, with the same words", () => {
        const basis = section(page(id), "## Basis in the spec");
        expect(basis, "a Basis in the spec section").toBeDefined();
        const article = meta.severity === "error" ? "an error" : "a warning";
        expect(basis).toContain(
          `The spec ${meta.basis.kind} this rule, so it is ${article} by default. Under "${meta.basis.section}":\n\n> ${meta.basis.quote}\n`,
        );
      });
    });
  }
});

describe("mailroom explain", () => {
  it("prints a rule's page with its basis, and the catalogue with the severities the bases give", async () => {
    const explained = await runCli(["explain", "no-main-box"]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toBe(page("no-main-box"));
    expect(explained.stdout).toContain(
      '## Basis in the spec\n\nThe spec implies this rule, so it is a warning by default. Under "Box":\n\n> true for a MAIN box, false for an ATTACHMENT box\n',
    );
    const catalogue = (await runCli(["explain"])).stdout.split("\n");
    for (const [id, { meta }] of RULES) {
      expect(catalogue.find((line) => line.startsWith(`${id} `))).toMatch(new RegExp(`^${id} +${meta.severity} `));
    }
  });
});

/**
 * The findings the spec does not make certain, through the real CLI: a warning, so `lint` exits 0 (and 1 only
 * when warnings are refused); each was an error before.
 */
describe("findings on input the spec allows are warnings", () => {
  const service = (boxes: string) =>
    `id: 1\nname: Allowed\ntype: SIMPLE_MULTIPLE\nboxes:\n${boxes}channels:\n  Mail:\n    outputFiles: [MAIN]\n`;
  const pdf = "    type: pdf\n    main: true\n    elements: 1\n";
  const cases: Record<string, { dsl: string; json: string }> = {
    "address-page-apposition": {
      dsl: service(
        `  letters:\n${pdf}    hasAddressPage: false\n    appositions:\n      - { type: image, target: ADDRESS_PAGE, pageFilter: "1" }\n`,
      ),
      json: "test/fixtures/rules/address-page-apposition/bad.service.json",
    },
    "pdf-only-field": {
      dsl: service(`  letters:\n${pdf}  data:\n    type: data-file\n    elements: 0..5\n    hasAddressPage: true\n`),
      json: "test/fixtures/rules/pdf-only-field/bad.service.json",
    },
    "no-main-box": {
      dsl: service("  letters:\n    type: pdf\n    elements: 1\n"),
      json: "test/fixtures/rules/no-main-box/bad.service.json",
    },
    "split-area-page": {
      dsl: service(`  letters:\n${pdf}    split: { area: [10, 10, 60, 12], value: ^INVOICE, page: 2 }\n`),
      json: "test/fixtures/rules/split-area-page/bad.service.json",
    },
  };

  const lint = async (file: string, ...options: string[]) => {
    const result = await runCli(["lint", "--format", "json", ...options, file]);
    return { code: result.code, found: JSON.parse(result.stdout) as { code: string; severity: string }[] };
  };

  for (const [id, { dsl, json }] of Object.entries(cases)) {
    it(`${id}, in a DSL file and in a JSON file`, async () => {
      const file = join(mkdtempSync(join(tmpdir(), "mailroom-basis-")), "allowed.service.yaml");
      writeFileSync(file, dsl);
      for (const path of [file, json]) {
        const linted = await lint(path);
        expect(linted.found.length, path).toBeGreaterThan(0);
        expect(
          linted.found.map((d) => `${d.code} ${d.severity}`),
          path,
        ).toEqual(linted.found.map(() => `${id} warning`));
        expect(linted.code, path).toBe(0);
        expect((await lint(path, "--max-warnings", "0")).code, path).toBe(1);
      }
    });
  }
});

describe("a split's page other than first and last", () => {
  it("is decompiled as the number it is, and builds back to it", async () => {
    const out = mkdtempSync(join(tmpdir(), "mailroom-page-"));
    const json = "test/fixtures/rules/split-area-page/bad.service.json";
    expect((await runCli(["decompile", "--out", out, json])).code).toBe(0);
    const [name] = readdirSync(out);
    const dsl = join(out, name ?? "");
    const text = readFileSync(dsl, "utf8");
    expect(text).toContain("page: 2 }");
    expect(text).toContain("page: 0 }");
    expect(text).toContain("page: last }");
    const built = await runCli(["build", "--stdout", dsl]);
    expect(built.code).toBe(0);
    expect(JSON.parse(built.stdout)).toEqual(JSON.parse(readFileSync(join(repoRoot, json), "utf8")));
  });
});
