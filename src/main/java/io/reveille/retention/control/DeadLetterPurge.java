package io.reveille.retention.control;

import java.time.Instant;

/** Removes old dead letters from the dead-letter queues; an interface to keep JMS out of here. */
public interface DeadLetterPurge {

  /**
   * Removes up to {@code max} dead letters per queue sent before {@code cutoff}; returns how many.
   */
  int purgeOlderThan(Instant cutoff, int max);
}
