# cairo: text inside groups that cairo writes as form XObjects, drawn scaled and rotated, and text through
# a scaled font matrix.
import math
import sys
import cairo

surface = cairo.PDFSurface(sys.argv[1], 595, 842)
surface.set_metadata(cairo.PDFMetadata.TITLE, "cairo forms")
surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2024-03-05T10:20:30Z")
ctx = cairo.Context(surface)
ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
ctx.set_font_size(11)
ctx.move_to(60, 60)
ctx.show_text("Text on the page, outside any form.")


def stamp(lines, size):
    # A recording of some lines, replayed as a pattern: cairo writes it once, as a form XObject.
    rec = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, cairo.Rectangle(0, 0, 300, 100))
    r = cairo.Context(rec)
    r.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    r.set_font_size(size)
    for i, line in enumerate(lines):
        r.move_to(10, 30 + i * size * 1.3)
        r.show_text(line)
    return rec


form = stamp(["RECEIVED", "05 MAR 2024"], 20)
for x, y, angle, scale in ((80, 120, 0, 1.0), (300, 160, 30, 0.8), (100, 380, 45, 1.2), (330, 450, -15, 0.6),
                           (420, 620, 90, 1.0)):
    ctx.save()
    ctx.translate(x, y)
    ctx.rotate(math.radians(-angle))
    ctx.scale(scale, scale)
    ctx.set_source_surface(form, 0, 0)
    ctx.paint()
    ctx.restore()

# A group pushed and popped: an isolated transparency group, also a form XObject.
ctx.save()
ctx.translate(80, 680)
ctx.rotate(math.radians(-10))
ctx.push_group()
ctx.set_source_rgb(0, 0, 0)
ctx.set_font_size(13)
ctx.move_to(0, 0)
ctx.show_text("Grouped text, rotated ten degrees")
ctx.move_to(0, 18)
ctx.show_text("and its second line")
ctx.pop_group_to_source()
ctx.paint_with_alpha(0.7)
ctx.restore()

# A font matrix that is not uniform: tall and narrow, then skewed.
ctx.set_source_rgb(0, 0, 0)
ctx.set_font_matrix(cairo.Matrix(8, 0, 0, 16, 0, 0))
ctx.move_to(60, 780)
ctx.show_text("Tall narrow text from a font matrix")
ctx.set_font_matrix(cairo.Matrix(11, 0, -3, 11, 0, 0))
ctx.move_to(60, 805)
ctx.show_text("Slanted by the font matrix")
surface.finish()
