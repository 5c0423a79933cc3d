package io.reveille.memory.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/**
 * Where a compaction job stands: {@code pending} (waiting for its next attempt) → {@code running} →
 * {@code completed}, or back to {@code pending} with a backoff after a failed attempt, or {@code
 * failed} once retries are exhausted. Persisted by wire name.
 */
public enum CompactionJobStatus {
  PENDING("pending"),
  RUNNING("running"),
  COMPLETED("completed"),
  /** Retries exhausted; only a manual or maintenance retry brings the job back. */
  FAILED("failed");

  private final String wire;

  CompactionJobStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<CompactionJobStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(status -> status.wire.equals(wire)).findFirst();
  }

  /** Stores the status by its wire name. */
  public static class Converter implements AttributeConverter<CompactionJobStatus, String> {

    @Override
    public String convertToDatabaseColumn(CompactionJobStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public CompactionJobStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown compaction job status '" + wire + "' in database"));
    }
  }
}
