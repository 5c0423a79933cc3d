package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where a ledger entry stands (the durable-jobs state machine): {@code pending} (the key is
 * reserved, the seed's PREPARED) → {@code running} → {@code succeeded} | {@code failed}; a failed
 * or stale running call is retried under the same key; {@code succeeded} and {@code cancelled} are
 * final. The moves are methods of {@link ToolCall}. Persisted by wire name.
 */
public enum ToolCallStatus implements WireEnum {
  PENDING("pending"),
  RUNNING("running"),
  /** The receipt is stored; the same key never runs again. */
  SUCCEEDED("succeeded"),
  /** The error is stored; the call may be retried under the same key. */
  FAILED("failed"),
  /** Given up; the call will not run under this key. */
  CANCELLED("cancelled");

  private final String wire;

  ToolCallStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Whether no move leaves this status. */
  public boolean isFinal() {
    return this == SUCCEEDED || this == CANCELLED;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ToolCallStatus> {
    public Converter() {
      super(ToolCallStatus.class);
    }
  }
}
