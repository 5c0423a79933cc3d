package io.reveille.dayplanner.control;

import io.reveille.journal.entity.TaskPriority;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The deterministic engine's layout of a day, the one algorithm of {@link DeterministicDayPlanning}
 * (which reads the tasks and the plan, and writes the result): most urgent first (priority, then
 * due date, then title), each task one block as long as its remaining estimate, laid out back to
 * back from the day's start around the blocks that are not the planner's, and never past the day's
 * end. A task that does not fit is left out and said so; a shorter task after it may still fit. A
 * task with a pending request for a person's time comes first (the more pressing request first),
 * its block as long as the request asks, not before its earliest start and not ending after its
 * latest end.
 *
 * <p>Pure: no container, no clock. The same tasks and busy times give the same plan, which is what
 * lets a re-run of a wake replay its tool calls instead of failing on changed arguments.
 */
final class DayPlanner {

  /** A block for a task without an estimate. */
  static final Duration DEFAULT_BLOCK = Duration.ofMinutes(60);

  /** The longest block one task gets in a day: a larger estimate is worked on over several days. */
  static final Duration MAX_BLOCK = Duration.ofMinutes(180);

  private DayPlanner() {}

  /** An open task as the planner sees it. */
  record OpenTask(
      String id,
      String title,
      String categoryId,
      TaskPriority priority,
      Optional<LocalDate> dueDate,
      OptionalInt estimateMinutes,
      Optional<Attention> attention) {
    OpenTask {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(categoryId, "categoryId");
      Objects.requireNonNull(priority, "priority");
      Objects.requireNonNull(dueDate, "dueDate");
      Objects.requireNonNull(estimateMinutes, "estimateMinutes");
      Objects.requireNonNull(attention, "attention");
    }

    /** A task without a request for time. */
    OpenTask(
        String id,
        String title,
        String categoryId,
        TaskPriority priority,
        Optional<LocalDate> dueDate,
        OptionalInt estimateMinutes) {
      this(id, title, categoryId, priority, dueDate, estimateMinutes, Optional.empty());
    }

    /**
     * How long its block lasts: the minutes a request for time asks, else the estimate, else an
     * hour; at most {@link #MAX_BLOCK}.
     */
    Duration blockLength() {
      var estimate = attention.map(Attention::minutes).orElse(estimateMinutes.orElse(0));
      var wanted = estimate > 0 ? Duration.ofMinutes(estimate) : DEFAULT_BLOCK;
      return wanted.compareTo(MAX_BLOCK) > 0 ? MAX_BLOCK : wanted;
    }
  }

  /**
   * A pending request for a person's time on a task: the minutes it asks, how pressing it is
   * (impact times urgency), and the window its block must fall in.
   */
  record Attention(
      String requestId,
      int minutes,
      int pressure,
      Optional<Instant> earliestStart,
      Optional<Instant> latestEnd) {
    Attention {
      Objects.requireNonNull(requestId, "requestId");
      Objects.requireNonNull(earliestStart, "earliestStart");
      Objects.requireNonNull(latestEnd, "latestEnd");
    }
  }

  /** Time on the plan the planner must leave alone: a block someone else made. */
  record Busy(Instant start, Instant end) {
    Busy {
      Objects.requireNonNull(start, "start");
      Objects.requireNonNull(end, "end");
    }
  }

  /** The day to plan: its date, the zone its hours are meant in, and its working hours. */
  record Day(LocalDate date, ZoneId zone, LocalTime start, LocalTime end) {
    Day {
      Objects.requireNonNull(date, "date");
      Objects.requireNonNull(zone, "zone");
      Objects.requireNonNull(start, "start");
      Objects.requireNonNull(end, "end");
      if (!end.isAfter(start)) {
        throw new IllegalArgumentException(
            "the day ends (" + end + ") before it starts (" + start + ")");
      }
    }

    Instant startInstant() {
      return ZonedDateTime.ofLocal(date.atTime(start), zone, null).toInstant();
    }

    Instant endInstant() {
      return ZonedDateTime.ofLocal(date.atTime(end), zone, null).toInstant();
    }
  }

  /** A task's block on the day. */
  record Slot(OpenTask task, Instant start, Instant end) {}

  /** What the planner made of the day. */
  record Plan(
      Day day, List<Slot> slots, List<OpenTask> notFitted, List<OpenTask> plannedElsewhere) {
    Plan {
      slots = List.copyOf(slots);
      notFitted = List.copyOf(notFitted);
      plannedElsewhere = List.copyOf(plannedElsewhere);
    }

    boolean isEmpty() {
      return slots.isEmpty();
    }
  }

  /**
   * Most urgent first: a task someone asked time for before the others (the more pressing request
   * first), then P0 before P3, an earlier due date before a later one or none, by title.
   */
  static final Comparator<OpenTask> URGENCY =
      Comparator.comparingInt(
              (OpenTask task) -> task.attention().map(a -> -a.pressure()).orElse(Integer.MAX_VALUE))
          .thenComparing(OpenTask::priority)
          .thenComparing(
              task -> task.dueDate().orElse(LocalDate.MAX), Comparator.<LocalDate>naturalOrder())
          .thenComparing(OpenTask::title, String.CASE_INSENSITIVE_ORDER)
          .thenComparing(OpenTask::id);

  /**
   * Plans {@code day}.
   *
   * @param tasks the open tasks in scope, in any order
   * @param busy blocks to plan around
   * @param alreadyPlanned tasks that have a block someone else made on this day: not planned again
   */
  static Plan plan(Day day, List<OpenTask> tasks, List<Busy> busy, Set<String> alreadyPlanned) {
    var dayStart = day.startInstant();
    var dayEnd = day.endInstant();
    List<Busy> taken =
        busy.stream()
            .filter(b -> b.end().isAfter(dayStart) && b.start().isBefore(dayEnd))
            .sorted(Comparator.comparing(Busy::start))
            .toList();
    var slots = new ArrayList<Slot>();
    var notFitted = new ArrayList<OpenTask>();
    var elsewhere = new ArrayList<OpenTask>();
    var cursor = dayStart;
    for (var task : tasks.stream().sorted(URGENCY).toList()) {
      if (alreadyPlanned.contains(task.id())) {
        elsewhere.add(task);
        continue;
      }
      var window = task.attention().flatMap(Attention::earliestStart).filter(dayStart::isBefore);
      if (window.isPresent()) {
        // Not before the time asked for: placed there on its own, the others still from the
        // cursor around it.
        var start = firstFree(window.get(), task.blockLength(), taken);
        var end = start.plus(task.blockLength());
        if (end.isAfter(dayEnd) || endsTooLate(task, end)) {
          notFitted.add(task);
          continue;
        }
        slots.add(new Slot(task, start, end));
        taken = withBusy(taken, new Busy(start, end));
        continue;
      }
      var start = firstFree(cursor, task.blockLength(), taken);
      var end = start.plus(task.blockLength());
      if (end.isAfter(dayEnd) || endsTooLate(task, end)) {
        notFitted.add(task);
        continue;
      }
      slots.add(new Slot(task, start, end));
      cursor = end;
    }
    slots.sort(Comparator.comparing(Slot::start));
    return new Plan(day, slots, notFitted, elsewhere);
  }

  /** Whether the block would end after the latest end a request for time allows. */
  private static boolean endsTooLate(OpenTask task, Instant end) {
    return task.attention().flatMap(Attention::latestEnd).filter(end::isAfter).isPresent();
  }

  private static List<Busy> withBusy(List<Busy> taken, Busy busy) {
    var more = new ArrayList<>(taken);
    more.add(busy);
    more.sort(Comparator.comparing(Busy::start));
    return more;
  }

  /** The earliest start at or after {@code from} where {@code length} fits between busy times. */
  private static Instant firstFree(Instant from, Duration length, List<Busy> taken) {
    var start = from;
    for (var busy : taken) {
      if (!busy.end().isAfter(start)) {
        continue;
      }
      if (!start.plus(length).isAfter(busy.start())) {
        return start;
      }
      start = busy.end();
    }
    return start;
  }
}
