# ReportLab: its built-in CJK CID fonts, which embed nothing (the reader supplies the font), with
# predefined CMaps; Latin text in the same fonts.
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

fonts = ["HeiseiMin-W3", "HeiseiKakuGo-W5", "STSong-Light", "MSung-Light", "HYSMyeongJo-Medium", "HYGothic-Medium"]
for name in fonts:
    pdfmetrics.registerFont(UnicodeCIDFont(name))
c = canvas.Canvas(sys.argv[1], pagesize=A4, invariant=1, pageCompression=1)
c.setTitle("ReportLab CID fonts")
lines = [
    ("HeiseiMin-W3", 14, "日本語のテキスト：請求書番号 INV-2024-0042"),
    ("HeiseiMin-W3", 11, "東京都千代田区丸の内１－２－３　株式会社サンプル"),
    ("HeiseiKakuGo-W5", 12, "ゴシック体：お支払い期限は２０２４年４月３０日です。"),
    ("HeiseiKakuGo-W5", 10, "Latin in a Japanese font: Invoice 12.50 EUR"),
    ("STSong-Light", 13, "简体中文：发票号码 2024-0042，金额 ¥1,234.56"),
    ("STSong-Light", 10, "北京市朝阳区建国路８８号"),
    ("MSung-Light", 12, "繁體中文：請於三十日內付款。"),
    ("HYSMyeongJo-Medium", 12, "한국어 텍스트: 청구서 번호 2024-0042"),
    ("HYGothic-Medium", 11, "서울특별시 중구 세종대로 110"),
    ("HYGothic-Medium", 9, "Latin in a Korean font: total 1,234.56"),
]
y = 780
for font, size, text in lines:
    c.setFont(font, size)
    c.drawString(60, y, text)
    y -= size * 1.6
c.setFont("HeiseiMin-W3", 10)
c.drawString(60, 560, "記号：①②③　〒100-0005　㈱　℡")
c.setFont("STSong-Light", 10)
c.drawString(60, 540, "全角ＡＢＣ　半角ABC　混在テキスト")
c.setFont("HeiseiMin-W3", 12)
t = c.beginText(60, 500)
t.setFont("HeiseiMin-W3", 12)
t.textLine("一行目：文字間隔なし")
t.setCharSpace(3)
t.textLine("二行目：文字間隔三ポイント")
c.drawText(t)
c.showPage()
c.save()
