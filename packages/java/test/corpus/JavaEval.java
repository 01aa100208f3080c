import java.io.*;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.*;
import java.util.regex.*;

/**
 * Records what Java computes for the inputs of @mailroom/java's evaluation corpus: run by record-eval.mjs on a JDK
 * 17 (`java JavaEval.java <mode>`), never by the tests. Reads one input per line, a JSON array of strings, booleans
 * and integers, and prints one result per line: `OK` and the results as JSON strings (non-ASCII escaped, so that
 * lone surrogates survive), or `ERR` and the exception thrown, tab-separated.
 *
 * Modes: `clean` [text, trim, normalizeSpace, removeDiacritics, multiline]; `case` [text] (upper, lower);
 * `substring` [text, begin, end]; `replace` [text, pattern, replacement, firstOnly]; `matches` [text, pattern,
 * whole]; `case-table` ["upper"] or ["lower"] (the code points the mapping changes, as hexadecimal ranges).
 */
public class JavaEval {
  public static void main(String[] args) throws IOException {
    String mode = args[0];
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    for (String line; (line = in.readLine()) != null; ) out.println(result(mode, readArray(line)));
  }

  static String result(String mode, List<Object> in) {
    try {
      switch (mode) {
        case "clean":
          return "OK\t" + json(clean((String) in.get(0), (Boolean) in.get(1), (Boolean) in.get(2), (Boolean) in.get(3), (Boolean) in.get(4)));
        case "case": {
          String text = (String) in.get(0);
          return "OK\t" + json(text.toUpperCase(Locale.ROOT)) + "\t" + json(text.toLowerCase(Locale.ROOT));
        }
        case "substring": {
          String text = (String) in.get(0);
          int begin = (Integer) in.get(1);
          int end = (Integer) in.get(2);
          // The API's 0 and -1 mean "to the end".
          return "OK\t" + json(end == 0 || end == -1 ? text.substring(begin) : text.substring(begin, end));
        }
        case "replace": {
          Matcher matcher = Pattern.compile((String) in.get(1)).matcher(new Counted((String) in.get(0)));
          String replacement = (String) in.get(2);
          return "OK\t" + json((Boolean) in.get(3) ? matcher.replaceFirst(replacement) : matcher.replaceAll(replacement));
        }
        case "matches": {
          Matcher matcher = Pattern.compile((String) in.get(1)).matcher(new Counted((String) in.get(0)));
          return "OK\t" + ((Boolean) in.get(2) ? matcher.matches() : matcher.find());
        }
        case "case-table":
          return "OK\t" + json(caseTable("upper".equals(in.get(0))));
        case "unicode":
          return "OK\t" + json(unicodeTable((String) in.get(0)));
        case "predicate":
          return "OK\t" + json(predicate((String) in.get(0)));
        default:
          throw new IllegalArgumentException("mode " + mode);
      }
    } catch (RuntimeException | StackOverflowError e) {
      return "ERR\t" + json(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /**
   * The API's StrClean, written the most natural Java way from its words (the JDK has no such function):
   * - removeDiacritics ("diacritics removed through NFD"): Normalizer.normalize(NFD), then the characters of the
   *   Combining Diacritical Marks block removed with \p{InCombiningDiacriticalMarks}, the usual Java idiom; the
   *   text is not recomposed;
   * - multiline ("line terminators to U+000A, de-duplicated; trim then applies per line and blank lines are
   *   removed"): the text is split at Pattern's line terminators (\r\n, \n, \r, U+0085, U+2028, U+2029), each line
   *   is cleaned alone, lines left empty are dropped, and the rest joined with \n;
   * - normalizeSpace ("Unicode spaces to U+0020, collapse runs"): each run of Java's horizontal white space
   *   (\h: the space separators of Unicode, no-break spaces included, and the tab) becomes one U+0020; line
   *   terminators are left to multiline, which the API lists them under, so a text keeps its lines;
   * - trim ("removes characters at or below U+0020 at both ends"): String.trim.
   * Order: diacritics, then lines, then spaces and trim (on each line, or on the whole text).
   */
  static String clean(String text, boolean trim, boolean normalizeSpace, boolean removeDiacritics, boolean multiline) {
    String s = removeDiacritics
        ? Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{InCombiningDiacriticalMarks}+", "")
        : text;
    if (!multiline) return cleanLine(s, trim, normalizeSpace);
    StringBuilder out = new StringBuilder();
    for (String line : s.split("\r\n|[\n\r\u0085\u2028\u2029]", -1)) {
      String cleaned = cleanLine(line, trim, normalizeSpace);
      if (cleaned.isEmpty()) continue;
      if (out.length() > 0) out.append('\n');
      out.append(cleaned);
    }
    return out.toString();
  }

  static String cleanLine(String s, boolean trim, boolean normalizeSpace) {
    if (normalizeSpace) s = s.replaceAll("\\h+", " ");
    return trim ? s.trim() : s;
  }

  /** The code points that String.toUpperCase/toLowerCase(Locale.ROOT) change, alone: "lo-hi,cp,..." in hexadecimal. */
  static String caseTable(boolean upper) {
    StringBuilder b = new StringBuilder();
    int start = -1;
    for (int c = 0; c <= 0x110000; c++) {
      boolean changes = false;
      if (c < 0x110000 && !(c >= 0xD800 && c <= 0xDFFF)) {
        String s = new String(Character.toChars(c));
        changes = !(upper ? s.toUpperCase(Locale.ROOT) : s.toLowerCase(Locale.ROOT)).equals(s);
      }
      if (changes && start < 0) start = c;
      if (!changes && start >= 0) {
        if (b.length() > 0) b.append(',');
        b.append(Integer.toHexString(start));
        if (c - 1 > start) b.append('-').append(Integer.toHexString(c - 1));
        start = -1;
      }
    }
    return b.toString();
  }

  /**
   * The tables java.util.regex reads, as Java 17 has them (its Unicode version), in a compact text form: `props`,
   * runs "length:value" (base 36) over every code point of Character.getType, then 11 flags of Character
   * (isAlphabetic, isIdeographic, isLowerCase, isUpperCase, isJavaIdentifierStart, isJavaIdentifierPart,
   * isUnicodeIdentifierStart, isUnicodeIdentifierPart, isIdentifierIgnorable, isWhitespace, isMirrored) from bit 5,
   * then the grapheme cluster type of java.util.regex.Grapheme (read by reflection) from bit 16; `scripts` and
   * `blocks`, runs of the index of Character.UnicodeScript.of and Character.UnicodeBlock.of (blocks from 1, 0 for
   * none); `script-names` and `block-names`, every name forName accepts (upper case, by reflection, the enum's or
   * the constant's own name first), "|" between the names of one script or block, "," between them; `names`, the
   * names of Character.getName not made of the block's name and the code point, a line "delta:NAME" (base 36) each; `upper` and `lower`, "start:count:delta" (base 36, delta
   * signed) where Character.toUpperCase or toLowerCase changes a code point.
   * Needs --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util.regex=ALL-UNNAMED.
   */
  static String unicodeTable(String which) {
    try {
      switch (which) {
        case "props": {
          java.lang.reflect.Method grapheme = Class.forName("java.util.regex.Grapheme").getDeclaredMethod("getType", int.class);
          grapheme.setAccessible(true);
          int[] values = new int[0x110000];
          for (int c = 0; c < values.length; c++) {
            boolean[] flags = {
              Character.isAlphabetic(c), Character.isIdeographic(c), Character.isLowerCase(c), Character.isUpperCase(c),
              Character.isJavaIdentifierStart(c), Character.isJavaIdentifierPart(c), Character.isUnicodeIdentifierStart(c),
              Character.isUnicodeIdentifierPart(c), Character.isIdentifierIgnorable(c), Character.isWhitespace(c),
              Character.isMirrored(c)
            };
            int v = Character.getType(c);
            for (int f = 0; f < flags.length; f++) if (flags[f]) v |= 1 << (5 + f);
            values[c] = v | ((Integer) grapheme.invoke(null, c)) << 16;
          }
          return runs(values);
        }
        case "scripts": {
          int[] values = new int[0x110000];
          for (int c = 0; c < values.length; c++) values[c] = Character.UnicodeScript.of(c).ordinal();
          return runs(values);
        }
        case "script-names": {
          java.lang.reflect.Field field = Character.UnicodeScript.class.getDeclaredField("aliases");
          field.setAccessible(true);
          Map<?, ?> aliases = (Map<?, ?>) field.get(null);
          StringBuilder b = new StringBuilder();
          for (Character.UnicodeScript script : Character.UnicodeScript.values()) {
            TreeSet<String> names = new TreeSet<>();
            for (Map.Entry<?, ?> e : aliases.entrySet()) if (e.getValue() == script) names.add((String) e.getKey());
            if (b.length() > 0) b.append(',');
            b.append(script.name());
            for (String name : names) b.append('|').append(name);
          }
          return b.toString();
        }
        case "blocks":
        case "block-names": {
          java.lang.reflect.Field field = Character.UnicodeBlock.class.getDeclaredField("map");
          field.setAccessible(true);
          Map<?, ?> map = (Map<?, ?>) field.get(null);
          List<Character.UnicodeBlock> order = new ArrayList<>();
          int[] values = new int[0x110000];
          for (int c = 0; c < values.length; c++) {
            Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
            if (block != null && !order.contains(block)) order.add(block);
            values[c] = block == null ? 0 : order.indexOf(block) + 1;
          }
          if (which.equals("blocks")) return runs(values);
          // Blocks that no code point is in (SURROGATES_AREA, deprecated) are still names forName accepts.
          TreeMap<String, Character.UnicodeBlock> unused = new TreeMap<>();
          for (Object block : map.values()) if (!order.contains(block)) unused.put(block.toString(), (Character.UnicodeBlock) block);
          order.addAll(unused.values());
          StringBuilder b = new StringBuilder();
          for (Character.UnicodeBlock block : order) {
            TreeSet<String> names = new TreeSet<>();
            for (Map.Entry<?, ?> e : map.entrySet()) if (e.getValue() == block) names.add(((String) e.getKey()).toUpperCase(Locale.ROOT));
            // The block's own name (UnicodeBlock.toString) first.
            names.remove(block.toString());
            if (b.length() > 0) b.append(',');
            b.append(block.toString());
            for (String name : names) b.append('|').append(name);
          }
          return b.toString();
        }
        case "names": {
          // The names of Character.getName that are not made of the block and the code point.
          StringBuilder b = new StringBuilder();
          int previous = 0;
          for (int c = 0; c < 0x110000; c++) {
            String name = Character.getName(c);
            Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
            String made = (block == null ? "" : block.toString().replace('_', ' ') + " ") + Integer.toHexString(c).toUpperCase(Locale.ROOT);
            if (name == null || name.equals(made)) continue;
            b.append(Integer.toString(c - previous, 36)).append(':').append(name).append('\n');
            previous = c;
          }
          return b.toString();
        }
        case "upper":
        case "lower": {
          StringBuilder b = new StringBuilder();
          int start = -1, count = 0, delta = 0;
          for (int c = 0; c <= 0x110000; c++) {
            int d = c == 0x110000 ? 0 : (which.equals("upper") ? Character.toUpperCase(c) : Character.toLowerCase(c)) - c;
            if (d != 0 && start >= 0 && d == delta && c == start + count) { count++; continue; }
            if (start >= 0) {
              if (b.length() > 0) b.append(',');
              b.append(Integer.toString(start, 36)).append(':').append(Integer.toString(count, 36)).append(':').append(Integer.toString(delta, 36));
              start = -1;
            }
            if (d != 0) { start = c; count = 1; delta = d; }
          }
          return b.toString();
        }
        default:
          throw new IllegalArgumentException("table " + which);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs of equal values: "length:value" in base 36, "," between runs. */
  static String runs(int[] values) {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < values.length; ) {
      int end = c;
      while (end < values.length && values[end] == values[c]) end++;
      if (b.length() > 0) b.append(',');
      b.append(Integer.toString(end - c, 36)).append(':').append(Integer.toString(values[c], 36));
      c = end;
    }
    return b.toString();
  }

  /** Thrown when a match reads the text more than Counted.LIMIT times: a deterministic stand-in for "it hangs". */
  static class Timeout extends RuntimeException {
    Timeout() {
      super("the match read the text more than " + Counted.LIMIT + " times");
    }
  }

  /** The text, counting the characters the matcher reads, so that a runaway match stops at the same point on every run. */
  static class Counted implements CharSequence {
    static final long LIMIT = 200_000_000L;
    final String text;
    long reads;

    Counted(String text) {
      this.text = text;
    }

    public char charAt(int index) {
      if (++reads > LIMIT) throw new Timeout();
      return text.charAt(index);
    }

    public int length() {
      return text.length();
    }

    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    public String toString() {
      return text;
    }
  }

  /**
   * The character predicate a pattern of one character node compiles to (its matchRoot's CharProperty, by
   * reflection): "bmp" or "cp" (BmpCharPredicate or not), then the ranges of code points it accepts, "lo-hi" in
   * hexadecimal, "," between them.
   */
  static String predicate(String pattern) {
    try {
      Object root = field(Pattern.class, "matchRoot").get(Pattern.compile(pattern));
      Class<?> property = Class.forName("java.util.regex.Pattern$CharProperty");
      if (!property.isInstance(root)) throw new IllegalArgumentException("not one character: " + pattern);
      Object predicate = field(property, "predicate").get(root);
      java.lang.reflect.Method is = Class.forName("java.util.regex.Pattern$CharPredicate").getDeclaredMethod("is", int.class);
      is.setAccessible(true);
      boolean bmp = Class.forName("java.util.regex.Pattern$BmpCharPredicate").isInstance(predicate);
      StringBuilder b = new StringBuilder(bmp ? "bmp" : "cp");
      int start = -1;
      for (int c = 0; c <= 0x110000; c++) {
        boolean in = c < 0x110000 && (Boolean) is.invoke(predicate, c);
        if (in && start < 0) start = c;
        if (!in && start >= 0) {
          b.append(',').append(Integer.toHexString(start)).append('-').append(Integer.toHexString(c - 1));
          start = -1;
        }
      }
      return b.toString();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  static java.lang.reflect.Field field(Class<?> owner, String name) throws ReflectiveOperationException {
    java.lang.reflect.Field f = owner.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }

  /** Reads a JSON array of strings, booleans and integers. */
  static List<Object> readArray(String s) {
    List<Object> out = new ArrayList<>();
    int i = 1;
    while (i < s.length() && s.charAt(i) != ']') {
      char c = s.charAt(i);
      if (c == ',' || c == ' ') { i++; continue; }
      if (c == '"') {
        StringBuilder b = new StringBuilder();
        for (i++; s.charAt(i) != '"'; i++) {
          char ch = s.charAt(i);
          if (ch != '\\') { b.append(ch); continue; }
          char n = s.charAt(++i);
          switch (n) {
            case 'n': b.append('\n'); break;
            case 'r': b.append('\r'); break;
            case 't': b.append('\t'); break;
            case 'b': b.append('\b'); break;
            case 'f': b.append('\f'); break;
            case 'u': b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
            default: b.append(n);
          }
        }
        i++;
        out.add(b.toString());
      } else if (s.startsWith("true", i)) { out.add(true); i += 4; }
      else if (s.startsWith("false", i)) { out.add(false); i += 5; }
      else {
        int j = i;
        while (j < s.length() && (s.charAt(j) == '-' || Character.isDigit(s.charAt(j)))) j++;
        out.add(Integer.parseInt(s.substring(i, j)));
        i = j;
      }
    }
    return out;
  }

  /** A JSON string with every character outside printable ASCII escaped. */
  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c >= 0x20 && c < 0x7f) b.append(c);
      else b.append(String.format("\\u%04x", (int) c));
    }
    return b.append('"').toString();
  }
}
