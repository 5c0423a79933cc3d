package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Input that can never be accepted as given; names the offending field (JSON path), or every
 * offending field of one request when they were all checked before any was refused.
 */
@ApplicationException(rollback = true)
public class InvalidInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** One offending value: its JSON path and what is wrong with it. */
  public record Violation(String field, String message) {
    public Violation {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(message, "message");
    }
  }

  private final List<Violation> violations;

  public InvalidInputException(String field, String message) {
    this(List.of(new Violation(field, message)));
  }

  /** Several offending values at once, in the order they were found; at least one. */
  public InvalidInputException(List<Violation> violations) {
    super(message(violations));
    this.violations = List.copyOf(violations);
  }

  private static String message(List<Violation> violations) {
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("an invalid input names at least one violation");
    }
    if (violations.size() == 1) {
      return violations.get(0).message();
    }
    return violations.stream()
        .map(v -> v.field() + ": " + v.message())
        .collect(Collectors.joining("; ", violations.size() + " invalid fields: ", ""));
  }

  /**
   * The JSON path of the (first) offending value, e.g. {@code config.modelId} or {@code tokens[3]}.
   */
  public String getField() {
    return violations.get(0).field();
  }

  /** Every offending value, in the order found. */
  public List<Violation> getViolations() {
    return violations;
  }
}
