package io.reveille.wake.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where a step of a run stands. The legal moves are methods of {@link RunStep}; {@code succeeded},
 * {@code failed} and {@code skipped} end a step. Persisted by wire name.
 */
public enum StepStatus implements WireEnum {
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

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<StepStatus> {
    public Converter() {
      super(StepStatus.class);
    }
  }
}
