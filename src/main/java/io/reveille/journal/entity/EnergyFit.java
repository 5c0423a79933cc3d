package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/** The energy a piece of work wants: {@code low}, {@code neutral} or {@code high}. */
public enum EnergyFit implements WireEnum {
  LOW("low"),
  NEUTRAL("neutral"),
  HIGH("high");

  private final String wire;

  EnergyFit(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<EnergyFit> {
    public Converter() {
      super(EnergyFit.class);
    }
  }
}
