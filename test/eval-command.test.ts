import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readJson, runCli } from "./helpers.js";

const OU = ["--ou", "examples/organizational-unit.json"];
const NOW = ["--now", "2024-03-15T10:00:00Z"];
const samples = (service: string, file: string) => `examples/samples/${service}/${file}`;

/** `mailroom eval --format json` of an example service on its samples: each document's metadata. */
async function evaluated(service: string, files: readonly [string, string][], more: readonly string[] = []) {
  const args = [
    "eval",
    `examples/${service}.service.yaml`,
    ...files.flatMap(([box, file]) => ["--file", `${box}=${samples(service, file)}`]),
    ...OU,
    ...NOW,
    ...more,
    "--format",
    "json",
  ];
  const result = await runCli(args);
  const output = JSON.parse(result.stdout) as {
    documents: { box: string; file: string; metadata: Record<string, string | null>; errors: Record<string, string> }[];
    violations: unknown[];
  };
  // A job with violations is no success: exit 1, and how many on stderr.
  const violations = output.violations.length;
  expect(result.stderr).toBe(
    violations === 0 ? "" : `the job has ${violations} violation${violations === 1 ? "" : "s"}\n`,
  );
  expect(result.code).toBe(violations === 0 ? 0 : 1);
  return output;
}

describe("mailroom eval on the example services and their samples", () => {
  it("supplier-invoices: the invoice, a purchase order, a delivery note and the Factur-X data", async () => {
    const { documents } = await evaluated("supplier-invoices", [
      ["INVOICES", "FACTURES_20240315_LOT07.pdf"],
      ["PURCHASE_ORDERS", "BC_2024_001234.pdf"],
      ["DELIVERY_NOTES", "BL_2024_55310.pdf"],
      ["INVOICE_DATA", "FA-2024-00042.xml"],
    ]);
    expect(documents.map((d) => [d.box, d.metadata, d.errors])).toEqual([
      [
        "INVOICES",
        {
          invoiceNumber: "FA-2024-00042",
          customerCode: "C-10293",
          orderReference: "BC-2024-001234",
          batchDate: "20240315",
          batchNumber: "07",
          customerAccount: "4410-C-10293",
          issuer: "Groupe Hôtelier Vauban – Service Paie – SIRET 83241576900021",
        },
        {},
      ],
      ["PURCHASE_ORDERS", { purchaseOrderNumber: "BC-2024-001234" }, {}],
      [
        "DELIVERY_NOTES",
        {
          deliveryOrderReference: "BC-2024-001234",
          deliveryNoteNumber: "2024_55310",
          deliveryLabel: "FA-2024-00042 / BL 2024_55310",
        },
        {},
      ],
      ["INVOICE_DATA", { dataInvoiceNumber: "FA-2024-00042" }, {}],
    ]);
    expect(documents[0]?.file).toBe("examples/samples/supplier-invoices/FACTURES_20240315_LOT07.pdf");
  });

  it("registered-letter", async () => {
    const { documents } = await evaluated("registered-letter", [["LETTER", "LRAR_2024-0317_Dupont.pdf"]]);
    expect(documents[0]?.metadata).toEqual({
      recipientName: "Madame Claire Dupont",
      letterReference: "LRAR-2024-0317-DU",
      senderSiret: "83241576900021",
    });
  });

  it("annual-statements, with the clock fixed", async () => {
    const { documents } = await evaluated("annual-statements", [["STATEMENTS", "DECOMPTES_2023.pdf"]]);
    expect(documents[0]?.metadata).toEqual({
      lotNumber: "42",
      coOwnerName: "MME HELENE LEFEVRE",
      issuedOn: "15 mars 2024",
      sourceFile: "DECOMPTES_2023",
      rank: "00001",
      ownerAccount: "4410/42",
    });
  });

  it("customer-notices: dates in French, amounts, the unit's return address", async () => {
    const { documents } = await evaluated("customer-notices", [
      ["NOTICES", "AVIS00012345_2024T2.pdf"],
      ["DEBIT_SCHEDULES", "ECH_00012345.pdf"],
    ]);
    expect(documents.map((d) => d.metadata)).toEqual([
      {
        leaseNumber: "00012345",
        tenantName: "M. Jean Martin",
        dueDate: "2024-04-15",
        amountDue: "1234,56",
        paymentReference: "AVE-00012345-202404",
        returnAddress: "Groupe Hôtelier Vauban\nService Paie – Retours courrier\nBP 40217\n67005 Strasbourg Cedex",
      },
      { scheduleLeaseNumber: "00012345" },
    ]);
  });

  it("payslips: the address block line by line, the PDF's own dates and title, the NUID", async () => {
    const { documents } = await evaluated(
      "payslips",
      [
        ["PAYSLIPS", "PAIE_2024_03.pdf"],
        ["ATTESTATIONS", "ATTEST_AB12345.pdf"],
      ],
      ["--nuid", "N000042"],
    );
    expect(documents.map((d) => d.metadata)).toEqual([
      {
        employeeId: "AB12345",
        employeeName: "SOPHIE BERNARD",
        recipientAddress: "Sophie Bernard\n12 rue des Lilas\n69003 Lyon",
        employeeEmail: "sophie.bernard@example.com",
        payPeriod: "mars 2024",
        documentDate: "5 avril 2024",
        sourceTitle: "Bulletins de paie mars 2024",
        sequence: "BP-00001",
        archiveKey: "N000042_AB12345",
        replyTo: "paie@hotels-vauban.example",
      },
      { attestationEmployeeId: "AB12345" },
    ]);
  });
});

describe("mailroom eval, what it reports", () => {
  it("gives the requirement when the job gives it", async () => {
    const { documents } = await evaluated(
      "payslips",
      [["PAYSLIPS", "PAIE_2024_03.pdf"]],
      ["--nuid", "N1", "--requirement", "POSTAL_ADDRESS_RECIPIENT=Mme Roux\n8 quai Est"],
    );
    expect(documents[0]?.metadata.recipientAddress).toBe("Mme Roux\n8 quai Est");
  });

  it("reports a metadata without a value where its expression is written, and exits 1", async () => {
    const result = await runCli([
      "eval",
      "examples/payslips.service.yaml",
      "--file",
      `PAYSLIPS=${samples("payslips", "PAIE_2024_03.pdf")}`,
      ...OU,
      ...NOW,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^PAYSLIPS#1 {2}examples\/samples\/payslips\/PAIE_2024_03\.pdf {2}pages 1-\d+\n {2}employeeId +"AB12345"\n/,
    );
    expect(result.stdout).toMatch(/ {2}archiveKey +\(no value: see below\)\n/);
    expect(result.stderr).toMatch(
      /^examples\/payslips\.service\.yaml:\d+:\d+ {2}error {2}Found that metadata "archiveKey" of box "PAYSLIPS" has no value on "examples\/samples\/payslips\/PAIE_2024_03\.pdf, pages 1-1": the output file's NUID is not given; expected an expression mailroom can evaluate there\. {2}cannot-evaluate\n1 metadata without a value\n$/,
    );
  });

  it("simulates the whole job: a batch split, an archive's entries in their boxes, attachments, violations", async () => {
    const result = await runCli([
      "eval",
      "examples/supplier-invoices.service.yaml",
      "--file",
      `INVOICES=${samples("supplier-invoices", "FACTURES_20240415_LOT08.pdf")}`,
      "--file",
      `ANNEXES=${samples("supplier-invoices", "ANNEXES_LOT08_INCOMPLET.zip")}`,
      ...OU,
      "--format",
      "json",
    ]);
    const output = JSON.parse(result.stdout);
    const zip = samples("supplier-invoices", "ANNEXES_LOT08_INCOMPLET.zip");
    const batch = samples("supplier-invoices", "FACTURES_20240415_LOT08.pdf");
    const shape = output.documents.map((d: Record<string, unknown>) => [
      d.box,
      d.archiveEntry ?? null,
      d.pages ?? null,
    ]);
    expect(shape).toEqual([
      ["INVOICES", null, [1, 2]],
      ["INVOICES", null, [3, 3]],
      ["INVOICES", null, [4, 4]],
      ["PURCHASE_ORDERS", "BC_2024_001240.pdf", [1, 1]],
      ["DELIVERY_NOTES", "BL_2024_56001.pdf", [1, 1]],
      ["DELIVERY_NOTES", "BL_2024_56009.pdf", [1, 1]],
      ["INVOICE_DATA", "FA-2024-00051.xml", null],
      ["INVOICE_DATA", "FA-2024-00052.xml", null],
    ]);
    expect(output.documents[3]).toMatchObject({
      file: zip,
      metadata: { purchaseOrderNumber: "BC-2024-001240" },
      attachedTo: [{ box: "INVOICES", file: batch, pages: [1, 2] }],
    });
    expect(output.documents[5].attachedTo).toEqual([]);
    expect(output.unmatched).toEqual([]);
    expect(output.violations.map((v: { code: string; box: string }) => `${v.code} ${v.box}`)).toEqual([
      "element-count GENERAL_TERMS",
      "unattached DELIVERY_NOTES",
      "match-count INVOICE_DATA",
      "expected-count GENERAL_TERMS",
      "match-count GENERAL_TERMS",
      "match-count GENERAL_TERMS",
      "match-count GENERAL_TERMS",
    ]);
    expect(output.violations[0].message).toContain("its 1 stored file(s) are on the platform");
    // The stray delivery note goes with no invoice: its label, which reads the invoice's number, has no value.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'metadata "deliveryLabel" of box "DELIVERY_NOTES" has no value on "examples/samples/supplier-invoices/ANNEXES_LOT08_INCOMPLET.zip BL_2024_56009.pdf, pages 1-1"',
    );
  });

  it("evaluates on the samples of the configuration when no file is given", async () => {
    const result = await runCli(["eval", "examples/registered-letter.service.yaml", ...OU, "--format", "json"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(result.stdout).documents).toEqual([
      {
        box: "LETTER",
        file: "examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf",
        pages: [1, 2],
        metadata: {
          recipientName: "Madame Claire Dupont",
          letterReference: "LRAR-2024-0317-DU",
          senderSiret: "83241576900021",
        },
        errors: {},
      },
    ]);
  });

  it("refuses what it cannot read, with exit 2", async () => {
    const service = "examples/registered-letter.service.yaml";
    const missing = await runCli(["eval", service, "--file", "LETTER=nowhere.pdf"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mailroom: --file LETTER=nowhere\.pdf: .*no such file/i);
    const box = await runCli(["eval", service, "--file", "LETERS=x.pdf"]);
    expect(box).toMatchObject({ code: 2 });
    expect(box.stderr).toContain('the service has no box "LETERS" (its boxes: LETTER); did you mean "LETTER"?');
    const notPdf = await runCli(["eval", service, "--file", "LETTER=examples/organizational-unit.json"]);
    expect(notPdf.code).toBe(2);
    expect(notPdf.stderr).toMatch(
      /^mailroom: --file LETTER=examples\/organizational-unit\.json: it is not a readable PDF/,
    );
    const now = await runCli([
      "eval",
      service,
      "--file",
      `LETTER=${samples("registered-letter", "LRAR_2024-0317_Dupont.pdf")}`,
      "--now",
      "yesterday",
    ]);
    expect(now.stderr).toContain('--now "yesterday" is not an ISO-8601 instant');
  });

  it("runs Java's regexes as Java (Unicode case, class intersections, back-references under (?i)) and reports a runaway pattern at its expression, exiting 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mailroom-eval-regex-"));
    const name = `Café_ÉTÉ_Straße_abAB_${"a".repeat(40)}!.pdf`;
    copyFileSync(samples("registered-letter", "LRAR_2024-0317_Dupont.pdf"), join(dir, name));
    const letter = readFileSync("examples/registered-letter.service.yaml", "utf8");
    const metadata = [
      "    metadata:",
      "      accents:",
      '        value: fileName | replace(/(?iu)é/, "e", firstOnly=false)',
      "      consonants:",
      '        value: fileName | replace(/[a-z&&[^aeiou]]/, "", firstOnly=false)',
      "      repeated:",
      '        value: fileName | replace(/(?i)(ab)\\1/, "<$1>", firstOnly=false)',
      "      summer:",
      '        value: fileName | replace(/(?iu)été/, "summer", firstOnly=false)',
      "      runaway:",
      '        value: fileName | replace(/(a+)+b\\1?/, "", firstOnly=false)',
      "",
    ].join("\n");
    const service = join(dir, "letter.service.yaml");
    writeFileSync(service, letter.replace(/ {4}metadata:\n[\s\S]*?\n\n/, `${metadata}\n`));
    const result = await runCli(["eval", service, "--file", `LETTER=${join(dir, name)}`, ...OU, "--format", "json"]);
    expect(result.code).toBe(1);
    const { documents } = JSON.parse(result.stdout) as {
      documents: { metadata: Record<string, string | null>; errors: Record<string, string> }[];
    };
    const as = "_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!.";
    // What Java 17's String.replaceAll gives on the same name.
    expect(documents[0]?.metadata).toEqual({
      accents: `Cafe_eTe_Straße_abAB${as}pdf`,
      consonants: `Caé_ÉTÉ_Saße_aAB${as}`,
      repeated: `Café_ÉTÉ_Straße_<ab>${as}pdf`,
      summer: `Café_summer_Straße_abAB${as}pdf`,
      runaway: null,
    });
    expect(result.stderr).toMatch(
      /letter\.service\.yaml:\d+:\d+ {2}error {2}Found that metadata "runaway" of box "LETTER" has no value on "[^"]+": The pattern "\(a\+\)\+b\\1\?" backtracks more than 20,000,000 steps on this text \(66 characters\), out of control: Java would run for a very long time \(hang\) on it; expected an expression mailroom can evaluate there\. {2}cannot-evaluate/,
    );
  });

  it("refuses an archive that claims to inflate past the limits, before inflating it, and a broken one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mailroom-eval-zip-"));
    // A small archive whose headers declare 600 MB: what a ZIP bomb looks like before it is opened.
    const bomb = zipSync({ "BC_2024_000001.pdf": new Uint8Array(1000) });
    const view = new DataView(bomb.buffer);
    for (let at = 0; at < bomb.length - 4; at++) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 600_000_000, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 600_000_000, true);
    }
    writeFileSync(join(dir, "bomb.zip"), bomb);
    writeFileSync(join(dir, "broken.zip"), bomb.subarray(0, 40));
    const run = (zip: string) =>
      runCli(["eval", "examples/supplier-invoices.service.yaml", "--file", `ANNEXES=${join(dir, zip)}`]);
    const refused = await run("bomb.zip");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("the archive is refused: its files inflate to more than 512 MiB");
    const broken = await run("broken.zip");
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("it is not a ZIP archive that can be read");
  });
});

describe("mailroom eval on PDFs of other producers", () => {
  interface Recorded {
    readonly pdf: string;
    readonly page: number;
    readonly area: { left: number; top: number; width: number; height: number };
    readonly sortByPosition: boolean;
    readonly text: string;
  }
  const corpus = readJson("packages/runtime/test/corpus/pdf-producers.json") as { cases: Recorded[] };
  /** The first recorded area of a PDF, whole pages aside, whose PDFBox text passes the test. */
  const recorded = (pdf: string, test: (text: string) => boolean) => {
    const found = corpus.cases.find((c) => c.pdf === pdf && c.area.width < 1000 && test(c.text));
    if (!found) throw new Error(`no recorded area of ${pdf} fits`);
    return found;
  };

  it("reads areas of a LaTeX page with accents drawn apart and of rotated stamps as PDFBox does", async () => {
    // Accents drawn over their letters (OT1 fonts), and words at 15, 30 and 45 degrees.
    const accents = recorded("pdftex-ot1-accents.pdf", (text) => text.includes("e\u0301") && text.includes(" "));
    const stamp = recorded("cairo-angles.pdf", (text) => /[A-Za-z]{3}\n[A-Za-z]{2}/.test(text));
    const dir = mkdtempSync(join(tmpdir(), "mailroom-eval-producers-"));
    const area = ({ area: a, page, sortByPosition }: Recorded) =>
      `pdfText(${page}, [${a.left}, ${a.top}, ${a.width}, ${a.height}], params={sortByPosition="${sortByPosition}"})`;
    writeFileSync(
      join(dir, "producers.service.yaml"),
      `id: 1
name: producers
type: ADVANCED
organizationalUnit: { id: 1, name: OU }
boxes:
  LATEX:
    type: pdf
    main: true
    elements: 1
    metadata:
      accents: { value: '${area(accents)}' }
  CAIRO:
    type: pdf
    elements: 1
    metadata:
      stamp: { value: '${area(stamp)}' }
`,
    );
    const folder = "packages/runtime/test/pdfs/producers";
    const result = await runCli([
      "eval",
      join(dir, "producers.service.yaml"),
      "--file",
      `LATEX=${folder}/${accents.pdf}`,
      "--file",
      `CAIRO=${folder}/${stamp.pdf}`,
      "--area-unit",
      "pt",
      ...OU,
      ...NOW,
      "--format",
      "json",
    ]);
    expect(result.stderr).toBe("");
    const { documents } = JSON.parse(result.stdout) as {
      documents: { box: string; metadata: Record<string, string> }[];
    };
    expect(documents.find((d) => d.box === "LATEX")?.metadata.accents).toBe(accents.text);
    expect(documents.find((d) => d.box === "CAIRO")?.metadata.stamp).toBe(stamp.text);
  });
});
