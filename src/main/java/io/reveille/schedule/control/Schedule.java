package io.reveille.schedule.control;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.schedule.entity.ScheduleKind;
import jakarta.json.JsonObject;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;

/**
 * A timer's schedule as the user meant it — "every day at 07:00 in Europe/Berlin" — from which
 * every firing is computed afresh. Nothing here stores an instant: after downtime, a clock jump or
 * a move to another zone, the next firing follows from the intent and the current time alone.
 *
 * <p><b>The wall-clock rule</b> (daily, weekly and calendar schedules): a local time is resolved in
 * the schedule's zone with {@link ZonedDateTime#ofLocal}. A local time that does not exist (the
 * hour skipped when clocks go forward) fires at the same distance after the transition — 02:30 on
 * the Europe/Berlin spring-forward day fires at 03:30 CEST; a local time that happens twice (the
 * hour repeated when clocks go back) fires once, at its first occurrence. So a daily timer fires
 * exactly once on every day, whatever the day's length. Intervals ignore zones: "every 4 hours" is
 * every 14,400 seconds from the anchor.
 */
public sealed interface Schedule {

  ScheduleKind kind();

  /** The zone local times are meant in; {@code UTC} for intervals. */
  ZoneId zone();

  /** The first firing strictly after {@code after}; empty when the schedule never fires again. */
  Optional<Instant> nextAfter(Instant after);

  /** The schedule as a canonical API document (what responses show). */
  JsonObject toJson();

  /** Every day at {@code time} in {@code zone}. */
  record Daily(LocalTime time, ZoneId zone) implements Schedule {
    public Daily {
      Objects.requireNonNull(time, "time");
      Objects.requireNonNull(zone, "zone");
    }

    @Override
    public ScheduleKind kind() {
      return ScheduleKind.DAILY;
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
      // From the day before: a resolved instant can fall on the neighbouring UTC date.
      var date = LocalDate.ofInstant(after, zone).minusDays(1);
      for (var i = 0; i < 4; i++, date = date.plusDays(1)) {
        var at = resolve(date, time, zone);
        if (at.isAfter(after)) {
          return Optional.of(at);
        }
      }
      throw new IllegalStateException("no daily firing within four days of " + after);
    }

    @Override
    public JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("kind", kind().wire())
          .add("time", time.toString())
          .add("zone", zone.getId())
          .build();
    }
  }

  /** Every week on {@code day} at {@code time} in {@code zone}. */
  record Weekly(DayOfWeek day, LocalTime time, ZoneId zone) implements Schedule {
    public Weekly {
      Objects.requireNonNull(day, "day");
      Objects.requireNonNull(time, "time");
      Objects.requireNonNull(zone, "zone");
    }

    @Override
    public ScheduleKind kind() {
      return ScheduleKind.WEEKLY;
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
      var date = LocalDate.ofInstant(after, zone).minusDays(1);
      for (var i = 0; i < 16; i++, date = date.plusDays(1)) {
        if (date.getDayOfWeek() != day) {
          continue;
        }
        var at = resolve(date, time, zone);
        if (at.isAfter(after)) {
          return Optional.of(at);
        }
      }
      throw new IllegalStateException("no weekly firing within sixteen days of " + after);
    }

    @Override
    public JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("kind", kind().wire())
          .add("dayOfWeek", day.name())
          .add("time", time.toString())
          .add("zone", zone.getId())
          .build();
    }
  }

  /** Every {@code every} from {@code anchor} on (and never before it). */
  record Interval(Duration every, Instant anchor) implements Schedule {
    public Interval {
      Objects.requireNonNull(every, "every");
      Objects.requireNonNull(anchor, "anchor");
      if (every.isNegative() || every.isZero()) {
        throw new IllegalArgumentException("an interval must be positive: " + every);
      }
    }

    @Override
    public ScheduleKind kind() {
      return ScheduleKind.INTERVAL;
    }

    @Override
    public ZoneId zone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
      if (after.isBefore(anchor)) {
        return Optional.of(anchor);
      }
      var periods = Duration.between(anchor, after).dividedBy(every) + 1;
      return Optional.of(anchor.plus(every.multipliedBy(periods)));
    }

    /**
     * How many firings lie in {@code [from, to]} when {@code from} is one: without walking them.
     */
    long firingsBetween(Instant from, Instant to) {
      return to.isBefore(from) ? 0 : Duration.between(from, to).dividedBy(every) + 1;
    }

    @Override
    public JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("kind", kind().wire())
          .add("everySeconds", every.toSeconds())
          .add("anchor", anchor.toString())
          .build();
    }
  }

  /** A calendar expression (the {@code ScheduleExpression} vocabulary) in {@code zone}. */
  record Calendar(CalendarExpression expression, ZoneId zone) implements Schedule {
    public Calendar {
      Objects.requireNonNull(expression, "expression");
      Objects.requireNonNull(zone, "zone");
    }

    @Override
    public ScheduleKind kind() {
      return ScheduleKind.CALENDAR;
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
      return expression.nextAfter(after, zone);
    }

    @Override
    public JsonObject toJson() {
      var json = JsonDocuments.provider().createObjectBuilder().add("kind", kind().wire());
      expression.attributes().forEach(json::add);
      return json.add("zone", zone.getId()).build();
    }
  }

  /** The wall-clock rule of this interface's Javadoc. */
  private static Instant resolve(LocalDate date, LocalTime time, ZoneId zone) {
    return ZonedDateTime.ofLocal(date.atTime(time), zone, null).toInstant();
  }
}
