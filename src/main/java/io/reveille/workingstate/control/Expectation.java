package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an action is expected to do ("after update_task_priority, task T has priority P1"), with the
 * structured fields a deterministic check can compare: the entity ids the result must name, the
 * entity type it must contain, how many entities it must touch. An expectation without any of them
 * is never verified (nothing is guessed).
 */
public record Expectation(
    String id,
    String action,
    String expectedOutcome,
    List<String> expectedIds,
    Optional<String> expectedType,
    OptionalInt expectedCount,
    Status status,
    Optional<Instant> lastCheckedAt) {

  /** Where an expectation stands. */
  public enum Status {
    PENDING,
    CONFIRMED,
    FAILED
  }

  public Expectation {
    id = text("id", id, 64);
    action = text("action", action, 64);
    expectedOutcome = text("expectedOutcome", expectedOutcome, 1000);
    expectedIds = List.copyOf(expectedIds);
    if (expectedIds.size() > 100) {
      throw new InvalidInputException("expectedIds", "at most 100 ids");
    }
    Objects.requireNonNull(expectedType, "expectedType");
    Objects.requireNonNull(expectedCount, "expectedCount");
    if (expectedCount.isPresent() && expectedCount.getAsInt() < 0) {
      throw new InvalidInputException("expectedCount", "must not be negative");
    }
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(lastCheckedAt, "lastCheckedAt");
  }

  /** A new, pending expectation. */
  public static Expectation pending(
      String id,
      String action,
      String expectedOutcome,
      List<String> expectedIds,
      Optional<String> expectedType,
      OptionalInt expectedCount) {
    return new Expectation(
        id,
        action,
        expectedOutcome,
        expectedIds,
        expectedType,
        expectedCount,
        Status.PENDING,
        Optional.empty());
  }

  /** Whether it has anything a deterministic check can compare. */
  public boolean structured() {
    return !expectedIds.isEmpty() || expectedType.isPresent() || expectedCount.isPresent();
  }

  Expectation checked(Status outcome, Instant now) {
    return new Expectation(
        id,
        action,
        expectedOutcome,
        expectedIds,
        expectedType,
        expectedCount,
        outcome,
        Optional.of(now));
  }

  static String text(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      throw new InvalidInputException(field, "must not be blank");
    }
    if (value.length() > max) {
      throw new InvalidInputException(field, "at most " + max + " characters");
    }
    return value;
  }
}
