package io.reveille.wake.control;

import jakarta.json.JsonValue;
import java.util.Optional;

/**
 * What the run machinery asks the tool ledger to tell whether a job's {@code toolResult} stop
 * condition holds: the wake feature owns the question, the tool feature (which records the calls)
 * answers it, so that the run machinery need not know the ledger.
 */
public interface JobEvidence {

  /**
   * Whether a call of {@code tool} in {@code runKey} succeeded, and — with a pointer — its result
   * holds {@code equals} at it (or holds anything there, without {@code equals}).
   */
  boolean toolSucceeded(
      String runKey, String tool, Optional<String> pointer, Optional<JsonValue> equals);
}
