package io.reveille.session.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/** Where a session is: {@code open} takes turns, {@code closed} is final. */
public enum SessionStatus implements WireEnum {
  OPEN("open"),
  CLOSED("closed");

  private final String wire;

  SessionStatus(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<SessionStatus> {
    public Converter() {
      super(SessionStatus.class);
    }
  }
}
