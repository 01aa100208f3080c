# cairo: text through its toy font API (DejaVu fonts from fontconfig, embedded as subsets), upright and at
# 15, 30, 45, 90, 135, 180 and -30 degrees; and an OpenType (CFF) font, which cairo embeds as a CID font with
# the Identity-H encoding.
import math
import sys
import cairo

surface = cairo.PDFSurface(sys.argv[1], 595, 842)
surface.set_metadata(cairo.PDFMetadata.TITLE, "cairo angles")
surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2024-03-05T10:20:30Z")
ctx = cairo.Context(surface)
ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)


def text(x, y, size, words, angle=0):
    ctx.save()
    ctx.translate(x, y)
    ctx.rotate(math.radians(-angle))
    ctx.set_font_size(size)
    ctx.move_to(0, 0)
    ctx.show_text(words)
    ctx.restore()


text(60, 60, 12, "Upright heading: invoice INV-2024-0042")
text(60, 78, 10, "Second line, a little smaller, with café and naïve.")
text(80, 250, 14, "PAID fifteen degrees", 15)
text(300, 250, 14, "Thirty degrees stamp", 30)
text(80, 420, 18, "FORTY FIVE", 45)
text(330, 420, 11, "Ninety degrees up", 90)
text(470, 300, 11, "Ninety down", -90)
text(420, 520, 12, "One thirty five", 135)
text(300, 600, 12, "Upside down words", 180)
text(80, 560, 13, "Minus thirty here", -30)
ctx.select_font_face("DejaVu Serif", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
text(150, 760, 40, "APPROVED", 20)
ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
text(60, 800, 9, "Upright footer line under the stamp.")
ctx.select_font_face("LM Roman 10", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
text(60, 820, 11, "Latin Modern, a CID font: café, naïve, 1,234.56 €")
text(300, 700, 13, "Latin Modern at thirty", 30)
surface.finish()
