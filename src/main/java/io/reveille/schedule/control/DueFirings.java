package io.reveille.schedule.control;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The firings of one timer that are due when its alarm goes off, and what comes next.
 *
 * <p>Normally exactly one is due: the one the alarm was set for. After downtime (or a clock jump
 * forward) several are; they are coalesced into one catch-up wake that names how many there were
 * and their range, and the timer continues with the first firing after now — it never replays the
 * past one by one.
 *
 * @param first the earliest due firing (the timer's persisted next firing)
 * @param last the latest due firing, at or before now
 * @param count how many firings lie in {@code [first, last]}; at most {@link #COUNT_LIMIT}, a lower
 *     bound when it equals that limit
 * @param next the first firing after now, empty when the timer has no more
 */
public record DueFirings(Instant first, Instant last, long count, Optional<Instant> next) {

  /** Most firings counted one by one; an interval counts any number arithmetically. */
  public static final long COUNT_LIMIT = 1_000_000;

  public DueFirings {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(last, "last");
    Objects.requireNonNull(next, "next");
    if (count < 1 || last.isBefore(first)) {
      throw new IllegalArgumentException("due firings need count ≥ 1 and first ≤ last");
    }
  }

  /**
   * The firings of {@code definition} due at {@code now}, starting at {@code firstDue}; empty when
   * {@code firstDue} is still in the future (an early or stale callback).
   */
  public static Optional<DueFirings> at(TimerDefinition definition, Instant firstDue, Instant now) {
    if (firstDue.isAfter(now)) {
      return Optional.empty();
    }
    var horizon =
        definition.notAfter().isPresent() && definition.notAfter().get().isBefore(now)
            ? definition.notAfter().get()
            : now;
    if (definition.schedule() instanceof Schedule.Interval interval) {
      var count = Math.max(1, interval.firingsBetween(firstDue, horizon));
      var last = firstDue.plus(interval.every().multipliedBy(count - 1));
      return Optional.of(new DueFirings(firstDue, last, count, definition.nextAfter(now)));
    }
    var count = 1L;
    var last = firstDue;
    var following = definition.nextAfter(firstDue);
    while (following.isPresent() && !following.get().isAfter(now) && count < COUNT_LIMIT) {
      last = following.get();
      count++;
      following = definition.nextAfter(last);
    }
    var next =
        following.isPresent() && !following.get().isAfter(now)
            ? definition.nextAfter(now)
            : following;
    return Optional.of(new DueFirings(firstDue, last, count, next));
  }

  /** Whether more than one firing is due: the wake is a catch-up. */
  public boolean isCatchUp() {
    return count > 1;
  }
}
