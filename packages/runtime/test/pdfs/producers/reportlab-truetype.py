# ReportLab: embedded TrueType fonts (DejaVu, FreeFont) as subsets, paragraphs with tight leading,
# superscripts and subscripts (text rise), character and word spacing, horizontal scaling.
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph

pdfmetrics.registerFont(TTFont("DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuSerif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
pdfmetrics.registerFont(TTFont("FreeSerif", "/usr/share/fonts/truetype/freefont/FreeSerif.ttf"))
pdfmetrics.registerFont(TTFont("FreeMono", "/usr/share/fonts/truetype/freefont/FreeMono.ttf"))

c = canvas.Canvas(sys.argv[1], pagesize=A4, invariant=1, pageCompression=1)
c.setTitle("ReportLab TrueType")
c.setFont("DejaVuSans", 12)
c.drawString(60, 780, "DejaVu Sans: Invoice INV-2024-0042, customer C-1234")
c.drawString(60, 765, "Accents: café naïve élève forêt Straße mañana Ångström œuvre")
c.setFont("DejaVuSerif", 10)
c.drawString(60, 745, "DejaVu Serif at ten points: the quick brown fox jumps over the lazy dog.")
c.setFont("FreeSerif", 11)
c.drawString(60, 728, "FreeSerif: Dear customer, please find your statement enclosed.")
c.setFont("FreeMono", 9)
c.drawString(60, 714, "FreeMono: ref=INV-0042 total=1234.56 due=2024-04-30")

t = c.beginText(60, 690)
t.setFont("DejaVuSans", 10)
t.textOut("Area of a disc: πr")
t.setRise(4)
t.setFont("DejaVuSans", 7)
t.textOut("2")
t.setRise(0)
t.setFont("DejaVuSans", 10)
t.textOut(", water H")
t.setRise(-2.5)
t.setFont("DejaVuSans", 7)
t.textOut("2")
t.setRise(0)
t.setFont("DejaVuSans", 10)
t.textOut("O, the 1")
t.setRise(3.5)
t.setFont("DejaVuSans", 6)
t.textOut("st")
t.setRise(0)
t.setFont("DejaVuSans", 10)
t.textOut(" of March, x")
t.setRise(-1)
t.setFont("DejaVuSans", 7)
t.textOut("i")
t.setRise(0)
t.setFont("DejaVuSans", 10)
t.textOut(" + y.")
c.drawText(t)

t = c.beginText(60, 665)
t.setFont("DejaVuSans", 10)
t.setCharSpace(1.5)
t.textLine("Character spacing of one and a half points.")
t.setCharSpace(0)
t.setWordSpace(6)
t.textLine("Word spacing of six points between these words.")
t.setWordSpace(0)
t.setHorizScale(70)
t.textLine("Condensed to seventy per cent horizontally.")
t.setHorizScale(130)
t.textLine("Expanded to one hundred thirty per cent.")
t.setHorizScale(100)
c.drawText(t)

tight = ParagraphStyle("tight", fontName="DejaVuSerif", fontSize=9, leading=8.3)
tighter = ParagraphStyle("tighter", fontName="FreeSerif", fontSize=10, leading=7.8)
body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9, leading=11)
text = ("Tight leading: these lines are set at nine points on a leading of eight points three. "
        "The descenders of a line come close to the ascenders of the next, and the reader must "
        "still find each line on its own. Justified text spreads its words across the measure.")
for style, y in ((tight, 590), (tighter, 530), (body, 470)):
    p = Paragraph(text, style)
    w, h = p.wrap(300, 200)
    p.drawOn(c, 60, y - h)
p = Paragraph("Super<super>script</super> and sub<sub>script</sub> in a paragraph; "
              "E = mc<super>2</super>, CO<sub>2</sub>, 10<super>-3</super> m.", body)
w, h = p.wrap(400, 100)
p.drawOn(c, 60, 400 - h)

c.setFont("DejaVuSans", 8)
for i, (a, b, dy) in enumerate((("Amount", "Date", 0.3), ("12.50", "05/03/2024", 0.8), ("7.25", "06/03/2024", 1.6),
                                ("130.00", "07/03/2024", 2.4))):
    y = 360 - 11 * i
    c.drawString(60, y, "Line %d" % (i + 1))
    c.drawString(140, y + dy, a)
    c.drawString(220, y - dy, b)
c.setFont("DejaVuSans", 14)
c.drawString(60, 300, "Big")
c.setFont("DejaVuSans", 7)
c.drawString(92, 300.5, "small beside big")
c.showPage()
c.save()
