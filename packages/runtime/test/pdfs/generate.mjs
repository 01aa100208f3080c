// Writes the small PDFs of @mailroom/runtime's PDF tests (standard fonts, rotated pages, a crop box, columns,
// accented text, text drawn out of order). The bytes are deterministic: fixed dates, no random ids.
// Run from the repository root: node packages/runtime/test/pdfs/generate.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  beginText,
  concatTransformationMatrix,
  degrees,
  endText,
  moveText,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  setCharacterSpacing,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  setWordSpacing,
  showText,
} from "pdf-lib";

const here = dirname(fileURLToPath(import.meta.url));
const fixedDate = new Date("2024-03-05T10:20:30Z");

async function create(info = {}) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(fixedDate);
  doc.setModificationDate(fixedDate);
  doc.setProducer("mailroom test PDFs");
  if (info.title) doc.setTitle(info.title);
  if (info.author) doc.setAuthor(info.author);
  if (info.subject) doc.setSubject(info.subject);
  if (info.keywords) doc.setKeywords(info.keywords);
  if (info.creator) doc.setCreator(info.creator);
  const fonts = {};
  for (const [key, name] of Object.entries({
    helvetica: StandardFonts.Helvetica,
    helveticaBold: StandardFonts.HelveticaBold,
    times: StandardFonts.TimesRoman,
    timesItalic: StandardFonts.TimesRomanItalic,
    courier: StandardFonts.Courier,
  })) {
    fonts[key] = await doc.embedFont(name);
  }
  return { doc, fonts };
}

async function save(name, doc) {
  writeFileSync(join(here, name), await doc.save({ useObjectStreams: false }));
}

/** Raw text operators, for what drawText cannot express (TJ arrays, spacing, rise, squeeze, matrices). */
function raw(page, font, size, ops) {
  const key = page.node.newFontDictionary(font.name, font.ref);
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFontAndSize(key, size),
    ...ops,
    endText(),
    popGraphicsState(),
  );
}

const tj = (doc, font, parts) =>
  PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [
    doc.context.obj(parts.map((part) => (typeof part === "string" ? font.encodeText(part) : part))),
  ]);

// 1. An invoice: three fonts, several sizes, labels and values on the same lines.
{
  const { doc, fonts } = await create({
    title: "Invoice INV-2024-0042",
    author: "Compta Générale",
    subject: "Facture de mars",
    keywords: ["invoice", "mars", "client 1234"],
    creator: "mailroom generator",
  });
  doc.getInfoDict().set(PDFName.of("ClientId"), PDFString.of("C-1234"));
  const page = doc.addPage([595.28, 841.89]);
  page.drawText("ACME Industries SA", { x: 40, y: 790, size: 18, font: fonts.helveticaBold });
  page.drawText("12 rue des Lilas, 75011 Paris", { x: 40, y: 770, size: 10, font: fonts.helvetica });
  page.drawText("Invoice No: INV-2024-0042", { x: 350, y: 790, size: 12, font: fonts.helvetica });
  page.drawText("Date: 05/03/2024", { x: 350, y: 774, size: 12, font: fonts.helvetica });
  page.drawText("Customer ref.  C-1234", { x: 350, y: 758, size: 9, font: fonts.courier });
  const lines = [
    ["Widget, blue", "4", "12.50", "50.00"],
    ["Gadget (large)", "1", "199.00", "199.00"],
    ["Service fee", "2", "35.75", "71.50"],
    ["Shipping", "1", "9.90", "9.90"],
  ];
  page.drawText("Description", { x: 40, y: 700, size: 11, font: fonts.helveticaBold });
  page.drawText("Qty    Unit   Total", { x: 330, y: 700, size: 11, font: fonts.helveticaBold });
  lines.forEach(([what, qty, unit, total], i) => {
    const y = 680 - i * 16;
    page.drawText(what, { x: 40, y, size: 11, font: fonts.times });
    page.drawText(qty, { x: 335, y, size: 11, font: fonts.times });
    page.drawText(unit, { x: 370, y, size: 11, font: fonts.times });
    page.drawText(total, { x: 420, y, size: 11, font: fonts.times });
  });
  page.drawText("Total due: 330.40 EUR", { x: 330, y: 600, size: 14, font: fonts.helveticaBold });
  page.drawText("Payment within 30 days. Thank you for your business.", {
    x: 40,
    y: 560,
    size: 8,
    font: fonts.timesItalic,
  });
  await save("invoice.pdf", doc);
}

// 2. Accented text in WinAnsi, in the three families.
{
  const { doc, fonts } = await create({ title: "Accents é à ç" });
  const page = doc.addPage([420, 300]);
  const texts = [
    ["Facture n° 42 : échéance à réception", fonts.helvetica, 12],
    ["Reçu de Françoise Lefèvre, Noël 2023", fonts.times, 11],
    ["Straße Müller, Œuvre à 1 000 €", fonts.courier, 10],
    ["Ça coûte très cher : 25,00 € TTC", fonts.helveticaBold, 14],
    ["déjà vu — naïve façade, où ça ?", fonts.timesItalic, 9],
  ];
  texts.forEach(([text, font, size], i) => {
    page.drawText(text, { x: 30, y: 260 - i * 40, size, font });
  });
  await save("accents.pdf", doc);
}

// 3. Rotated pages: plain text (sideways when displayed) and text drawn upright for the reader.
{
  const { doc, fonts } = await create({ title: "Rotations" });
  for (const rotation of [0, 90, 180, 270]) {
    const page = doc.addPage([400, 250]);
    page.setRotation(degrees(rotation));
    page.drawText(`Plain text on a page rotated ${rotation}`, { x: 30, y: 200, size: 12, font: fonts.helvetica });
    page.drawText("Reference: R-77/B", { x: 30, y: 180, size: 10, font: fonts.times });
    // Upright for the reader: the text is turned by the page's rotation.
    const [x, y] = { 0: [60, 100], 90: [250, 30], 180: [340, 140], 270: [150, 220] }[rotation];
    page.drawText(`Upright ${rotation}: total 12.34`, {
      x,
      y,
      size: 11,
      font: fonts.courier,
      rotate: degrees(rotation),
    });
    page.drawText("Second upright line", {
      x: x + (rotation === 90 ? -14 : rotation === 270 ? 14 : 0),
      y: y + (rotation === 0 ? -14 : rotation === 180 ? 14 : 0),
      size: 11,
      font: fonts.courier,
      rotate: degrees(rotation),
    });
  }
  await save("rotated.pdf", doc);
}

// 4. A crop box that does not start at the origin (text outside it is still read by position).
{
  const { doc, fonts } = await create({ title: "Crop box" });
  const page = doc.addPage([500, 500]);
  page.setCropBox(60, 80, 360, 340);
  page.drawText("Inside the crop box: INV-99", { x: 80, y: 380, size: 12, font: fonts.helvetica });
  page.drawText("Lower line 3.14", { x: 100, y: 120, size: 10, font: fonts.times });
  page.drawText("Outside left", { x: 5, y: 300, size: 10, font: fonts.times });
  page.drawText("Outside top", { x: 100, y: 460, size: 10, font: fonts.times });
  const rotated = doc.addPage([500, 500]);
  rotated.setCropBox(50, 40, 400, 300);
  rotated.setRotation(degrees(90));
  rotated.drawText("Cropped and rotated 90", { x: 70, y: 300, size: 12, font: fonts.helvetica });
  rotated.drawText("Second line 42", { x: 70, y: 284, size: 12, font: fonts.helvetica });
  await save("cropbox.pdf", doc);
}

// 5. Two columns, drawn column after column.
{
  const { doc, fonts } = await create({ title: "Columns" });
  const page = doc.addPage([500, 400]);
  const left = ["Left column line one", "left column line two", "left three, short", "left four ends here"];
  const right = ["Right column first", "right column second", "right third 3", "right fourth and last"];
  left.forEach((text, i) => {
    page.drawText(text, { x: 30, y: 350 - i * 14, size: 11, font: fonts.times });
  });
  right.forEach((text, i) => {
    page.drawText(text, { x: 260, y: 350 - i * 14, size: 11, font: fonts.times });
  });
  page.drawText("Footer spanning both columns of the page", { x: 30, y: 40, size: 9, font: fonts.helvetica });
  await save("columns.pdf", doc);
}

// 6. Out of order: lines drawn bottom first, words drawn right to left, so sorting by position matters.
{
  const { doc, fonts } = await create({ title: "Out of order" });
  const page = doc.addPage([400, 300]);
  page.drawText("third line last", { x: 40, y: 200, size: 12, font: fonts.helvetica });
  page.drawText("first line", { x: 40, y: 240, size: 12, font: fonts.helvetica });
  page.drawText("second line", { x: 40, y: 220, size: 12, font: fonts.helvetica });
  page.drawText("world", { x: 110, y: 150, size: 12, font: fonts.times });
  page.drawText("hello", { x: 40, y: 150, size: 12, font: fonts.times });
  page.drawText("00042", { x: 200, y: 100, size: 10, font: fonts.courier });
  page.drawText("No.", { x: 170, y: 100, size: 10, font: fonts.courier });
  page.drawText("Amount", { x: 40, y: 100, size: 10, font: fonts.courier });
  await save("out-of-order.pdf", doc);
}

// 7. Text operators that drawText does not use: TJ kerning and gaps, spacing, rise, squeeze, matrices.
{
  const { doc, fonts } = await create({ title: "Operators" });
  const page = doc.addPage([450, 350]);
  const h = fonts.helvetica;
  raw(page, h, 12, [moveText(30, 300), tj(doc, h, ["Ke", 80, "rned ", -40, "T", 120, "ext"])]);
  raw(page, h, 12, [moveText(30, 280), tj(doc, h, ["Gap", -400, "wide", -200, "narrow", -120, "end"])]);
  raw(page, h, 11, [moveText(30, 260), setCharacterSpacing(2), showText(h.encodeText("Spaced out 12"))]);
  raw(page, h, 11, [moveText(30, 240), setWordSpacing(8), showText(h.encodeText("Word spacing here"))]);
  raw(page, h, 11, [moveText(30, 220), setCharacterSqueeze(70), showText(h.encodeText("Squeezed text 70%"))]);
  raw(page, h, 11, [
    moveText(30, 200),
    showText(h.encodeText("E = mc")),
    setTextRise(5),
    showText(h.encodeText("2")),
    setTextRise(0),
    showText(h.encodeText(" and H")),
    setTextRise(-3),
    showText(h.encodeText("2")),
    setTextRise(0),
    showText(h.encodeText("O")),
  ]);
  raw(page, fonts.times, 1, [
    setTextMatrix(14, 0, 0, 14, 30, 170),
    showText(fonts.times.encodeText("Matrix sized 14")),
  ]);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1.5, 0, 0, 1.5, 20, 20));
  raw(page, fonts.courier, 8, [moveText(10, 80), showText(fonts.courier.encodeText("Scaled by cm 1.5"))]);
  page.pushOperators(popGraphicsState());
  // Bold simulated by drawing twice, slightly shifted: the duplicate is suppressed.
  page.drawText("Fake bold", { x: 30, y: 100, size: 12, font: h });
  page.drawText("Fake bold", { x: 30.3, y: 100, size: 12, font: h });
  page.drawText("Vertical", { x: 400, y: 60, size: 10, font: h, rotate: degrees(90) });
  page.drawText("Skewed down", { x: 250, y: 120, size: 10, font: h, rotate: degrees(-30) });
  page.drawText("Tight", { x: 300, y: 300, size: 10, font: h });
  page.drawText("lines", { x: 300, y: 292, size: 10, font: h });
  page.drawText("small", { x: 330, y: 296, size: 6, font: fonts.times });
  await save("operators.pdf", doc);
}

// 8. Several pages, for page numbers from the end.
{
  const { doc, fonts } = await create({ title: "Pages" });
  for (let n = 1; n <= 5; n++) {
    const page = doc.addPage([300, 200]);
    page.drawText(`Page ${n} of 5`, { x: 20, y: 170, size: 12, font: fonts.helvetica });
    page.drawText(`Body of page ${n}: code P${n}X`, { x: 20, y: 100, size: 10, font: fonts.times });
  }
  doc.addPage([300, 200]);
  await save("pages.pdf", doc);
}
