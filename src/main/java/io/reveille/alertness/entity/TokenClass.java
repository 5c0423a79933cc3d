package io.reveille.alertness.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * The three kinds of notification token a subscription can watch, named as in the notification
 * batch document ({@code semanticKeys}, {@code subtypeTokens}, {@code entityIds}). Persisted by
 * wire name so that the token index survives renaming a constant.
 */
public enum TokenClass implements WireEnum {
  /** A coarse change signal such as {@code TASK}. */
  SEMANTIC_KEY("semanticKey"),
  /** A typed token such as {@code workout.type:run}. */
  SUBTYPE_TOKEN("subtypeToken"),
  /** The id of one changed entity. */
  ENTITY_ID("entityId");

  private final String wire;

  TokenClass(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<TokenClass> {
    public Converter() {
      super(TokenClass.class);
    }
  }
}
