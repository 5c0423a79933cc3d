package io.reveille.session.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/** Where a session is: {@code open} takes turns, {@code closed} is final. */
public enum SessionStatus {
  OPEN("open"),
  CLOSED("closed");

  private final String wire;

  SessionStatus(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<SessionStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Stores the status by its wire name, so a renamed constant cannot orphan rows. */
  @jakarta.persistence.Converter
  public static class Converter implements AttributeConverter<SessionStatus, String> {

    @Override
    public String convertToDatabaseColumn(SessionStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public SessionStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown session status '" + wire + "' in the database"));
    }
  }
}
