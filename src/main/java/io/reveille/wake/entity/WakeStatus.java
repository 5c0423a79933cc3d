package io.reveille.wake.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where a wake run stands. The legal moves are methods of {@link WakeRunLogEntry}; {@code
 * completed} and {@code skipped} are final. Persisted by wire name.
 */
public enum WakeStatus implements WireEnum {
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

  private final String wire;

  WakeStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Whether no move leaves this status. */
  public boolean isFinal() {
    return this == COMPLETED || this == SKIPPED || this == CANCELLED;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<WakeStatus> {
    public Converter() {
      super(WakeStatus.class);
    }
  }
}
