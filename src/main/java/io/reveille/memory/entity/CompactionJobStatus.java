package io.reveille.memory.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where a compaction job stands: {@code pending} (waiting for its next attempt) → {@code running} →
 * {@code completed}, or back to {@code pending} with a backoff after a failed attempt, or {@code
 * failed} once retries are exhausted. Persisted by wire name.
 */
public enum CompactionJobStatus implements WireEnum {
  PENDING("pending"),
  RUNNING("running"),
  COMPLETED("completed"),
  /** Retries exhausted; only a manual or maintenance retry brings the job back. */
  FAILED("failed");

  private final String wire;

  CompactionJobStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<CompactionJobStatus> {
    public Converter() {
      super(CompactionJobStatus.class);
    }
  }
}
