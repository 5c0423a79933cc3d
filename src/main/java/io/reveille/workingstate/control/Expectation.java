package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.LowerCaseWire;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What an action is expected to do ("after update_task_priority, task T has priority P1"), with the
 * structured fields a deterministic check can compare: the entity ids the result must name, the
 * entity type it must contain, how many entities it must touch. An expectation without any of them
 * is never verified (nothing is guessed). At most {@value WorkingState#MAX_EXPECTED_IDS} expected
 * ids. An {@code invariant} says what must keep holding once the action is done ("the task stays in
 * category work"); it is recorded and shown to the model, not checked by the matcher.
 */
public record Expectation(
    String id,
    String action,
    String expectedOutcome,
    List<String> expectedIds,
    Optional<String> expectedType,
    OptionalInt expectedCount,
    Status status,
    Optional<Instant> lastCheckedAt,
    Optional<String> invariant) {

  /** An expectation without an invariant. */
  public Expectation(
      String id,
      String action,
      String expectedOutcome,
      List<String> expectedIds,
      Optional<String> expectedType,
      OptionalInt expectedCount,
      Status status,
      Optional<Instant> lastCheckedAt) {
    this(
        id,
        action,
        expectedOutcome,
        expectedIds,
        expectedType,
        expectedCount,
        status,
        lastCheckedAt,
        Optional.empty());
  }

  /** Where an expectation stands. */
  public enum Status implements LowerCaseWire {
    PENDING,
    CONFIRMED,
    FAILED;

    /** The constant name, which documents of earlier releases were read in any case. */
    @Override
    public Set<String> legacy() {
      return Set.of(name());
    }
  }

  public Expectation {
    id = text("expectation.id", id, WorkingState.MAX_ID_LENGTH);
    action = text("expectation.action", action, WorkingState.MAX_KIND_LENGTH);
    expectedOutcome =
        text("expectation.expectedOutcome", expectedOutcome, WorkingState.MAX_OUTCOME_LENGTH);
    expectedIds = List.copyOf(expectedIds);
    if (expectedIds.size() > WorkingState.MAX_EXPECTED_IDS) {
      throw new InvalidInputException(
          "expectation.expectedIds", "at most " + WorkingState.MAX_EXPECTED_IDS + " ids");
    }
    expectedIds.forEach(
        value -> text("expectation.expectedIds[]", value, WorkingState.MAX_REF_LENGTH));
    Objects.requireNonNull(expectedType, "expectedType");
    expectedType.ifPresent(
        value -> text("expectation.expectedType", value, WorkingState.MAX_KIND_LENGTH));
    Objects.requireNonNull(expectedCount, "expectedCount");
    if (expectedCount.isPresent() && expectedCount.getAsInt() < 0) {
      throw new InvalidInputException("expectation.expectedCount", "must not be negative");
    }
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(lastCheckedAt, "lastCheckedAt");
    Objects.requireNonNull(invariant, "invariant");
    invariant.ifPresent(
        value -> text("expectation.invariant", value, WorkingState.MAX_OUTCOME_LENGTH));
  }

  /** The same expectation with {@code text} as its invariant (empty: none). */
  public Expectation withInvariant(Optional<String> text) {
    return new Expectation(
        id,
        action,
        expectedOutcome,
        expectedIds,
        expectedType,
        expectedCount,
        status,
        lastCheckedAt,
        text);
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

  /**
   * Whether {@code other} declares the same thing (action, outcome and structured fields), whatever
   * either's status: declaring it again is then no change.
   */
  public boolean sameDeclarationAs(Expectation other) {
    return id.equals(other.id)
        && action.equals(other.action)
        && expectedOutcome.equals(other.expectedOutcome)
        && expectedIds.equals(other.expectedIds)
        && expectedType.equals(other.expectedType)
        && expectedCount.equals(other.expectedCount)
        && invariant.equals(other.invariant);
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
        Optional.of(now),
        invariant);
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
