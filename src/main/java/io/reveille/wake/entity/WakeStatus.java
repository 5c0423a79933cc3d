package io.reveille.wake.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a wake run stands. The legal moves are methods of {@link WakeRunLogEntry}; {@code
 * completed} and {@code skipped} are final. Persisted by wire name.
 */
public enum WakeStatus {
  /** Enqueued, not yet picked up; the only status that accepts more tokens. */
  QUEUED("queued"),
  /** A runner is (or was, before a crash) working on it. */
  STARTED("started"),
  /**
   * Stopped at a step boundary until a person decides (an approval, a call in doubt); resuming
   * queues it again.
   */
  WAITING("waiting"),
  /** Done; a replay of the same run key stops here. */
  COMPLETED("completed"),
  /** Deliberately not run (agent paused or destroyed, trigger suppressed or stale). */
  SKIPPED("skipped"),
  /** The run failed; recovery may queue it again. */
  FAILED("failed"),
  /** Cancelled by an operator (a started run at its next step boundary). */
  CANCELLED("cancelled");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(WakeStatus::wire).toList();

  private final String wire;

  WakeStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** Whether no move leaves this status. */
  public boolean isFinal() {
    return this == COMPLETED || this == SKIPPED || this == CANCELLED;
  }

  public static Optional<WakeStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(status -> status.wire.equals(wire)).findFirst();
  }

  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the status by its wire name. */
  public static class Converter implements AttributeConverter<WakeStatus, String> {

    @Override
    public String convertToDatabaseColumn(WakeStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public WakeStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown wake status '" + wire + "' in the database"));
    }
  }
}
