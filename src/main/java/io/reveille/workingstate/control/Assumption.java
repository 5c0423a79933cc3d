package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import java.util.List;

/**
 * Something the agent holds true without having seen it confirmed, how sure it is (0 to 1), and
 * what it rests on (tool action ids, {@code expectation:<id>} for the expectation it is about): at
 * most {@value WorkingState#MAX_EVIDENCE} references of at most {@value
 * WorkingState#MAX_REF_LENGTH} characters each.
 */
public record Assumption(String id, String hypothesis, double confidence, List<String> evidence) {

  public Assumption {
    id = Expectation.text("assumption.id", id, WorkingState.MAX_ID_LENGTH);
    hypothesis =
        Expectation.text("assumption.hypothesis", hypothesis, WorkingState.MAX_TEXT_LENGTH);
    if (!(confidence >= 0 && confidence <= 1)) {
      throw new InvalidInputException("assumption.confidence", "must be between 0 and 1");
    }
    evidence = List.copyOf(evidence);
    if (evidence.size() > WorkingState.MAX_EVIDENCE) {
      throw new InvalidInputException(
          "assumption.evidence", "at most " + WorkingState.MAX_EVIDENCE + " references");
    }
    evidence.forEach(
        ref -> Expectation.text("assumption.evidence[]", ref, WorkingState.MAX_REF_LENGTH));
  }

  /** The evidence naming an expectation. */
  static String about(Expectation expectation) {
    return "expectation:" + expectation.id();
  }

  Assumption contradicted() {
    return new Assumption(id, hypothesis, Math.round(confidence * 50) / 100.0, evidence);
  }
}
