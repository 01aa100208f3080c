// Writes the sample files of the example services (examples/samples/), the files `mailroom eval` and the examples'
// test cases (examples/*.service.test.yaml) run on: small PDFs whose text sits in the areas the examples read (in
// millimetres, as examples/mailroom.config.yaml says), batches of several documents to split, the data files of
// the data-file boxes, and ZIP archives of annexes. Deterministic: the same bytes on every run (fixed dates, no
// random ids). Run from the repository root: node scripts/generate-samples.mjs [--out <folder>]
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { strToU8, zipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFlag = process.argv.indexOf("--out");
const out = outFlag === -1 ? join(root, "examples/samples") : resolve(process.argv[outFlag + 1] ?? ".");
const A4 = [595.28, 841.89];
const pt = (mm) => (mm * 72) / 25.4;
const FIXED = new Date("2024-04-05T07:30:00Z");

/** The legal notice at the foot of the last page of each payslip, where the payslips' split looks for it. */
const PAYSLIP_END = [
  [15, 272],
  "Dans votre intérêt et pour vous aider à faire valoir vos droits, conservez ce bulletin.",
];

/** A payslip of April 2024: the texts its metadata read on page 1, the legal notice on its last page. */
const payslip = ({ id, name, street, city, pages }) => {
  const email = `${name.replace(" ", ".")}@Example.com`;
  const first = [
    [[110, 40], "Période du 01/04/2024 au 30/04/2024"],
    [[15, 48], `Matricule : ${id}`],
    [[110, 52], name],
    [[15, 56], email],
    [[110, 58], street],
    [[110, 64], city],
  ];
  const all = [first, ...Array.from({ length: pages - 1 }, (_, i) => [[[15, 20], `Page ${i + 2}/${pages}`]])];
  all[all.length - 1] = [...(all[all.length - 1] ?? []), PAYSLIP_END];
  return all;
};

/** An employer attestation: two pages, the employee's number on the first. */
const attestation = (id) => [[[[15, 60], `Matricule : ${id}`]], [[[15, 20], "Page 2"]]];

/** A yearly statement: the lot and the co-owner on page 1, an annex on page 2. */
const statement = (lot, name) => [
  [
    [[15, 40], `Lot n° ${lot}`],
    [[110, 50], name],
  ],
  [[[15, 20], "Annexe"]],
];

/** The first page of an invoice: its header, where the invoices' split looks for "FACTURE N°". */
const invoice = (number, customer, order) => [
  [[120, 18], `FACTURE N° ${number}`],
  [[15, 62], `Code client : ${customer}`],
  [[15, 70], `Réf. commande : ${order}`],
  [[15, 120], "Désignation : fournitures d'avril 2024"],
];
const purchaseOrder = (number) => ({ pages: [[[[15, 20], `Bon de commande ${number}`]]] });
const deliveryNote = (order) => ({ pages: [[[[120, 40], `Commande ${order}`]]] });
const facturX = (number) => ({
  data: `<?xml version="1.0" encoding="UTF-8"?>\n<invoice number="${number}"/>\n`,
});
const CSV_DATA = {
  data: "invoiceNumber;customerCode;totalAmount\nFA-2024-00053;C-10293;2480.00\n",
};

/**
 * Each text is drawn at `at`: [left, top] in mm from the top left of the page, its baseline 4 mm below `top`, so
 * that it lies inside an area whose top is `top` and whose height is 5 mm or more. A sample with `entries` is a
 * ZIP archive of them, in the order given.
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
    // The general terms of sale, which the service stores: a case gives them as a file of their box.
    { file: "CGV_2024.pdf", pages: [[[[15, 20], "Conditions générales de vente"]], [[[15, 20], "Page 2"]]] },
    // Three invoices, the first on two pages.
    {
      file: "FACTURES_20240415_LOT08.pdf",
      pages: [
        invoice("FA-2024-00051", "C-10293", "BC-2024-001240"),
        [[[15, 20], "Facture FA-2024-00051 (suite)"]],
        invoice("FA-2024-00052", "C-20417", "bc 2024 001241"),
        invoice("FA-2024-00053", "C-10293", "BC_2024_001250"),
      ],
    },
    // Their annexes: a purchase order per box matcher's spelling, delivery notes (two for the first invoice), the
    // Factur-X data (XML, and CSV for the third), and two entries no matcher takes.
    {
      file: "ANNEXES_LOT08.zip",
      entries: [
        ["commandes/BC_2024_001240.pdf", purchaseOrder("BC-2024-001240")],
        ["commandes/bc-2024-001241.pdf", purchaseOrder("BC-2024-001241")],
        ["livraisons/BL_2024_56001.pdf", deliveryNote("BC-2024-001240")],
        ["livraisons/BL_2024_56002.pdf", deliveryNote("BC 2024 001250")],
        ["livraisons/BL_2024_56003.pdf", deliveryNote("BC-2024-001240")],
        ["__MACOSX/livraisons/._BL_2024_56001.pdf", { data: "Mac OS X resource fork\n" }],
        ["facturx/FA-2024-00051.xml", facturX("FA-2024-00051")],
        ["facturx/FA-2024-00052.xml", facturX("FA-2024-00052")],
        ["facturx/FA-2024-00053.csv", CSV_DATA],
        ["readme.txt", { data: "Pièces justificatives du lot 08.\n" }],
      ],
    },
    // The same batch's annexes gone wrong: no Factur-X data for the third invoice, and a delivery note for an
    // order no invoice quotes.
    {
      file: "ANNEXES_LOT08_INCOMPLET.zip",
      entries: [
        ["BC_2024_001240.pdf", purchaseOrder("BC-2024-001240")],
        ["BL_2024_56001.pdf", deliveryNote("BC-2024-001240")],
        ["BL_2024_56009.pdf", deliveryNote("BC-2024-009999")],
        ["FA-2024-00051.xml", facturX("FA-2024-00051")],
        ["FA-2024-00052.xml", facturX("FA-2024-00052")],
      ],
    },
  ],
  "registered-letter": [
    { file: "LRAR_2024-0317_Dupont.pdf", pages: [[[[110, 48], "Madame Claire  Dupont"]], [[[15, 20], "Page 2"]]] },
    { file: "LRAR_2024-0318_Martin.pdf", pages: [[[[110, 48], "Monsieur Paul Martin"]]] },
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
    // Three statements of two pages each.
    {
      file: "DECOMPTES_2024.pdf",
      pages: [
        ...statement(42, "Mme Hélène Lefèvre"),
        ...statement(43, "M. François Garçon"),
        ...statement(57, "SCI Les Tilleuls"),
      ],
    },
    // The same with the last annex missing: five pages cannot be cut every two.
    {
      file: "DECOMPTES_2024_INCOMPLET.pdf",
      pages: [...statement(42, "Mme Hélène Lefèvre"), ...statement(43, "M. François Garçon"), statement(57, "")[0]],
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
    {
      file: "AVIS00067890_2024T3.pdf",
      pages: [
        [
          [[110, 50], "Mme Anne Leroy"],
          [[120, 95], "15 juillet 2024"],
          [[150, 180], "845,00 €"],
        ],
      ],
    },
    { file: "ECH_00067890.pdf", pages: [[[[15, 20], "Échéancier de prélèvement"]]] },
    // A schedule of a lease that has no notice in the job.
    { file: "ECH_00099999.pdf", pages: [[[[15, 20], "Échéancier de prélèvement"]]] },
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
          PAYSLIP_END,
        ],
      ],
    },
    { file: "ATTEST_AB12345.pdf", pages: [[[[15, 60], "Matricule : AB12345"]], [[[15, 20], "Page 2"]]] },
    // Three payslips on five pages, each ending on the page with the legal notice.
    {
      file: "PAIE_2024_04.pdf",
      title: "Bulletins de paie avril 2024",
      pages: [
        ...payslip({ id: "AB12345", name: "Sophie Bernard", street: "12 rue des Lilas", city: "69003 Lyon", pages: 2 }),
        ...payslip({ id: "CD67890", name: "Marc Petit", street: "4 place Bellecour", city: "69002 Lyon", pages: 1 }),
        ...payslip({
          id: "EF24680",
          name: "Lucie Moreau",
          street: "27 avenue Jean Jaurès",
          city: "69007 Lyon",
          pages: 2,
        }),
      ],
    },
    // Two attestations: one for a payslip of the batch, one for an employee who has none.
    { file: "ATTEST_2024_04.pdf", pages: [...attestation("CD67890"), ...attestation("GH13579")] },
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

/**
 * A ZIP of the entries, each a PDF or data as above. The time of every entry is fixed in local time, which is what
 * a ZIP stores, so that the bytes do not depend on the time zone of the run.
 */
async function zip({ entries }) {
  const mtime = new Date(2024, 3, 15, 9, 30, 0);
  const files = {};
  for (const [path, entry] of entries) {
    files[path] = [entry.data === undefined ? await pdf(entry) : strToU8(entry.data), { mtime }];
  }
  return zipSync(files, { level: 6 });
}

for (const [service, files] of Object.entries(SAMPLES)) {
  for (const sample of files) {
    const path = join(out, service, sample.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, sample.data ?? (sample.entries ? await zip(sample) : await pdf(sample)));
  }
}
console.log(`wrote the samples under ${out}`);
