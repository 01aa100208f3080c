import java.io.*;
import java.nio.charset.StandardCharsets;
import java.time.*;
import java.time.format.*;
import java.time.temporal.*;
import java.time.zone.ZoneRulesProvider;
import java.util.*;

/**
 * The reference for @mailroom/java's date evaluation (exv.DateFormat and exv.DateParse), run by record-dates.mjs
 * on a JDK 17 (`java JavaDates.java <mode>`), never by the tests. Reads one case per line, a JSON array, and prints
 * one result per line, tab-separated: `OK` and the value, or `ERR` and what Java threw.
 *
 * - `format`: [epochMillis, pattern, timeZone, locale or null] gives the text;
 * - `parse`: [text, pattern, timeZone, locale or null] gives epoch milliseconds;
 * - `version`: prints the time-zone database version;
 * - `zones`: prints the region ids the JDK has rules for, sorted, as a JSON array.
 *
 * An error is the exception's simple class name and its message.
 *
 * The API's spec says what the functions take and return, not how the service calls java.time: the code below is
 * the most direct use of java.time for that contract, and mailroom's evaluator is checked against it.
 */
public class JavaDates {
  public static void main(String[] args) throws IOException {
    String mode = args[0];
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    if (mode.equals("version")) {
      out.println(ZoneRulesProvider.getVersions("UTC").lastKey());
      return;
    }
    if (mode.equals("zones")) {
      StringJoiner ids = new StringJoiner("\",\"", "[\"", "\"]");
      for (String id : new TreeSet<>(ZoneId.getAvailableZoneIds())) ids.add(id);
      out.println(ids);
      return;
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) out.println(result(mode, line));
  }

  static String result(String mode, String line) {
    try {
      List<Object> input = readArray(line);
      String pattern = (String) input.get(1);
      ZoneId zone = ZoneId.of((String) input.get(2));
      Locale locale = locale((String) input.get(3));
      if (mode.equals("format")) {
        long millis = ((Number) input.get(0)).longValue();
        return "OK\t" + escape(format(millis, pattern, zone, locale));
      }
      return "OK\t" + parse((String) input.get(0), pattern, zone, locale);
    } catch (RuntimeException e) {
      return "ERR\t" + escape(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** The locale argument: a language tag as Locale.forLanguageTag reads it; absent, the JVM's default locale. */
  static Locale locale(String tag) {
    return tag == null ? Locale.getDefault(Locale.Category.FORMAT) : Locale.forLanguageTag(tag);
  }

  /**
   * exv.DateFormat: the instant seen in the zone, written with the pattern. The pattern is used as given (the spec
   * says "trimmed" for DateParse only); ofPattern(pattern, locale) keeps the standard decimal style and ISO
   * chronology, as every ofPattern formatter does.
   */
  static String format(long epochMillis, String pattern, ZoneId zone, Locale locale) {
    return Instant.ofEpochMilli(epochMillis).atZone(zone).format(DateTimeFormatter.ofPattern(pattern, locale));
  }

  /**
   * exv.DateParse: the text read with the trimmed pattern (ResolverStyle.SMART, the default of ofPattern), then:
   * - the zone is the text's own (a zone id, else an offset), else the timeZone argument;
   * - a text with a time of day, or with time fields that do not make one (`hh` without `a`), must resolve to a
   *   date and a time (LocalDateTime.from, which fails otherwise), and with both a zone id and an offset the offset
   *   chooses between two local times in an overlap, as ZonedDateTime.ofLocal does with a preferred offset;
   * - a text without time fields must resolve to a date (LocalDate.from), at the start of that day (atStartOfDay,
   *   which moves past a gap at midnight).
   * The failures of LocalDate.from and LocalDateTime.from are DateTimeFormatter.parse(text, query)'s.
   */
  static long parse(String text, String pattern, ZoneId defaultZone, Locale locale) {
    DateTimeFormatter formatter = DateTimeFormatter.ofPattern(pattern.trim(), locale);
    TemporalAccessor parsed = formatter.parse(text);
    ZoneId parsedZone = parsed.query(TemporalQueries.zone());
    ZoneId zone = parsedZone == null ? defaultZone : parsedZone;
    if (!hasTime(parsed)) return formatter.parse(text, LocalDate::from).atStartOfDay(zone).toInstant().toEpochMilli();
    LocalDateTime dateTime = formatter.parse(text, LocalDateTime::from);
    return ZonedDateTime.ofLocal(dateTime, zone, parsed.query(TemporalQueries.offset())).toInstant().toEpochMilli();
  }

  /** Whether the text gave a time of day, or time-of-day fields (left unresolved when they make no time). */
  static boolean hasTime(TemporalAccessor parsed) {
    if (parsed.query(TemporalQueries.localTime()) != null) return true;
    for (ChronoField field : ChronoField.values()) {
      if (field.isTimeBased() && parsed.isSupported(field)) return true;
    }
    return false;
  }

  /** Reads a flat JSON array of strings, numbers and nulls. */
  static List<Object> readArray(String s) {
    List<Object> values = new ArrayList<>();
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
        values.add(b.toString());
        i++;
      } else if (s.startsWith("null", i)) {
        values.add(null);
        i += 4;
      } else {
        int end = i;
        while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != ']') end++;
        values.add(Long.parseLong(s.substring(i, end).trim()));
        i = end;
      }
    }
    return values;
  }

  static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }
}
