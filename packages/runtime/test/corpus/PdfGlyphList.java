// What Apache PDFBox 2.0 knows of ZapfDingbats, for record-glyph-list.mjs: the glyph name of each code of the font's
// built-in encoding, then the Unicode text of each name of its glyph list, one "code<TAB>name" or "name<TAB>hex"
// line each (hex: the code points of the text, separated by spaces).
// Run: java -cp /usr/share/java/pdfbox2.jar:/usr/share/java/fontbox2.jar:/usr/share/java/commons-logging.jar PdfGlyphList.java
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.pdmodel.font.encoding.GlyphList;
import org.apache.pdfbox.pdmodel.font.encoding.ZapfDingbatsEncoding;

public class PdfGlyphList {
    public static void main(String[] args) {
        Map<Integer, String> encoding = new TreeMap<>(ZapfDingbatsEncoding.INSTANCE.getCodeToNameMap());
        GlyphList glyphs = GlyphList.getZapfDingbats();
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Integer, String> entry : encoding.entrySet()) {
            out.append("code\t").append(entry.getKey()).append('\t').append(entry.getValue()).append('\n');
        }
        // The list's names: those of the encoding, and the name of every character the list gives.
        java.util.TreeSet<String> names = new java.util.TreeSet<>(encoding.values());
        for (int c = 0; c < 0x30000; c++) {
            String name = glyphs.codePointToName(c);
            if (!".notdef".equals(name)) names.add(name);
        }
        for (String name : names) {
            String text = glyphs.toUnicode(name);
            if (text == null) continue;
            StringBuilder hex = new StringBuilder();
            text.codePoints().forEach(c -> hex.append(hex.length() > 0 ? " " : "").append(Integer.toHexString(c)));
            out.append("name\t").append(name).append('\t').append(hex).append('\n');
        }
        System.out.print(out);
    }
}
