package io.reveille.schedule.control;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A calendar schedule in the vocabulary of the Jakarta Enterprise Beans {@code ScheduleExpression}
 * (section "Calendar-based timer expressions"), parsed once and evaluated without a container.
 *
 * <p>Why it exists: an agent timer stores the user's intent and the next firing is recomputed from
 * it after every firing, clock jump or zone change. That computation has to be deterministic,
 * testable and identical on every node, so it is done here on {@code java.time} instead of being
 * left to the EJB container's timer service, whose behaviour around daylight-saving changes is not
 * specified.
 *
 * <h2>Vocabulary</h2>
 *
 * <p>Seven attributes with the spec's defaults: {@code second} "0", {@code minute} "0", {@code
 * hour} "0", {@code dayOfMonth} "*", {@code month} "*", {@code dayOfWeek} "*", {@code year} "*".
 * Each is {@code *}, a single value, a list {@code a,b,c} of values and ranges, a range {@code
 * x-y}, or (second, minute and hour only) an increment {@code x/y} or <code>&#42;/y</code>. A range
 * whose start is larger than its end wraps around ({@code Fri-Mon}, {@code 22-2}, {@code 25-5} is
 * {@code 25-Last,1-5}); years have no maximum to wrap to, so a backwards year range is rejected.
 * Month names Jan..Dec and day names Sun..Sat are case-insensitive; day of week 0 and 7 are both
 * Sunday. Day of month is 1..31, {@code Last}, {@code -1}..{@code -7} (days before the last day),
 * or an ordinal {@code 1st}..{@code 5th} / {@code Last} followed by a day name ({@code 2nd Tue}); a
 * day that a month does not have (31 in April, {@code 5th Mon} in a month with four Mondays) simply
 * does not match in that month. An increment {@code x/0} means just {@code x}, as Open Liberty
 * reads the spec's allowed range [0, max] for the interval.
 *
 * <p>A date matches when it satisfies every attribute: unlike cron, a restricted day of month and a
 * restricted day of week are combined with AND, as the spec says ({@code dayOfMonth=13,
 * dayOfWeek=Fri} is every Friday the 13th).
 *
 * <h2>Evaluation and daylight saving (the product's rule)</h2>
 *
 * <p>{@link #nextAfter} walks the local calendar dates of the zone, starting at the local date of
 * {@code after} minus one day, and on each matching date tries the matching local times of day in
 * ascending order. Each local date-time is resolved with {@link ZonedDateTime#ofLocal
 * ZonedDateTime.ofLocal(ldt, zone, null)}: a local time in a gap (spring forward) moves forward by
 * the length of the gap (02:30 on the Europe/Berlin spring-forward day is 03:30 CEST), and a local
 * time in an overlap (fall back) takes the earlier offset. The first resulting instant strictly
 * after {@code after} is the answer. Hence:
 *
 * <ul>
 *   <li>feeding a result back in always yields a strictly later instant, so a timer can never fire
 *       twice for one occurrence, even when two local times resolve to the same instant (02:00 and
 *       03:00 on a spring-forward day);
 *   <li>a repeated local time fires once, at its first occurrence;
 *   <li>no matching day is skipped: an occurrence in a gap fires late rather than not at all.
 * </ul>
 *
 * <p>Starting one day early catches a local time of the previous date that a gap pushes past
 * midnight into the date of {@code after}. The walk ends after ten years (3653 days) or as soon as
 * a year restriction leaves no later year, so an expression that can never match ({@code
 * dayOfMonth=30, month=Feb}) returns empty instead of looping.
 *
 * <p>Instances are immutable and thread-safe; equality is that of the canonical {@link
 * #attributes()}.
 *
 * <p>One piece: parsing and evaluation share the per-attribute value sets and the wrap-around
 * rules, so splitting them would spread one grammar over two files.
 */
public final class CalendarExpression {

  /** How far {@link #nextAfter} looks: ten years of local dates, leap days included. */
  private static final int SEARCH_DAYS = 3653;

  private static final int SECONDS_PER_DAY = 86_400;

  /** No zone is ever more than 18 hours from UTC ({@link java.time.ZoneOffset#MAX}). */
  private static final long MAX_OFFSET_SECONDS = 18 * 3600;

  private static final List<String> MONTH_NAMES =
      List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");

  /** Index = the spec's day-of-week number (Sun = 0). */
  private static final List<String> DAY_NAMES =
      List.of("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat");

  private static final Pattern DIGITS = Pattern.compile("[0-9]+");
  private static final Pattern LETTERS = Pattern.compile("[A-Za-z]+");
  private static final Pattern ORDINAL_DAY =
      Pattern.compile("(1st|2nd|3rd|4th|5th|last)\\s+(\\S+)", Pattern.CASE_INSENSITIVE);

  private final Map<String, String> attributes;
  // Allowed values as bit sets: bit n set = value n allowed. Longs and ints rather than BitSet so
  // that the next allowed value is one numberOfTrailingZeros away.
  private final long seconds;
  private final long minutes;
  private final long hours;
  private final int months;
  private final int daysOfWeek;

  /** {@code null} when every day of the month is allowed. */
  private final List<DayRange> daysOfMonth;

  /** {@code null} when every year is allowed; never mutated after parsing. */
  private final BitSet years;

  private CalendarExpression(
      Map<String, String> attributes,
      long seconds,
      long minutes,
      long hours,
      int months,
      int daysOfWeek,
      List<DayRange> daysOfMonth,
      BitSet years) {
    this.attributes = attributes;
    this.seconds = seconds;
    this.minutes = minutes;
    this.hours = hours;
    this.months = months;
    this.daysOfWeek = daysOfWeek;
    this.daysOfMonth = daysOfMonth;
    this.years = years;
  }

  /**
   * Parses the attributes (absent or null ones take the spec defaults). Unknown attribute names are
   * the caller's business; only these 7 keys are read.
   *
   * @throws InvalidInputException naming {@code schedule.<attribute>} and the offending part
   */
  public static CalendarExpression parse(Map<String, String> attributes) {
    Objects.requireNonNull(attributes, "attributes");
    var canonical = new LinkedHashMap<String, String>();
    var second = parseValues(Attribute.SECOND, textOf(attributes, Attribute.SECOND));
    var minute = parseValues(Attribute.MINUTE, textOf(attributes, Attribute.MINUTE));
    var hour = parseValues(Attribute.HOUR, textOf(attributes, Attribute.HOUR));
    var dayOfMonth = parseDaysOfMonth(textOf(attributes, Attribute.DAY_OF_MONTH));
    var month = parseValues(Attribute.MONTH, textOf(attributes, Attribute.MONTH));
    var dayOfWeek = parseValues(Attribute.DAY_OF_WEEK, textOf(attributes, Attribute.DAY_OF_WEEK));
    var year = parseValues(Attribute.YEAR, textOf(attributes, Attribute.YEAR));
    canonical.put(Attribute.SECOND.key, second.text());
    canonical.put(Attribute.MINUTE.key, minute.text());
    canonical.put(Attribute.HOUR.key, hour.text());
    canonical.put(Attribute.DAY_OF_MONTH.key, dayOfMonth.text());
    canonical.put(Attribute.MONTH.key, month.text());
    canonical.put(Attribute.DAY_OF_WEEK.key, dayOfWeek.text());
    canonical.put(Attribute.YEAR.key, year.text());
    return new CalendarExpression(
        Collections.unmodifiableMap(canonical),
        second.bits(),
        minute.bits(),
        hour.bits(),
        (int) month.bits(),
        (int) dayOfWeek.bits(),
        dayOfMonth.ranges(),
        year.text().equals("*") ? null : year.values());
  }

  /**
   * The first matching instant strictly after {@code after}, with local times resolved in {@code
   * zone}; empty when nothing matches in the ten years after {@code after}. See the class
   * description for how daylight-saving gaps and overlaps are resolved.
   */
  public Optional<Instant> nextAfter(Instant after, ZoneId zone) {
    Objects.requireNonNull(after, "after");
    Objects.requireNonNull(zone, "zone");
    // Only whole seconds can match, so "strictly after" is "epoch second greater", nanos or not.
    long afterSecond = after.getEpochSecond();
    LocalDate first = LocalDate.ofInstant(after, zone);
    LocalDate last = first.plusDays(SEARCH_DAYS);
    LocalDate date = first.minusDays(1);
    YearMonth maskMonth = null;
    long dayMask = 0;
    while (!date.isAfter(last)) {
      int year = date.getYear();
      if (years != null && (year < 0 || !years.get(year))) {
        int nextYear = years.nextSetBit(Math.max(0, year + 1));
        if (nextYear < 0) {
          return Optional.empty();
        }
        date = LocalDate.of(nextYear, 1, 1);
        continue;
      }
      if ((months & (1 << date.getMonthValue())) == 0) {
        date = date.withDayOfMonth(1).plusMonths(1);
        continue;
      }
      var month = YearMonth.from(date);
      if (!month.equals(maskMonth)) {
        maskMonth = month;
        dayMask = matchingDays(month);
      }
      int day = nextBit(dayMask, date.getDayOfMonth());
      if (day < 0) {
        date = date.withDayOfMonth(1).plusMonths(1);
        continue;
      }
      date = date.withDayOfMonth(day);
      if (date.isAfter(last)) {
        break;
      }
      var hit = firstOn(date, zone, afterSecond);
      if (hit.isPresent()) {
        return hit;
      }
      date = date.plusDays(1);
    }
    return Optional.empty();
  }

  /** The attributes in canonical text form (for responses), keys in the order above. */
  public Map<String, String> attributes() {
    return attributes;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CalendarExpression that && attributes.equals(that.attributes);
  }

  @Override
  public int hashCode() {
    return attributes.hashCode();
  }

  @Override
  public String toString() {
    return "CalendarExpression" + attributes;
  }

  /**
   * The first matching time on {@code date}, in ascending local order, that resolves strictly after
   * {@code after} (epoch seconds).
   *
   * <p>Rather than resolving every allowed time of the day, it jumps: if local time {@code L}
   * resolves with offset {@code o} to an instant not after {@code after}, every later local time up
   * to {@code after + o} does too, as long as it still resolves with {@code o}. So the next
   * candidate is the earlier of {@code after + o + 1} and the next local time at which the zone
   * resolves with another offset. That is a handful of resolutions per date even for an
   * every-second expression on a transition day, and it never skips a time that would resolve after
   * {@code after} earlier in local order.
   */
  private Optional<Instant> firstOn(LocalDate date, ZoneId zone, long after) {
    long dayStart = date.toEpochDay() * SECONDS_PER_DAY;
    int time = nextTimeOfDay(0);
    while (time >= 0) {
      var local = LocalDateTime.of(date, LocalTime.ofSecondOfDay(time));
      var instant = ZonedDateTime.ofLocal(local, zone, null).toInstant();
      if (instant.getEpochSecond() > after) {
        return Optional.of(instant);
      }
      long localSecond = dayStart + time;
      long offset = localSecond - instant.getEpochSecond();
      long resume = Math.min(after + offset + 1, nextOffsetChange(zone.getRules(), localSecond));
      if (resume - dayStart >= SECONDS_PER_DAY) {
        return Optional.empty();
      }
      time = nextTimeOfDay((int) (resume - dayStart));
    }
    return Optional.empty();
  }

  /**
   * The first local time (as epoch seconds of the local date-time read as UTC) after {@code
   * localSecond} that resolves with a different offset, or {@link Long#MAX_VALUE}.
   *
   * <p>Around a transition at instant T from offset b to offset a, every local time before {@code T
   * + max(b, a)} resolves with b (a gap time is pushed forward, which keeps b; an overlap time
   * takes the earlier instant, which is b) and every later one with a.
   */
  private static long nextOffsetChange(ZoneRules rules, long localSecond) {
    var transition = rules.nextTransition(Instant.ofEpochSecond(localSecond - MAX_OFFSET_SECONDS));
    while (transition != null) {
      long change =
          transition.toEpochSecond()
              + Math.max(
                  transition.getOffsetBefore().getTotalSeconds(),
                  transition.getOffsetAfter().getTotalSeconds());
      if (change > localSecond) {
        return change;
      }
      transition = rules.nextTransition(transition.getInstant());
    }
    return Long.MAX_VALUE;
  }

  /** The smallest allowed second of the day at or after {@code from}, or -1. */
  private int nextTimeOfDay(int from) {
    int fromHour = from / 3600;
    int fromMinute = from / 60 % 60;
    for (int hour = nextBit(hours, fromHour); hour >= 0; hour = nextBit(hours, hour + 1)) {
      int minuteFrom = hour == fromHour ? fromMinute : 0;
      for (int minute = nextBit(minutes, minuteFrom);
          minute >= 0;
          minute = nextBit(minutes, minute + 1)) {
        int secondFrom = hour == fromHour && minute == fromMinute ? from % 60 : 0;
        int second = nextBit(seconds, secondFrom);
        if (second >= 0) {
          return hour * 3600 + minute * 60 + second;
        }
      }
    }
    return -1;
  }

  /** Bit d set = day d of {@code month} satisfies both dayOfMonth and dayOfWeek. */
  private long matchingDays(YearMonth month) {
    int length = month.lengthOfMonth();
    long mask;
    if (daysOfMonth == null) {
      mask = bits(1, length);
    } else {
      mask = 0;
      for (var range : daysOfMonth) {
        mask |= range.days(month);
      }
    }
    if (daysOfWeek != 0b111_1111) {
      int weekday = specDayOfWeek(month.atDay(1));
      for (int day = 1; day <= length; day++, weekday = (weekday + 1) % 7) {
        if ((daysOfWeek & (1 << weekday)) == 0) {
          mask &= ~(1L << day);
        }
      }
    }
    return mask;
  }

  private static int nextBit(long bits, int from) {
    if (from >= Long.SIZE) {
      return -1;
    }
    long remaining = bits & (-1L << from);
    return remaining == 0 ? -1 : Long.numberOfTrailingZeros(remaining);
  }

  /** Bits {@code from..to} inclusive; none when {@code from > to}. */
  private static long bits(int from, int to) {
    return from > to ? 0 : (-1L >>> (Long.SIZE - 1 - to + from)) << from;
  }

  /** Sun = 0 .. Sat = 6, the spec's numbering. */
  private static int specDayOfWeek(LocalDate date) {
    return date.getDayOfWeek().getValue() % 7;
  }

  private static String textOf(Map<String, String> attributes, Attribute attribute) {
    var text = attributes.get(attribute.key);
    return text == null ? attribute.defaultText : text;
  }

  /** A parsed attribute: its canonical text and the allowed values. */
  private record Values(String text, BitSet values) {
    long bits() {
      return values.toLongArray()[0];
    }
  }

  /** A single value as written: its number and its canonical spelling. */
  private record Value(int number, String text) {}

  private static Values parseValues(Attribute attribute, String raw) {
    var text = raw.strip();
    if (text.isEmpty()) {
      throw attribute.invalid(attribute.key + " is empty");
    }
    if (text.indexOf('/') >= 0) {
      return parseIncrement(attribute, text);
    }
    var values = new BitSet();
    if (text.equals("*")) {
      if (attribute != Attribute.YEAR) {
        values.set(attribute.min, attribute.max + 1);
      }
      return new Values("*", foldSunday(attribute, values));
    }
    var items = new ArrayList<String>();
    for (var item : listItems(attribute, text)) {
      int dash = rangeDash(item);
      if (dash < 0) {
        var value = parseValue(attribute, item);
        values.set(value.number());
        items.add(value.text());
        continue;
      }
      var from = parseValue(attribute, rangeMember(attribute, item, item.substring(0, dash)));
      var to = parseValue(attribute, rangeMember(attribute, item, item.substring(dash + 1)));
      if (from.number() <= to.number()) {
        values.set(from.number(), to.number() + 1);
      } else if (attribute == Attribute.YEAR) {
        throw attribute.invalid(
            "year range " + item + " goes backwards; years have no maximum to wrap around to");
      } else {
        // The spec: x-y with x > y is x-max,min-y.
        values.set(from.number(), attribute.max + 1);
        values.set(attribute.min, to.number() + 1);
      }
      items.add(from.text() + "-" + to.text());
    }
    return new Values(String.join(",", items), foldSunday(attribute, values));
  }

  /** Day of week 7 is Sunday, stored as 0 so that evaluation has one number per day. */
  private static BitSet foldSunday(Attribute attribute, BitSet values) {
    if (attribute == Attribute.DAY_OF_WEEK && values.get(7)) {
      values.clear(7);
      values.set(0);
    }
    return values;
  }

  private static Values parseIncrement(Attribute attribute, String text) {
    if (!attribute.allowsIncrements()) {
      throw attribute.invalid("increments are only allowed for second, minute and hour");
    }
    if (text.indexOf(',') >= 0) {
      throw attribute.invalid("an increment cannot be part of a list: '" + text + "'");
    }
    var parts = text.split("/", -1);
    if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
      throw attribute.invalid(
          attribute.key + " '" + text + "' is not an increment of the form x/y or */y");
    }
    var start = parts[0].strip();
    if (rangeDash(start) >= 0) {
      throw attribute.invalid(
          "the start of increment '" + text + "' must be a single value or '*', not a range");
    }
    int first = start.equals("*") ? 0 : number(attribute, start, attribute.key).number();
    int step = number(attribute, parts[1].strip(), attribute.key + " interval").number();
    var values = new BitSet();
    if (step == 0) {
      values.set(first);
    } else {
      for (int value = first; value <= attribute.max; value += step) {
        values.set(value);
      }
    }
    return new Values((start.equals("*") ? "*" : String.valueOf(first)) + "/" + step, values);
  }

  private static Value parseValue(Attribute attribute, String text) {
    if (text.startsWith("-") && DIGITS.matcher(text.substring(1)).matches()) {
      throw attribute.invalid(attribute.outOfRange(text));
    }
    if (DIGITS.matcher(text).matches()) {
      if (attribute == Attribute.YEAR && text.length() != 4) {
        throw attribute.invalid("year '" + text + "' is not a four-digit year");
      }
      return number(attribute, text, attribute.key);
    }
    if (LETTERS.matcher(text).matches()) {
      if (attribute == Attribute.MONTH) {
        return new Value(named(attribute, MONTH_NAMES, text, "month") + 1, capitalized(text));
      }
      if (attribute == Attribute.DAY_OF_WEEK) {
        return new Value(named(attribute, DAY_NAMES, text, "day"), capitalized(text));
      }
    }
    throw attribute.invalid(attribute.key + " '" + text + "' is not " + attribute.expected);
  }

  private static Value number(Attribute attribute, String text, String what) {
    if (!DIGITS.matcher(text).matches()) {
      throw attribute.invalid(what + " '" + text + "' is not a number");
    }
    // More than nine digits would overflow an int; such a number is out of range anyway.
    int number = text.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(text);
    if (number < attribute.min || number > attribute.max) {
      throw attribute.invalid(
          what
              + " "
              + (text.length() > 9 ? text : String.valueOf(number))
              + " is out of range "
              + attribute.min
              + "-"
              + attribute.max);
    }
    return new Value(number, attribute == Attribute.YEAR ? text : String.valueOf(number));
  }

  private static int named(Attribute attribute, List<String> names, String text, String kind) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(text)) {
        return i;
      }
    }
    throw attribute.invalid("unknown " + kind + " name '" + text + "'");
  }

  private static String capitalized(String name) {
    return name.substring(0, 1).toUpperCase(Locale.ROOT)
        + name.substring(1).toLowerCase(Locale.ROOT);
  }

  /** The stripped items of a list; a single value or range is a list of one. */
  private static List<String> listItems(Attribute attribute, String text) {
    var items = new ArrayList<String>();
    for (var item : text.split(",", -1)) {
      var stripped = item.strip();
      if (stripped.isEmpty()) {
        throw attribute.invalid(attribute.key + " '" + text + "' has an empty list item");
      }
      if (stripped.equals("*")) {
        throw attribute.invalid("'*' cannot be part of a list: '" + text + "'");
      }
      items.add(stripped);
    }
    return items;
  }

  /**
   * The dash separating a range's members, or -1. A dash at the start of a member, or right after
   * the separating dash, is a minus sign ({@code -3--1} is the range from -3 to -1).
   */
  private static int rangeDash(String item) {
    for (int i = 1; i < item.length(); i++) {
      if (item.charAt(i) == '-' && item.charAt(i - 1) != '-') {
        return i;
      }
    }
    return -1;
  }

  /** A stripped member of {@code range}, refusing wildcards, empty members and nested ranges. */
  private static String rangeMember(Attribute attribute, String range, String member) {
    var stripped = member.strip();
    if (stripped.equals("*")) {
      throw attribute.invalid("'*' cannot be part of a range: '" + range + "'");
    }
    if (stripped.isEmpty() || rangeDash(stripped) >= 0) {
      throw attribute.invalid(attribute.key + " '" + range + "' is not a valid range x-y");
    }
    return stripped;
  }

  private record DaysOfMonth(String text, List<DayRange> ranges) {}

  private static DaysOfMonth parseDaysOfMonth(String raw) {
    var attribute = Attribute.DAY_OF_MONTH;
    var text = raw.strip();
    if (text.isEmpty()) {
      throw attribute.invalid("dayOfMonth is empty");
    }
    if (text.indexOf('/') >= 0) {
      throw attribute.invalid("increments are only allowed for second, minute and hour");
    }
    if (text.equals("*")) {
      return new DaysOfMonth("*", null);
    }
    var ranges = new ArrayList<DayRange>();
    var items = new ArrayList<String>();
    for (var item : listItems(attribute, text)) {
      int dash = rangeDash(item);
      if (dash < 0) {
        var day = parseMonthDay(item);
        ranges.add(new DayRange(day, day));
        items.add(day.text());
        continue;
      }
      var from = parseMonthDay(rangeMember(attribute, item, item.substring(0, dash)));
      var to = parseMonthDay(rangeMember(attribute, item, item.substring(dash + 1)));
      ranges.add(new DayRange(from, to));
      items.add(from.text() + "-" + to.text());
    }
    return new DaysOfMonth(String.join(",", items), List.copyOf(ranges));
  }

  private static MonthDay parseMonthDay(String text) {
    var attribute = Attribute.DAY_OF_MONTH;
    if (DIGITS.matcher(text).matches()) {
      return new MonthDay(MonthDay.Kind.DAY, number(attribute, text, "dayOfMonth").number(), -1);
    }
    if (text.startsWith("-") && DIGITS.matcher(text.substring(1)).matches()) {
      int before = text.length() > 2 ? Integer.MAX_VALUE : Integer.parseInt(text.substring(1));
      if (before < 1 || before > 7) {
        throw attribute.invalid("dayOfMonth " + text + " is out of range -7 to -1");
      }
      return new MonthDay(MonthDay.Kind.BEFORE_LAST, before, -1);
    }
    if (text.equalsIgnoreCase("last")) {
      return new MonthDay(MonthDay.Kind.BEFORE_LAST, 0, -1);
    }
    Matcher ordinal = ORDINAL_DAY.matcher(text);
    if (ordinal.matches()) {
      int weekday = named(attribute, DAY_NAMES, ordinal.group(2), "day");
      var which = ordinal.group(1).toLowerCase(Locale.ROOT);
      return which.equals("last")
          ? new MonthDay(MonthDay.Kind.LAST_WEEKDAY, 0, weekday)
          : new MonthDay(MonthDay.Kind.NTH_WEEKDAY, which.charAt(0) - '0', weekday);
    }
    throw attribute.invalid("dayOfMonth '" + text + "' is not " + attribute.expected);
  }

  /**
   * One dayOfMonth value. Resolved per month because "Last", "-3" and "2nd Tue" fall on a different
   * day in each month.
   *
   * @param number the day (DAY), days before the last day (BEFORE_LAST, 0 = Last) or the ordinal
   *     (NTH_WEEKDAY)
   * @param weekday Sun = 0 .. Sat = 6 for the weekday kinds, else -1
   */
  private record MonthDay(Kind kind, int number, int weekday) {

    enum Kind {
      DAY,
      BEFORE_LAST,
      NTH_WEEKDAY,
      LAST_WEEKDAY
    }

    /**
     * The day in {@code month}: for DAY the number itself even past the month's end (the caller
     * clips), else a real day of the month, or 0 when the month has no such day (a fifth Monday).
     */
    int in(YearMonth month) {
      int length = month.lengthOfMonth();
      return switch (kind) {
        case DAY -> number;
        case BEFORE_LAST -> length - number;
        case NTH_WEEKDAY -> {
          int first = 1 + Math.floorMod(weekday - specDayOfWeek(month.atDay(1)), 7);
          int day = first + 7 * (number - 1);
          yield day <= length ? day : 0;
        }
        case LAST_WEEKDAY ->
            length - Math.floorMod(specDayOfWeek(month.atEndOfMonth()) - weekday, 7);
      };
    }

    String text() {
      return switch (kind) {
        case DAY -> String.valueOf(number);
        case BEFORE_LAST -> number == 0 ? "Last" : "-" + number;
        case NTH_WEEKDAY ->
            number
                + List.of("st", "nd", "rd", "th", "th").get(number - 1)
                + " "
                + DAY_NAMES.get(weekday);
        case LAST_WEEKDAY -> "Last " + DAY_NAMES.get(weekday);
      };
    }
  }

  /** A dayOfMonth range; a single value is the range from itself to itself. */
  private record DayRange(MonthDay from, MonthDay to) {

    /** Bit d set = day d of {@code month} is in the range. */
    long days(YearMonth month) {
      int length = month.lengthOfMonth();
      int start = from.in(month);
      int end = to.in(month);
      if (start == 0 || end == 0) {
        return 0; // an ordinal weekday this month does not have
      }
      // x-y with x > y wraps: x-Last,1-y. The one exception is a numeric start past the end of a
      // short month with an end relative to the month's end: "30-Last" in February means "from the
      // 30th to the end", which February does not have, not "all of February".
      boolean wraps = start > end && (start <= length || to.kind() == MonthDay.Kind.DAY);
      return wraps
          ? bits(start, length) | bits(1, Math.min(end, length))
          : bits(start, Math.min(end, length));
    }
  }

  private enum Attribute {
    SECOND("second", 0, 59, "0", "a number 0-59"),
    MINUTE("minute", 0, 59, "0", "a number 0-59"),
    HOUR("hour", 0, 23, "0", "a number 0-23"),
    DAY_OF_MONTH(
        "dayOfMonth",
        1,
        31,
        "*",
        "a day of the month (1-31, Last, -7 to -1, or an ordinal weekday such as 2nd Tue)"),
    MONTH("month", 1, 12, "*", "a month (1-12 or Jan-Dec)"),
    DAY_OF_WEEK("dayOfWeek", 0, 7, "*", "a day of the week (0-7 or Sun-Sat)"),
    YEAR("year", 0, 9999, "*", "a four-digit year");

    final String key;
    final int min;
    final int max;
    final String defaultText;
    final String expected;

    Attribute(String key, int min, int max, String defaultText, String expected) {
      this.key = key;
      this.min = min;
      this.max = max;
      this.defaultText = defaultText;
      this.expected = expected;
    }

    boolean allowsIncrements() {
      return this == SECOND || this == MINUTE || this == HOUR;
    }

    String outOfRange(String text) {
      return key + " " + text + " is out of range " + min + "-" + max;
    }

    InvalidInputException invalid(String message) {
      return new InvalidInputException("schedule." + key, message);
    }
  }
}
