import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

// The examples' test files guard their services: each mistake a designer might make, made in a copy of the
// supplier-invoices service, fails the case it should, with a difference that names what went wrong.

const SERVICE = "examples/supplier-invoices.service.yaml";

/** `mailroom test` of the supplier-invoices test file, in a copy of the examples whose service `edit` changed. */
async function broken(edit: (text: string) => string) {
  const dir = mkdtempSync(join(tmpdir(), "mailroom-broken-"));
  cpSync(join(repoRoot, "examples"), join(dir, "examples"), { recursive: true });
  const service = join(dir, SERVICE);
  const text = readFileSync(service, "utf8");
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(service, edited);
  return runCli(["test", "examples/supplier-invoices.service.test.yaml"], { cwd: dir, timeout: 60_000 });
}

describe("the examples' test files against a broken service", () => {
  it("a wrong area: the invoice number read elsewhere on the page fails on INVOICES' invoiceNumber", async () => {
    const result = await broken((text) =>
      text.replace("(pdfText(1, [120, 18, 80, 8], params", "(pdfText(1, [120, 28, 80, 8], params"),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("✗ April batch with its annexes");
    expect(result.stdout).toMatch(
      /supplier-invoices\.service\.test\.yaml:\d+:\d+ {2}INVOICES#1 \(samples\/supplier-invoices\/FACTURES_20240415_LOT08\.pdf, pages 1-2\) metadata invoiceNumber\n {8}- expected: "FA-2024-00051"\n {8}\+ actual: {3}/,
    );
  });

  it("a wrong rank: delivery notes tried before purchase orders take the purchase orders", async () => {
    const swapped = (text: string) =>
      text.replace("rank: 1", "rank: X").replace("rank: 2", "rank: 1").replace("rank: X", "rank: 2");
    const result = await broken(swapped);
    expect(result.code).toBe(1);
    // The purchase orders are now delivery notes: PURCHASE_ORDERS has none, DELIVERY_NOTES two too many.
    expect(result.stdout).toMatch(/box PURCHASE_ORDERS\n {8}- expected: 2 documents\n {8}\+ actual: {3}none\n/);
    expect(result.stdout).toMatch(
      /box DELIVERY_NOTES\n {8}- expected: 3 documents\n {8}\+ actual: {3}5 documents: DELIVERY_NOTES#1 \(samples\/supplier-invoices\/ANNEXES_LOT08\.zip commandes\/BC_2024_001240\.pdf/,
    );
  });

  it("a wrong reconcile field: delivery notes paired on their own number go to no invoice", async () => {
    const result = await broken((text) =>
      text.replace(
        "when: meta.deliveryOrderReference == meta.orderReference",
        "when: meta.deliveryNoteNumber == meta.orderReference",
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /DELIVERY_NOTES#1 \(samples\/supplier-invoices\/ANNEXES_LOT08\.zip livraisons\/BL_2024_56001\.pdf, pages 1-1\) attachedTo\n {8}- expected: \["INVOICES#1"\]\n {8}\+ actual: {3}\[\]/,
    );
    expect(result.stdout).toContain("+ actual:   unattached on box DELIVERY_NOTES");
  });
});
