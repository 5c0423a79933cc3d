package io.reveille.workingstate.control;

/**
 * The deterministic matcher of an expectation against a tool result, in this order: the expected
 * ids (every one must be among the result's), else the expected type (the result must contain it),
 * else the expected count (equal to the result's); an expectation with none of them is skipped,
 * never guessed.
 */
public final class OutcomeMatcher {

  /** What the check found. */
  public enum Verdict {
    MATCH,
    MISMATCH,
    SKIP
  }

  private OutcomeMatcher() {}

  public static Verdict check(Expectation expectation, ObservedOutcome outcome) {
    if (!expectation.expectedIds().isEmpty()) {
      return verdict(outcome.ids().containsAll(expectation.expectedIds()));
    }
    if (expectation.expectedType().isPresent()) {
      return verdict(outcome.types().contains(expectation.expectedType().get()));
    }
    if (expectation.expectedCount().isPresent()) {
      return verdict(outcome.count() == expectation.expectedCount().getAsInt());
    }
    return Verdict.SKIP;
  }

  private static Verdict verdict(boolean matched) {
    return matched ? Verdict.MATCH : Verdict.MISMATCH;
  }
}
