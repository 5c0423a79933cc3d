package io.reveille.memory.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * How much an observation matters to the agent's later wakes. A wake's context prefers critical and
 * notable observations; routine ones leave it once they are older than the observation retention,
 * critical ones never do. No observation is ever deleted for it. Persisted by its wire name.
 */
public enum ObservationPriority implements WireEnum {
  /** Worth remembering for a while (the default). */
  ROUTINE("routine"),
  /** Worth remembering longer: chosen before routine ones when the context is full. */
  NOTABLE("notable"),
  /** Never leaves the context. */
  CRITICAL("critical");

  private final String wire;

  ObservationPriority(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ObservationPriority> {
    public Converter() {
      super(ObservationPriority.class);
    }
  }
}
