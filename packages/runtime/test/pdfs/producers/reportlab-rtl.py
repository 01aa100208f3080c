# ReportLab: right-to-left text (Hebrew, and Arabic in its presentation forms) in an embedded TrueType
# font, written in visual order as a producer that shapes and reorders text writes it, with Latin and
# numbers mixed in.
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

pdfmetrics.registerFont(TTFont("DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("FreeSerif", "/usr/share/fonts/truetype/freefont/FreeSerif.ttf"))

# Arabic letters to their presentation forms (isolated, final, initial, medial), for shaping by hand.
forms = {
    "ا": "ﺍﺎﺍﺎ", "ب": "ﺏﺐﺑﺒ", "ت": "ﺕﺖﺗﺘ", "ر": "ﺭﺮﺭﺮ", "ح": "ﺡﺢﺣﺤ", "م": "ﻡﻢﻣﻤ",
    "ل": "ﻝﻞﻟﻠ", "ك": "ﻙﻚﻛﻜ", "ع": "ﻉﻊﻋﻌ", "ي": "ﻱﻲﻳﻴ", "ن": "ﻥﻦﻧﻨ", "ف": "ﻑﻒﻓﻔ",
    "ة": "ﺓﺔﺓﺔ", "ه": "ﻩﻪﻫﻬ", "س": "ﺱﺲﺳﺴ", "ش": "ﺵﺶﺷﺸ", "د": "ﺩﺪﺩﺪ", "و": "ﻭﻮﻭﻮ",
    "ق": "ﻕﻖﻗﻘ", "ط": "ﻁﻂﻃﻄ", "ج": "ﺝﺞﺟﺠ", "ص": "ﺹﺺﺻﺼ",
}
non_joining = set("ادروة")


def shape(word):
    out = []
    for i, ch in enumerate(word):
        if ch not in forms:
            out.append(ch)
            continue
        before = i > 0 and word[i - 1] in forms and word[i - 1] not in non_joining
        after = i + 1 < len(word) and word[i + 1] in forms and ch not in non_joining
        out.append(forms[ch][(3 if after else 1) if before else (2 if after else 0)])
    return "".join(out)


def visual(text, arabic=False):
    # Each right-to-left word reversed, the words in reverse order; runs of digits and Latin kept.
    words = text.split(" ")
    result = []
    for w in reversed(words):
        if any("\u0590" <= ch <= "\u06ff" for ch in w):
            result.append((shape(w) if arabic else w)[::-1])
        else:
            result.append(w)
    return " ".join(result)


c = canvas.Canvas(sys.argv[1], pagesize=A4, invariant=1, pageCompression=1)
c.setTitle("ReportLab right to left")
hebrew = ["שלום עולם", "חשבונית מספר 2024", "לכבוד הלקוח היקר", "סכום לתשלום 1,234.56 ש״ח", "תודה רבה"]
arabic = ["مرحبا بالعالم", "فاتورة رقم 42", "عميل كريم", "المبلغ المستحق 1234", "شكرا جزيلا"]
y = 780
c.setFont("DejaVuSans", 12)
for line in hebrew:
    c.drawRightString(535, y, visual(line))
    y -= 18
c.setFont("FreeSerif", 13)
for line in hebrew[:2]:
    c.drawRightString(535, y, visual(line))
    y -= 18
y -= 10
c.setFont("DejaVuSans", 12)
for line in arabic:
    c.drawRightString(535, y, visual(line, arabic=True))
    y -= 18
y -= 10
c.setFont("DejaVuSans", 11)
c.drawString(60, y, "Mixed: the customer " + visual("דוד לוי") + " paid 12.50 EUR.")
y -= 16
c.drawString(60, y, "Arabic name: " + visual("محمد علي", arabic=True) + " (C-1234)")
y -= 16
c.drawString(60, y, "Brackets: (" + visual("שלום") + ") [" + visual("عالم", arabic=True) + "]")
y -= 16
c.drawString(60, y, "Left to right only: nothing to reorder here.")
# Hebrew written in logical order, as a producer that does not reorder writes it.
y -= 24
c.setFont("DejaVuSans", 12)
c.drawString(60, y, "שלום עולם, logical order")
c.showPage()
c.save()
