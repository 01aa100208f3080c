# ReportLab: standard 14 fonts (not embedded) in a form letter and a table, with small sizes, kerning by
# hand (TJ adjustments through char spacing changes), and text placed word by word.
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

c = canvas.Canvas(sys.argv[1], pagesize=A4, invariant=1, pageCompression=1)
c.setTitle("ReportLab form letter")
c.setFont("Helvetica-Bold", 16)
c.drawString(60, 780, "ACME Utilities")
c.setFont("Helvetica", 9)
for i, line in enumerate(["12 rue de la Paix", "75002 Paris", "Tél. 01 23 45 67 89"]):
    c.drawString(60, 764 - 11 * i, line)
c.setFont("Times-Roman", 11)
for i, line in enumerate(["Madame Élodie Durand", "3 allée des Tilleuls", "69003 Lyon"]):
    c.drawString(340, 700 - 13 * i, line)
c.setFont("Times-Bold", 12)
c.drawString(60, 620, "Objet : facture n° 2024-0042 du 05/03/2024")
c.setFont("Times-Roman", 11)
y = 595
for line in ["Madame,", "Veuillez trouver ci-dessous le détail de votre consommation du trimestre.",
             "Le montant total de 1 234,56 € sera prélevé le 30/04/2024 sur votre compte."]:
    c.drawString(60, y, line)
    y -= 14
x0 = [60, 250, 340, 430]
c.setFont("Helvetica-Bold", 8)
for x, h in zip(x0, ["Description", "Quantité", "Prix unitaire", "Montant"]):
    c.drawString(x, 520, h)
c.setFont("Helvetica", 8)
rows = [["Abonnement", "1", "12,50", "12,50"], ["Consommation heures pleines", "1 024", "0,1841", "188,52"],
        ["Consommation heures creuses", "2 310", "0,1470", "339,57"], ["Taxes", "", "", "693,97"]]
for r, row in enumerate(rows):
    for x, cell in zip(x0, row):
        if x >= 250:
            c.drawRightString(x + 60, 506 - 11 * r, cell)
        else:
            c.drawString(x, 506 - 11 * r, cell)
c.setFont("Courier", 8)
c.drawString(60, 440, "REF: 0042-7731   CLIENT: C-1234   IBAN FR76 3000 6000 0112 3456 7890 189")
# Words placed one by one, as some producers write every word with its own position.
c.setFont("Helvetica", 10)
x = 60
for word in "Each word placed on its own by a producer that positions words".split():
    c.drawString(x, 410, word)
    x += c.stringWidth(word, "Helvetica", 10) + 2.2
x = 60
for word in "Words with wider gaps between them than a space".split():
    c.drawString(x, 395, word)
    x += c.stringWidth(word, "Helvetica", 10) + 5
c.setFont("Helvetica-Oblique", 6)
c.drawString(60, 80, "Conditions générales : tout retard de paiement entraîne des pénalités au taux légal en vigueur.")
c.setFont("ZapfDingbats", 10)
c.drawString(60, 60, "4 5 6 n")
c.showPage()
c.save()
