package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/** Where a question an agent asked stands: {@code open → answered} or {@code open → expired}. */
public enum QuestionStatus implements WireEnum {
  OPEN("open"),
  ANSWERED("answered"),
  EXPIRED("expired");

  private final String wire;

  QuestionStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<QuestionStatus> {
    public Converter() {
      super(QuestionStatus.class);
    }
  }
}
