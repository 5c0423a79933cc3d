package io.reveille.schedule.control;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The persistent alarm clock behind agent timers: one pending alarm per armed timer, for the
 * timer's next firing, created and cancelled in the caller's transaction and surviving restarts.
 * When an alarm goes off, the implementation calls {@link TimerFiring#fire}, which removes it in
 * the firing's transaction.
 */
public interface TimerAlarms {

  /** Sets an alarm for timer {@code timerId} at {@code at}, in the caller's transaction. */
  void arm(String timerId, Instant at);

  /**
   * Removes the alarm of timer {@code timerId} set for {@code at}, which went off; returns whether
   * it was still pending (not cancelled, not fired already).
   */
  boolean remove(String timerId, Instant at);

  /** Cancels every pending alarm of timer {@code timerId}; returns how many there were. */
  int cancel(String timerId);

  /** Every pending alarm, by timer id. */
  Map<String, List<Instant>> pending();
}
