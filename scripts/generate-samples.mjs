// Writes the sample files of the example services (examples/samples/), the files `mailroom eval` is shown and
// tested on: small PDFs whose text sits in the areas the examples read (in millimetres, as
// examples/mailroom.config.yaml says), and the data files of the data-file boxes. Deterministic: the same bytes on
// every run (fixed dates, no random ids). Run from the repository root: node scripts/generate-samples.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "examples/samples");
const A4 = [595.28, 841.89];
const pt = (mm) => (mm * 72) / 25.4;
const FIXED = new Date("2024-04-05T07:30:00Z");

/**
 * Each text is drawn at `at`: [left, top] in mm from the top left of the page, its baseline 4 mm below `top`, so
 * that it lies inside an area whose top is `top` and whose height is 5 mm or more.
 */
const SAMPLES = {
  "supplier-invoices": [
    {
      file: "FACTURES_20240315_LOT07.pdf",
      pages: [
        [
          [[120, 18], "FACTURE N° FA-2024-00042"],
          [[15, 62], "Code client : C-10293"],
          [[15, 70], "Réf. commande : bc_2024_001234"],
          [[15, 120], "Désignation : prestations de mars 2024"],
        ],
      ],
    },
    { file: "BC_2024_001234.pdf", pages: [[[[15, 20], "Bon de commande BC-2024-001234"]]] },
    { file: "BL_2024_55310.pdf", pages: [[[[120, 40], "Commande BC-2024-001234"]]] },
    { file: "FA-2024-00042.xml", data: '<?xml version="1.0" encoding="UTF-8"?>\n<invoice number="FA-2024-00042"/>\n' },
  ],
  "registered-letter": [
    { file: "LRAR_2024-0317_Dupont.pdf", pages: [[[[110, 48], "Madame Claire  Dupont"]], [[[15, 20], "Page 2"]]] },
  ],
  "annual-statements": [
    {
      file: "DECOMPTES_2023.pdf",
      pages: [
        [
          [[15, 40], "Lot n° 42"],
          [[110, 50], "Mme Hélène Lefèvre"],
        ],
        [[[15, 20], "Annexe"]],
      ],
    },
  ],
  "customer-notices": [
    {
      file: "AVIS00012345_2024T2.pdf",
      pages: [
        [
          [[110, 50], "M. Jean   Martin"],
          [[120, 95], "15 avril 2024"],
          [[150, 180], "1 234,56 €"],
        ],
      ],
    },
    { file: "ECH_00012345.pdf", pages: [[[[15, 20], "Échéancier de prélèvement"]]] },
  ],
  payslips: [
    {
      file: "PAIE_2024_03.pdf",
      title: "Bulletins de paie mars 2024",
      pages: [
        [
          [[110, 40], "Période du 01/03/2024 au 31/03/2024"],
          [[15, 48], "Matricule : AB12345"],
          [[110, 52], "Sophie Bernard"],
          [[15, 56], "Sophie.Bernard@Example.com"],
          [[110, 58], "12 rue des Lilas"],
          [[110, 64], "69003 Lyon"],
        ],
      ],
    },
    { file: "ATTEST_AB12345.pdf", pages: [[[[15, 60], "Matricule : AB12345"]], [[[15, 20], "Page 2"]]] },
  ],
};

async function pdf({ pages, title }) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.setCreationDate(FIXED);
  document.setModificationDate(FIXED);
  document.setProducer("mailroom samples");
  document.setCreator("scripts/generate-samples.mjs");
  if (title) document.setTitle(title);
  for (const texts of pages) {
    const page = document.addPage(A4);
    for (const [[left, top], text] of texts) {
      page.drawText(text, { x: pt(left + 1), y: A4[1] - pt(top + 4), size: 10, font });
    }
  }
  return document.save({ useObjectStreams: false });
}

for (const [service, files] of Object.entries(SAMPLES)) {
  for (const sample of files) {
    const path = join(out, service, sample.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, sample.data ?? (await pdf(sample)));
  }
}
console.log(`wrote the samples under ${out}`);
