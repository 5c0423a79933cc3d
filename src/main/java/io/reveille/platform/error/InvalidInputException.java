package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;
import java.util.Objects;

/** Input that can never be accepted as given; names the offending field (JSON path). */
@ApplicationException(rollback = true)
public class InvalidInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String field;

  public InvalidInputException(String field, String message) {
    super(Objects.requireNonNull(message, "message"));
    this.field = Objects.requireNonNull(field, "field");
  }

  /** The JSON path of the offending value, e.g. {@code config.modelId} or {@code tokens[3]}. */
  public String getField() {
    return field;
  }
}
