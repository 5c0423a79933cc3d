package io.reveille.schedule.control;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A schedule with its optional bounds: the timer fires on the schedule's firings that lie in {@code
 * [notBefore, notAfter]}.
 */
public record TimerDefinition(
    Schedule schedule, Optional<Instant> notBefore, Optional<Instant> notAfter) {

  public TimerDefinition {
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(notBefore, "notBefore");
    Objects.requireNonNull(notAfter, "notAfter");
    if (notBefore.isPresent() && notAfter.isPresent() && notAfter.get().isBefore(notBefore.get())) {
      throw new IllegalArgumentException("notAfter " + notAfter.get() + " is before notBefore");
    }
  }

  public static TimerDefinition unbounded(Schedule schedule) {
    return new TimerDefinition(schedule, Optional.empty(), Optional.empty());
  }

  /** The first firing strictly after {@code after} inside the bounds, if there is one. */
  public Optional<Instant> nextAfter(Instant after) {
    var next =
        notBefore.isPresent() && after.isBefore(notBefore.get())
            ? schedule.nextAfter(notBefore.get().minusNanos(1))
            : schedule.nextAfter(after);
    return next.filter(at -> notAfter.isEmpty() || !at.isAfter(notAfter.get()));
  }
}
