import java.io.*;
import java.lang.reflect.*;
import java.text.ParsePosition;
import java.time.*;
import java.time.format.*;
import java.time.temporal.*;
import java.time.zone.*;
import java.util.*;
import sun.util.locale.provider.TimeZoneNameUtility;

/**
 * Records, from a JDK 17, the data java.time's DateTimeFormatter reads for each locale and each zone, for
 * @mailroom/java's date evaluation: run by record-date-data.mjs, never by the tests, as `java <flags> JavaDateData.java
 * locale <tag>` or `... zones`. Prints one JSON document:
 *
 * - per locale tag: the texts of eras, months, days of week, am-pm and quarters in each style (what
 *   DateTimeTextProvider gives the text printer-parser), the day periods of `B` (their spans, names, and which one
 *   each minute of the day is written with), the week definition (WeekFields.of), the "GMT" of localized offsets,
 *   the decimal style of ofPattern, the zone names `z` and `v` write (TimeZoneNameUtility's), and the names `z` and
 *   `zzzz` read, each with the zone it gives;
 * - per zone id: its rules (standard and wall transitions, the rules of the last years, as ZoneRules holds them) and
 *   the explicit daylight offset CLDR gives some zones.
 *
 * Each locale is read in a JVM of its own: the JDK caches zone names across locales, so that a zone's English
 * names, once looked up, are also en-IE's (which has its own for Europe/London). A JVM that writes in one locale,
 * as a service does, sees each locale's own.
 *
 * Reading the JDK's own tables needs `--add-opens java.base/java.time.format=ALL-UNNAMED`, `--add-opens
 * java.base/java.time.zone=ALL-UNNAMED` and `--add-exports java.base/sun.util.locale.provider=ALL-UNNAMED`. Every
 * table is checked against what the public formatter does with it, so that a table read wrongly fails here.
 */
public class JavaDateData {
  static final TextStyle[] STYLES = TextStyle.values();

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    StringBuilder json = new StringBuilder();
    if (args[0].equals("zones")) {
      json.append("{\"tzdb\":");
      string(json, ZoneRulesProvider.getVersions("UTC").lastKey());
      json.append(",\"zones\":{");
      boolean first = true;
      for (String id : new TreeSet<>(ZoneId.getAvailableZoneIds())) {
        if (!first) json.append(',');
        first = false;
        string(json, id);
        json.append(':');
        zone(json, id);
      }
      json.append("}}");
    } else locale(json, Locale.forLanguageTag(args[1]));
    out.println(json);
  }

  // ---- Texts -----------------------------------------------------------------------------------------------------

  static void locale(StringBuilder json, Locale locale) throws Exception {
    json.append("{\"week\":[");
    WeekFields week = WeekFields.of(locale);
    json.append(week.getFirstDayOfWeek().getValue()).append(',').append(week.getMinimalDaysInFirstWeek());
    json.append("],\"gmt\":");
    string(json, gmt(locale));
    DecimalStyle decimal = DateTimeFormatter.ofPattern("d", locale).getDecimalStyle();
    json.append(",\"decimal\":");
    string(json, "" + decimal.getZeroDigit() + decimal.getPositiveSign() + decimal.getNegativeSign()
        + decimal.getDecimalSeparator());
    json.append(",\"texts\":{");
    TemporalField[] fields = {ChronoField.ERA, ChronoField.MONTH_OF_YEAR, ChronoField.DAY_OF_WEEK,
        ChronoField.AMPM_OF_DAY, IsoFields.QUARTER_OF_YEAR};
    boolean first = true;
    for (TemporalField field : fields) {
      for (TextStyle style : STYLES) {
        if (!first) json.append(',');
        first = false;
        string(json, field + " " + style);
        json.append(':');
        texts(json, field, style, locale);
      }
    }
    json.append("},\"dayPeriods\":");
    dayPeriods(json, locale);
    json.append(",\"zoneNames\":");
    zoneNames(json, locale);
    json.append(",\"zoneTexts\":{\"SHORT\":");
    zoneTexts(json, locale, "z");
    json.append(",\"FULL\":");
    zoneTexts(json, locale, "zzzz");
    json.append("}}");
  }

  static Object textProvider() throws Exception {
    Class<?> provider = Class.forName("java.time.format.DateTimeTextProvider");
    Method instance = provider.getDeclaredMethod("getInstance");
    instance.setAccessible(true);
    return instance.invoke(null);
  }

  /** The texts of a field in a style, by value from its smallest (null where a value has none), or null. */
  @SuppressWarnings("unchecked")
  static void texts(StringBuilder json, TemporalField field, TextStyle style, Locale locale) throws Exception {
    Object provider = textProvider();
    Method getText = provider.getClass().getDeclaredMethod("getText", TemporalField.class, long.class,
        TextStyle.class, Locale.class);
    Method iterator = provider.getClass().getDeclaredMethod("getTextIterator", TemporalField.class,
        TextStyle.class, Locale.class);
    getText.setAccessible(true);
    iterator.setAccessible(true);
    ValueRange range = field.range();
    List<String> texts = new ArrayList<>();
    for (long value = range.getMinimum(); value <= range.getMaximum(); value++) {
      texts.add((String) getText.invoke(provider, field, value, style, locale));
    }
    Iterator<Map.Entry<String, Long>> parsed =
        (Iterator<Map.Entry<String, Long>>) iterator.invoke(provider, field, style, locale);
    checkParsable(field + " " + style + " " + locale, texts, range.getMinimum(), parsed);
    if (texts.stream().allMatch(Objects::isNull)) json.append("null");
    else list(json, texts);
  }

  /**
   * What the text parser tries, checked to be what mailroom derives from the texts: each distinct text, for the
   * greatest value that has it (the JDK's reverse map keeps the last of values met in increasing order), longest
   * first; none when no value has a text.
   */
  static void checkParsable(String what, List<String> texts, long first, Iterator<Map.Entry<String, Long>> parsed) {
    Map<String, Long> expected = new HashMap<>();
    for (int i = 0; i < texts.size(); i++) if (texts.get(i) != null) expected.put(texts.get(i), first + i);
    if (parsed == null) {
      if (!expected.isEmpty()) throw new IllegalStateException("no parsable texts for " + what);
      return;
    }
    Map<String, Long> actual = new HashMap<>();
    int length = Integer.MAX_VALUE;
    while (parsed.hasNext()) {
      Map.Entry<String, Long> entry = parsed.next();
      if (entry.getKey().length() > length) throw new IllegalStateException("not longest first: " + what);
      length = entry.getKey().length();
      actual.put(entry.getKey(), entry.getValue());
    }
    if (!actual.equals(expected)) throw new IllegalStateException("parsable texts differ for " + what);
  }

  static String gmt(Locale locale) throws Exception {
    Method resource = Class.forName("java.time.format.DateTimeTextProvider")
        .getDeclaredMethod("getLocalizedResource", String.class, Locale.class);
    resource.setAccessible(true);
    String gmt = (String) resource.invoke(null, "timezone.gmtZeroFormat", locale);
    if (gmt == null) gmt = "GMT";
    String written = DateTimeFormatter.ofPattern("O", locale).format(ZonedDateTime.of(2024, 1, 1, 0, 0, 0, 0,
        ZoneOffset.UTC));
    if (!written.equals(gmt)) throw new IllegalStateException("GMT text differs for " + locale);
    return gmt;
  }

  /**
   * The day periods of `B`: each period's span in minutes of the day and its type index, its names by style, and the
   * minutes of the day from which the formatter writes another period (as [minute, index] pairs).
   */
  @SuppressWarnings("unchecked")
  static void dayPeriods(StringBuilder json, Locale locale) throws Exception {
    Class<?> printer = Class.forName("java.time.format.DateTimeFormatterBuilder$DayPeriodPrinterParser");
    Class<?> period = Class.forName("java.time.format.DateTimeFormatterBuilder$DayPeriod");
    Method findStore = printer.getDeclaredMethod("findDayPeriodStore", Locale.class);
    Method periodMap = period.getDeclaredMethod("getDayPeriodMap", Locale.class);
    Method includes = period.getDeclaredMethod("includes", long.class);
    Field comparator = period.getDeclaredField("DPCOMPARATOR");
    Field from = period.getDeclaredField("from");
    Field to = period.getDeclaredField("to");
    for (AccessibleObject o : new AccessibleObject[] {findStore, periodMap, includes, comparator, from, to}) {
      o.setAccessible(true);
    }
    // The store first: building it drops the periods that have no name, as formatting and parsing do.
    Object store = findStore.invoke(null, locale);
    Map<Object, Long> map = (Map<Object, Long>) periodMap.invoke(null, locale);
    Comparator<Object> byDuration = (Comparator<Object>) comparator.get(null);
    json.append("{\"periods\":[");
    List<Object> periods = new ArrayList<>(map.keySet());
    periods.sort(Comparator.comparingLong(map::get));
    for (int i = 0; i < periods.size(); i++) {
      Object p = periods.get(i);
      if (i > 0) json.append(',');
      json.append('[').append(from.get(p)).append(',').append(to.get(p)).append(',').append(map.get(p)).append(']');
    }
    json.append("],\"names\":{");
    Method getText = store.getClass().getDeclaredMethod("getText", long.class, TextStyle.class);
    Method iterator = store.getClass().getDeclaredMethod("getTextIterator", TextStyle.class);
    getText.setAccessible(true);
    iterator.setAccessible(true);
    TextStyle[] styles = {TextStyle.FULL, TextStyle.SHORT, TextStyle.NARROW};
    for (int s = 0; s < styles.length; s++) {
      if (s > 0) json.append(',');
      string(json, styles[s].toString());
      json.append(':');
      List<String> names = new ArrayList<>();
      for (long index = 0; index < 12; index++) names.add((String) getText.invoke(store, index, styles[s]));
      checkParsable("B " + styles[s] + " " + locale, names, 0,
          (Iterator<Map.Entry<String, Long>>) iterator.invoke(store, styles[s]));
      list(json, names);
    }
    json.append("},\"byMinute\":[");
    long last = -1;
    boolean first = true;
    for (long minute = 0; minute < 1440; minute++) {
      final long m = minute;
      long index = map.keySet().stream()
          .filter(k -> {
            try {
              return (Boolean) includes.invoke(k, m);
            } catch (ReflectiveOperationException e) {
              throw new IllegalStateException(e);
            }
          })
          .min(byDuration).map(map::get).orElse(minute / 720);
      for (TextStyle style : styles) {
        String written = new DateTimeFormatterBuilder().appendDayPeriodText(style).toFormatter(locale)
            .format(LocalTime.of((int) (minute / 60), (int) (minute % 60)));
        if (!written.equals(getText.invoke(store, index, style))) {
          throw new IllegalStateException("day period differs at minute " + minute + " for " + locale);
        }
      }
      if (index != last) {
        if (!first) json.append(',');
        first = false;
        json.append('[').append(minute).append(',').append(index).append(']');
        last = index;
      }
    }
    json.append("]}");
  }

  // ---- Zone names ------------------------------------------------------------------------------------------------

  /** The ids whose names `z` and `v` may write: the region ids, and "UT", which ZoneId.of makes a region. */
  static List<String> namedZones() {
    List<String> ids = new ArrayList<>(new TreeSet<>(ZoneId.getAvailableZoneIds()));
    ids.add("UT");
    return ids;
  }

  /**
   * Per zone id, TimeZoneNameUtility.retrieveDisplayNames without the id: long and short standard, long and short
   * daylight, long and short generic names (nulls where none), or null when the zone has no names.
   */
  static void zoneNames(StringBuilder json, Locale locale) {
    // Zones made of a prefix and an offset have no names: the printer writes their ids.
    for (String id : new String[] {"GMT+01:00", "UTC-05:30", "UT+10:00"}) {
      String[] names = TimeZoneNameUtility.retrieveDisplayNames(id, locale);
      if (names != null && Arrays.stream(names, 1, 7).anyMatch(Objects::nonNull)) {
        throw new IllegalStateException("names for " + id);
      }
    }
    json.append('{');
    boolean first = true;
    for (String id : namedZones()) {
      if (!first) json.append(',');
      first = false;
      string(json, id);
      json.append(':');
      String[] names = TimeZoneNameUtility.retrieveDisplayNames(id, locale);
      if (names == null) json.append("null");
      else list(json, Arrays.asList(names).subList(1, 7));
    }
    json.append('}');
  }

  /**
   * The names a zone-text parser (`z` or `zzzz`) reads, each with the id of the zone it gives: every name and id
   * TimeZoneNameUtility knows in the locale, kept when the parser reads it whole from the prefix tree (a name read
   * by the parser's own rules first, an offset or a "GMT" or "UT" prefix, is left to mailroom's port of them).
   */
  static void zoneTexts(StringBuilder json, Locale locale, String pattern) {
    Set<String> candidates = new TreeSet<>();
    for (String[] names : TimeZoneNameUtility.getZoneStrings(locale)) {
      for (String name : names) if (name != null && !name.isEmpty()) candidates.add(name);
    }
    for (String id : ZoneId.getAvailableZoneIds()) {
      candidates.add(id);
      String[] names = TimeZoneNameUtility.retrieveDisplayNames(id, locale);
      if (names == null) continue;
      for (String name : names) if (name != null && !name.isEmpty()) candidates.add(name);
    }
    DateTimeFormatter formatter = DateTimeFormatter.ofPattern(pattern, locale);
    json.append('{');
    boolean first = true;
    for (String candidate : candidates) {
      if (readBeforeTree(candidate)) continue;
      // A character no name goes on with, so that the parser reads the name from its prefix tree.
      ParsePosition position = new ParsePosition(0);
      TemporalAccessor parsed = formatter.parseUnresolved(candidate + "\u0001", position);
      if (parsed == null || position.getIndex() != candidate.length()) continue;
      if (!first) json.append(',');
      first = false;
      string(json, candidate);
      json.append(':');
      string(json, parsed.query(TemporalQueries.zoneId()).getId());
    }
    json.append('}');
  }

  /** Whether the zone parser reads a text by its own rules rather than from its tree of names. */
  static boolean readBeforeTree(String text) {
    if (text.startsWith("+") || text.startsWith("-") || text.startsWith("GMT")) return true;
    if (!text.startsWith("UT")) return false;
    // "UTC" goes to the tree when another character than a sign follows it (as the sentinel does).
    return !text.startsWith("UTC") || (text.length() > 3 && (text.charAt(3) == '+' || text.charAt(3) == '-'));
  }

  // ---- Zone rules ------------------------------------------------------------------------------------------------

  static Object field(Object target, String name) throws ReflectiveOperationException {
    Field field = target.getClass().getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }

  /**
   * A zone's rules: [standard offset, [transition, standard offset after]...], [wall offset, [transition, wall offset
   * after]...] (epoch seconds, offsets in seconds), the rules of the last years as [month, day-of-month indicator,
   * day of week (0 for none), second of day, midnight at the end of the day, time definition (0 UTC, 1 wall, 2
   * standard), standard offset, offset before, offset after], and CLDR's explicit daylight offset or null.
   */
  static void zone(StringBuilder json, String id) throws Exception {
    ZoneRules rules = ZoneId.of(id).getRules();
    json.append("{\"standard\":");
    transitions(json, (long[]) field(rules, "standardTransitions"), (ZoneOffset[]) field(rules, "standardOffsets"));
    json.append(",\"wall\":");
    transitions(json, (long[]) field(rules, "savingsInstantTransitions"), (ZoneOffset[]) field(rules, "wallOffsets"));
    json.append(",\"last\":[");
    List<ZoneOffsetTransitionRule> last = rules.getTransitionRules();
    for (int i = 0; i < last.size(); i++) {
      ZoneOffsetTransitionRule rule = last.get(i);
      if (i > 0) json.append(',');
      json.append('[').append(rule.getMonth().getValue()).append(',').append(rule.getDayOfMonthIndicator())
          .append(',').append(rule.getDayOfWeek() == null ? 0 : rule.getDayOfWeek().getValue())
          .append(',').append(rule.getLocalTime().toSecondOfDay())
          .append(',').append(rule.isMidnightEndOfDay() ? 1 : 0)
          .append(',').append(rule.getTimeDefinition().ordinal())
          .append(',').append(rule.getStandardOffset().getTotalSeconds())
          .append(',').append(rule.getOffsetBefore().getTotalSeconds())
          .append(',').append(rule.getOffsetAfter().getTotalSeconds()).append(']');
    }
    json.append("],\"dst\":");
    string(json, TimeZoneNameUtility.explicitDstOffset(id));
    json.append('}');
  }

  static void transitions(StringBuilder json, long[] transitions, ZoneOffset[] offsets) {
    json.append('[').append(offsets[0].getTotalSeconds());
    for (int i = 0; i < transitions.length; i++) {
      json.append(',').append(transitions[i]).append(',').append(offsets[i + 1].getTotalSeconds());
    }
    json.append(']');
  }

  // ---- JSON ------------------------------------------------------------------------------------------------------

  static void list(StringBuilder json, List<String> values) {
    json.append('[');
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) json.append(',');
      string(json, values.get(i));
    }
    json.append(']');
  }

  static void string(StringBuilder json, String s) {
    if (s == null) {
      json.append("null");
      return;
    }
    json.append('"');
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') json.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) json.append(String.format("\\u%04x", (int) c));
      else json.append(c);
    }
    json.append('"');
  }
}
