import java.io.*;
import java.nio.charset.StandardCharsets;
import java.time.*;
import java.time.format.*;
import java.util.*;
import java.util.regex.*;

/**
 * Records what Java says about the inputs of @mailroom/java's test corpus: run by record-corpus.mjs on a JDK 17
 * (`java JavaVerdicts.java <mode>`), never by the tests. Reads one input per line, each a JSON string (for
 * `replacement`, a JSON array of the pattern and the replacement), and prints one verdict per line, tab-separated:
 * `OK` and a detail, or `ERR` and what Java threw.
 */
public class JavaVerdicts {
  public static void main(String[] args) throws IOException {
    String mode = args[0];
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    for (String line; (line = in.readLine()) != null; ) out.println(verdict(mode, line));
  }

  static String verdict(String mode, String line) {
    try {
      switch (mode) {
        case "regex": {
          Pattern pattern = Pattern.compile(readString(line, new int[] {0}));
          return "OK\t" + pattern.matcher("").groupCount();
        }
        case "replacement": {
          int[] at = {1};
          String regex = readString(line, at);
          at[0] = line.indexOf('"', at[0]);
          String replacement = readString(line, at);
          // Java checks a replacement only on a match: an empty alternative makes one, groups unset.
          Matcher matcher = Pattern.compile("(?:" + regex + "\n)|").matcher("");
          matcher.find();
          matcher.appendReplacement(new StringBuilder(), replacement);
          return "OK\t";
        }
        case "date":
          DateTimeFormatter.ofPattern(readString(line, new int[] {0}));
          return "OK\t";
        case "zone":
          return "OK\t" + ZoneId.of(readString(line, new int[] {0})).getId();
        case "locale":
          return "OK\t" + new Locale.Builder().setLanguageTag(readString(line, new int[] {0})).build().toLanguageTag();
        default:
          throw new IllegalArgumentException("mode " + mode);
      }
    } catch (PatternSyntaxException e) {
      return "ERR\t" + e.getIndex() + "\t" + escape(e.getDescription());
    } catch (RuntimeException e) {
      return "ERR\t-1\t" + escape(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** Reads the JSON string starting at at[0] (its opening quote); leaves at[0] after the closing quote. */
  static String readString(String s, int[] at) {
    StringBuilder b = new StringBuilder();
    int i = at[0] + 1;
    for (; s.charAt(i) != '"'; i++) {
      char c = s.charAt(i);
      if (c != '\\') { b.append(c); continue; }
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
    at[0] = i + 1;
    return b.toString();
  }

  static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }
}
