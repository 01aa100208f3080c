import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  documentServices,
  renderHtmlPage,
  renderJson,
  renderMarkdownPage,
  type ServiceDocs,
  type WorkedExampleDocs,
  workedExample,
} from "@mailroom/docs";
import type { Service } from "@mailroom/model";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers.js";
import { exampleFiles } from "./documented.js";
import { sampleDocs } from "./sample-docs.js";

/** The example service of a slug, and its test file as `mailroom docs examples` hands them over. */
function exampleOf(slug: string) {
  const file = exampleFiles().find((f) => f.file === `examples/${slug}.service.yaml`);
  const service = file?.document?.services[0]?.json as Service | undefined;
  if (!file || !service) throw new Error(`no example ${slug}`);
  const testFile = `examples/${slug}.service.test.yaml`;
  return { file, service, test: { file: testFile, text: readFileSync(join(repoRoot, testFile), "utf8") } };
}

/** The worked example of an example service, run from the repository's root as the command line runs it. */
async function simulated(slug: string, text?: string): Promise<WorkedExampleDocs | null> {
  const { service, test } = exampleOf(slug);
  const cwd = process.cwd();
  process.chdir(repoRoot);
  try {
    return await workedExample(service, { file: test.file, text: text ?? test.text }, "mm");
  } finally {
    process.chdir(cwd);
  }
}

async function documentedWithExample(slug: string): Promise<ServiceDocs> {
  const { file } = exampleOf(slug);
  const [docs] = documentServices([{ ...file, workedExample: await simulated(slug) }]).services;
  if (!docs) throw new Error("no page");
  return docs;
}

describe("the worked example", () => {
  it("gives the documents of the first case as the simulation cuts them, with their values", async () => {
    const example = await simulated("payslips");
    expect(example?.case).toBe("April batch split on the legal notice, with an attestation");
    expect(example?.files).toEqual([
      { box: "PAYSLIPS", path: "samples/payslips/PAIE_2024_04.pdf" },
      { box: "ATTESTATIONS", path: "samples/payslips/ATTEST_AB12345.pdf" },
    ]);
    expect(example?.documents.map((d) => [d.reference, d.pages, d.attachedTo])).toEqual([
      ["PAYSLIPS#1", [1, 2], null],
      ["PAYSLIPS#2", [3, 3], null],
      ["PAYSLIPS#3", [4, 5], null],
      ["ATTESTATIONS#1", [1, 2], ["PAYSLIPS#1"]],
    ]);
    const second = example?.documents[1]?.metadata;
    expect(second?.find((m) => m.name === "employeeId")).toEqual({
      name: "employeeId",
      value: "CD67890",
      problem: null,
    });
    expect(second?.find((m) => m.name === "archiveKey")?.value).toBe("N000042_CD67890");
    expect(example?.violations).toEqual([]);
  });

  it("gives archive entries, the ones no box takes, with paths relative to the test file", async () => {
    const example = await simulated("supplier-invoices");
    const data = example?.documents.filter((d) => d.box === "INVOICE_DATA");
    expect(data?.map((d) => [d.file, d.archiveEntry, d.pages, d.attachedTo])).toEqual([
      ["samples/supplier-invoices/ANNEXES_LOT08.zip", "facturx/FA-2024-00051.xml", null, ["INVOICES#1"]],
      ["samples/supplier-invoices/ANNEXES_LOT08.zip", "facturx/FA-2024-00052.xml", null, ["INVOICES#2"]],
      ["samples/supplier-invoices/ANNEXES_LOT08.zip", "facturx/FA-2024-00053.csv", null, ["INVOICES#3"]],
    ]);
    expect(example?.unmatched.map((u) => u.entry)).toEqual(["__MACOSX/livraisons/._BL_2024_56001.pdf", "readme.txt"]);
  });

  it("names the violations, their files as the case writes them", async () => {
    const { test } = exampleOf("payslips");
    // The second case first: the attestation of an employee without a payslip.
    const text = test.text.replace(
      "PAYSLIPS: samples/payslips/PAIE_2024_04.pdf\n      ATTESTATIONS: samples/payslips/ATTEST_AB12345.pdf",
      "PAYSLIPS: samples/payslips/PAIE_2024_04.pdf\n      ATTESTATIONS: samples/payslips/ATTEST_2024_04.pdf",
    );
    expect(text).not.toBe(test.text);
    const example = await simulated("payslips", text);
    expect(example?.violations).toHaveLength(1);
    const [violation] = example?.violations ?? [];
    expect(violation).toMatchObject({
      code: "unattached",
      box: "ATTESTATIONS",
      file: "samples/payslips/ATTEST_2024_04.pdf",
    });
    expect(violation?.message).toContain("(samples/payslips/ATTEST_2024_04.pdf, pages 3-4)");
    expect(example?.documents.at(-1)?.attachedTo).toEqual([]);
  });

  it("says why a case cannot be simulated: a file missing, a path leaving the test file's folder", async () => {
    const { test } = exampleOf("registered-letter");
    const missing = await simulated("registered-letter", test.text.replace("LRAR_2024-0317_Dupont.pdf", "NONE.pdf"));
    expect(missing?.problem).toContain(
      '"samples/registered-letter/NONE.pdf" (box LETTER) cannot be used: no such file',
    );
    expect(missing?.documents).toEqual([]);
    const outside = await simulated(
      "registered-letter",
      test.text.replace("samples/registered-letter", "../samples/registered-letter"),
    );
    expect(outside?.problem).toMatch(/leads outside the workspace of the test file/);
  });

  it("is left out when the test file has problems", async () => {
    expect(await simulated("registered-letter", "cases: []\n")).toBeNull();
  });

  it("reads a case's files relative to the test file, wherever it is", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mailroom-example-"));
    const { service } = exampleOf("registered-letter");
    const pdf = readFileSync(join(repoRoot, "examples/samples/registered-letter/LRAR_2024-0318_Martin.pdf"));
    writeFileSync(join(folder, "LRAR_2024-0318_Martin.pdf"), pdf);
    const text = "cases:\n  - name: here\n    files: { LETTER: LRAR_2024-0318_Martin.pdf }\n";
    const example = await workedExample(
      service,
      { file: relative(process.cwd(), join(folder, "x.service.test.yaml")), text },
      "mm",
    );
    expect(example?.documents[0]?.file).toBe("LRAR_2024-0318_Martin.pdf");
    expect(example?.documents[0]?.metadata.find((m) => m.name === "recipientName")?.value).toBe("Monsieur Paul Martin");
  });
});

describe("the worked example on the page", () => {
  it("has every field described in docs/docs-generator.md", async () => {
    const page = readFileSync(join(repoRoot, "docs/docs-generator.md"), "utf8");
    const named = new Set([...page.matchAll(/`([^`\n]+)`/g)].flatMap((m) => m[1]?.match(/[\w@-]+/g) ?? []));
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) for (const item of value) walk(item);
      else if (typeof value === "object" && value !== null) {
        for (const [key, child] of Object.entries(value)) {
          keys.add(key);
          walk(child);
        }
      }
    };
    walk({ workedExample: (await documentedWithExample("supplier-invoices")).workedExample });
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) expect(named.has(key), key).toBe(true);
  });

  it("is a Markdown section listing documents, values, entries left out and violations, linked to the page", async () => {
    const docs = await documentedWithExample("supplier-invoices");
    const markdown = renderMarkdownPage(docs);
    const section = markdown.slice(markdown.indexOf("# Worked example"), markdown.indexOf('<a id="boxes">'));
    expect(section).toContain("- **INVOICES#2**: page 3 of `samples/supplier-invoices/FACTURES_20240415_LOT08.pdf`");
    expect(section).toContain(
      "- **DELIVERY_NOTES#2**: page 1 of `livraisons/BL_2024_56002.pdf` in `samples/supplier-invoices/ANNEXES_LOT08.zip`, attached to **INVOICES#3**",
    );
    expect(section).toContain('  - [invoiceNumber](#metadata-invoices-invoicenumber): `"FA-2024-00051"`');
    expect(section).toContain("- `readme.txt` in `samples/supplier-invoices/ANNEXES_LOT08.zip`");
    expect(section).toContain("The job breaks no rule of the platform.");
    expect(markdown).toContain("- [Worked example](#example)");
    // Every link of the section reaches an anchor of the page.
    const anchors = new Set([...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
    for (const [, target] of section.matchAll(/\]\(#([^)]+)\)/g)) expect(anchors.has(target), target).toBe(true);
    // The files given and the documents are two lists, not one.
    const html = new MarkdownIt().render(section);
    expect(html.match(/<ul>/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("is an HTML section with a card per document", async () => {
    const docs = await documentedWithExample("payslips");
    const html = await renderHtmlPage(docs);
    expect(html).toContain('<section id="example">');
    expect(html.match(/<article class="card">/g)).toHaveLength(4);
    expect(html).toContain("<h3><code>PAYSLIPS#3</code></h3>");
    expect(html).toContain("<dt>Pages</dt><dd>4 to 5</dd>");
    expect(html).toContain("<code>&quot;Lucie Moreau\\n27 avenue Jean Jaurès\\n69007 Lyon&quot;</code>");
    expect(html).toContain('<a href="#example">Worked example</a>');
  });

  it("is left out of a page without one", async () => {
    const docs = sampleDocs({ workedExample: null });
    expect(renderMarkdownPage(docs)).not.toContain("Worked example");
    expect(await renderHtmlPage(docs)).not.toContain('id="example"');
  });

  it("documents the same test file the same way, byte for byte", async () => {
    const once = renderJson(await documentedWithExample("supplier-invoices"));
    expect(renderJson(await documentedWithExample("supplier-invoices"))).toBe(once);
  });
});
