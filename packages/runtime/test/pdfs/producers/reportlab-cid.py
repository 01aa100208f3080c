# ReportLab: its built-in CJK CID fonts, which embed nothing (the reader supplies the font), with
# predefined CMaps; Latin text in the same fonts, and characters the font's CMap does not map (CID 0).
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase import cidfonts
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

# ReportLab gives MSung-Light (Traditional Chinese) the Simplified Chinese CMap: give it its own.
cidfonts.defaultUnicodeEncodings["MSung-Light"] = ("cht", "UniCNS-UCS2-H")
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
# Characters outside the CMap: ReportLab writes their UCS-2 code all the same, which the CMap takes to CID 0.
c.setFont("HeiseiMin-W3", 10)
c.drawString(60, 460, "Hangul in a Japanese font: 한국어, Thai: สวัสดี, Arabic: سلام")
c.setFont("STSong-Light", 10)
c.drawString(60, 445, "Hiragana in a Chinese font: ひらがな and Hangul 서울")
c.setFont("HYGothic-Medium", 10)
c.drawString(60, 430, "Thai in a Korean font: ภาษาไทย 1,234")
c.setFont("MSung-Light", 11)
c.drawString(60, 410, "正體中文：台北市信義區市府路１號，電話０２－２７２０－８８８９")
c.setFont("HeiseiMin-W3", 12)
t = c.beginText(60, 500)
t.setFont("HeiseiMin-W3", 12)
t.textLine("一行目：文字間隔なし")
t.setCharSpace(3)
t.textLine("二行目：文字間隔三ポイント")
c.drawText(t)
c.showPage()
c.save()
