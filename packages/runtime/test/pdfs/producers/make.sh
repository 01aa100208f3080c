#!/bin/sh
# Makes the PDFs of this folder with Debian's producers, from the sources beside this script: pdfTeX
# (texlive-latex-base, texlive-fonts-recommended; metafont for the bitmap fonts), Ghostscript, ReportLab and
# pycairo (python3-reportlab, python3-cairo), qpdf and MuPDF's mutool. The tests read the committed PDFs and
# never run these producers. Dates are fixed so that a run gives the same text; ids may differ.
# Run from anywhere: sh packages/runtime/test/pdfs/producers/make.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1709634030 FORCE_SOURCE_DATE=1
cd "$here"

for tex in pdftex-*.tex; do
  # No trailer id: pdfTeX would hash the output path into it.
  pdflatex -interaction=nonstopmode -halt-on-error -output-directory="$work" -jobname="${tex%.tex}" \
    "\\pdftrailerid{}\\input{$tex}" >/dev/null
  cp "$work/${tex%.tex}.pdf" .
done

gs_pdf() { gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite "$@"; }
gs_pdf -dEmbedAllFonts=false -sOutputFile=gs-standard.pdf gs-standard.ps
for ps in gs-embedded gs-type3 gs-rotated; do gs_pdf -sOutputFile=$ps.pdf $ps.ps; done
icc=$(ls /usr/share/ghostscript/*/iccprofiles/default_rgb.icc | head -n 1)
gs_pdf -dPDFA=2 -dPDFACompatibilityPolicy=1 -sColorConversionStrategy=RGB --permit-file-read="$icc" \
  -sICC="$icc" -sOutputFile=gs-pdfa.pdf pdfa-output-intent.ps gs-pdfa.ps

for py in reportlab-*.py cairo-*.py; do /usr/bin/python3 "$py" "${py%.py}.pdf"; done

# Rewrites of the PDFs above: object streams and rotated pages (qpdf), crop boxes off the origin (mutool).
qpdf --deterministic-id --object-streams=generate --empty \
  --pages reportlab-spacing.pdf pdftex-columns.pdf gs-standard.pdf cairo-angles.pdf -- \
  --rotate=+90:2 --rotate=+180:3 --rotate=+270:4 qpdf-rotated.pdf
qpdf --deterministic-id --object-streams=generate --compress-streams=y pdftex-columns.pdf qpdf-objstreams.pdf
qpdf --deterministic-id --empty --pages gs-embedded.pdf reportlab-spacing.pdf gs-type3.pdf cairo-forms.pdf -- "$work/boxes.pdf" 2>/dev/null || test $? -eq 3
# mutool run: crop boxes whose origin is not at 0,0, and pages turned by /Rotate (MuJS is ES5: var).
cat > "$work/boxes.js" <<'JS'
var doc = new PDFDocument(scriptArgs[0]);
var boxes = [
  { crop: [40, 90, 520, 790], rotate: 0 },
  { crop: [30, 300, 565, 812], rotate: 90 },
  { crop: [50, 50, 545, 700], rotate: 180 },
  { crop: [25.5, 120.25, 500.75, 800], rotate: 270 },
];
for (var i = 0; i < doc.countPages(); i++) {
  var page = doc.findPage(i);
  var box = boxes[i % boxes.length];
  page.put("CropBox", box.crop);
  if (box.rotate) page.put("Rotate", box.rotate);
}
doc.save(scriptArgs[1], "garbage,compress");
JS
mutool run "$work/boxes.js" "$work/boxes.pdf" mutool-boxes.pdf
mutool clean -gggz -l reportlab-rtl.pdf mutool-clean.pdf
ls -l "$here"/*.pdf
