package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import java.util.List;

/**
 * Something the agent holds true without having seen it confirmed, how sure it is (0 to 1), and
 * what it rests on (tool action ids, {@code expectation:<id>} for the expectation it is about).
 */
public record Assumption(String id, String hypothesis, double confidence, List<String> evidence) {

  public Assumption {
    id = Expectation.text("id", id, 64);
    hypothesis = Expectation.text("hypothesis", hypothesis, 2000);
    if (!(confidence >= 0 && confidence <= 1)) {
      throw new InvalidInputException("confidence", "must be between 0 and 1");
    }
    evidence = List.copyOf(evidence);
  }

  /** The evidence naming an expectation. */
  static String about(Expectation expectation) {
    return "expectation:" + expectation.id();
  }

  Assumption contradicted() {
    return new Assumption(id, hypothesis, Math.round(confidence * 50) / 100.0, evidence);
  }
}
