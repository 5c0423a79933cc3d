package io.reveille.wake.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/**
 * Where a step of a run stands. The legal moves are methods of {@link RunStep}; {@code succeeded},
 * {@code failed} and {@code skipped} end a step. Persisted by wire name.
 */
public enum StepStatus {
  /** Planned, not begun. */
  READY("ready"),
  /** Begun and not ended: the work in flight, or the step a crash interrupted. */
  RUNNING("running"),
  /** Stopped until a person decides (the run is waiting). */
  BLOCKED("blocked"),
  SUCCEEDED("succeeded"),
  FAILED("failed"),
  /** Not needed (a cancelled run's planned steps). */
  SKIPPED("skipped");

  private final String wire;

  StepStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<StepStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(status -> status.wire.equals(wire)).findFirst();
  }

  /** Stores the status by its wire name. */
  public static class Converter implements AttributeConverter<StepStatus, String> {

    @Override
    public String convertToDatabaseColumn(StepStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public StepStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown step status '" + wire + "' in the database"));
    }
  }
}
