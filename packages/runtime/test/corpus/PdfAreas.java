// What Apache PDFBox 2.0 reads in PDF areas, for the corpus of @mailroom/runtime's PDF tests (see record-pdf.mjs).
// Run: java -cp /usr/share/java/pdfbox2.jar:/usr/share/java/commons-logging.jar PdfAreas.java MODE PDF...
//   areas:    reads cases "pdf<TAB>page<TAB>left<TAB>top<TAB>width<TAB>height<TAB>sortByPosition" from standard input
//             and prints, per case, the text of PDFTextStripperByArea for that region as a JSON string on one line.
//   glyphs:   prints every glyph of every page of each PDF: "pdf page x y width height unicode" (display coordinates).
//   metadata: prints each PDF's page count and document information dictionary as one JSON object per line.
import java.awt.geom.Rectangle2D;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.PDFTextStripperByArea;
import org.apache.pdfbox.text.TextPosition;

public class PdfAreas {
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
            }
        }
        return b.append('"').toString();
    }

    /** The text of one area the way a service reads exv.PdfText: page 0 or out of range give "". */
    static String area(PDDocument doc, int page, float left, float top, float width, float height, boolean sort)
            throws Exception {
        int count = doc.getNumberOfPages();
        int index = page > 0 ? page : count + page + 1;
        if (page == 0 || index < 1 || index > count) return "";
        PDFTextStripperByArea stripper = new PDFTextStripperByArea();
        stripper.setSortByPosition(sort);
        stripper.addRegion("area", new Rectangle2D.Float(left, top, width, height));
        stripper.extractRegions(doc.getPage(index - 1));
        return stripper.getTextForRegion("area");
    }

    public static void main(String[] args) throws Exception {
        System.setOut(new java.io.PrintStream(System.out, true, "UTF-8"));
        String mode = args[0];
        Map<String, PDDocument> docs = new HashMap<>();
        if (mode.equals("areas")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            StringBuilder out = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isEmpty()) continue;
                String[] f = line.split("\t");
                PDDocument doc = docs.get(f[0]);
                if (doc == null) {
                    doc = PDDocument.load(new File(f[0]));
                    docs.put(f[0], doc);
                }
                out.append(json(area(doc, Integer.parseInt(f[1]), Float.parseFloat(f[2]), Float.parseFloat(f[3]),
                        Float.parseFloat(f[4]), Float.parseFloat(f[5]), Boolean.parseBoolean(f[6])))).append('\n');
            }
            System.out.print(out);
        } else if (mode.equals("glyphs")) {
            for (int i = 1; i < args.length; i++) {
                final String name = args[i];
                try (PDDocument doc = PDDocument.load(new File(name))) {
                    PDFTextStripper stripper = new PDFTextStripper() {
                        @Override
                        protected void processTextPosition(TextPosition t) {
                            System.out.println(name + "\t" + getCurrentPageNo() + "\t" + t.getX() + "\t" + t.getY()
                                    + "\t" + t.getWidth() + "\t" + t.getHeight() + "\t" + t.getWidthOfSpace() + "\t"
                                    + t.getDir() + "\t" + json(t.getUnicode()));
                        }
                    };
                    stripper.getText(doc);
                }
            }
        } else if (mode.equals("metadata")) {
            for (int i = 1; i < args.length; i++) {
                try (PDDocument doc = PDDocument.load(new File(args[i]))) {
                    PDDocumentInformation info = doc.getDocumentInformation();
                    StringBuilder b = new StringBuilder("{\"pageCount\":" + doc.getNumberOfPages() + ",\"info\":{");
                    boolean first = true;
                    for (String key : new TreeSet<>(info.getMetadataKeys())) {
                        if (!first) b.append(',');
                        first = false;
                        String value = info.getCustomMetadataValue(key);
                        b.append(json(key)).append(':').append(value == null ? "null" : json(value));
                    }
                    System.out.println(b.append("}}"));
                }
            }
        }
        for (PDDocument doc : docs.values()) doc.close();
    }
}
