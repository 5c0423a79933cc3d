package io.reveille.tool.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a ledger entry stands (the durable-jobs state machine): {@code pending} (the key is
 * reserved, the seed's PREPARED) → {@code running} → {@code succeeded} | {@code failed}; a failed
 * or stale running call is retried under the same key; {@code succeeded} and {@code cancelled} are
 * final. The moves are methods of {@link ToolCall}. Persisted by wire name.
 */
public enum ToolCallStatus {
  PENDING("pending"),
  RUNNING("running"),
  /** The receipt is stored; the same key never runs again. */
  SUCCEEDED("succeeded"),
  /** The error is stored; the call may be retried under the same key. */
  FAILED("failed"),
  /** Given up; the call will not run under this key. */
  CANCELLED("cancelled");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(ToolCallStatus::wire).toList();

  private final String wire;

  ToolCallStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** Whether no move leaves this status. */
  public boolean isFinal() {
    return this == SUCCEEDED || this == CANCELLED;
  }

  public static Optional<ToolCallStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(status -> status.wire.equals(wire)).findFirst();
  }

  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the status by its wire name. */
  public static class Converter implements AttributeConverter<ToolCallStatus, String> {

    @Override
    public String convertToDatabaseColumn(ToolCallStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public ToolCallStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown tool call status '" + wire + "' in the database"));
    }
  }
}
